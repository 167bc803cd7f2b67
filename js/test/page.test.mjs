// The web page's own state and calls (web/game.js), on this package in Node.js: what the page
// answers, checked by other routes (apply, the record read back, the rules' refusals), without a
// browser. tests/tools/test_web_page.py and test_web_online.py click the same calls in Chromium.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { loadEngine } from "fearsome-rules";

globalThis.window = globalThis;
await import(new URL("../../web/game.js", import.meta.url));
const { Page, pageCalls } = window.ffGame;

let engine;
before(async () => {
  engine = await loadEngine({ worker: false });
});
after(() => engine.close());

async function page() {
  const p = await Page.start(engine);
  const call = pageCalls(p);
  return { p, call, ok: async (name, args) => {
    const a = await call(name, args);
    assert.ok(!a.error, `${name}: ${a.error}`);
    return a;
  } };
}

test("a seeded game of bots: each state is apply's of the action the record shows", async () => {
  const { call, ok } = await page();
  await ok("new_game", { players: 3, seats: ["greedy", "random", "greedy"], seed: 4 });
  let state = await call("state");
  for (let k = 0; k < 40; k++) {
    const a = await ok("bot");
    assert.equal(a.view.record.length, k + 1);
    assert.equal(a.played, a.view.record[k]);
    state = await engine.apply(state, a.played);
    assert.deepEqual(await call("state"), state);
    // Every figure move and every tile comes with its frames, the move's heading first.
    if (/^[A-C]\d /.test(a.played)) assert.equal(a.walk.heading, `${a.played[0]} moves ${a.played}`);
    if (a.played.startsWith("reveal")) assert.ok(a.walk.monster && a.walk.frames.length > 2);
  }
  // The same seed, the same game.
  const again = await page();
  await again.ok("new_game", { players: 3, seats: ["greedy", "random", "greedy"], seed: 4 });
  for (let k = 0; k < 40; k++) await again.ok("bot");
  assert.deepEqual(await again.call("state"), state);
});

test("a move by clicks; an illegal click refused with its rule, nothing changed", async () => {
  const { call, ok } = await page();
  await ok("new_game", { players: 2, seats: ["person", "greedy"] });
  let a = await ok("select", { figure: "A5" });
  assert.deepEqual(a.view.building, { figure: "A5", path: [], next: ["p11"], complete: true });
  a = await ok("click", { square: "p11" });
  assert.deepEqual(a.view.building.next.sort(), ["o11", "p10"]);
  assert.match(a.view.svg, /class="sq next" data-square="o11"/);
  const refused = await call("click", { square: "n11" });
  assert.deepEqual([refused.rule, refused.kind], ["FIG-POINTS", "IllegalMoveError"]);
  assert.deepEqual((await ok("view")).view.building.path, ["p11"]);
  const none = await call("click", { square: "c3" }); // B's turn is not now, nor a square: a word
  assert.ok(none.error, "a click on a square no path reaches is refused");
  a = await ok("play");
  assert.equal(a.played, "A5 p11");
  assert.deepEqual(a.view.record, ["A5 p11"]);
  assert.deepEqual(await call("state"), await engine.apply(await engine.newGame({ players: 2 }), "A5 p11"));
  assert.match((await call("back")).view.status, /B to move \(greedy\)/);
  assert.equal((await call("bot")).view.record.length, 2);
  assert.match((await call("bot")).error, /A is played by a person/);
});

test("undo, redo, any earlier state; a record saved and read back", async () => {
  const { call, ok } = await page();
  await ok("new_game", { players: 2, seats: ["greedy", "greedy"], seed: 1 });
  const states = [await call("state")];
  for (let k = 0; k < 5; k++) {
    await ok("bot");
    states.push(await call("state"));
  }
  assert.equal((await ok("undo")).view.cursor, 4);
  assert.deepEqual(await call("state"), states[4]);
  const redone = await ok("redo");
  assert.equal(redone.played, ""); // shown again, not played again
  assert.ok(redone.walk.heading.endsWith(` moves ${redone.view.record[4]}`), redone.walk.heading);
  assert.deepEqual(await call("state"), states[5]);
  assert.equal((await ok("goto", { k: 2 })).view.record.length, 5); // the later ones kept, for redo
  assert.match((await call("goto", { k: 9 })).error, /states 0-5, not 9/);
  const text = (await ok("record")).text;
  const read = await engine.fromRecord(text);
  assert.deepEqual(read.states, states.slice(0, 3)); // the record stops at the state shown
  await ok("goto", { k: 5 });
  const full = (await ok("record")).text;
  await ok("new_game", { players: 3 });
  const loaded = await ok("load_record", { text: full, seats: ["random", "greedy"] });
  assert.deepEqual([loaded.view.cursor, loaded.view.seats], [5, ["random", "greedy"]]);
  assert.deepEqual(await call("state"), states[5]);
  await ok("undo");
  await ok("bot"); // another action: the redo list is cut
  assert.equal((await ok("view")).view.record.length, 5);
});

