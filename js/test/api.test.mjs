// Every function of the API, with answers checked by hand against the rules and the examples
// of docs/embedding.md (the same positions), and every kind of refusal. One engine, in this
// thread (worker.test.mjs starts one in a worker thread).
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { loadEngine, FearsomeError } from "fearsome-rules";

let engine, game;
const everyone = ["A1", "A3", "A4", "A5", "B1", "B3", "B4", "B5"];
// The monster on a1 facing east, A5 three squares ahead, B4 three to its right (embedding.md).
const walkPosition = () =>
  engine.position({
    players: 2,
    figures: { A5: "d1", B4: "a4" },
    moved: everyone,
    monster: "a1",
    facing: "E",
    deckLeft: ["7", "7", "8", "8", "10", "1hit", "2hits"],
  });

async function refused(promise, kind, rule) {
  await assert.rejects(promise, (e) => {
    assert.ok(e instanceof FearsomeError, `not a FearsomeError: ${e}`);
    assert.ok(e instanceof Error);
    assert.equal(e.kind, kind, e.message);
    if (rule !== undefined) assert.equal(e.rule, rule, e.message);
    assert.ok(!e.message.includes("\n"), "one line");
    return true;
  });
}

before(async () => {
  engine = await loadEngine({ worker: false });
  game = await engine.newGame({ players: 3 });
});
after(() => engine.close());

test("info: the version, bots and options the engine offers", () => {
  assert.match(engine.version, /^\d+\.\d+\.\d+/);
  assert.deepEqual(engine.info.players, [2, 3, 4, 5, 6, 7]);
  assert.deepEqual(engine.info.setups, ["basic", "advanced", "bsw"]);
  for (const bot of ["greedy", "random", "runner", "search"]) assert.ok(engine.info.bots.includes(bot));
  const reentry = engine.info.options.find((o) => o.name === "reentry");
  assert.deepEqual(reentry, { name: "reentry", values: ["optional", "mandatory"], default: "optional" });
  const threeHits = engine.info.options.find((o) => o.name === "three_hits");
  assert.deepEqual(threeHits.values, [false, true]);
});

test("newGame: the state JSON of round 1, frozen", async () => {
  assert.equal(game.format, "fearsome-rules/state");
  assert.equal(game.players, 3);
  assert.equal(game.phase, "figures");
  assert.equal(game.to_move, "A");
  assert.equal(game.figures.length, 12);
  assert.deepEqual(game.figures[3], { name: "A5", where: "waiting", face: 5, moved: false });
  assert.ok(Object.isFrozen(game) && Object.isFrozen(game.figures[0]));
  assert.throws(() => { game.figures[0].face = 6; }, TypeError);
  const b = await engine.newGame({ players: 4, startPlayer: "C", options: { reentry: "mandatory" } });
  assert.equal(b.to_move, "C");
  assert.deepEqual(b.options, { reentry: "mandatory" });
  assert.equal((await engine.newGame({ players: 2, startPlayer: 1 })).to_move, "B");
  await refused(engine.newGame({ players: 8 }), "BridgeError");
  await refused(engine.newGame({ players: "3" }), "ArgumentTypeError");
  await refused(engine.newGame({ players: 2, startPlayer: "C" }), "BridgeError");
  await refused(engine.newGame({ setup: "huge" }), "SetupError");
  await refused(engine.newGame({ options: { reentry: "sometimes" } }), "RecordError");
  await refused(engine.newGame({ player: 3 }), "ArgumentTypeError");
  await refused(engine.newGame(3), "ArgumentTypeError");
});

test("legalMoves, legalActions: one move per distinct result", async () => {
  assert.equal((await engine.legalMoves(game)).length, 46); // embedding.md: 46 for A's four
  assert.deepEqual(await engine.legalMoves(game, "A3"), [
    "A3 -", "A3 p11", "A3 p11 p10", "A3 p11 o11", "A3 p11 p10 p9", "A3 p11 p10 o10", "A3 p11 o11 n11",
  ]);
  assert.deepEqual(await engine.legalActions(game), await engine.legalMoves(game));
  assert.deepEqual(await engine.legalMoves(game, "B3"), []); // B is not to move (RND-ORDER)
  await refused(engine.legalMoves(game, 3), "ArgumentTypeError");
});

