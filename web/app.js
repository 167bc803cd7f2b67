// The page's JavaScript: the first user of the engine's npm package (fearsome-rules/, the
// package's modules), whose engine runs in a Web Worker, so the page never freezes while it
// thinks. Every rule, every picture and every word of explanation comes from the package's
// calls; game.js keeps the page's state (the game's states, the move being built, the position
// asked about) and answers each click by its name (ff.call(name, args), a promise); this file
// shows the answers. It knows no square, no figure and no rule.
"use strict";

const ff = { ready: false, timings: {}, load: {}, rules: {}, engine: null, pending: 0 };
window.ff = ff;
const $ = (id) => document.getElementById(id);

// --- the engine -------------------------------------------------------------------------------

// Those waiting for every call to be answered (ff.idle), told when the last one is.
let idlers = [];

async function call(name, args) {
  const t0 = performance.now();
  ff.pending += 1;
  try {
    return await ff.calls(name, args || {});
  } finally {
    ff.pending -= 1;
    (ff.timings[name] = ff.timings[name] || []).push(performance.now() - t0);
    if (ff.pending === 0) {
      const waiting = idlers;
      idlers = [];
      // After the answer's own continuations (what the caller does with it, which may call
      // again): a microtask later, not a timer's several milliseconds.
      queueMicrotask(() => waiting.forEach((r) => r()));
    }
  }
}
ff.call = call;
// Whether a call is still being answered; idle(): once none is.
ff.calling = () => ff.pending > 0;
ff.idle = async () => {
  while (ff.pending > 0) await new Promise((r) => idlers.push(r));
};

async function start() {
  const t0 = performance.now();
  const [rules, manifest, { loadEngine }] = await Promise.all([
    fetch("rules.json").then((r) => r.json()),
    fetch("manifest.json").then((r) => r.json()),
    import("./fearsome-rules/browser.js"),
  ]);
  ff.rules = rules;
  $("loading").textContent = "Starting the engine…";
  // The runtime, the wheels and the snapshot (where the site has one: a clone's npm package,
  // built) are the site's own files: nothing is fetched from elsewhere. A site without one
  // (an installed package's, built without Node.js) starts from the snapshot this browser
  // kept of its wheels at an earlier load, else from the wheels, and keeps one then.
  const start = { pyodideURL: "pyodide/", wheelsURL: "wheels/", snapshot: !!manifest.snapshot };
  if (manifest.snapshot) start.snapshotURL = manifest.snapshot;
  ff.engine = await loadEngine(start);
  ff.load.snapshot = !!manifest.snapshot;
  ff.load.from = ff.engine._startedFrom; // "snapshot", "cache" or "wheels"
  ff.load.kept = ff.engine._snapshotKept; // a promise: the bytes of the snapshot kept (0: none)
  const t1 = performance.now();
  ff.page = await window.ffGame.Page.start(ff.engine);
  ff.calls = window.ffGame.pageCalls(ff.page);
  Object.assign(ff.load, { engine: t1 - t0, page: performance.now() - t1, ready: performance.now() });
  ff.catalogue = await call("catalogue");
  setUp();
  $("loading").hidden = true;
  $("app").hidden = false;
  // Opened from a server's seat or spectator link: follow that game; else a game here.
  if (!(window.ffOnline && (await window.ffOnline.begin()))) await newGame();
  askAnswer(await call("editor_view"));
  await ff.idle();
  ff.ready = true;
}

// --- messages: a refusal names its rule; its text comes from the spec -------------------------

function say(where, answer) {
  const box = $(where);
  box.textContent = "";
  box.className = "message";
  box.removeAttribute("data-rule");
  if (!answer || !answer.error) return false;
  box.className = "message refused";
  if (answer.rule) box.setAttribute("data-rule", answer.rule);
  box.append(answer.error);
  const rule = ff.rules[answer.rule];
  if (rule) {
    const d = document.createElement("details");
    const s = document.createElement("summary");
    s.textContent = `${answer.rule}: ${rule.title} (${rule.file})`;
    const p = document.createElement("pre");
    p.textContent = rule.text;
    d.append(s, p);
    box.append(d);
  }
  return true;
}