test("placing a tile: shown on its square, placed by a second click", async () => {
  const { call, ok } = await page();
  const a = await ok("new_game", { players: 2, setup: "advanced", seats: ["person", "random"] });
  const [tile] = a.view.placement.choice;
  const start = await call("state");
  const square = (await engine.legalPlacements(start)).find((p) => p.startsWith(`place ${tile} `)).split(" ")[2];
  assert.match(a.view.svg, new RegExp(`class="sq can" data-square="${square}"`));
  const shown = await ok("click", { square });
  assert.deepEqual([shown.view.record, shown.view.placement.preview], [[], square]);
  assert.deepEqual(await call("state"), start);
  assert.match(shown.view.status, new RegExp(`${tile} shown on ${square}`));
  const placed = await ok("click", { square });
  assert.equal(placed.played, `place ${tile} ${square}`);
  assert.deepEqual(await call("state"), await engine.apply(start, placed.played));
  assert.match((await call("choose_tile", { tile: "teleporter_1", arrow: "Q" })).error, /arrow is N, E, S or W/);
});

test("asking the rules: a position edited, refused where no game has it, compared", async () => {
  const { call, ok } = await page();
  await ok("editor_new", { players: 4 });
  for (const [tool, square] of [["monster:E", "d9"], ["figure:A1", "g9"], ["figure:B1", "i8"]]) {
    await ok("editor_edit", { tool, square });
  }
  const set = await ok("editor_set", { tile: "5", stage: 2 });
  assert.deepEqual([set.editor.tile, set.editor.stage], ["5", 2]);
  const stone = await call("editor_edit", { tool: "stones", square: "g9" });
  assert.deepEqual([stone.kind, stone.error], ["SetupError", "[FIG-THROUGH] figures.A1: g9 already holds a stone"]);
  const compared = await ok("editor_compare", { option: "monster_slide_figure" });
  assert.deepEqual(
    [compared.first_difference, compared.readings.map((r) => r.label)],
    [1, ["monster_slide_figure=push (default)", "monster_slide_figure=eat"]],
  );
  assert.equal((await ok("editor_matters")).matters[0].option, "monster_slide_figure");
  assert.equal((await ok("editor_explain")).walk.frames.length, 7); // before, 5 steps, the end
  const svg = (await ok("walk_frame", { which: "ask", k: 3 })).svg;
  assert.ok(svg.startsWith("<svg"));
  // A teleporter waits for its partner, marked; the walk waits too.
  const alone = await ok("editor_edit", { tool: "teleporter:1:N", square: "f6" });
  assert.match(alone.svg, /class="sq pending" data-square="f6"/);
  assert.match((await call("editor_explain")).error, /teleporter on f6 waits for its partner/);
  assert.match((await call("editor_edit", { tool: "hammer", square: "a1" })).error, /not a tool/);
  assert.match((await call("eval", {})).error, /not a call of the page/);
});

test("a server's game followed: actions only in order, an own move waits for the server", async () => {
  const { call, ok } = await page();
  const start = await engine.newGame({ players: 2 });
  const record = await engine.toRecord(start, ["A5 p11"]);
  const a = await ok("online_start", { record: JSON.stringify(record), seat: "B", kinds: ["person", "person"] });
  assert.deepEqual([a.view.record, a.view.to_move], [["A5 p11"], "B"]);
  assert.match((await call("online_receive", { action: "B5 p11", seq: 3 })).error, /not the next one: the page has 1/);
  await ok("select", { figure: "B5" });
  await ok("click", { square: "p11" }); // through A5, on to o11
  await ok("click", { square: "o11" });
  const sent = await ok("play");
  assert.equal(sent.played, "B5 p11 o11"); // handed to the page's JavaScript to send
  assert.deepEqual(sent.view.record, ["A5 p11"]); // not played here
  assert.deepEqual(await ok("online_seq"), { seq: 1, pending: "B5 p11 o11" });
  assert.match((await call("play")).error, /waiting for the server to take B5 p11 o11/); // its path stays shown
  const got = await ok("online_receive", { action: "B5 p11 o11", seq: 2 });
  assert.deepEqual(got.view.record, ["A5 p11", "B5 p11 o11"]);
  assert.equal(got.walk.heading, "B moves B5 p11 o11");
  assert.deepEqual(await ok("online_seq"), { seq: 2, pending: "" });
  const panel = await ok("panel");
  assert.deepEqual(panel.seats.map((s) => s.player), ["person", "person"]);
  const check = await ok("online_check_tiles", { seed: "ab".repeat(32) });
  assert.deepEqual(check, { ok: true, reveals: 0, mismatch: "" });
});
