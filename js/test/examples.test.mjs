// The package's own TypeScript: the examples type-check under tsc --strict and run, and the
// types generated from the schemas are the ones checked in.
import { test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { createRequire } from "node:module";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const js = fileURLToPath(new URL("..", import.meta.url));
const tsc = createRequire(import.meta.url).resolve("typescript/bin/tsc");
const run = (args, options = {}) => execFileSync(process.execPath, args, { cwd: js, encoding: "utf8", ...options });

test("the generated types are up to date with the schemas", () => {
  run(["scripts/types.mjs", "--check"]);
});

test("tsc --strict --noEmit on the examples", () => {
  run([tsc, "-p", "examples", "--noEmit"]);
});

test("a type error in an example is caught", () => {
  const bad = `import { loadEngine } from "fearsome-rules";
const engine = await loadEngine();
const s = await engine.newGame({ players: 2 });
const n: number = s.to_move;
await engine.apply(s, { type: "move", figure: "A5" });
`;
  mkdirSync(join(js, "examples", "out"), { recursive: true });
  writeFileSync(join(js, "examples", "out", "bad.ts"), bad);
  const args = [tsc, "--strict", "--noEmit", "--module", "nodenext", "--target", "es2022", "--types", "node", "examples/out/bad.ts"];
  let printed = "";
  try {
    run(args, { stdio: "pipe" });
  } catch (e) {
    printed = e.stdout;
  }
  assert.match(printed, /bad\.ts\(4,7\): error TS2322: Type 'string' is not assignable to type 'number'/);
  assert.match(printed, /bad\.ts\(5,\d+\): error TS2345/); // the move without its path
});

test("the examples run", { timeout: 300_000 }, () => {
  run([tsc, "-p", "examples", "--noEmit", "false", "--outDir", "examples/out"]);
  const printed = run(["examples/out/clicks.js"], { timeout: 120_000 }).split("\n");
  assert.equal(printed[0], "RND-ORDER IllegalMoveError Order of turns");
  assert.match(printed[1], /^2 players=3 round=1 .*A3:o11:4\*/);
  assert.match(printed[2], /^true 8 \[/);
});
