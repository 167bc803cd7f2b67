// The API of the package `fearsome-rules`. The engine's formats (the state, actions, events,
// game records) are the types generated from the JSON Schemas in types/ (scripts/types.mjs);
// only the API's own shapes are written here.
import type { GameState } from "./types/state.js";
import type { ActionJSON, MoveJSON, PlaceJSON, RevealJSON } from "./types/action.js";
import type { EngineEvent } from "./types/events.js";
import type { GameRecordJSON } from "./types/record.js";

export type { GameState, Seat, Square } from "./types/state.js";
export type { ActionJSON, MoveJSON, PlaceJSON, RevealJSON } from "./types/action.js";
export type * from "./types/events.js";
export type { GameRecordJSON } from "./types/record.js";

/** A state as the engine gives it: the state JSON, deeply frozen. */
export type State = DeepReadonly<GameState>;
/** An action: its notation (`"A5 p11 p10"`, `"reveal 8"`, `"place crystal c3"`) or its JSON. */
export type Action = string | ActionJSON;
/** Rule options that differ from their defaults: `{reentry: "mandatory", three_hits: true}`. */
export type RuleOptions = Readonly<Record<string, string | boolean>>;
/** A seat: its letter (`"A"`..`"G"`) or its number (0..6). */
export type SeatRef = string | number;

export type DeepReadonly<T> = T extends (infer U)[]
  ? readonly DeepReadonly<U>[]
  : T extends object
    ? { readonly [K in keyof T]: DeepReadonly<T[K]> }
    : T;

/** Why the engine refused: what `check` answers and what a FearsomeError carries. */
export interface Refusal {
  /** The Python error's class: IllegalMoveError, IllegalActionError, SetupError, NotationError,
   * PositionError, RecordError, ArgumentTypeError, ArgumentError, BridgeError, ... */
  readonly kind: string;
  /** One line, quoting at most about 80 characters of the input. */
  readonly message: string;
  /** The spec's rule id that decided (`"FIG-ENTER"`), "" where no rule does. */
  readonly rule: string;
  /** The input at fault (`"figures.A5"`), "" where none is named. */
  readonly field: string;
}

/** Every refusal of the engine, in every function: `rule` is the spec's rule id, or null. */
export declare class FearsomeError extends Error {
  readonly name: "FearsomeError";
  readonly kind: string;
  readonly rule: string | null;
  readonly field: string | null;
  constructor(refusal: { kind: string; message: string; rule?: string; field?: string });
}

export interface Traced {
  readonly state: State;
  /** What happened, in order: animate these. */
  readonly events: readonly DeepReadonly<EngineEvent>[];
  /** The monster's square after each step of a tile's walk. */
  readonly monsterPath: readonly string[];
  /** The figures the monster hit, in order (eaten, pushed off the board or onto a teleporter). */
  readonly eaten: readonly string[];
}

export interface Continuation {
  /** The entries that can follow the path and still end in a legal move (squares, `out`). */
  readonly next: readonly string[];
  /** Whether the path as it stands is a legal move. */
  readonly complete: boolean;
}

export interface ChanceOutcome {
  readonly tile: string;
  /** The exact probability, `"2/7"`. */
  readonly probability: string;
  /** The same as a number, for drawing. */
  readonly p: number;
}

export interface Outcome {
  /** END-WIN, END-ALL-GONE or STAGE-TWO-END. */
  readonly rule: string;
  readonly winners: readonly string[];
  /** The figures out, per seat. */
  readonly escaped: readonly number[];
  /** The seats, best first. */
  readonly ranking: readonly string[];
}

/** One line of an explanation: a label, the text, the rule ids it rests on, the reading. */
export interface ExplainLine {
  readonly label: string;
  readonly text: string;
  readonly rules: readonly string[];
  readonly option: string;
}

export interface ExplainStep {
  readonly number: number;
  readonly start: string;
  readonly end: string;
  readonly facing: string;
  readonly hits: readonly string[];
  /** What the monster sees ahead, left and right, and its choice. */
  readonly look: readonly ExplainLine[];
  /** What its move does. */
  readonly lines: readonly ExplainLine[];
}

export interface Explanation {
  readonly tile: string;
  readonly header: readonly ExplainLine[];
  readonly steps: readonly ExplainStep[];
  readonly finalLook: readonly ExplainLine[];
  readonly after: readonly ExplainLine[];
  /** The whole explanation as `fearsome-rules explain` prints it. */
  readonly text: string;
}

