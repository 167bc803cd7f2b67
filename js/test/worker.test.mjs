// The engine in a worker thread (the default in Node.js): calls in flight at once, refusals
// across the thread, close(), and a script that ends without close().
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { loadEngine, FearsomeError } from "fearsome-rules";

test("calls in flight at once each get their own answer, refusals included", async () => {
  const engine = await loadEngine();
  const game = await engine.newGame({ players: 2 });
  const [moves, refused, after, svg] = await Promise.allSettled([
    engine.legalMoves(game, "A5"),
    engine.apply(game, "A5 o11"),
    engine.apply(game, "A5 p11"),
    engine.renderSvg(game),
  ]);
  assert.equal(moves.value[0], "A5 -");
  assert.ok(refused.reason instanceof FearsomeError);
  assert.equal(refused.reason.rule, "FIG-ENTER");
  assert.equal(after.value.to_move, "B");
  assert.ok(svg.value.startsWith("<svg"));
  // The engine's thread says how long it worked on the calls (the page's benchmark reads it).
  assert.ok(engine._worked() > 0, engine._worked());
  engine.close();
  await assert.rejects(engine.newGame(), (e) => e instanceof FearsomeError && e.kind === "EngineStopped");
});

test("loadEngine refuses an option it does not know", async () => {
  await assert.rejects(loadEngine({ workers: 2 }), (e) => e instanceof FearsomeError && e.kind === "ArgumentTypeError");
});

test("a script ends when its work is done, without close()", () => {
  const script = `import { loadEngine } from "fearsome-rules";
    const engine = await loadEngine();
    const s = await engine.newGame({ players: 2 });
    console.log((await engine.apply(s, "A5 p11")).to_move);`;
  const done = spawnSync(process.execPath, ["--input-type=module", "-e", script], {
    cwd: fileURLToPath(new URL("..", import.meta.url)),
    encoding: "utf8",
    timeout: 120_000,
  });
  assert.equal(done.status, 0, done.stderr);
  assert.equal(done.stdout.trim(), "B");
});

test("started from the wheels instead of the snapshot, the engine answers the same", async () => {
  const [fromSnapshot, fromWheels] = await Promise.all([loadEngine({ worker: false }), loadEngine({ snapshot: false })]);
  assert.deepEqual(fromWheels.info, fromSnapshot.info);
  const [a, b] = await Promise.all([fromSnapshot.newGame({ players: 5 }), fromWheels.newGame({ players: 5 })]);
  assert.deepEqual(a, b);
  assert.deepEqual(await fromWheels.legalMoves(b), await fromSnapshot.legalMoves(a));
  assert.equal(await fromWheels.chooseMove(b, { seed: 3 }), await fromSnapshot.chooseMove(a, { seed: 3 }));
  fromSnapshot.close();
  fromWheels.close();
});