test("destinations and continuations: the views for clicks", async () => {
  const ends = await engine.destinations(game);
  assert.deepEqual(Object.keys(ends), ["A1", "A3", "A4", "A5"]);
  assert.deepEqual(ends.A3, ["p9", "o10", "p10", "n11", "o11", "p11", "waiting"]);
  assert.deepEqual(await engine.continuations(game, "A3"), { next: ["p11"], complete: true });
  assert.deepEqual(await engine.continuations(game, "A3", ["p11"]), { next: ["p10", "o11"], complete: true });
  assert.deepEqual(await engine.continuations(game, "A3", ["p11", "p10", "p9"]), { next: [], complete: true });
  await refused(engine.continuations(game, "A3", ["o11"]), "IllegalMoveError", "FIG-ENTER");
  await refused(engine.continuations(game, "A3", "p11"), "ArgumentTypeError");
  await refused(engine.continuations(game, "A3", Array(17).fill("p11")), "BridgeError");
});

test("apply, check: the state after, or the rule broken", async () => {
  const after = await engine.apply(game, "A5 p11 p10");
  assert.equal(after.to_move, "B");
  assert.deepEqual(after.figures[3], { name: "A5", where: "p10", face: 2, moved: true });
  assert.deepEqual(await engine.apply(game, { type: "move", figure: "A5", path: ["p11", "p10"] }), after);
  assert.equal(await engine.check(game, "A5 p11 p10"), null);
  assert.deepEqual(await engine.check(game, "A5 p11 o10"), {
    kind: "IllegalMoveError",
    message: "[FIG-POINTS] A5 p11 o10: o10 is not orthogonally next to p11",
    rule: "FIG-POINTS",
    field: "",
  });
  await refused(engine.apply(game, "A5 o11"), "IllegalMoveError", "FIG-ENTER");
  await refused(engine.apply(after, "A5 p11"), "IllegalMoveError", "RND-ORDER");
  await refused(engine.apply(game, "reveal 8"), "IllegalActionError", "RND-PHASES");
  await refused(engine.apply(game, "A5 p11 p12"), "NotationError");
  await refused(engine.apply(game, 5), "ArgumentTypeError");
  await refused(engine.apply(null, "A5 p11"), "ArgumentTypeError");
  await refused(engine.apply(game, "A5 " + "p11 ".repeat(5000)), "BridgeError");
});

test("readState: strict, and a state no game can reach is refused", async () => {
  assert.deepEqual(await engine.readState(game), game);
  assert.deepEqual(await engine.readState(JSON.stringify(game)), game);
  const figures = game.figures.map((f, k) => (k === 3 ? { ...f, face: 4 } : f));
  await refused(engine.readState({ ...game, figures }), "RecordError");
  await refused(engine.readState({ ...game, extra: 1 }), "RecordError");
  const { deck, ...missing } = game;
  await refused(engine.readState(missing), "RecordError");
  await refused(engine.apply({ ...game, to_move: "B" }, "B5 p11"), "RecordError");
});

test("applyTraced: the events, the monster's path and its hits", async () => {
  const moved = await engine.applyTraced(game, "A5 p11 p10");
  assert.deepEqual(moved.events.map((e) => e.text), [
    "FigureStepped A5 waiting p11", "FigureStepped A5 p11 p10", "FigureFlipped A5 2",
  ]);
  assert.deepEqual(moved.events[0], { type: "FigureStepped", figure: "A5", frm: "waiting", to: "p11", text: "FigureStepped A5 waiting p11" });
  assert.deepEqual(moved.monsterPath, []);
  const walk = await engine.applyTraced(await walkPosition(), "reveal 8");
  const look = walk.events.find((e) => e.type === "MonsterLooked");
  // A tie (A5 and B4 both 3 away): it keeps its facing (MON-CHOOSE), and eats A5 on step 3.
  assert.deepEqual([look.ahead, look.left, look.right, look.facing], ["A5@3", "", "B4@3", "E"]);
  assert.deepEqual(walk.monsterPath.slice(0, 3), ["b1", "c1", "d1"]);
  assert.equal(walk.monsterPath.length, 8);
  assert.equal(walk.eaten[0], "A5");
  const eaten = walk.events.find((e) => e.type === "FigureEaten");
  assert.deepEqual([eaten.figure, eaten.square, eaten.then], ["A5", "d1", "waiting"]);
  assert.equal(walk.events[0].type, "TileRevealed");
});