export interface RuleOptionInfo {
  readonly name: string;
  readonly values: readonly (string | boolean)[];
  readonly default: string | boolean;
}

export interface EngineInfo {
  readonly version: string;
  readonly players: readonly number[];
  readonly setups: readonly string[];
  readonly tiles: readonly string[];
  readonly bots: readonly string[];
  readonly options: readonly RuleOptionInfo[];
}

export interface RuleText {
  readonly title: string;
  /** The spec file it is in, `spec/figures.md`. */
  readonly file: string;
  /** The rule's text (Markdown). */
  readonly text: string;
}

export interface PositionSpec {
  players?: number;
  /** Figure -> a square, `waiting`, `out` or `removed`; figures not named wait. */
  figures?: Readonly<Record<string, string>>;
  faces?: Readonly<Record<string, number>>;
  moved?: readonly string[];
  stones?: readonly string[];
  pools?: readonly string[];
  monster?: string;
  facing?: "N" | "E" | "S" | "W";
  startPlayer?: SeatRef;
  toMove?: SeatRef;
  round?: number;
  stage?: number;
  reveals?: number;
  deckLeft?: readonly string[];
  escapes?: readonly string[];
  endedBy?: string;
  crystals?: readonly string[];
  turnRight?: readonly string[];
  turnAbout?: readonly string[];
  /** `"h9:1:W"`: square, pair, arrow. */
  teleporters?: readonly string[];
  setup?: "basic" | "advanced" | "bsw";
  toPlace?: readonly string[];
  options?: RuleOptions;
}

/** One frame of a monster walk: before it, after each step, the final look. */
export interface WalkFrame {
  /** `before the walk`, `step 3 of 8`, `final look`. */
  readonly label: string;
  /** The frame's explanation, its lines ending in their rule ids. */
  readonly caption: string;
  /** The engine's events of the frame, as text. */
  readonly events: readonly string[];
}

export interface WalkFrames {
  /** The monster tile carried out ("" for a figure move). */
  readonly tile: string;
  /** Whether the monster walks (a tile) or a figure moves. */
  readonly monster: boolean;
  /** What a page's status says while the frames play: `the monster walks: tile 8`, `A moves A5 p11 o11`. */
  readonly heading: string;
  readonly frames: readonly WalkFrame[];
  /** The action carried out, in notation: `reveal 8`, `A5 p11 o11`. */
  readonly action: string;
  /** The state the tile leads to (what `apply` answers). */
  readonly after: State;
  /** The picture (SVG) of frame `options.frame`, when asked: the frame a page shows first,
   * without a second call. */
  readonly svg?: string;
}

/** One value of an option in a comparison of readings. */
export interface Reading {
  readonly value: string;
  /** Whether it is the option's default. */
  readonly default: boolean;
  /** `wrap_entry_figure=eat (default)`. */
  readonly label: string;
  /** Why the position cannot be set up under this value, or "". */
  readonly error: string;
  /** The walk explained under this value (as `explain`'s text), or "". */
  readonly text: string;
}

export interface ReadingsComparison {
  readonly option: string;
  readonly readings: readonly Reading[];
  /** The first step (from 1) where the walks part; steps + 1 for the final look; null: never. */
  readonly firstDifference: number | null;
  /** How the final positions differ, a line each. */
  readonly differences: readonly string[];
  /** Where the readings part, as `fearsome-rules explain --compare` says it. */
  readonly summary: readonly string[];
  /** The walks side by side, one board per reading ("" if none could be set up). */
  readonly svg: string;
}

/** An option whose other value would change what an action does here. */
export interface Mattered {
  readonly option: string;
  /** The other value, under which it differs. */
  readonly value: string;
  /** `result`, `refusal`, `legal moves`, `legal placements` or `outcome`. */
  readonly how: string;
}

export interface PanelSeat {
  readonly seat: string;
  /** The seat's colour on the board, `#d62728`. */
  readonly colour: string;
  /** Who plays it, as given to `panel`. */
  readonly player: string;
  /** Figures out: the score. */
  readonly out: number;
  readonly waiting: number;
  readonly removed: number;
  readonly on_board: number;
  readonly figures: number;
  readonly to_move: boolean;
}

