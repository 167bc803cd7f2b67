// Timings in Node.js: node bench/node.mjs [--loads N] (benchmarks by hand, docs/javascript.md).
// Each load is a new process (the first after the files were read: the operating system's cache
// is warm); then the calls in this thread and through the worker thread.
import { execFileSync } from "node:child_process";
import { loadEngine } from "fearsome-rules";
import { bench } from "./ops.mjs";

const at = process.argv.indexOf("--loads");
const loads = at > 0 ? Number(process.argv[at + 1]) : 3;
const fmt = (ms) => (ms >= 100 ? ms.toFixed(0) : ms.toFixed(2)).padStart(8) + " ms";
const script = `const t0 = performance.now(); const { loadEngine } = await import("fearsome-rules");
  const e = await loadEngine(WORKER); await e.newGame(); console.log(performance.now() - t0); e.close();`;
for (const [name, worker] of [["in this thread", "{worker: false}"], ["in a worker thread", "{}"]]) {
  const ms = [];
  for (let k = 0; k < loads; k++) {
    const out = execFileSync(process.execPath, ["--input-type=module", "-e", script.replace("WORKER", worker)], { encoding: "utf8" });
    ms.push(Number(out.trim()));
  }
  console.log(`${"load to the first answer, " + name}`.padEnd(60), ms.map(fmt).join(" "));
}
for (const [name, options] of [["in this thread", { worker: false }], ["through the worker", {}]]) {
  const engine = await loadEngine(options);
  console.log(`-- ${name}`);
  for (const [what, ms] of Object.entries(await bench(engine))) console.log(what.padEnd(60), fmt(ms));
  engine.close();
}