test("chanceOutcomes and outcome", async () => {
  assert.deepEqual(await engine.chanceOutcomes(game), []);
  const chances = await engine.chanceOutcomes(await walkPosition());
  // 7 tiles left: 7 7 8 8 10 1hit 2hits.
  assert.deepEqual(chances.map((c) => [c.tile, c.probability]), [
    ["7", "2/7"], ["8", "2/7"], ["10", "1/7"], ["1hit", "1/7"], ["2hits", "1/7"],
  ]);
  assert.ok(Math.abs(chances.reduce((s, c) => s + c.p, 0) - 1) < 1e-12);
  assert.equal(await engine.outcome(game), null);
  const over = await engine.position({ players: 2, figures: { A1: "out", A3: "out", A4: "out" }, deckLeft: ["7", "8", "10", "1hit", "2hits"] });
  assert.equal(over.phase, "over");
  assert.deepEqual(await engine.outcome(over), { rule: "END-WIN", winners: ["A"], escaped: [3, 0], ranking: ["A", "B"] });
});

test("the advanced setup: placements", async () => {
  let g = await engine.newGame({ players: 4, startPlayer: 2, setup: "advanced" });
  assert.equal(g.phase, "placement");
  assert.equal(g.to_move, "C");
  g = await engine.apply(g, "place crystal g6");
  const placements = await engine.legalPlacements(g);
  assert.ok(placements.length > 100 && placements.every((p) => p.startsWith("place ")));
  g = await engine.apply(g, { type: "place", tile: "teleporter_1", square: "h9", arrow: "W", orientation: "" });
  const err = await engine.check(g, "place teleporter_1 h10 N");
  assert.equal(err.rule, "PLACE-TELEPORTERS");
  assert.deepEqual(await engine.legalPlacements(game), []);
});

test("parseAction, formatAction", async () => {
  assert.deepEqual(await engine.parseAction("A5 p11 p10 o10"), { type: "move", figure: "A5", path: ["p11", "p10", "o10"] });
  assert.deepEqual(await engine.parseAction("reveal 8"), { type: "reveal", tile: "8" });
  assert.equal(await engine.formatAction({ type: "move", figure: "A5", path: [] }), "A5 -");
  assert.equal(await engine.formatAction("reveal   8"), "reveal 8");
  await refused(engine.parseAction("A5 p11 p12"), "NotationError");
  await refused(engine.formatAction({ type: "jump" }), "RecordError");
  await refused(engine.parseAction(["A5"]), "ArgumentTypeError");
});

test("positionString, parsePosition, diagram, parseDiagram, position", async () => {
  const s = await engine.position({
    players: 4,
    figures: { A5: "f6", B4: "k6", C1: "waiting", D4: "out" },
    faces: { A5: 2 },
    moved: ["A5", "B4"],
    monster: "a6",
    facing: "E",
    deckLeft: ["7", "7", "8", "10", "1hit", "2hits"],
  });
  assert.equal(s.round, 3); // two tiles revealed of stage 1
  assert.equal(s.to_move, "C");
  const line = await engine.positionString(s);
  assert.ok(line.includes("monster=a6:E"), line);
  assert.deepEqual(await engine.parsePosition(line), s);
  const text = await engine.diagram(s);
  assert.ok(text.includes("A5:f6(2*)"), text);
  assert.deepEqual(await engine.parseDiagram(text), s);
  const mandatory = await engine.parsePosition(line, { options: { reentry: "mandatory" } });
  assert.deepEqual(mandatory.options, { reentry: "mandatory" });
  await refused(engine.position({ players: 3, figures: { A5: "n2" } }), "SetupError");
  await refused(engine.parsePosition("players=9"), "NotationError");
  await refused(engine.parseDiagram("nonsense"), "NotationError");
  await refused(engine.position({ players: 3, colour: "red" }), "ArgumentTypeError");
});