// --- the game -------------------------------------------------------------------------------

function option(select, value, text) {
  const o = document.createElement("option");
  o.value = value;
  o.textContent = text === undefined ? value : text;
  select.append(o);
  return o;
}

// An option by its rule's title in the spec (the rule whose "Option:" line names it).
function optionTitle(name) {
  const rule = Object.values(ff.rules).find((r) => r.text.includes(`Option: ${name}\n`) || r.text.endsWith(`Option: ${name}`));
  return rule ? `${rule.title} (${name})` : name;
}

function optionSelects(box, prefix) {
  for (const o of ff.catalogue.options) {
    const label = document.createElement("label");
    label.textContent = optionTitle(o.name) + " ";
    const s = document.createElement("select");
    s.id = `${prefix}-${o.name}`;
    s.dataset.option = o.name;
    for (const c of o.choices) option(s, c, c === o.default ? `${c} (default)` : c);
    s.value = o.default;
    label.append(s);
    box.append(label);
  }
}

function readOptions(box) {
  const out = {};
  for (const s of box.querySelectorAll("select")) out[s.dataset.option] = s.value;
  return out;
}

function seatSelects() {
  const box = $("seats");
  const n = +$("players").value;
  box.querySelectorAll("label").forEach((l) => l.remove());
  $("start-player").textContent = "";
  for (let k = 0; k < n; k++) {
    const letter = "ABCDEFG"[k];
    option($("start-player"), k, letter);
    const label = document.createElement("label");
    label.textContent = letter + " ";
    const s = document.createElement("select");
    s.id = `seat-${letter}`;
    for (const kind of ff.catalogue.seat_kinds) option(s, kind);
    s.value = k === 0 ? "person" : "greedy";
    label.append(s);
    box.append(label);
  }
}

function setUp() {
  const c = ff.catalogue;
  for (const n of c.players) { option($("players"), n); option($("ask-players"), n); }
  $("players").value = 4;
  $("ask-players").value = 4;
  for (const s of c.setups) option($("setup-kind"), s);
  optionSelects($("options"), "opt");
  optionSelects($("ask-options"), "ask-opt");
  seatSelects();
  $("players").onchange = seatSelects;
  $("new-game").onclick = newGame;
  $("board").onclick = (e) => {
    const sq = e.target.closest("[data-square]");
    if (sq) act("click", { square: sq.dataset.square });
  };
  $("zero").onclick = () => act("play");
  $("back").onclick = () => act("back");
  $("cancel").onclick = () => act("cancel");
  $("play-move").onclick = () => act("play");
  $("place").onclick = () => act("place_tile");
  $("bot").onclick = () => act("bot");
  $("reveal").onclick = () => act("reveal", { tile: $("tile").value });
  $("undo").onclick = () => act("undo");
  $("redo").onclick = () => act("redo");
  $("save").onclick = save;
  $("load").onchange = load;
  $("export").onclick = async () => {
    const x = await call("export");
    $("export-position").value = x.position;
    $("export-json").value = x.json;
  };
  for (const id of ["place-tile", "place-arrow", "place-orientation"]) {
    $(id).onchange = () => act("choose_tile", {
      tile: $("place-tile").value, arrow: $("place-arrow").value,
      orientation: $("place-orientation").value,
    });
  }
  // A move being shown is not cut short: the bots start (or stop) at its end.
  $("auto").onchange = () => { if (!ff.shown()) show(ff.view); };
  for (const b of document.querySelectorAll(".tab")) b.onclick = () => tab(b.dataset.tab);
  askSetUp();
}

function tab(name) {
  for (const b of document.querySelectorAll(".tab")) b.setAttribute("aria-pressed", b.dataset.tab === name);
  for (const p of document.querySelectorAll(".page")) p.hidden = p.id !== name;
}

