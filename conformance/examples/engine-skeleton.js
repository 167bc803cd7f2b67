// A conformance protocol engine to start from (conformance/PROTOCOL.md), in Node.js.
// Run the suite on it:  fearsome-rules conform --engine "node engine-skeleton.js" conformance/cases
// As it is, it implements nothing, so every case is reported as skipped: fill in play().
"use strict";
const readline = require("readline");

const PROTOCOL = "fearsome-rules-conformance/1";
const SUPPORTS = {
  setups: ["basic"],          // the setups your engine plays: basic, advanced, bsw
  players: [2, 3, 4, 5, 6, 7],
  options: {},                // option name -> the values you implement beyond the default
  features: [],               // events, legal_moves, destinations, chance, outcome
};

class Unsupported extends Error {}
class Illegal extends Error {
  constructor(rule, message) { super(message); this.rule = rule; }
}

// Your engine goes here. A state is the fearsome-rules/state JSON object (docs/embedding.md);
// return the same kind of object. Throw Illegal(ruleId, why) for an action the rules forbid.
const play = {
  start(start, options, state) { throw new Unsupported("start is not implemented yet"); },
  apply(state, action) { throw new Unsupported("apply is not implemented yet"); },
  // -> {state, monster_path: [...squares], eaten: [...figures], events: [...] (optional)}
  legal_moves(state, figure) { throw new Unsupported("legal_moves"); },  // -> {moves: [...]}
  destinations(state, figure) { throw new Unsupported("destinations"); }, // -> {places: [...]}
  chance(state) { throw new Unsupported("chance"); },    // -> {chance: {"8": "1/3", ...}}
  outcome(state) { throw new Unsupported("outcome"); },  // -> {outcome: null | {rule, winners}}
};

function answer(request) {
  const r = request;
  switch (r.op) {
    case "hello":
      if (r.protocol !== PROTOCOL) throw new Unsupported(`this engine speaks ${PROTOCOL}`);
      return { protocol: PROTOCOL, engine: { name: "skeleton", version: "0.0.0" }, supports: SUPPORTS };
    case "start": return { state: play.start(r.start, r.options, r.state) };
    case "apply": return play.apply(r.state, r.action);
    case "legal_moves": return play.legal_moves(r.state, r.figure);
    case "destinations": return play.destinations(r.state, r.figure);
    case "chance": return play.chance(r.state);
    case "outcome": return play.outcome(r.state);
    case "bye": setImmediate(() => process.exit(0)); return {};
    default: throw new Error(`unknown op ${r.op}`);
  }
}

readline.createInterface({ input: process.stdin }).on("line", (line) => {
  let id = 0, reply;
  try {
    const request = JSON.parse(line);
    id = request.id;
    reply = { id, ok: true, ...answer(request) };
  } catch (e) {
    const kind = e instanceof Illegal ? "illegal" : e instanceof Unsupported ? "unsupported"
      : e instanceof SyntaxError ? "bad_request" : "internal";
    reply = { id, ok: false, error: { kind, message: String(e.message) } };
    if (e instanceof Illegal) reply.error.rule = e.rule;
  }
  process.stdout.write(JSON.stringify(reply) + "\n");
});