/** The players' panel beside the board: counted from the state, the result the engine's. */
export interface Panel {
  readonly seats: readonly PanelSeat[];
  readonly phase: string;
  readonly stage: number;
  readonly round: number;
  /** Tiles left in the deck. */
  readonly deck: number;
  readonly outcome: { readonly rule: string; readonly winners: readonly string[] } | null;
}

/** The engine: every method answers a promise; every state is plain, frozen JSON. */
export declare class Engine {
  private constructor();
  readonly info: EngineInfo;
  readonly version: string;

  /** A new game: round 1, or the placement phase of the advanced and BSW setups. */
  newGame(options?: {
    players?: number;
    startPlayer?: SeatRef;
    setup?: "basic" | "advanced" | "bsw";
    options?: RuleOptions;
  }): Promise<State>;
  /** A state JSON read strictly (every key, no other, a position the rules allow). */
  readState(state: GameState | State | string): Promise<State>;
  /** The state after `action`; rejects with the broken rule. */
  apply(state: State, action: Action): Promise<State>;
  /** `apply` with what happened, for animation. */
  applyTraced(state: State, action: Action): Promise<Traced>;
  /** The refusal `apply` would give, or null if the action is legal. */
  check(state: State, action: Action): Promise<Refusal | null>;
  /** One move per distinct result (of one figure if named), in notation. */
  legalMoves(state: State, figure?: string): Promise<readonly string[]>;
  /** The actions of any phase: placements, figure moves or the possible reveals. */
  legalActions(state: State): Promise<readonly string[]>;
  /** Per figure of the player to move: where its move can end. */
  destinations(state: State): Promise<Readonly<Record<string, readonly string[]>>>;
  /** For building a move click by click: what can follow `path`, and whether it is complete. */
  continuations(state: State, figure: string, path?: readonly string[]): Promise<Continuation>;
  /** At the monster phase, each tile with its exact probability; [] otherwise. */
  chanceOutcomes(state: State): Promise<readonly ChanceOutcome[]>;
  /** How the game ended, or null while it goes on. */
  outcome(state: State): Promise<Outcome | null>;
  /** Every legal tile placement, in notation. */
  legalPlacements(state: State): Promise<readonly string[]>;
  parseAction(text: string): Promise<DeepReadonly<ActionJSON>>;
  formatAction(action: Action): Promise<string>;
  /** The one-line position string. */
  positionString(state: State): Promise<string>;
  /** A position string read back; `options` replace the string's own. */
  parsePosition(text: string, options?: { options?: RuleOptions }): Promise<State>;
  /** The board as text. */
  diagram(state: State): Promise<string>;
  parseDiagram(text: string): Promise<State>;
  /** A position built from square names, validated. */
  position(spec: PositionSpec): Promise<State>;
  /** The record of `actions` played from `start`. */
  toRecord(
    start: State,
    actions: readonly Action[],
    options?: { newGame?: boolean },
  ): Promise<DeepReadonly<GameRecordJSON>>;
  /** A record read (its JSON or text) and replayed: the start and the state after each action. */
  fromRecord(
    record: GameRecordJSON | DeepReadonly<GameRecordJSON> | string,
  ): Promise<{ readonly record: DeepReadonly<GameRecordJSON>; readonly states: readonly State[] }>;
  /** The state after the first `upto` actions (all by default). */
  replay(
    record: GameRecordJSON | DeepReadonly<GameRecordJSON> | string,
    options?: { upto?: number },
  ): Promise<State>;
  /** A monster tile carried out and explained step by step, every line with its rule ids. */
  explain(state: State, tile: string): Promise<Explanation>;
  /** The position as an SVG document, with the walk of `walk` (a tile's reveal or a move). */
  renderSvg(
    state: State,
    options?: { walk?: Action; title?: string; caption?: readonly string[] },
  ): Promise<string>;
  /** `renderSvg`'s board with a layer of clickable squares on it: each `<rect>` carries
   * `data-square` (a square, or `out` beyond the exit) and the class `sq` with its mark
   * (`marks`: a CSS class such as `next`; `labels`: a short text in its corner). */
  boardSvg(
    state: State,
    options?: {
      marks?: Readonly<Record<string, string>>;
      labels?: Readonly<Record<string, string>>;
      walk?: Action;
    },
  ): Promise<string>;
  /** A click of a move being built, in one call: `continuations(state, figure, path)` and
   * `boardSvg(state, {marks, labels})` with each of its next squares marked `mark` (`"next"`
   * by default, over any other mark there): what a page highlights, and the board that shows
   * it, without a second message to the worker. With `picture: false` the svg leaves out the
   * board's picture (the most of it, the same at every click of a move): it is the board from
   * its clickable layer (`<g class="hot">`) to its end, for a page that shows this state's
   * picture already. */
  continuationsBoard(
    state: State,
    figure: string,
    path?: readonly string[],
    options?: {
      marks?: Readonly<Record<string, string>>;
      labels?: Readonly<Record<string, string>>;
      mark?: string;
      picture?: boolean;
    },
  ): Promise<Continuation & { readonly svg: string }>;
  /** A monster tile carried out (`what`: a tile such as `"8"`), or a figure move or a reveal
   * (`what`: an action, as its JSON or its notation), cut into frames with their explanations,
   * for animation: a move has one frame per movement point; with `frame`, that frame's
   * picture too (`svg`), as `walkFrame` draws it. */
  walkFrames(state: State, what: string | Action, options?: { frame?: number }): Promise<WalkFrames>;
  /** The picture (SVG) of frame `k` of that walk. */
  walkFrame(state: State, what: string | Action, k: number): Promise<string>;
  /** The walk of `tile` under every value of `option`, and where the readings part. */
  compareReadings(state: State, tile: string, option: string): Promise<ReadingsComparison>;
  /** The options whose other value would change what `action` does in `state`. */
  readingsThatMatter(state: State, action: Action): Promise<readonly Mattered[]>;
  /** The players' panel; `players` says who plays each seat (`person`, a bot's name). */
  panel(state: State, options?: { players?: readonly string[] }): Promise<Panel>;
  /** The seed check of a server's finished game: every tile revealed is the one the published
   * seed draws, and (with `seedHash`) the seed is the one whose hash was published first. */
  checkTiles(
    record: GameRecordJSON | string,
    options: { seed: string; seedHash?: string },
  ): Promise<{ readonly ok: boolean; readonly reveals: number; readonly mismatch: string }>;
  /** At the monster's turn, a tile drawn with its exact chance: the same for the same seed. */
  drawTile(state: State, options?: { seed?: number }): Promise<string>;
  /** A bot's action: `search` (with `nodes`, or `seconds`: not reproducible), `greedy`,
   * `runner`, `random`; the same `seed`, position and budget give the same action. */
  chooseMove(
    state: State,
    options?: { bot?: string; nodes?: number; seconds?: number; seed?: number },
  ): Promise<string>;
  /** Options checked, as the options that differ from the defaults. */
  ruleOptions(options: RuleOptions): Promise<RuleOptions>;
  /** A rule of the spec by its id, or null. */
  rule(id: string): Promise<RuleText | null>;
  /** Stops the engine; calls after it reject. */
  close(): void;
}

