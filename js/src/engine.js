// The engine's API: each method checks its option bag, sends JSON text to the engine's Python
// (fearsome_rules/tools/js_bridge/, which checks every argument and calls the public engine)
// and answers deeply frozen JSON, or rejects with a FearsomeError.
import { FearsomeError } from "./errors.js";

/** The longest arguments' text a call sends, in characters (the bridge's MAX_REQUEST). */
export const MAX_REQUEST = 2_000_000;

function freeze(value) {
  if (value !== null && typeof value === "object" && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) freeze(v);
  }
  return value;
}

/** The deepest nesting of arrays and objects a call sends: the formats nest 4 deep, and a
 * deeper value would only exhaust the stack of the JSON readers on either side. */
export const MAX_DEPTH = 32;

function tooDeep(value, depth) {
  if (value === null || typeof value !== "object") return false;
  if (depth >= MAX_DEPTH) return true;
  for (const v of Object.values(value)) if (tooDeep(v, depth + 1)) return true;
  return false;
}

function refuse(kind, message) {
  return new FearsomeError({ kind, message });
}

/** The option bag `bag` of `method`, checked: a plain object (or nothing) with known keys. */
function bag(method, value, keys) {
  if (value === undefined || value === null) return {};
  if (typeof value !== "object" || Array.isArray(value)) {
    throw refuse("ArgumentTypeError", `${method}(options): expected an object, found ${typeof value}`);
  }
  for (const key of Object.keys(value)) {
    if (!keys.includes(key)) {
      const known = keys.join(", ");
      throw refuse("ArgumentTypeError", `${method}(options): no option ${JSON.stringify(key).slice(0, 40)} (it takes: ${known})`);
    }
  }
  return value;
}

// A deeply frozen state's JSON text (the engine's answers are, so they cannot change): a state
// sent again, as a front-end does at every click, is sent as the text it was the first time,
// which the engine's Python takes as the key of the states it read (no writing it again there).
const stateTexts = new WeakMap();

function frozenDeep(value, depth) {
  if (value === null || typeof value !== "object") return true;
  if (depth >= MAX_DEPTH || !Object.isFrozen(value)) return false;
  for (const v of Object.values(value)) if (!frozenDeep(v, depth + 1)) return false;
  return true;
}

function withStateText(args) {
  const state = args?.state;
  if (state === null || typeof state !== "object" || !Object.isFrozen(state)) return args;
  let text = stateTexts.get(state);
  if (text === undefined) {
    if (!frozenDeep(state, 1)) return args; // sent as it is (and refused if too deep)
    text = JSON.stringify(state);
    stateTexts.set(state, text);
  }
  return { ...args, state: text };
}

/** A walk's subject: a monster tile's name ("8", "1hit": one word), else an action. */
function walkOf(what) {
  return typeof what === "string" && !/\s/.test(what) ? { tile: what } : { action: what };
}

export class Engine {
  #call;
  #close;
  #rules;
  #ruleTexts = null;

  #worked;
  #waited;

  /** Made by loadEngine(); not to be built directly. */
  constructor(call, close, rules, info, worked = () => null, waited = () => null) {
    this.#call = call;
    this.#worked = worked;
    this.#waited = waited;
    this.#close = close;
    this.#rules = rules;
    /** What the engine offers: its version, players, setups, tiles, bots and rule options. */
    this.info = freeze(info);
    /** The engine's version (the Python package's, which is this package's). */
    this.version = info?.version;
  }

  async #ask(name, args) {
    let text;
    try {
      args = withStateText(args);
    } catch (e) {
      throw refuse("ArgumentTypeError", `${name}: the arguments are not JSON: ${e.message}`);
    }
    if (tooDeep(args, 0)) {
      throw refuse("BridgeError", `${name}: the arguments are nested more than ${MAX_DEPTH} deep`);
    }
    try {
      text = JSON.stringify(args);
    } catch (e) {
      throw refuse("ArgumentTypeError", `${name}: the arguments are not JSON: ${e.message}`);
    }
    if (text.length > MAX_REQUEST) {
      throw refuse("BridgeError", `${name}: ${text.length} characters of arguments: at most ${MAX_REQUEST}`);
    }
    const answer = JSON.parse(await this.#call(name, text));
    if (answer.error) throw new FearsomeError(answer.error);
    return freeze(answer.ok);
  }

  /** @internal The milliseconds the engine's thread spent on the calls answered so far (the
   * page's benchmark), or null where the engine runs in the caller's thread. */
  _worked() {
    return this.#worked();
  }

  /** @internal The milliseconds from each call's message sent to its answer received, summed
   * (the worker's time, the messages' and the waits for either thread), or null likewise. */
  _waited() {
    return this.#waited();
  }

  /** @internal The call every method makes (kept for the tests). */
  async _call(name, args) {
    return this.#ask(name, args);
  }

  async newGame(options) {
    const o = bag("newGame", options, ["players", "startPlayer", "setup", "options"]);
    return this.#ask("new_game", { players: o.players, start_player: o.startPlayer, setup: o.setup, options: o.options });
  }

  async readState(state) {
    return this.#ask("read_state", { state });
  }

  async apply(state, action) {
    return this.#ask("apply", { state, action });
  }

  async applyTraced(state, action) {
    return this.#ask("apply_traced", { state, action });
  }

