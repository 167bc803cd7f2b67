// Building a move click by click, refusals with their rule, and a record saved and replayed.
import { loadEngine, FearsomeError, type Action, type State } from "fearsome-rules";

const engine = await loadEngine({ worker: false });
const start: State = await engine.newGame({ players: 3, startPlayer: "A" });
let path: string[] = [];
for (const click of ["p11", "o11"]) {
  const { next } = await engine.continuations(start, "A3", path);
  if (!next.includes(click)) throw new Error(`${click} is not offered`);
  path = [...path, click];
}
const move: Action = { type: "move", figure: "A3", path };
const after = await engine.apply(start, move);
try {
  await engine.apply(after, "A5 p11");
} catch (e) {
  if (e instanceof FearsomeError) console.log(e.rule, e.kind, (await engine.rule(e.rule ?? ""))?.title);
}
const record = await engine.toRecord(start, [move]);
const { states } = await engine.fromRecord(JSON.stringify(record));
console.log(states.length, await engine.positionString(states[1]));
const svg: string = await engine.renderSvg(after, { title: "after A3" });
// The monster's walk explained: A5 three squares ahead of it, B4 three to its right.
const everyone = ["A1", "A3", "A4", "A5", "B1", "B3", "B4", "B5"];
const before = await engine.position({
  players: 2,
  figures: { A5: "d1", B4: "a4" },
  moved: everyone,
  monster: "a1",
  facing: "E",
  deckLeft: ["7", "7", "8", "8", "10", "1hit", "2hits"],
});
const walk = await engine.explain(before, "8");
console.log(svg.startsWith("<svg"), walk.steps.length, walk.steps[0].look.map((l) => l.rules.join(",")));
engine.close();