test("toRecord, fromRecord, replay", async () => {
  const start = await engine.newGame({ players: 2 });
  const record = await engine.toRecord(start, ["A5 p11 p10", { type: "move", figure: "B5", path: ["p11"] }]);
  assert.deepEqual(record, {
    format: "fearsome-rules/record", version: 1, players: 2, start_player: "A", setup: "basic", options: {}, actions: ["A5 p11 p10", "B5 p11"],
  });
  const { record: again, states } = await engine.fromRecord(JSON.stringify(record));
  assert.deepEqual(again, record);
  assert.equal(states.length, 3);
  assert.deepEqual(states[0], start);
  assert.deepEqual(states[1], await engine.apply(start, "A5 p11 p10"));
  assert.deepEqual(await engine.replay(record), states[2]);
  assert.deepEqual(await engine.replay(record, { upto: 1 }), states[1]);
  const later = await engine.toRecord(states[1], ["B5 p11"]);
  assert.ok(later.position.includes("players=2"), "from a position: its position string");
  await refused(engine.replay({ ...record, actions: ["A5 p11", "A4 p11"] }), "RecordError");
  await refused(engine.fromRecord({ ...record, format: "other" }), "RecordError");
  await refused(engine.replay(record, { upto: 3 }), "BridgeError");
  await refused(engine.toRecord(start, "A5 p11"), "ArgumentTypeError");
});

test("explain: the walk step by step with rule ids", async () => {
  const e = await engine.explain(await walkPosition(), "8");
  assert.equal(e.tile, "8");
  assert.equal(e.steps.length, 8);
  assert.equal(e.steps[0].start, "a1");
  assert.ok(e.steps[0].look.some((l) => l.rules.includes("MON-CHOOSE")));
  assert.deepEqual(e.steps[2].hits, ["A5"]);
  assert.ok(e.text.includes("Step 1: on a1 facing E"), e.text);
  await refused(engine.explain(game, "8"), "IllegalActionError", "RND-PHASES");
  await refused(engine.explain(await walkPosition(), 8), "ArgumentTypeError");
});

test("renderSvg: the board, and a walk drawn on it", async () => {
  const svg = await engine.renderSvg(game);
  assert.ok(svg.startsWith("<svg") && svg.trimEnd().endsWith("</svg>"));
  const walked = await engine.renderSvg(await walkPosition(), { walk: "reveal 8", title: "tile 8", caption: ["A5 is eaten"] });
  assert.ok(walked.includes("tile 8") && walked.includes("A5 is eaten") && walked.length > svg.length);
  await refused(engine.renderSvg(game, { colour: "red" }), "ArgumentTypeError");
});

test("boardSvg: the clickable squares, marked and labelled", async () => {
  const { next } = await engine.continuations(game, "A5");
  const marks = Object.fromEntries(next.map((sq) => [sq, "next"]));
  const svg = await engine.boardSvg(game, { marks, labels: { p11: "in" } });
  // 156 squares and the exit beyond a1 (BRD-SQUARES), each a rect with its name.
  assert.equal(svg.match(/<rect class="sq[ "][^>]*data-square=/g).length, 157);
  assert.match(svg, /<rect class="sq next" data-square="p11"/);
  assert.match(svg, /<rect class="sq off" data-square="out"/);
  assert.match(svg, /<text class="sq-label"[^>]*>in<\/text>/);
  assert.ok(!svg.includes('class="sq next" data-square="a1"'));
  await refused(engine.boardSvg(game, { marks: { p11: 'x" onclick="y' } }), "BridgeError");
  await refused(engine.boardSvg(game, { marks: { q12: "next" } }), "BridgeError");
  await refused(engine.boardSvg(game, { labels: { p11: "a label far too long" } }), "BridgeError");
  await refused(engine.boardSvg(game, { marks: ["p11"] }), "ArgumentTypeError");
});

