// A first game: two greedy bots, and the monster's tiles drawn by their exact probabilities.
import { loadEngine, type State } from "fearsome-rules";

const engine = await loadEngine(); // in a worker thread (in a browser: a Web Worker)
let state: State = await engine.newGame({ players: 2, options: { reentry: "mandatory" } });
for (let turn = 0; state.phase !== "over"; turn++) {
  let action: string;
  if (state.phase === "monster") { // a chance node: the engine has no randomness, you draw
    const tiles = await engine.chanceOutcomes(state);
    let r = Math.random();
    action = "reveal " + (tiles.find((t) => (r -= t.p) < 0) ?? tiles[tiles.length - 1]).tile;
  } else {
    action = await engine.chooseMove(state, { bot: "greedy", seed: turn });
  }
  const { state: next, events } = await engine.applyTraced(state, action); // animate events
  for (const e of events) if (e.type === "FigureEaten") console.log(`${e.figure} eaten on ${e.square}`);
  state = next;
}
console.log(await engine.outcome(state));