async function newGame() {
  const n = +$("players").value;
  const seats = [];
  for (let k = 0; k < n; k++) seats.push($(`seat-${"ABCDEFG"[k]}`).value);
  return act("new_game", {
    players: n, setup: $("setup-kind").value, options: readOptions($("options")),
    seats, seed: +$("seed").value || 0, start_player: +$("start-player").value || 0,
  });
}

// One action: ask the engine, show the answer (or the refusal and its rule). An action asked
// for while a move is still being shown first ends its showing (the board the click meant).
async function act(name, args) {
  if (ff.online && !ff.online.mayAct(name)) return { error: "refused", rule: "" };
  if (ff.shown() && !["view", "walk_frame"].includes(name)) settle();
  const answer = await call(name, args);
  if (say("message", answer)) return answer;
  present(answer.view, answer.walk);
  if (ff.online && answer.played) ff.online.send(answer.played); // shown once committed
  if (answer.note) say("message", answer.note); // e.g. a figure that can step nowhere
  return answer;
}
ff.act = act;

// --- every move step by step on the main board, before its result --------------------------
// A played move (a person's, a bot's, the monster's walk; online, each one the server commits)
// comes with its frames; they play on the board at the chosen speed, the status saying who
// moves, and only then is the position after it shown. What comes meanwhile waits its turn.

const shows = [];
function present(view, walk) {
  shows.push({ view, walk });
  if (!walks.game.active) nextShow();
}
ff.present = present;

function nextShow() {
  const s = shows.shift();
  if (!s) { ff.animating = false; return; }
  ff.animating = true;
  ff.view = s.view; // what the page holds; drawn when its move has been shown
  if (s.walk) {
    walks.game.load(s.walk, true);
  } else {
    show(s.view);
    nextShow();
  }
}

// The board at once as it is now: every move still being shown, ended.
function settle() {
  const last = shows.length ? shows[shows.length - 1].view : ff.view;
  shows.length = 0;
  walks.game.stop();
  ff.animating = false;
  show(last);
}
ff.settle = settle;

const speed = () => +$("speed").value;
// A move being shown on the board (or a walk stepped through by hand); busy: that, or a call
// not answered yet (what the page shows is not the last click's yet).
ff.shown = () => ff.animating || walks.game.active;
ff.busy = () => ff.shown() || ff.calling();

// --- a board: the engine's SVG, redrawn where it changed -------------------------------------
// boardSvg answers the position's picture, then its layer of clickable squares (`<g
// class="hot">`, a line of the SVG per square: its rect, then its label if it has one). While a
// move is built the picture stays the same and a few squares' marks change: those squares'
// lines replace their elements, and the picture is left alone (inserting the whole board again
// cost 3.5 to 7 ms a click, parsing and styling some 450 elements; a square, some 0.1 ms).
// A line whose only change is its rect's class (a mark, no label) changes that attribute: no
// element is made or laid out anew. The elements are the same as a whole redraw's, in order.
const HOT = '<g class="hot">';
const SVG_NS = "http://www.w3.org/2000/svg";
const boards = new WeakMap(); // box -> {picture, lines, layer, cells}: what it shows
const MARKED = /^<rect class="([^"]*)"(?=[^<]*><title>[^<]*<\/title><\/rect>$)/; // a square's line without a label

function drawBoard(box, svg) {
  const at = svg.indexOf(HOT);
  const picture = at < 0 ? svg : svg.slice(0, at);
  const lines = at < 0 ? [] : svg.slice(at).split("\n");
  const was = boards.get(box);
  if (!was || at < 0 || was.picture !== picture || was.lines.length !== lines.length || !box.contains(was.layer)) {
    box.innerHTML = svg;
    boards.delete(box);
    const layer = at < 0 ? null : box.querySelector("g.hot");
    if (layer) boards.set(box, { picture, lines, layer, cells: squareCells(layer, lines) });
    return;
  }
  for (let k = 1; k < lines.length; k++) {
    if (lines[k] === was.lines[k] || !was.cells[k]) continue;
    const mark = MARKED.exec(lines[k]);
    const had = MARKED.exec(was.lines[k]);
    if (mark && had && was.cells[k].length === 1 && lines[k].slice(mark[0].length) === was.lines[k].slice(had[0].length)) {
      was.cells[k][0].setAttribute("class", mark[1]);
      continue;
    }
    const parsed = document.createElementNS(SVG_NS, "g");
    parsed.innerHTML = lines[k];
    const fresh = [...parsed.children];
    was.cells[k][0].before(...fresh);
    for (const old of was.cells[k]) old.remove();
    was.cells[k] = fresh;
  }
  was.lines = lines;
}

