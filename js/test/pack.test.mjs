// The package as a user gets it: `npm pack` makes the tarball, which is installed offline
// (from the npm cache that installing js/ filled) into an empty TypeScript project; its
// example is type-checked with tsc --strict and run.
import { test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync, copyFileSync, rmSync, readdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const js = fileURLToPath(new URL("..", import.meta.url));
const npm = process.platform === "win32" ? "npm.cmd" : "npm";

test("npm pack, npm install --offline into an empty project, tsc --strict, run", { timeout: 600_000 }, () => {
  const dir = mkdtempSync(join(tmpdir(), "fearsome-rules-pack-"));
  try {
    const packed = JSON.parse(execFileSync(npm, ["pack", "--json", "--pack-destination", dir], { cwd: js, encoding: "utf8" }));
    const files = packed[0].files.map((f) => f.path);
    for (const need of ["src/node.js", "src/worker-node.js", "src/worker-browser.js", "index.d.ts", "types/state.d.ts", "wheels/manifest.json", "snapshot/engine.snapshot.gz", "rules.json", "bin/protocol-engine.mjs"]) {
      assert.ok(files.includes(need), `${need} is not in the tarball`);
    }
    assert.ok(files.some((f) => /^wheels\/fearsome_rules-.*-py3-none-any\.whl$/.test(f)), "the engine's wheel");
    assert.ok(!files.some((f) => f.startsWith("test/") || f.startsWith("node_modules/")));
    const lock = JSON.parse(readFileSync(join(js, "package-lock.json"), "utf8")).packages;
    const version = (name) => lock[`node_modules/${name}`].version;
    const app = join(dir, "app");
    execFileSync("mkdir", [app]);
    writeFileSync(join(app, "package.json"), JSON.stringify({ name: "app", private: true, type: "module" }));
    const install = [
      "install", "--offline", "--no-audit", "--no-fund",
      join(dir, packed[0].filename), `typescript@${version("typescript")}`, `@types/node@${version("@types/node")}`,
    ];
    execFileSync(npm, install, { cwd: app, encoding: "utf8" });
    copyFileSync(join(js, "examples", "first-game.ts"), join(app, "first-game.ts"));
    writeFileSync(join(app, "tsconfig.json"), readFileSync(join(js, "examples", "tsconfig.json")));
    const tsc = join(app, "node_modules", "typescript", "bin", "tsc");
    execFileSync(process.execPath, [tsc, "-p", ".", "--noEmit", "false", "--outDir", "out"], { cwd: app, encoding: "utf8" });
    assert.deepEqual(readdirSync(join(app, "out")), ["first-game.js"]);
    const printed = execFileSync(process.execPath, [join(app, "out", "first-game.js")], { cwd: app, encoding: "utf8", timeout: 300_000 });
    assert.match(printed, /rule: 'END-(WIN|ALL-GONE)'|rule: 'STAGE-TWO-END'/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