test("continuationsBoard: a click's continuations and its board in one call", async () => {
  // A5 entered on p11 (FIG-ENTER) may go on to p10 or o11, or stop there (FIG-POINTS).
  const answer = await engine.continuationsBoard(game, "A5", ["p11"], { marks: { p11: "path", o11: "mine" }, labels: { p11: "1" } });
  assert.deepEqual([...answer.next].sort(), ["o11", "p10"]);
  assert.equal(answer.complete, true);
  assert.deepEqual({ next: answer.next, complete: answer.complete }, await engine.continuations(game, "A5", ["p11"]));
  // The next squares marked over the page's own marks; the same board boardSvg draws.
  const marks = { p11: "path", o11: "next", p10: "next" };
  assert.equal(answer.svg, await engine.boardSvg(game, { marks, labels: { p11: "1" } }));
  assert.match(answer.svg, /<rect class="sq next" data-square="o11"/);
  // Without its picture, for a page that shows it already: the same board from its layer on.
  const bare = await engine.continuationsBoard(game, "A5", ["p11"], { marks: { p11: "path", o11: "mine" }, labels: { p11: "1" }, picture: false });
  assert.ok(bare.svg.startsWith('<g class="hot">'));
  assert.ok(answer.svg.endsWith(bare.svg) && answer.svg.length - bare.svg.length > bare.svg.length / 2);
  await refused(engine.continuationsBoard(game, "A5", [], { picture: "no" }), "ArgumentTypeError");
  const can = await engine.continuationsBoard(game, "A5", [], { mark: "can" });
  assert.match(can.svg, /<rect class="sq can" data-square="p11"/);
  assert.ok(Object.isFrozen(answer));
  await refused(engine.continuationsBoard(game, "B5"), "IllegalMoveError", "RND-ORDER");
  await refused(engine.continuationsBoard(game, "A5", [], { mark: 'x" onclick="y' }), "BridgeError");
  await refused(engine.continuationsBoard(game, "A5", [], { colour: "red" }), "ArgumentTypeError");
});

test("walkFrames, walkFrame: the walk cut into frames for animation", async () => {
  const before = await walkPosition();
  const walk = await engine.walkFrames(before, "8");
  // Tile 8: the position before, one frame per step (8), the final look.
  assert.equal(walk.frames.length, 10);
  assert.equal(walk.frames[0].label, "before the walk");
  assert.deepEqual(walk.frames[0].events, []);
  assert.equal(walk.frames[1].label, "step 1 of 8");
  assert.ok(walk.frames[1].caption.includes("[MON-CHOOSE]"), walk.frames[1].caption);
  // A5 is eaten on step 3, d1 (as applyTraced says).
  assert.ok(walk.frames[3].events.some((e) => e.startsWith("FigureEaten A5 d1")), walk.frames[3].events);
  assert.deepEqual(walk.after, await engine.apply(before, "reveal 8"));
  const first = await engine.walkFrame(before, "8", 0);
  const third = await engine.walkFrame(before, "8", 3);
  assert.ok(first.startsWith("<svg") && third.startsWith("<svg") && first !== third);
  await refused(engine.walkFrame(before, "8", 10), "BridgeError");
  // A frame's picture with the walk, in one call: the same as walkFrame draws.
  assert.equal(walk.svg, undefined);
  const withThird = await engine.walkFrames(before, "8", { frame: 3 });
  assert.equal(withThird.svg, third);
  assert.deepEqual({ ...withThird, svg: undefined }, { ...walk, svg: undefined });
  await refused(engine.walkFrames(before, "8", { frame: 10 }), "BridgeError");
  await refused(engine.walkFrames(before, "8", { frames: 1 }), "ArgumentTypeError");
  await refused(engine.walkFrames(game, "8"), "IllegalActionError", "RND-PHASES");
  assert.equal(walk.heading, "the monster walks: tile 8");
  assert.equal(walk.action, "reveal 8");
  const moved = await engine.walkFrames(game, { type: "move", figure: "A5", path: ["p11", "o11"] });
  assert.equal(moved.action, "A5 p11 o11");
  assert.equal(walk.monster, true);
  // A figure move, one frame per movement point; its state after is apply's.
  const move = await engine.walkFrames(game, { type: "move", figure: "A5", path: ["p11", "o11"] });
  assert.equal(move.heading, "A moves A5 p11 o11");
  assert.deepEqual([move.monster, move.tile, move.frames.map((f) => f.label)], [false, "", ["before the move", "step 1 of 2", "step 2 of 2"]]);
  assert.deepEqual(move.after, await engine.apply(game, "A5 p11 o11"));
  assert.ok((await engine.walkFrame(game, "A5 p11 o11", 2)).startsWith("<svg"));
  await refused(engine.walkFrames(game, "A5 n11"), "IllegalMoveError", "FIG-ENTER");
  await refused(engine.walkFrames(game, "place stone c3"), "BridgeError");
});