// The elements each line of the layer made: a square's rect (data-square) and what follows it
// up to the next square's; by line number (the layer's first line is its <g>).
function squareCells(layer, lines) {
  const cells = [];
  let k = 0;
  for (const el of layer.children) {
    if (el.hasAttribute("data-square")) {
      k += 1;
      while (k < lines.length && !lines[k].includes("data-square=")) k += 1;
      cells[k] = [el];
    } else if (cells[k]) {
      cells[k].push(el);
    }
  }
  return cells;
}
ff.drawBoard = drawBoard;

// What show() last wrote in each part of the page, by a key of what it shows: a click that only
// builds a move changes the board and the buttons, and rewriting the rest (the record, the
// waiting figures, the tile lists) made the browser style and lay them out again at every click.
const shownParts = new Map();
function changed(part, ...what) {
  const key = JSON.stringify(what);
  if (shownParts.get(part) === key) return false;
  shownParts.set(part, key);
  return true;
}
function setText(el, text) { if (el.textContent !== text) el.textContent = text; }
function setFlag(el, name, value) { if (el[name] !== value) el[name] = value; }

let botTimer = null;
function show(view) {
  ff.view = view;
  if (view.svg) drawBoard($("board"), view.svg);
  else boardLater(view);
  setText($("status"), view.status);
  const b = view.building;
  if (changed("waiting", view.waiting, b && b.figure)) {
    const waiting = $("waiting");
    waiting.textContent = "";
    for (const f of view.waiting) {
      const btn = document.createElement("button");
      btn.type = "button";
      btn.className = "figure" + (b && b.figure === f ? " chosen" : "");
      btn.dataset.figure = f;
      btn.textContent = `${f} (waiting)`;
      btn.onclick = () => act("select", { figure: f });
      waiting.append(btn);
    }
  }
  const person = view.seat === "person";
  setFlag($("zero"), "hidden", !(b && b.path.length === 0 && b.complete));
  setFlag($("back"), "disabled", !b);
  setFlag($("cancel"), "disabled", !b);
  setFlag($("play-move"), "disabled", !(b && b.complete && b.path.length > 0));
  // While the bots play by themselves, a click on "Bot move" would only race them.
  setFlag($("bot"), "disabled", person || view.phase === "over" || view.phase === "monster" || $("auto").checked);
  setFlag($("monster-controls"), "hidden", view.phase !== "monster");
  if (changed("tile", view.chance, view.cursor, view.record.length)) {
    const tile = $("tile");
    tile.textContent = "";
    option(tile, "", "draw a tile at random");
    for (const [t, p] of view.chance) option(tile, t, `${tileName(t)} (chance ${p})`);
  }
  setFlag($("placement"), "hidden", !view.placement);
  setFlag($("place"), "hidden", !(view.placement && view.placement.preview));
  if (view.placement && changed("placement", view.placement)) {
    $("place-tile").textContent = "";
    for (const t of view.placement.tiles) option($("place-tile"), t, tileName(t));
    [$("place-tile").value, $("place-arrow").value, $("place-orientation").value] = view.placement.choice;
    $("place-arrow").hidden = !view.placement.choice[1];
    $("place-orientation").hidden = !view.placement.choice[2];
  }
  if (changed("record", view.record, view.cursor)) showRecord(view);
  setFlag($("undo"), "disabled", view.cursor === 0);
  setFlag($("redo"), "disabled", view.cursor === view.record.length);
  clearTimeout(botTimer);
  const botTurn = !person && (view.phase === "figures" || view.phase === "placement");
  if (!ff.online && $("auto").checked && (botTurn || view.phase === "monster" && view.seats.every((s) => s !== "person"))) {
    // A call still being answered (the panel) does not hold the bots up: act() waits its turn.
    botTimer = setTimeout(() => { if (!ff.shown() && $("auto").checked) act("bot"); }, Math.max(speed(), 50));
  }
  // The rules' editor starts with the game's number of players.
  if (ff.players !== view.seats.length) {
    ff.players = view.seats.length;
    if (!ff.edited) call("editor_new", { players: ff.players }).then(askAnswer);
  }
  if (window.ffOnline) window.ffOnline.shown(view); // the players' panel; online, the status
}

