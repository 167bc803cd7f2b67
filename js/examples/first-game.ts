// A first game: two greedy bots, the monster tiles drawn in turn from those that can come.
import { loadEngine, type State } from "fearsome-rules";

const engine = await loadEngine();
let state: State = await engine.newGame({ players: 2, options: { reentry: "mandatory" } });
let seed = 1;
while (state.phase !== "over") {
  let action: string;
  if (state.phase === "monster") {
    const tiles = await engine.chanceOutcomes(state);
    action = `reveal ${tiles[seed++ % tiles.length].tile}`;
  } else {
    action = await engine.chooseMove(state, { bot: "greedy", seed: seed++ });
  }
  const { state: next, events } = await engine.applyTraced(state, action);
  for (const e of events) if (e.type === "FigureEaten") console.log(`${e.figure} eaten on ${e.square}`);
  state = next;
}
console.log(await engine.outcome(state));