test("a state sent again: as its text when deeply frozen, as it is now when it can change", async () => {
  // The engine's answers are deeply frozen: the same object twice is the same position.
  assert.equal(await engine.positionString(game), await engine.positionString(game));
  // Frozen on top only, its figures can still change: each call reads it as it is then.
  const copy = structuredClone(game);
  Object.freeze(copy);
  const was = await engine.positionString(copy);
  assert.ok(was.includes("A1:waiting:1,"), was);
  copy.figures.find((f) => f.name === "A1").face = 6;
  const now = await engine.positionString(copy);
  assert.ok(now.includes("A1:waiting:6,"), now);
});

test("checkTiles: a record's tiles against a server's seed", async () => {
  const start = await engine.newGame({ players: 2 });
  const record = await engine.toRecord(start, ["A5 p11"]);
  // No tile revealed yet: nothing to differ; a hash that is not the seed's is found.
  const seed = "ab".repeat(32);
  assert.deepEqual(await engine.checkTiles(record, { seed }), { ok: true, reveals: 0, mismatch: "" });
  const wrong = await engine.checkTiles(record, { seed, seedHash: "00".repeat(32) });
  assert.equal(wrong.ok, false);
  assert.ok(wrong.mismatch.length > 0, wrong.mismatch);
  await refused(engine.checkTiles(record, { seed: "not hex" }), "SeedError");
  await refused(engine.checkTiles(record, { sead: seed }), "ArgumentTypeError");
});

// The monster on p6 facing E walks through wall V onto a6, where A1 stands (MON-WRAP-OCCUPIED):
// eaten by default, pushed on to b6 under wrap_entry_figure=push, and eaten there on step 2.
const wrapPosition = async () =>
  engine.position({
    players: 4,
    figures: { A1: "a6" },
    moved: (await engine.newGame({ players: 4 })).figures.map((f) => f.name),
    stones: [],
    round: 2,
    monster: "p6",
    facing: "E",
    deckLeft: ["5", "7", "8", "8", "10", "1hit", "2hits"],
  });

test("compareReadings, readingsThatMatter: Ask the rules", async () => {
  const state = await wrapPosition();
  assert.deepEqual(await engine.readingsThatMatter(state, "reveal 5"), [
    { option: "wrap_entry_figure", value: "push", how: "result" },
  ]);
  assert.deepEqual(await engine.readingsThatMatter(game, "A5 p11 p10"), []);
  const c = await engine.compareReadings(state, "5", "wrap_entry_figure");
  assert.deepEqual(c.readings.map((r) => [r.value, r.default, r.error]), [["eat", true, ""], ["push", false, ""]]);
  assert.equal(c.firstDifference, 1);
  assert.ok(c.readings[0].text.includes("eats A1 on a6"), c.readings[0].text);
  assert.ok(c.readings[1].text.includes("pushes A1 from a6 to b6"), c.readings[1].text);
  assert.ok(c.summary.some((line) => line.includes("the final positions are the same")), c.summary);
  assert.ok(c.svg.includes("wrap_entry_figure=push"));
  const same = await engine.compareReadings(state, "5", "slide_over_figure");
  assert.equal(same.firstDifference, null);
  await refused(engine.compareReadings(state, "5", "no_such_option"), "ExplainError");
  // A move at the monster's turn is refused under every reading alike: no reading matters.
  assert.deepEqual(await engine.readingsThatMatter(state, "A5 p11"), []);
  await refused(engine.readingsThatMatter(state, 5), "ArgumentTypeError");
});