// The board of a view answered without it (a move played: its frames were shown first), asked
// for now; drawn if the view is still the one shown when it comes.
async function boardLater(view) {
  const a = await call("board");
  if (a.error) return;
  view.svg = a.svg;
  if (ff.view === view && !ff.shown()) drawBoard($("board"), a.svg);
}

function showRecord(view) {
  const record = $("record");
  record.textContent = "";
  const start = document.createElement("li");
  start.textContent = "the start";
  record.append(start);
  view.record.forEach((a) => {
    const li = document.createElement("li");
    li.textContent = a;
    record.append(li);
  });
  [...record.children].forEach((li, k) => {
    li.className = k === view.cursor ? "current" : k > view.cursor ? "undone" : "";
    li.onclick = () => act("goto", { k });
  });
}

// A monster tile by its name: "5 steps", "1 hit" (the engine's notation is "5", "1hit").
function tileName(t) {
  return ff.catalogue.tile_names[t] || t;
}

// The engine's record format says nothing of who played a seat: the page remembers the seats
// of each record it saves (in this browser, by the record's text), and gives them back when
// that record is loaded.
const SEATS_KEY = "fearsome-floors-record-seats";
function recordKey(text) {
  let h = 0x811c9dc5; // FNV-1a: a name for the text, not a secret
  for (let k = 0; k < text.length; k++) h = Math.imul(h ^ text.charCodeAt(k), 0x01000193) >>> 0;
  return `${text.length}:${h.toString(16)}`;
}
function seatsOf(text) {
  try { return JSON.parse(localStorage.getItem(SEATS_KEY) || "{}")[recordKey(text)] || null; } catch (e) { return null; }
}

async function save() {
  const text = (await call("record")).text;
  $("record-text").value = text;
  try {
    const held = JSON.parse(localStorage.getItem(SEATS_KEY) || "{}");
    held[recordKey(text)] = ff.view.seats;
    localStorage.setItem(SEATS_KEY, JSON.stringify(held));
  } catch (e) { /* no storage: the record is saved all the same */ }
  const a = document.createElement("a");
  a.href = URL.createObjectURL(new Blob([text], { type: "application/json" }));
  a.download = "fearsome-floors-game.json";
  a.click();
  URL.revokeObjectURL(a.href);
}

async function load(e) {
  const file = e.target.files[0];
  if (!file) return;
  const text = await file.text();
  const seats = seatsOf(text);
  await act("load_record", seats ? { text, seats } : { text });
  e.target.value = "";
}

// --- a move or a walk, frame by frame, on a board: play, pause, step --------------------------