export interface NodeLoadOptions {
  /** Run the engine in a worker thread (default true) or in this thread. */
  worker?: boolean;
  /** Start from the package's snapshot of the runtime with the engine imported (default
   * true), or install the wheels and import the engine (about 4x the processor time). */
  snapshot?: boolean;
}

export interface BrowserLoadOptions {
  /** Where Pyodide's files are served (default: node_modules/pyodide/ beside this package). */
  pyodideURL?: string | URL;
  /** Where this package's wheels/ are served (default: this package's wheels/). */
  wheelsURL?: string | URL;
  /** The worker script (default: this package's src/worker-browser.js). */
  workerURL?: string | URL;
  /** Where this package's snapshot/engine.snapshot.gz is served (default: beside the rest). */
  snapshotURL?: string | URL;
  /** With `snapshot: false`: start from the snapshot this browser kept in its Cache Storage at
   * an earlier start from the same wheels (by their SHA-256) and runtime, else from the wheels
   * and keep one for the next load, made by a second worker (default true). */
  cacheSnapshot?: boolean;
}

/** Starts the engine: in a Web Worker in a browser, in a worker thread (or in-process) in
 * Node.js. Nothing is fetched from outside the package and Pyodide's files. */
export declare function loadEngine(options?: NodeLoadOptions & BrowserLoadOptions): Promise<Engine>;