test("panel: the players' facts, counted from the state", async () => {
  const p = await engine.panel(game, { players: ["person", "greedy", "search"] });
  assert.deepEqual(p.seats.map((s) => [s.seat, s.player, s.waiting, s.out, s.to_move]), [
    ["A", "person", 4, 0, true], ["B", "greedy", 4, 0, false], ["C", "search", 4, 0, false],
  ]);
  assert.equal(p.seats[0].colour, "#d62728");
  // Round 1 of stage 1 with all 8 tiles unrevealed (SET-DECK).
  assert.deepEqual([p.phase, p.stage, p.round, p.deck, p.outcome], ["figures", 1, 1, 8, null]);
  const over = await engine.position({ players: 2, figures: { A1: "out", A3: "out", A4: "out" }, deckLeft: ["7", "8", "10", "1hit", "2hits"] });
  assert.deepEqual((await engine.panel(over)).outcome, { rule: "END-WIN", winners: ["A"] });
  assert.equal((await engine.panel(over)).seats[0].out, 3);
  await refused(engine.panel(game, { players: "person" }), "ArgumentTypeError");
});

test("drawTile: a tile of the deck, the same for the same seed", async () => {
  const state = await walkPosition(); // 7 7 8 8 10 1hit 2hits left
  const drawn = [];
  for (let seed = 0; seed < 40; seed++) drawn.push(await engine.drawTile(state, { seed }));
  // Over 40 seeds each of the 5 kinds left comes up (each has a chance of 1/7 or more).
  assert.deepEqual([...new Set(drawn)].sort(), ["10", "1hit", "2hits", "7", "8"]);
  assert.equal(await engine.drawTile(state, { seed: 7 }), drawn[7]);
  await refused(engine.drawTile(game), "BridgeError");
  await refused(engine.drawTile(state, { seed: 1.5 }), "ArgumentTypeError");
});

test("chooseMove: a bot's legal move, the same for the same seed", async () => {
  for (const bot of ["search", "greedy", "runner", "random"]) {
    const move = await engine.chooseMove(game, { bot, nodes: 20, seed: 5 });
    assert.equal(await engine.check(game, move), null, `${bot}: ${move}`);
    assert.equal(await engine.chooseMove(game, { bot, nodes: 20, seed: 5 }), move);
  }
  const placing = await engine.newGame({ players: 2, setup: "bsw" });
  assert.match(await engine.chooseMove(placing), /^place /);
  await refused(engine.chooseMove(game, { bot: "genius" }), "FearsomeError");
  await refused(engine.chooseMove(game, { nodes: 0 }), "BridgeError");
  await refused(engine.chooseMove(game, { seconds: 600 }), "BridgeError");
  await refused(engine.chooseMove(await walkPosition()), "ArgumentError");
});

test("ruleOptions and rule", async () => {
  assert.deepEqual(await engine.ruleOptions({ reentry: "mandatory", three_hits: true, finish_round: false }), { three_hits: true, reentry: "mandatory" });
  await refused(engine.ruleOptions({ reentri: "mandatory" }), "RecordError");
  const rule = await engine.rule("FIG-ENTER");
  assert.equal(rule.file, "spec/figures.md");
  assert.ok(rule.text.includes("p11"));
  assert.equal(await engine.rule("NO-SUCH-RULE"), null);
  await refused(engine.rule(5), "ArgumentTypeError");
});

test("bad calls: not JSON, too long, unknown", async () => {
  await refused(engine.apply(game, 10n), "ArgumentTypeError");
  await refused(engine._call("no_such", {}), "BridgeError");
  await refused(engine._call("apply", { state: game, action: "A5 p11", more: 1 }), "BridgeError");
  await refused(engine.parsePosition("x".repeat(2_100_000)), "BridgeError");
  await refused(engine.parsePosition("x".repeat(20_000)), "BridgeError");
  await refused(engine.readState("[".repeat(100_000) + "]".repeat(100_000)), "BridgeError");
  await refused(engine.replay("[".repeat(100_000) + "]".repeat(100_000)), "BridgeError");
  const deep = JSON.parse("[".repeat(3000) + "]".repeat(3000));
  await refused(engine._call("read_state", { state: { a: deep } }), "BridgeError");
  const loop = {};
  loop.self = loop;
  await refused(engine.apply(loop, "A5 p11"), "BridgeError");
  assert.equal((await engine.apply(game, "A5 p11")).to_move, "B", "the engine answers after them");
});