class WalkPlayer {
  // box: the panel of the controls, the caption and the events; board: where the frames are
  // drawn (the main board, or the editor's); ended: what the board shows again afterwards.
  constructor(box, board, ended) {
    this.box = box;
    this.board = board;
    this.ended = ended;
    this.frames = [];
    this.k = 0;
    this.timer = null;
    this.active = false;
    box.innerHTML = `<h2><span class="walk-label"></span></h2>
      <div class="walk-controls">
        <button type="button" class="walk-prev">◀ step</button>
        <button type="button" class="walk-play">play</button>
        <button type="button" class="walk-next">step ▶</button>
        <button type="button" class="walk-close">back to the position</button>
      </div>
      <pre class="walk-text"></pre>
      <details><summary>The engine's events of this step</summary><ol class="walk-events"></ol></details>`;
    this.q = (c) => box.querySelector(c);
    this.q(".walk-prev").onclick = () => { this.pause(); this.show(this.k - 1); };
    this.q(".walk-next").onclick = () => { this.pause(); this.show(this.k + 1); };
    this.q(".walk-play").onclick = () => (this.playing ? this.pause() : this.play());
    this.q(".walk-close").onclick = () => this.finish();
  }
  get playing() { return this.timer !== null; }
  load(summary, autoplay) {
    this.pause();
    this.summary = summary;
    this.frames = summary.frames;
    this.box.hidden = false;
    this.box.dataset.tile = summary.tile;
    this.box.dataset.monster = summary.monster;
    this.drawn = null;
    if (summary.first) { // the first frame's picture came with the walk
      this.board.innerHTML = summary.first;
      this.drawn = `${summary.which}:0`;
    } else if (summary.built) { // the board the move was built on, shown: its first frame
      this.drawn = `${summary.which}:0`;
    }
    this.show(0);
    if (autoplay) this.play();
  }
  show(k) {
    this.active = true;
    this.k = Math.max(0, Math.min(this.frames.length - 1, k));
    const f = this.frames[this.k];
    this.want = { which: this.summary.which, k: this.k, key: `${this.summary.which}:${this.k}` };
    if (!this.drawing) this.draw();
    const label = `${this.summary.heading}: ${f.label}`;
    this.q(".walk-label").textContent = label;
    if (this.board.id === "board") $("status").textContent = label;
    this.q(".walk-text").textContent = f.caption;
    const events = this.q(".walk-events");
    events.textContent = "";
    for (const e of f.events) {
      const li = document.createElement("li");
      li.textContent = e;
      events.append(li);
    }
    this.box.dataset.frame = this.k;
    this.q(".walk-close").disabled = false;
  }
  // The frame's picture comes from the engine, one at a time: the one wanted when the last one
  // came is asked next, so frames shown faster than the engine draws them are skipped, not
  // queued, and a picture is never drawn after the walk was closed.
  async draw() {
    this.drawing = true;
    try {
      while (this.active && this.drawn !== this.want.key) {
        const { which, k, key } = this.want;
        const a = await call("walk_frame", { which, k });
        if (key !== this.want.key) continue;
        if (this.active && a.svg) this.board.innerHTML = a.svg;
        this.drawn = key; // or refused: not asked again
      }
    } finally {
      this.drawing = false;
    }
  }
  play() {
    if (this.k === this.frames.length - 1) this.show(0);
    this.q(".walk-play").textContent = "pause";
    const tick = () => {
      if (this.k >= this.frames.length - 1) {
        this.finish();
        return;
      }
      this.show(this.k + 1);
      this.timer = setTimeout(tick, speed());
    };
    this.timer = setTimeout(tick, speed());
  }
  pause() {
    clearTimeout(this.timer);
    this.timer = null;
    this.q(".walk-play").textContent = "play";
  }
  // Stopped without drawing anything (settle() draws the position).
  stop() {
    this.pause();
    this.active = false;
    this.drawn = null;
    this.q(".walk-close").disabled = true;
  }
  // Shown to its end (or closed): the board shows the position again.
  finish() {
    const was = this.active;
    this.stop();
    if (was) this.ended();
  }
}
const walks = {};

// --- asking the rules -------------------------------------------------------------------------

