// What the page asks and does, on the engine's npm package (fearsome-rules/, loaded by app.js):
// the game's history (the states, the cursor of undo and redo), the move being built click by
// click, the tile being placed, the seats, the position asked about in "Ask the rules", and a
// game of a server followed. Every rule, picture and word comes from the package's calls,
// answered by the engine in its Web Worker; this file only keeps the page's state, which is
// plain JSON. A call answers a promise of an object, or {error, rule, kind} for a refusal, and a
// refused call leaves the page's state as it was.
"use strict";

(() => {
const SEATS = "ABCDEFG";
const PERSON = "person";
const KEPT_WALKS = 16; // the game's last walks drawable (online, one may still be shown)
const EDITOR_TOOLS = ["stones", "crystals", "turn_right", "turn_about", "pools", "erase", "flip"];
const PIECES = ["stones", "crystals", "turn_right", "turn_about"]; // the state's stone kinds, as fields
const KIND_FIELD = { stone: "stones", crystal: "crystals", turn_right: "turn_right", turn_about: "turn_about" };

class PageError extends Error {
  constructor(message) {
    super(message);
    this.name = "PageError";
    this.kind = "WebError";
    this.rule = null;
  }
}
const refuse = (message) => { throw new PageError(message); };

const unique = (xs) => [...new Set(xs)];
const last = (xs) => xs[xs.length - 1];
const onBoard = (where) => !["waiting", "out", "removed"].includes(where);
const seatOf = (figure) => SEATS.indexOf(figure[0]);
// A seat's bot and a drawn tile take a seed per call: the game's seed and the actions so far.
const mix = (seed, k) => (((seed | 0) * 1000003) % 2 ** 31) + k;
const probability = (p) => (p.endsWith("/1") ? p.slice(0, -2) : p);
// A move carried out comes with its first frame's picture: the board it shows at once, in the
// same call.
const FIRST = { frame: 0 };
const LAYER = '<g class="hot">'; // where a board's clickable layer starts, after its picture

function tileName(tile) {
  const m = /^(\d+)hits?$/.exec(tile);
  return m ? `${m[1]} hit${m[1] === "1" ? "" : "s"}` : `${tile} steps`;
}

// --- a game: its states, the move being built, the tile being placed --------------------------

class Game {
  constructor(engine, start, seats, seed) {
    this.engine = engine;
    this.start = start;
    this.seats = seats;
    this.seed = seed;
    this.states = [start];
    this.actions = []; // each action's notation, as the record holds it
    this.cursor = 0; // the state shown and played from (earlier: undo; later: redo)
    this.building = null; // {figure, path, next, complete, svg, picture, of}: svg, the board of state `of`
    this.tileChoice = null; // [tile, arrow, orientation]
    this.preview = null; // {action, square, after}: a tile shown on its square, not placed
    this.walk = null; // the last move carried out: {state, what}, for its frames
    this.online = false;
    this.pending = null; // online: the move sent, not yet committed
  }

  get state() { return this.states[this.cursor]; }
  get mover() {
    const s = this.state;
    return s.phase === "figures" || s.phase === "placement" ? SEATS.indexOf(s.to_move) : -1;
  }

  figureOn(square) {
    if (!onBoard(square)) return null; // "out", beyond the exit, holds the figures out: none
    const f = this.state.figures.find((x) => x.where === square);
    return f ? f.name : null;
  }

  // The path's continuations and the board with them marked, in one call to the engine's
  // worker: a click waits for one message, not two. The board's picture is the state's, the
  // same at every click of a move: asked for at its first click, then only the clickable
  // layer (a message of 11,000 characters instead of 28,000).
  async steps(figure, path) {
    const state = this.state;
    const [marks, labels] = this.marks([], { figure, path, next: [] });
    const b = this.building;
    const kept = b && b.of === state ? b.picture : null;
    const c = await this.engine.continuationsBoard(state, figure, path, { marks, labels, picture: kept === null });
    const svg = kept === null ? c.svg : kept + c.svg;
    const picture = kept ?? svg.slice(0, svg.indexOf(LAYER));
    return { figure, path, next: [...c.next], complete: c.complete, svg, picture, of: state };
  }

  async select(figure) {
    this.building = await this.steps(figure, []);
  }

  // A click on a square: the path's next entry, a figure to move, or where a tile goes.
  async click(square) {
    const state = this.state;
    if (state.phase === "placement") return this.placeClick(square);
    const b = this.building;
    if (b && b.complete && !b.next.length && b.path.length && square === last(b.path)) {
      return this.play(); // the last square clicked again: the move seen, now played
    }
    const figure = this.figureOn(square);
    const mine = figure !== null && figure[0] === state.to_move;
    if (!b || (!b.path.length && !b.next.includes(square) && mine)) {
      if (figure === null) {
        refuse(state.phase === "figures"
          ? `${square}: first choose a figure of ${state.to_move}: click it on the board, or a waiting one beside the board`
          : `no figure moves now: the game is in its ${state.phase} phase`);
      }
      await this.select(figure);
      return null;
    }
    // A path that can go no further is not played at once: the player sees where the figure
    // ends and plays it (Play move, or its last square again).
    this.building = await this.steps(b.figure, [...b.path, square]);
    return null;
  }

  async back() {
    const b = this.building;
    this.building = b && b.path.length ? await this.steps(b.figure, b.path.slice(0, -1)) : null;
  }

  async play() {
    const b = this.building;
    if (!b) refuse("no move is being built: click a figure first");
    const move = { type: "move", figure: b.figure, path: b.path };
    if (!b.complete) {
      const why = await this.engine.check(this.state, move);
      throw Object.assign(new PageError(why.message), { kind: why.kind, rule: why.rule || null });
    }
    if (this.online) return this.playAction(await this.engine.formatAction(move), "move");
    // Carried out as its JSON: walkFrames answers its notation, for the record (one call). The
    // board the move was built on is on the page already: it is the walk's first frame, so the
    // click waits for no picture (the frames after it are drawn while they play).
    return this.playAction(move, "move", b.of === this.state);
  }

  async bot() {
    const state = this.state;
    if (state.phase === "monster") return this.reveal("");
    if (state.phase === "over") refuse("the game is over");
    const kind = this.seats[this.mover];
    if (kind === PERSON) refuse(`${state.to_move} is played by a person: click a move`);
    // In the placement every bot places a legal tile drawn uniformly (the engine's choice).
    const action = await this.engine.chooseMove(state, { bot: kind, seed: mix(this.seed, this.cursor) });
    return this.playAction(action, state.phase === "figures" ? "move" : "place");
  }

  async reveal(tile) {
    const state = this.state;
    if (state.phase !== "monster") refuse(`no monster tile now: the game is in its ${state.phase} phase`);
    tile = tile || (await this.engine.drawTile(state, { seed: mix(this.seed, this.cursor) }));
    const walk = await this.engine.walkFrames(state, tile, FIRST);
    this.push(`reveal ${tile}`, walk.after);
    this.walk = { state, what: tile, summary: walk };
    return `reveal ${tile}`;
  }

  // An action played: a figure move is carried out with its frames (every move is shown step
  // by step, the bots' too); a placement is applied. built: the board shown is the one the move
  // was built on (its first frame needs no picture of the engine's).
  async playAction(action, type, built = false) {
    if (this.online) {
      // Online a move is not played here: the page sends it, and shows it once committed.
      if (this.pending) refuse(`waiting for the server to take ${this.pending}`);
      this.pending = action;
      this.walk = null;
      return action;
    }
    const before = this.state;
    if (type === "move") {
      const walk = await this.engine.walkFrames(before, action, built ? undefined : FIRST);
      action = walk.action;
      this.push(action, walk.after);
      this.walk = { state: before, what: action, summary: walk, built };
    } else {
      this.push(action, await this.engine.apply(before, action));
    }
    return action;
  }

  chooseTile(tile, arrow = "", orientation = "") {
    if (!this.state.to_place.includes(tile)) refuse(`${JSON.stringify(String(tile).slice(0, 40))} is not a tile left to place`);
    if (!["", "N", "E", "S", "W"].includes(arrow) || !["", "H", "V"].includes(orientation)) {
      refuse("a teleporter's arrow is N, E, S or W, the pool strip's orientation H or V");
    }
    this.tileChoice = [tile, arrow, orientation];
  }

  currentChoice() {
    const s = this.state;
    let [tile, arrow, orientation] = this.tileChoice || [s.to_place[0], "", ""];
    if (!s.to_place.includes(tile)) [tile, arrow, orientation] = [s.to_place[0], "", ""];
    if (tile.startsWith("teleporter")) arrow = arrow || "N";
    if (tile === "pool_strip") orientation = orientation || "H";
    return [tile, tile.startsWith("teleporter") ? arrow : "", orientation];
  }

  placement(square) {
    const [tile, arrow, orientation] = this.currentChoice();
    return ["place", tile, square, arrow, orientation].filter((x) => x).join(" ");
  }

  // The first click on a square shows the tile there (the engine's state after it, or its
  // refusal), a second click on the same square places it.
  async placeClick(square) {
    const action = this.placement(square);
    if (this.preview && this.preview.action === action) return this.playAction(action, "place");
    this.preview = { action, square, after: await this.engine.apply(this.state, action) };
    return null;
  }

  async placePreviewed() {
    if (!this.preview) refuse("no tile is shown on the board: click a square to see it there first");
    return this.playAction(this.preview.action, "place");
  }

  push(action, after) {
    this.states.splice(this.cursor + 1);
    this.actions.splice(this.cursor);
    this.states.push(after);
    this.actions.push(action);
    this.cursor += 1;
    this.building = this.preview = this.walk = null;
  }

  goto(k) {
    if (!Number.isInteger(k) || k < 0 || k >= this.states.length) {
      refuse(`the game has states 0-${this.states.length - 1}, not ${String(k).slice(0, 20)}`);
    }
    this.cursor = k;
    this.building = this.preview = this.walk = null;
  }

  // One action forward again, shown step by step if it moves a piece.
  async redo() {
    if (this.cursor >= this.actions.length) return null;
    const before = this.state;
    const action = this.actions[this.cursor];
    const type = (await this.engine.parseAction(action)).type;
    const walk = type === "move" || type === "reveal" ? await this.engine.walkFrames(before, action, FIRST) : null;
    this.goto(this.cursor + 1);
    if (walk) this.walk = { state: before, what: action, summary: walk };
    return action;
  }

  // A server's committed action, carried out on the latest state.
  async receive(action) {
    this.cursor = this.states.length - 1;
    const before = this.state;
    const type = (await this.engine.parseAction(action)).type;
    if (type === "move" || type === "reveal") {
      const walk = await this.engine.walkFrames(before, action, FIRST);
      this.push(action, walk.after);
      this.walk = { state: before, what: action, summary: walk };
    } else {
      this.push(action, await this.engine.apply(before, action));
    }
    this.pending = null;
    return action;
  }

  marks(legal, b = this.building) {
    const state = this.state;
    const marks = {};
    const labels = {};
    if (state.phase === "figures") {
      for (const f of state.figures) {
        if (f.name[0] === state.to_move && !f.moved && onBoard(f.where)) marks[f.where] = "mine";
      }
      if (b) {
        const where = state.figures.find((f) => f.name === b.figure).where;
        if (onBoard(where)) marks[where] = "from";
        b.path.forEach((sq, k) => {
          marks[sq] = "path";
          labels[sq] = sq in labels ? `${labels[sq]},${k + 1}` : String(k + 1);
        });
        for (const sq of b.next) marks[sq] = "next";
      }
    } else if (state.phase === "placement") {
      // Outlined only ("can"), so that the board under them stays readable.
      const [tile, arrow, orientation] = this.currentChoice();
      for (const p of legal) {
        const [, t, sq, ...rest] = p.split(" ");
        const a = t.startsWith("teleporter") ? rest[0] || "" : "";
        const o = t === "pool_strip" ? rest[0] || "" : "";
        if (t === tile && a === arrow && o === orientation) marks[sq] = "can";
      }
      if (this.preview) marks[this.preview.square] = "pending";
    }
    return [marks, labels];
  }

  status(result) {
    const state = this.state;
    const head = `round ${state.round}, stage ${state.stage}`;
    if (state.phase === "over") {
      const winners = result ? result.winners.join(" ") : "";
      return `${head}: the game is over (${result ? result.rule : ""}); winner(s): ${winners || "nobody"}`;
    }
    if (state.phase === "monster") return `${head}: the monster's turn, a tile to reveal (${state.deck.length} left)`;
    const kind = this.seats[this.mover];
    if (state.phase === "placement") {
      if (this.preview) {
        const [, tile, square] = this.preview.action.split(" ");
        return `placing the floor tiles: ${tile} shown on ${square}: click it again (or Place tile) to place it there, or another square`;
      }
      return `placing the floor tiles: ${state.to_move} (${kind}) places ${state.to_place[0]}`;
    }
    return `${head}: ${state.to_move} to move (${kind})`;
  }

  // The board the page shows now, its squares marked.
  async board(legal = null) {
    const state = this.state;
    const b = this.building;
    if (b && b.of === state && !this.preview) return b.svg; // drawn with the continuations it shows
    if (legal === null) legal = state.phase === "placement" ? await this.engine.legalPlacements(state) : [];
    const [marks, labels] = this.marks(legal);
    return this.engine.boardSvg(this.preview ? this.preview.after : state, { marks, labels });
  }

  // What the page shows now; without its board (svg null) when it is drawn later: after a move
  // is played its frames are shown first, and the board after it only once they have been.
  async view(board = true) {
    const e = this.engine;
    const state = this.state;
    const [legal, result, chance] = await Promise.all([
      state.phase === "placement" ? e.legalPlacements(state) : [],
      state.phase === "over" ? e.outcome(state) : null,
      state.phase === "monster" ? e.chanceOutcomes(state) : [],
    ]);
    const b = this.building;
    const svg = board ? await this.board(legal) : null;
    const mover = this.mover;
    return {
      svg,
      status: this.status(result),
      phase: state.phase,
      to_move: mover >= 0 ? SEATS[mover] : "",
      seat: mover >= 0 ? this.seats[mover] : "",
      seats: [...this.seats],
      building: b && { figure: b.figure, path: [...b.path], next: [...b.next], complete: b.complete },
      waiting: state.phase === "figures"
        ? state.figures.filter((f) => seatOf(f.name) === mover && f.where === "waiting" && !f.moved).map((f) => f.name)
        : [],
      chance: chance.map((c) => [c.tile, probability(c.probability)]),
      placement: state.phase !== "placement" ? null : {
        tiles: unique(state.to_place),
        choice: this.currentChoice(),
        preview: this.preview ? this.preview.square : "",
      },
      record: [...this.actions],
      cursor: this.cursor,
    };
  }
}

// --- a position asked about, set up square by square ---------------------------------------

class Editor {
  constructor(fields) { Object.assign(this, fields); }

  static of(state, tile = "8") {
    const kinds = Object.fromEntries(PIECES.map((k) => [k, []]));
    for (const [sq, kind] of Object.entries(state.stones)) kinds[KIND_FIELD[kind]].push(sq);
    return new Editor({
      players: state.players,
      names: state.figures.map((f) => f.name),
      figures: state.figures.filter((f) => onBoard(f.where)).map((f) => [f.name, f.where]),
      faces: state.figures.filter((f) => f.face !== +f.name.slice(1)).map((f) => [f.name, f.face]),
      pools: [...state.pools],
      teleporters: state.teleporters.map((t) => `${t.square}:${t.pair}:${t.arrow}`),
      monster: state.monster,
      facing: state.facing,
      stage: state.stage,
      tile,
      options: Object.fromEntries(Object.entries(state.options).map(([k, v]) => [k, String(v).toLowerCase()])),
      ...kinds,
    });
  }

  static async basic(engine, players = 4, empty = false) {
    const printed = Editor.of(await engine.newGame({ players }));
    return empty ? printed.with({ stones: [], pools: [] }) : printed;
  }

  with(changes) { return new Editor({ ...this, ...changes }); }

  // The teleporters whose partner is placed, and those still alone (waiting for it).
  pairs() {
    const count = {};
    for (const t of this.teleporters) count[t.split(":")[1]] = (count[t.split(":")[1]] || 0) + 1;
    const alone = this.teleporters.filter((t) => count[t.split(":")[1]] === 1);
    return [this.teleporters.filter((t) => !alone.includes(t)), alone];
  }

  // The position (every figure has moved: the monster's turn), checked by the engine.
  position(engine, options = this.options) {
    return engine.position({
      players: this.players,
      figures: Object.fromEntries(this.figures),
      faces: Object.fromEntries(this.faces),
      moved: this.names,
      stones: [...this.stones].sort(),
      pools: [...this.pools].sort(),
      crystals: [...this.crystals].sort(),
      turnRight: [...this.turn_right].sort(),
      turnAbout: [...this.turn_about].sort(),
      teleporters: this.pairs()[0],
      monster: this.monster,
      facing: this.facing,
      stage: this.stage,
      options,
    });
  }

  edited(tool, square) {
    const toggle = (list, on) => (on ? unique([...list, square]) : list.filter((x) => x !== square));
    const figures = this.figures.filter(([, sq]) => sq !== square);
    const here = this.figures.filter(([, sq]) => sq === square).map(([n]) => n);
    if (tool.startsWith("figure:")) {
      const name = tool.slice(7);
      if (!this.names.includes(name)) refuse(`${JSON.stringify(name.slice(0, 20))} is not a figure of a ${this.players}-player game`);
      const at = this.figures.find(([n]) => n === name);
      const others = this.figures.filter(([n]) => n !== name);
      // A second click on its square sends it back to the entrance.
      const moved = at && at[1] === square ? others : [...others, [name, square]];
      return this.with({ figures: moved.sort() });
    }
    if (tool.startsWith("monster:")) return this.with({ monster: square, facing: tool.slice(8) });
    if (tool.startsWith("teleporter:")) {
      if (!/^teleporter:[12]:[NESW]$/.test(tool)) refuse(`${JSON.stringify(tool.slice(0, 40))}: a teleporter is placed as teleporter:PAIR:ARROW`);
      const spec = `${square}:${tool.slice(11)}`;
      const others = this.teleporters.filter((t) => !t.startsWith(`${square}:`));
      return this.with({ teleporters: this.teleporters.includes(spec) ? others : [...others, spec] });
    }
    if (tool === "flip") {
      if (!here.length) refuse(`${square}: no figure to flip there`);
      const faces = Object.fromEntries(this.faces);
      for (const name of here) faces[name] = 7 - (faces[name] ?? +name.slice(1));
      return this.with({ faces: Object.entries(faces).sort() });
    }
    if (tool === "pools") return this.with({ pools: toggle(this.pools, !this.pools.includes(square)) });
    if (PIECES.includes(tool)) {
      const on = !this[tool].includes(square);
      return this.with(Object.fromEntries(PIECES.map((k) => [k, toggle(this[k], on && k === tool)])));
    }
    if (tool === "erase") {
      return this.with({
        figures,
        teleporters: this.teleporters.filter((t) => !t.startsWith(`${square}:`)),
        pools: toggle(this.pools, false),
        ...Object.fromEntries(PIECES.map((k) => [k, toggle(this[k], false)])),
      });
    }
    return refuse(`${JSON.stringify(String(tool).slice(0, 40))} is not a tool of the editor`);
  }

  async answer(engine) {
    const state = await this.position(engine);
    const alone = this.pairs()[1].map((t) => t.split(":"));
    const marks = Object.fromEntries(alone.map(([sq]) => [sq, "pending"]));
    const labels = Object.fromEntries(alone.map(([sq, pair]) => [sq, `T${pair}?`]));
    return {
      svg: await engine.boardSvg(state, { marks, labels }),
      editor: {
        players: this.players, tile: this.tile, tiles: unique(state.deck), stage: this.stage,
        options: { ...this.options }, figures: [...this.names],
      },
    };
  }
}

// --- the page's calls ---------------------------------------------------------------------------

class Page {
  constructor(engine, game, editor) {
    this.engine = engine;
    this.game = game;
    this.editor = editor;
    this.walks = new Map(); // which -> {state, what}: the walks whose frames may be drawn
    this.kinds = [];
  }

  static async start(engine) {
    const game = new Game(engine, await engine.newGame({ players: 4 }), Array(4).fill(PERSON), 0);
    return new Page(engine, game, await Editor.basic(engine));
  }

  // The view, the action just played (none when replayed: an earlier one shown again) and its
  // frames to show, under a name of their own.
  async answer(action = null, replayed = false, chosen = false) {
    const g = this.game;
    const walked = !!(g.walk && action);
    const out = { view: await g.view(!walked), played: replayed ? "" : action || "" };
    if (walked) {
      const which = `game-${g.cursor}`;
      this.walks.delete(which);
      this.walks.set(which, g.walk);
      const games = [...this.walks.keys()].filter((w) => w.startsWith("game-"));
      for (const old of games.slice(0, -KEPT_WALKS)) this.walks.delete(old);
      const s = g.walk.summary;
      out.walk = { tile: s.tile, monster: s.monster, heading: s.heading, frames: s.frames, which, first: s.svg, built: !!g.walk.built };
    }
    // A figure just chosen that can step onto no square gets a word and the way out.
    const b = g.building;
    if (chosen && b && !b.path.length && !b.next.length) {
      out.note = {
        error: `${b.figure} can step onto no square now: every way is blocked or leads to no legal move. Its move is the zero move (the Zero move button): it stays where it is and is flipped`,
        rule: "FIG-ZERO",
      };
    }
    return out;
  }

  catalogue() {
    const info = this.engine.info;
    return {
      players: [...info.players],
      setups: [...info.setups],
      seat_kinds: [PERSON, ...info.bots],
      options: info.options.map((o) => ({
        name: o.name, choices: o.values.map((v) => String(v)), default: String(o.default).toLowerCase(),
      })),
      tiles: [...info.tiles],
      tile_names: Object.fromEntries(info.tiles.map((t) => [t, tileName(t)])),
      tools: EDITOR_TOOLS,
    };
  }

  async new_game({ players = 4, setup = "basic", options = {}, seats = [], seed = 0, start_player = 0 }) {
    const kinds = this.seatKinds(seats, players);
    const start = await this.engine.newGame({ players, setup, options, startPlayer: start_player });
    this.game = new Game(this.engine, start, kinds, seed);
    return this.answer();
  }

  seatKinds(seats, players) {
    const out = seats && seats.length ? [...seats] : Array(players).fill(PERSON);
    if (out.length !== players) refuse(`${out.length} seat kinds for ${players} players`);
    const known = this.catalogue().seat_kinds;
    for (const k of out) if (!known.includes(k)) refuse(`${JSON.stringify(String(k).slice(0, 40))} is not a seat kind: ${known.join(", ")}`);
    return out;
  }

  async set_seats({ seats }) { this.game.seats = this.seatKinds(seats, this.game.start.players); return this.answer(); }
  view() { return this.answer(); }
  async board() { return { svg: await this.game.board() }; } // a view's board drawn later
  async select({ figure }) { await this.game.select(figure); return this.answer(null, false, true); }
  async click({ square }) { return this.answer(await this.game.click(square), false, true); }
  async back() { await this.game.back(); return this.answer(); }
  cancel() { this.game.building = null; return this.answer(); }
  async play() { return this.answer(await this.game.play()); }
  async bot() { return this.answer(await this.game.bot()); }
  async reveal({ tile = "" }) { return this.answer(await this.game.reveal(tile)); }
  async choose_tile({ tile, arrow = "", orientation = "" }) {
    const g = this.game;
    g.chooseTile(tile, arrow, orientation);
    if (g.preview) { // the tile shown again, as now chosen, on its square
      const square = g.preview.square;
      g.preview = null;
      try { await g.placeClick(square); } catch (e) { if (!e.kind) throw e; }
    }
    return this.answer();
  }
  async place_tile() { return this.answer(await this.game.placePreviewed()); }
  undo() { this.game.goto(Math.max(this.game.cursor - 1, 0)); return this.answer(); }
  async redo() { return this.answer(await this.game.redo(), true); }
  goto({ k }) { this.game.goto(k); return this.answer(); }

  async walk_frame({ which, k }) {
    const walk = this.walks.get(which);
    if (!walk) refuse(`no walk of ${JSON.stringify(String(which).slice(0, 40))} to show`);
    return { svg: await this.engine.walkFrame(walk.state, walk.what, k) };
  }

  async record() {
    const g = this.game;
    const record = await this.engine.toRecord(g.start, g.actions.slice(0, g.cursor));
    return { text: JSON.stringify(record, null, 2) };
  }

  // The game of a record; seats: who plays each seat (the page remembers them for the records
  // it saved), else the seats of the game shown if they fit.
  async load_record({ text, seats = null }) {
    const { record, states } = await this.engine.fromRecord(text);
    const players = states[0].players;
    const wanted = seats && seats.length ? seats : this.game.seats;
    const kinds = wanted.length === players ? this.seatKinds(wanted, players) : Array(players).fill(PERSON);
    const g = new Game(this.engine, states[0], kinds, this.game.seed);
    g.states = [...states];
    g.actions = [...record.actions];
    g.cursor = g.actions.length;
    this.game = g;
    return this.answer();
  }

  async export() {
    const s = this.game.state;
    const [position, diagram] = await Promise.all([this.engine.positionString(s), this.engine.diagram(s)]);
    return { position, json: JSON.stringify(s, null, 2), diagram };
  }

  state() { return this.game.state; }

  // --- asking the rules ---
  async editorAnswer(editor) {
    const answer = await editor.answer(this.engine); // the engine's refusal: nothing changes
    this.editor = editor;
    return answer;
  }
  async editor_new({ players = 4, empty = false }) { return this.editorAnswer(await Editor.basic(this.engine, players, empty)); }
  editor_from_game() { return this.editorAnswer(Editor.of(this.game.state, this.editor.tile)); }
  editor_edit({ tool, square }) { return this.editorAnswer(this.editor.edited(String(tool), String(square))); }
  editor_set({ tile = "", stage = 0, options = null }) {
    const changes = {};
    if (tile) changes.tile = tile;
    if (stage) changes.stage = stage;
    if (options) changes.options = { ...options };
    return this.editorAnswer(this.editor.with(changes));
  }
  editor_view() { return this.editorAnswer(this.editor); }

  async editor_explain() {
    const ed = this.editor;
    for (const t of ed.pairs()[1]) {
      const [sq, pair] = t.split(":");
      refuse(`the teleporter on ${sq} waits for its partner: place pair ${pair}'s other`);
    }
    const state = await ed.position(this.engine);
    const walk = await this.engine.walkFrames(state, ed.tile, FIRST);
    this.walks.set("ask", { state, what: ed.tile });
    return { walk: { tile: walk.tile, monster: walk.monster, heading: walk.heading, frames: walk.frames, which: "ask", first: walk.svg } };
  }

  async editor_compare({ option }) {
    const state = await this.editor.position(this.engine);
    const c = await this.engine.compareReadings(state, this.editor.tile, option);
    return {
      option,
      readings: c.readings.map((r) => ({ label: r.label, error: r.error, text: r.text })),
      first_difference: c.firstDifference,
      summary: c.summary,
      svg: c.svg,
    };
  }

  // The options whose other reading changes the walk asked about; none while the position
  // cannot be walked yet.
  async editor_matters() {
    try {
      const state = await this.editor.position(this.engine);
      const found = await this.engine.readingsThatMatter(state, `reveal ${this.editor.tile}`);
      return { matters: found.map((m) => ({ option: m.option, value: m.value, how: m.how })) };
    } catch (e) {
      if (!e.kind) throw e;
      return { matters: [] };
    }
  }

  // --- a game of a server (online.js) ---
  async online_start({ record, seat = "", kinds = null }) {
    const { record: r, states } = await this.engine.fromRecord(record);
    const players = states[0].players;
    if (seat && !SEATS.slice(0, players).includes(seat)) {
      refuse(`seat ${JSON.stringify(String(seat).slice(0, 10))}: this game has seats A-${SEATS[players - 1]}`);
    }
    const g = new Game(this.engine, states[0], Array(players).fill(PERSON), 0);
    g.states = [...states];
    g.actions = [...r.actions];
    g.cursor = g.actions.length;
    g.online = true;
    this.game = g;
    this.kinds = kinds && kinds.length ? [...kinds] : [...g.seats];
    return this.answer();
  }

  online() {
    if (!this.game.online) refuse("no online game on this page");
    return this.game;
  }

  async online_receive({ action, seq }) {
    const g = this.online();
    if (seq !== g.actions.length + 1) refuse(`action ${seq} is not the next one: the page has ${g.actions.length}`);
    return this.answer(await g.receive(action));
  }

  online_drop() {
    const g = this.online();
    g.pending = g.building = null;
    return this.answer();
  }

  online_seq() {
    const g = this.online();
    return { seq: g.actions.length, pending: g.pending || "" };
  }

  // The panel is asked for after every view: the same state and seats give the same panel,
  // so a click that only builds a move costs no call for it.
  async panel() {
    const g = this.game;
    const players = g.online ? this.kinds : g.seats;
    const key = JSON.stringify(players);
    const kept = this.panelOf;
    if (kept && kept.state === g.state && kept.key === key) return kept.panel;
    const panel = await this.engine.panel(g.state, { players });
    this.panelOf = { state: g.state, key, panel };
    return panel;
  }

  async online_check_tiles({ seed, seed_hash = "" }) {
    const g = this.online();
    const record = await this.engine.toRecord(g.start, g.actions);
    return this.engine.checkTiles(record, { seed, seedHash: seed_hash });
  }
}

const CALLS = [
  "catalogue", "new_game", "set_seats", "view", "board", "select", "click", "back", "cancel", "play", "bot",
  "reveal", "choose_tile", "place_tile", "undo", "redo", "goto", "walk_frame", "record",
  "load_record", "export", "state", "editor_new", "editor_from_game", "editor_edit", "editor_set",
  "editor_view", "editor_explain", "editor_compare", "editor_matters", "online_start",
  "online_receive", "online_drop", "online_seq", "panel", "online_check_tiles",
];

// One call of the page by its name: its answer, or the refusal {error, rule, kind}. Calls run
// one after the other (each sees the state the one before left).
function pageCalls(page) {
  let queue = Promise.resolve();
  return (name, args) => {
    const run = async () => {
      if (!CALLS.includes(name)) refuse(`${JSON.stringify(String(name).slice(0, 40))} is not a call of the page`);
      return page[name](args || {});
    };
    const answer = queue.then(run).catch((e) => {
      if (e && e.kind) return { error: e.message, rule: e.rule || null, kind: e.kind };
      return { error: `the page failed: ${e}`, rule: null, kind: "InternalError" };
    });
    queue = answer;
    return answer;
  };
}

window.ffGame = { Page, pageCalls, tileName };
})();