  async check(state, action) {
    return this.#ask("check", { state, action });
  }

  async legalMoves(state, figure) {
    return this.#ask("legal_moves", { state, figure });
  }

  async legalActions(state) {
    return this.#ask("legal_actions", { state });
  }

  async destinations(state) {
    return this.#ask("destinations", { state });
  }

  async continuations(state, figure, path = []) {
    return this.#ask("continuations", { state, figure, path });
  }

  async chanceOutcomes(state) {
    return this.#ask("chance_outcomes", { state });
  }

  async outcome(state) {
    return this.#ask("outcome", { state });
  }

  async legalPlacements(state) {
    return this.#ask("legal_placements", { state });
  }

  async parseAction(text) {
    return this.#ask("parse_action", { text });
  }

  async formatAction(action) {
    return this.#ask("format_action", { action });
  }

  async positionString(state) {
    return this.#ask("position_string", { state });
  }

  async parsePosition(text, options) {
    const o = bag("parsePosition", options, ["options"]);
    return this.#ask("parse_position", { text, options: o.options });
  }

  async diagram(state) {
    return this.#ask("diagram", { state });
  }

  async parseDiagram(text) {
    return this.#ask("parse_diagram", { text });
  }

  async position(spec) {
    const o = bag("position", spec, [
      "players", "figures", "faces", "moved", "stones", "pools", "monster", "facing",
      "startPlayer", "toMove", "round", "stage", "reveals", "deckLeft", "escapes", "endedBy",
      "crystals", "turnRight", "turnAbout", "teleporters", "setup", "toPlace", "options",
    ]);
    const snake = {};
    for (const [k, v] of Object.entries(o)) snake[k.replace(/[A-Z]/g, (c) => "_" + c.toLowerCase())] = v;
    return this.#ask("position", snake);
  }

  async toRecord(start, actions, options) {
    const o = bag("toRecord", options, ["newGame"]);
    return this.#ask("to_record", { start, actions, new_game: o.newGame });
  }

  async fromRecord(record) {
    return this.#ask("from_record", { record });
  }

  async replay(record, options) {
    const o = bag("replay", options, ["upto"]);
    return this.#ask("replay", { record, upto: o.upto });
  }

  async explain(state, tile) {
    return this.#ask("explain", { state, tile });
  }

  async renderSvg(state, options) {
    const o = bag("renderSvg", options, ["walk", "title", "caption"]);
    return this.#ask("render_svg", { state, walk: o.walk, title: o.title, caption: o.caption });
  }

  async boardSvg(state, options) {
    const o = bag("boardSvg", options, ["marks", "labels", "walk"]);
    return this.#ask("board_svg", { state, marks: o.marks, labels: o.labels, walk: o.walk });
  }

  async continuationsBoard(state, figure, path = [], options) {
    const o = bag("continuationsBoard", options, ["marks", "labels", "mark", "picture"]);
    return this.#ask("continuations_board", { state, figure, path, marks: o.marks, labels: o.labels, mark: o.mark, picture: o.picture });
  }

  async walkFrames(state, what, options) {
    const o = bag("walkFrames", options, ["frame"]);
    return this.#ask("walk_frames", { state, ...walkOf(what), frame: o.frame });
  }

  async walkFrame(state, what, k) {
    return this.#ask("walk_frame", { state, ...walkOf(what), k });
  }

  async checkTiles(record, options) {
    const o = bag("checkTiles", options, ["seed", "seedHash"]);
    return this.#ask("check_tiles", { record, seed: o.seed, seed_hash: o.seedHash });
  }

  async compareReadings(state, tile, option) {
    return this.#ask("compare_readings", { state, tile, option });
  }

  async readingsThatMatter(state, action) {
    return this.#ask("readings_that_matter", { state, action });
  }

  async panel(state, options) {
    const o = bag("panel", options, ["players"]);
    return this.#ask("panel", { state, players: o.players });
  }

  async drawTile(state, options) {
    const o = bag("drawTile", options, ["seed"]);
    return this.#ask("draw_tile", { state, seed: o.seed });
  }

  async chooseMove(state, options) {
    const o = bag("chooseMove", options, ["bot", "nodes", "seconds", "seed"]);
    return this.#ask("choose_move", { state, bot: o.bot, nodes: o.nodes, seconds: o.seconds, seed: o.seed });
  }

  async ruleOptions(options) {
    return this.#ask("rule_options", { options });
  }

  async rule(id) {
    if (typeof id !== "string") throw refuse("ArgumentTypeError", `rule(id): expected a rule id such as 'FIG-ENTER', found ${typeof id}`);
    this.#ruleTexts ??= await this.#rules();
    return Object.hasOwn(this.#ruleTexts, id) ? freeze(this.#ruleTexts[id]) : null;
  }

  /** Stops the engine's worker; every call after it rejects. */
  close() {
    this.#close();
  }
}

/** Starts the engine on a transport ({started, call, close}) and asks it what it offers. */
export async function engineOn(transport, rules) {
  await transport.started;
  const answer = JSON.parse(await transport.call("info", "{}"));
  if (answer.error) throw new FearsomeError(answer.error);
  return new Engine(transport.call, transport.close, rules, answer.ok, transport.worked, transport.waited);
}