function askSetUp() {
  walks.game = new WalkPlayer($("walk"), $("board"), () => {
    show(ff.view);
    nextShow();
  });
  walks.ask = new WalkPlayer($("ask-walk"), $("ask-board"), async () => askAnswer(await call("editor_view")));
  $("ask-board").onclick = (e) => {
    const sq = e.target.closest("[data-square]");
    if (!sq || sq.dataset.square === "out") return;
    const tool = document.querySelector("input[name=tool]:checked").value;
    const full = {
      figure: `figure:${$("ask-figure").value}`,
      monster: `monster:${$("ask-facing").value}`,
      teleporter: `teleporter:${$("ask-pair").value}:${$("ask-arrow").value}`,
    }[tool] || tool;
    call("editor_edit", { tool: full, square: sq.dataset.square }).then(askAnswer);
  };
  $("ask-printed").onclick = async () => askAnswer(await call("editor_new", { players: +$("ask-players").value }));
  $("ask-empty").onclick = async () => askAnswer(await call("editor_new", { players: +$("ask-players").value, empty: true }));
  $("ask-from-game").onclick = async () => askAnswer(await call("editor_from_game"));
  $("ask-players").onchange = $("ask-printed").onclick;
  $("ask-stage").onchange = async () => askAnswer(await call("editor_set", { stage: +$("ask-stage").value }));
  $("ask-tile").onchange = async () => askAnswer(await call("editor_set", { tile: $("ask-tile").value }));
  $("ask-options").onchange = async () => askAnswer(await call("editor_set", { options: readOptions($("ask-options")) }));
  $("ask-explain").onclick = async () => {
    const a = await call("editor_explain");
    if (say("ask-message", a)) return;
    $("ask-comparison").hidden = true;
    walks.ask.load(a.walk, false);
  };
  for (const id of ["ask-tools", "ask-options"]) $(id).addEventListener("change", () => { ff.edited = true; });
  $("ask-board").addEventListener("click", () => { ff.edited = true; });
  $("ask-compare").onclick = async () => {
    const a = await call("editor_compare", { option: $("ask-option").value });
    if (say("ask-message", a)) return;
    $("ask-comparison").hidden = false;
    $("ask-compare-board").innerHTML = a.svg;
    $("ask-compare-summary").textContent = a.summary.join("\n");
    $("ask-compare-text").textContent = a.readings.map((r) => `== ${r.label} ==\n${r.error || r.text}`).join("\n\n");
    $("ask-comparison").dataset.firstDifference = a.first_difference === null ? "" : a.first_difference;
  };
}

// An editor call as a click makes it (for scripts and tests): the answer, shown.
ff.edit = async (name, args) => {
  const a = await call(name, args);
  askAnswer(a);
  return a;
};

function askAnswer(a) {
  if (say("ask-message", a)) return;
  walks.ask.stop();
  drawBoard($("ask-board"), a.svg);
  const e = a.editor;
  const figure = $("ask-figure");
  const chosen = figure.value;
  figure.textContent = "";
  for (const f of e.figures) option(figure, f);
  if (e.figures.includes(chosen)) figure.value = chosen;
  $("ask-players").value = e.players;
  $("ask-stage").value = e.stage;
  $("ask-tile").textContent = "";
  for (const t of e.tiles) option($("ask-tile"), t, tileName(t));
  $("ask-tile").value = e.tile;
  for (const s of $("ask-options").querySelectorAll("select")) {
    const o = ff.catalogue.options.find((x) => x.name === s.dataset.option);
    s.value = e.options[s.dataset.option] || o.default;
  }
  return compareChoices();
}

// The readings to compare: first the options that change this walk (the engine's
// readings_that_matter, with the other value and how), then the others.
async function compareChoices() {
  const select = $("ask-option");
  const m = await call("editor_matters");
  const chosen = select.value;
  select.textContent = "";
  if (m.error) return;
  const matter = new Map(m.matters.map((x) => [x.option, x]));
  const groups = [["change this walk", (o) => matter.has(o)], ["do not change this walk", (o) => !matter.has(o)]];
  for (const [label, keep] of groups) {
    const g = document.createElement("optgroup");
    g.label = label;
    for (const o of ff.catalogue.options.filter((x) => keep(x.name))) {
      const x = matter.get(o.name);
      option(g, o.name, optionTitle(o.name) + (x ? `: ${x.value} gives another ${x.how}` : ""));
    }
    if (g.children.length) select.append(g);
  }
  select.dataset.matter = m.matters.map((x) => x.option).join(" ");
  if (m.matters.length && !matter.has(chosen)) select.value = m.matters[0].option;
  else if (chosen) select.value = chosen;
}

start().catch((e) => {
  $("loading").textContent = `The page could not start: ${e}`;
  ff.error = String(e);
});
