// The package's timings, the same in Node.js and in a browser (benchmarks, run by hand: see
// docs/javascript.md). Each figure is the median of `times` calls, in milliseconds, measured
// around the promise the API answers (the message to the worker and back included).

async function median(times, f) {
  const ms = [];
  for (let k = 0; k < times; k++) {
    const t0 = performance.now();
    await f(k);
    ms.push(performance.now() - t0);
  }
  ms.sort((a, b) => a - b);
  return ms[Math.floor(ms.length / 2)];
}

/** A crowded position: of a seeded 7-player game's first 80 states, the one with the most
 * distinct legal moves; and a monster phase of the same game. */
async function positions(engine) {
  let state = await engine.newGame({ players: 7 });
  let crowded = state, most = 0, monster = null;
  for (let k = 0; k < 80 && state.phase !== "over"; k++) {
    if (state.phase === "monster") {
      monster ??= state;
      const tiles = await engine.chanceOutcomes(state);
      state = await engine.apply(state, `reveal ${tiles[k % tiles.length].tile}`);
      continue;
    }
    const n = (await engine.legalMoves(state)).length;
    if (n > most) [crowded, most] = [state, n];
    state = await engine.apply(state, await engine.chooseMove(state, { bot: "greedy", seed: k }));
  }
  return { crowded, most, monster };
}

/** The figures of the second of two rounds: the first lets the WebAssembly engine's optimizing
 * compiler catch up after a load (its first calls run the baseline code, slower). */
export async function bench(engine, times = 30) {
  await round(engine, 5);
  return round(engine, times);
}

async function round(engine, times) {
  const game = await engine.newGame({ players: 4 });
  const move = "A5 p11 p10 o10";
  const { crowded, most, monster } = await positions(engine);
  const walk = (await engine.applyTraced(monster, "reveal 10")).events.length;
  return {
    [`apply: a figure move (${move})`]: await median(times, () => engine.apply(game, move)),
    "continuations: the next squares (A5 after p11)": await median(times, () => engine.continuations(game, "A5", ["p11"])),
    "boardSvg: the board with those squares marked": await median(times, () => engine.boardSvg(game, { marks: { p11: "path", p10: "next", o11: "next" } })),
    "continuationsBoard: both in one call (a page's click)": await median(times, () => engine.continuationsBoard(game, "A5", ["p11"], { marks: { p11: "path" } })),
    // The message to the engine and back with (almost) no work: a name the engine refuses.
    "a round trip: a call refused at once (no work)": await median(times, () => engine._call("no_such_call", {}).catch(() => null)),
    [`legalMoves: a crowded position (7 players, ${most} moves)`]: await median(times, () => engine.legalMoves(crowded)),
    [`applyTraced: a monster walk, tile 10 (${walk} events)`]: await median(times, () => engine.applyTraced(monster, "reveal 10")),
    "chooseMove: the search bot (50 nodes), 4 players": await median(Math.min(times, 10), (k) => engine.chooseMove(game, { seed: k })),
    "chooseMove: the greedy bot, 4 players": await median(times, (k) => engine.chooseMove(game, { bot: "greedy", seed: k })),
  };
}
