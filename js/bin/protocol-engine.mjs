#!/usr/bin/env node
// The conformance protocol (conformance/PROTOCOL.md) spoken by this package: every request is
// answered by the package's API, so that the whole conformance suite runs through it:
//   fearsome-rules conform --engine "node js/bin/protocol-engine.mjs" conformance/cases
// It maps requests to calls and answers to responses; it knows no rule.
import { createInterface } from "node:readline";
import { loadEngine, FearsomeError } from "fearsome-rules";

const PROTOCOL = "fearsome-rules-conformance/1";
const MAX_LINE = 4_000_000;
const engine = await loadEngine({ worker: false });

class Failure extends Error {
  constructor(kind, message, rule) {
    super(message);
    this.kind = kind;
    this.rule = rule;
  }
}

function need(request, key, type) {
  const value = request[key];
  const ok = type === "object" ? value !== null && typeof value === "object" && !Array.isArray(value) : typeof value === type;
  if (!ok) throw new Failure("bad_request", `${request.op}: '${key}' must be a${type === "object" ? "n" : ""} ${type}`);
  return value;
}

const ops = {
  async hello(r) {
    if (r.protocol !== PROTOCOL) throw new Failure("unsupported", `this engine speaks ${PROTOCOL}, not ${String(r.protocol).slice(0, 80)}`);
    const options = {};
    for (const o of engine.info.options) options[o.name] = o.values;
    return {
      protocol: PROTOCOL,
      engine: { name: "fearsome-rules (npm)", version: engine.version },
      supports: {
        setups: engine.info.setups,
        players: engine.info.players,
        options,
        features: ["chance", "destinations", "events", "legal_moves", "outcome"],
      },
    };
  },
  async start(r) {
    const options = need(r, "options", "object");
    const start = need(r, "start", "object");
    const [kind] = Object.keys(start);
    if (kind === "new_game") {
      const g = start.new_game;
      return { state: await engine.newGame({ players: g.players, startPlayer: g.start_player, setup: g.setup, options }) };
    }
    if (kind === "position_string") {
      const changed = Object.keys(options).length > 0;
      return { state: await engine.parsePosition(start.position_string, changed ? { options } : undefined) };
    }
    // The keyword form is the case files' shorthand; the runner sends the same position as a
    // state, which the engine reads strictly.
    return { state: await engine.readState(need(r, "state", "object")) };
  },
  async apply(r) {
    let done;
    try {
      done = await engine.applyTraced(need(r, "state", "object"), need(r, "action", "string"));
    } catch (e) {
      if (e instanceof FearsomeError && e.rule && /^Illegal/.test(e.kind)) throw new Failure("illegal", e.message, e.rule);
      throw e;
    }
    return { state: done.state, monster_path: done.monsterPath, eaten: done.eaten, events: done.events.map((e) => e.text) };
  },
  async legal_moves(r) {
    return { moves: await engine.legalMoves(need(r, "state", "object"), r.figure ?? undefined) };
  },
  async destinations(r) {
    const state = need(r, "state", "object");
    const figure = need(r, "figure", "string");
    const places = (await engine.destinations(state))[figure];
    if (places === undefined) await engine.legalMoves(state, figure); // its refusal, if any
    return { places: [...(places ?? [])].sort() };
  },
  async chance(r) {
    const chance = {};
    for (const c of await engine.chanceOutcomes(need(r, "state", "object"))) chance[c.tile] = c.probability;
    return { chance };
  },
  async outcome(r) {
    const o = await engine.outcome(need(r, "state", "object"));
    return { outcome: o === null ? null : { rule: o.rule, winners: o.winners } };
  },
  async bye() {
    return {};
  },
};

async function answer(line) {
  let request;
  try {
    if (line.length > MAX_LINE) throw new Failure("bad_request", `a line of ${line.length} characters: at most ${MAX_LINE}`);
    request = JSON.parse(line);
  } catch (e) {
    return { id: 0, ok: false, error: { kind: "bad_request", message: e instanceof Failure ? e.message : `not JSON: ${e.message}` } };
  }
  const id = Number.isInteger(request?.id) && request.id >= 0 ? request.id : 0;
  try {
    if (request === null || typeof request !== "object" || !Object.hasOwn(ops, request.op)) {
      throw new Failure("bad_request", `unknown op ${JSON.stringify(request?.op)?.slice(0, 80)}`);
    }
    return { id, ok: true, ...(await ops[request.op](request)) };
  } catch (e) {
    const error =
      e instanceof Failure ? { kind: e.kind, message: e.message, ...(e.rule ? { rule: e.rule } : {}) }
      : e instanceof FearsomeError ? { kind: "bad_request", message: e.message }
      : { kind: "internal", message: String(e?.stack ?? e) };
    return { id, ok: false, error };
  }
}

// One request at a time, in order: the protocol answers each before reading the next.
const lines = createInterface({ input: process.stdin, crlfDelay: Infinity });
for await (const line of lines) {
  if (!line.trim()) continue;
  const response = await answer(line);
  process.stdout.write(JSON.stringify(response) + "\n");
  if (response.ok && JSON.parse(line).op === "bye") break;
}
engine.close();
