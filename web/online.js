// Playing a game of a server (fearsome-rules serve) from the page: the worked example of a
// front-end of the server's API (docs/server.md).
//
// - A seat's link is `#game=ID&seat=B&token=...`: the token stays in the fragment, which the
//   browser never sends to the server, so it is in no request line and no server log; the
//   spectators' link is `#game=ID`. The page keeps the tokens it created or opened in the
//   browser's localStorage ("my games").
// - The engine in the page (the npm package's, in its Web Worker; web/game.js keeps the game)
//   builds a move click by click and refuses an illegal click with its rule; a completed move is POSTed with the seq
//   the page has and a command id of its own, and the page's game advances only by the actions
//   the server committed, in order, from the WebSocket feed (or `GET .../actions?since=N`).
// - Reconnect: a dropped feed is opened again by itself with `since=` the last seq held, after
//   reading what was missed over HTTP; the page says so. A POST that got no answer is sent
//   again with the same command id: the server stores it once.
"use strict";

const online = {
  served: false, game: "", seat: "", token: "", seq: 0, kinds: [], ws: null,
  lost: false, over: false, retry: 500, timer: null, sending: null, note: "",
};
window.ffOnline = online;
// A committed move still being shown on the board.
Object.defineProperty(online, "walking", { get: () => ff.busy() });

const MOVING = ["click", "select", "play", "back", "cancel", "choose_tile", "place_tile"];
const HISTORY = ["goto", "undo", "redo"]; // a finished game, replayed move by move
const READING = ["view", "export", "state", "record", "walk_frame", "catalogue"];
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

function commandId() {
  if (window.crypto && crypto.randomUUID) return crypto.randomUUID();
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return [...bytes].map((b) => b.toString(16).padStart(2, "0")).join("");
}

async function api(path, init) {
  const r = await fetch(path, init);
  let body = null;
  try { body = await r.json(); } catch (e) { body = { error: `${r.status} ${r.statusText}` }; }
  return { status: r.status, body };
}

function tell(text) {
  online.note = text;
  const box = $("online-status");
  box.textContent = text;
  box.dataset.connected = String(!!(online.ws && online.ws.readyState === WebSocket.OPEN));
}

function refuse(text) {
  say("message", { error: text, rule: "" });
  return false;
}

// Whether the page may make this call now (app.js asks before every act()).
online.mayAct = (name) => {
  if (READING.includes(name)) return true;
  if (HISTORY.includes(name) && online.over) return true;
  if (!MOVING.includes(name)) {
    return refuse("in a game on the server, the server plays the bots and the tiles, and the game only goes forward");
  }
  if (!online.seat) return refuse("you are watching this game: a spectator's link moves no seat");
  const mover = ff.view.to_move;
  if (mover !== online.seat) {
    return refuse(`it is ${mover ? mover + "'s" : "the monster's"} turn: this link plays seat ${online.seat}`);
  }
  if (online.sending) return refuse(`waiting for the server to take ${online.sending.action}`);
  return true;
};

// The players' panel, from the engine's state (offline and online alike); a panel asked for
// before the last one came is the one drawn.
let panels = 0;
let drawnPanel = null;
async function showPanel() {
  const asked = ++panels;
  const p = await call("panel");
  if (asked !== panels || p.error) return;
  // The same answer (game.js keeps the panel of the state and seats shown) is drawn already.
  const box = $("players-panel");
  if (p === drawnPanel && box.firstChild) return;
  drawnPanel = p;
  box.textContent = "";
  const table = document.createElement("table");
  table.innerHTML = "<tr><th></th><th>seat</th><th>player</th><th>out</th><th>waiting</th><th>removed</th><th></th></tr>";
  for (const s of p.seats) {
    const tr = document.createElement("tr");
    tr.dataset.seat = s.seat;
    tr.dataset.out = s.out;
    tr.dataset.removed = s.removed;
    tr.className = s.to_move ? "to-move" : "";
    const mine = ff.online && online.seat === s.seat ? " (you)" : "";
    const cells = ["", s.seat, s.player + mine, s.out, s.waiting, s.removed, s.to_move ? "◀ to move" : ""];
    for (const c of cells) {
      const td = document.createElement("td");
      td.textContent = c;
      tr.append(td);
    }
    tr.firstChild.innerHTML = `<span class="swatch" style="background:${s.colour}"></span>`;
    table.append(tr);
  }
  const line = document.createElement("p");
  line.className = "panel-line";
  line.dataset.deck = p.deck;
  line.textContent = `stage ${p.stage}, round ${p.round}: ${p.deck} tiles left in the deck`;
  box.append(table, line);
  if (p.outcome) {
    const end = document.createElement("p");
    end.className = "panel-end";
    const rule = ff.rules[p.outcome.rule];
    const who = p.outcome.winners.length ? `winner${p.outcome.winners.length > 1 ? "s" : ""}: ${p.outcome.winners.join(", ")}` : "nobody wins";
    end.textContent = `Game over, ${who} (${p.outcome.rule}${rule ? ": " + rule.title : ""})`;
    end.dataset.rule = p.outcome.rule;
    box.append(end);
  }
}

// After each view shown (app.js calls it): the panel; online, the status line.
online.shown = (view) => {
  showPanel();
  if (!ff.online) return;
  const head = view.status.split(":")[0];
  let text = view.status;
  if (view.phase === "monster") text = `${head}: the monster walks (the server reveals its tile)`;
  else if (view.phase !== "over" && view.to_move === online.seat) {
    text = `${head}: your turn (${online.seat}): ${view.phase === "placement" ? "place a tile" : "move a figure"}`;
  } else if (view.phase !== "over") {
    const kind = online.kinds["ABCDEFG".indexOf(view.to_move)] || "person";
    text = `${head}: ${view.to_move} to move (${kind === "person" ? "a person" : `the ${kind} bot`})`;
  }
  $("status").textContent = text;
  if (online.notified !== online.seq) {
    online.notified = online.seq;
    notify(view);
    if (online.game_view) refreshGame(); // the new turn's deadline; at the end, the seed
  }
  document.body.dataset.seq = online.seq;
};

// One committed action of the server, in order; an action already held is skipped. Each is
// carried out after the one before (the engine answers later than the feed brings them).
let received = Promise.resolve();
function receive(a) {
  received = received.then(() => receiveNow(a));
  return received;
}
async function receiveNow(a) {
  if (a.seq <= online.seq) return;
  if (a.seq > online.seq + 1) { catchUp(); return; }
  const answer = await call("online_receive", { action: a.action, seq: a.seq });
  if (say("message", answer)) return;
  online.seq = a.seq;
  if (a.events.some((e) => e.type === "GameEnded")) online.over = true;
  // Each committed move plays step by step on the main board (app.js's present), the
  // monster's walk too, before its result; what follows waits for its end.
  ff.present(answer.view, answer.walk);
}

let catching = null;
function catchUp() {
  if (!catching) {
    catching = (async () => {
      try {
        const r = await api(`api/games/${online.game}/actions?since=${online.seq}`);
        if (r.status === 200) for (const a of r.body.actions) await receive(a);
      } finally {
        catching = null;
      }
    })();
  }
  return catching;
}

function connect() {
  const ws = new WebSocket(`${location.origin.replace(/^http/, "ws")}/api/games/${online.game}/live?since=${online.seq}`);
  online.ws = ws;
  clearTimeout(online.timer);
  // A handshake that hangs (a network that is not really back) is given up after 5 s.
  const opening = setTimeout(() => { if (ws.readyState !== WebSocket.OPEN) ws.close(); }, 5000);
  ws.onopen = async () => {
    clearTimeout(opening);
    online.retry = 500;
    await catchUp().catch(() => {});
    tell(online.lost ? `reconnected: caught up to action ${online.seq}` : `live: action ${online.seq}`);
    online.lost = false;
  };
  ws.onmessage = (e) => {
    receive(JSON.parse(e.data)).then(() => { if (!online.lost) tell(`live: action ${online.seq}`); });
  };
  ws.onclose = () => {
    if (online.ws !== ws) return;
    online.ws = null;
    if (online.over) { tell(`the game is over after ${online.seq} actions`); return; }
    online.lost = true;
    tell("connection lost: reconnecting…");
    clearTimeout(online.timer);
    online.timer = setTimeout(connect, online.retry);
    online.retry = Math.min(online.retry * 2, 4000);
  };
}

// The browser knows before the socket does that the network is gone (a socket can stay "open"
// for minutes over a dead link): drop it at once, and come back as soon as the network does.
window.addEventListener("offline", () => { if (online.ws) online.ws.close(); });
window.addEventListener("online", () => {
  if (!ff.online || online.over || (online.ws && online.ws.readyState === WebSocket.OPEN)) return;
  const old = online.ws;
  online.ws = null; // its close is not news any more
  if (old) old.close();
  online.retry = 500;
  connect();
});

// A move completed by clicks (app.js hands it here): sent, and shown once committed.
online.send = async (action) => {
  const body = { seq: online.seq, action, id: commandId() };
  online.sending = body;
  tell(`sending ${action}…`);
  for (let tries = 0; ; tries++) {
    let r;
    try {
      r = await api(`api/games/${online.game}/actions`, {
        method: "POST",
        headers: { Authorization: `Bearer ${online.token}`, "Content-Type": "application/json" },
        body: JSON.stringify(body),
      });
    } catch (e) {
      r = null; // no answer: the same command again, stored once whatever happened
    }
    if (r && r.status === 200) {
      online.sending = null;
      await catchUp();
      return;
    }
    if (!r || r.status >= 500) {
      tell(`the server does not answer: sending ${action} again…`);
      await sleep(Math.min(500 * 2 ** tries, 4000));
      continue;
    }
    online.sending = null;
    show((await call("online_drop")).view);
    if (r.status === 409 && r.body.actions) for (const a of r.body.actions) await receive(a);
    say("message", { error: r.body.error, rule: r.body.rule || "" });
    tell(`refused: ${action}`);
    return;
  }
};

function remember(game, seat, token) {
  const mine = JSON.parse(localStorage.getItem("fearsome-floors-seats") || "{}");
  (mine[game] = mine[game] || {})[seat] = token;
  localStorage.setItem("fearsome-floors-seats", JSON.stringify(mine));
}

function link(game, seat, token) {
  const base = `${location.origin}${location.pathname}`;
  return seat ? `${base}#game=${game}&seat=${seat}&token=${encodeURIComponent(token)}` : `${base}#game=${game}`;
}

// The "Play online" panel: a game on the server from the New game settings.
async function createOnline() {
  const n = +$("players").value;
  const seats = [];
  for (let k = 0; k < n; k++) seats.push($(`seat-${"ABCDEFG"[k]}`).value);
  const body = {
    players: n, setup: $("setup-kind").value, options: readOptions($("options")), seats,
    start_player: "ABCDEFG"[+$("start-player").value || 0],
  };
  if ($("online-limit").value) {
    body.turn_seconds = +$("online-limit").value;
    body.timeout_bot = $("online-timeout-bot").value;
  }
  if ($("online-listed").checked) {
    // Listed: the first person's seat is the creator's, the others open to the lobby.
    const first = seats.indexOf("person");
    body.seats = seats.map((kind, k) => (kind === "person" && k !== first ? "open" : kind));
    body.listed = true;
  }
  const r = await api("api/games", {
    method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body),
  });
  if (r.status !== 201) return say("online-message", { error: r.body.error, rule: r.body.rule || "" });
  say("online-message", null);
  const list = $("online-links");
  list.textContent = "";
  const add = (text, href, seat) => {
    const li = document.createElement("li");
    const a = document.createElement("a");
    a.href = href;
    a.target = "_blank";
    a.textContent = text;
    if (seat) a.dataset.seat = seat; else a.dataset.spectator = "";
    li.append(a);
    list.append(li);
  };
  for (const s of r.body.seats) {
    remember(r.body.game, s.seat, s.token);
    add(`seat ${s.seat}: the link for its player (keep it to yourself)`, link(r.body.game, s.seat, s.token), s.seat);
  }
  add("spectators: anyone may watch with this link", link(r.body.game, "", ""), "");
  list.dataset.game = r.body.game;
  return r.body;
}
online.create = createOnline;

function entry(list, text, href, button) {
  const li = document.createElement("li");
  const a = document.createElement(button ? "button" : "a");
  if (button) { a.type = "button"; a.onclick = button; } else a.href = href;
  a.textContent = text;
  li.append(a);
  list.append(li);
  return a;
}

// The lobby: the listed games with a free seat (join one), and this browser's own games.
async function lobby() {
  const open = $("online-open");
  open.textContent = "";
  const r = await api("api/lobby");
  for (const g of r.status === 200 ? r.body.games : []) {
    for (const s of g.seats.filter((x) => x.free)) {
      const kinds = g.seats.map((x) => (x.free ? "open" : x.player)).join(", ");
      entry(open, `join game ${g.game} as ${s.seat} (${g.players} players: ${kinds})`, "", async () => {
        const j = await api(`api/games/${g.game}/join`, {
          method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ seat: s.seat }),
        });
        if (j.status !== 200) { say("online-message", { error: j.body.error, rule: "" }); lobby(); return; }
        remember(j.body.game, j.body.seat, j.body.token);
        location.assign(link(j.body.game, j.body.seat, j.body.token));
      }).dataset.join = `${g.game}:${s.seat}`;
    }
  }
  const mine = $("online-mine");
  mine.textContent = "";
  const held = JSON.parse(localStorage.getItem("fearsome-floors-seats") || "{}");
  for (const [game, seats] of Object.entries(held)) {
    for (const [seat, token] of Object.entries(seats)) {
      const v = await api(`api/games/${game}`, { headers: { Authorization: `Bearer ${token}` } });
      if (v.status !== 200) continue;
      const turn = v.body.outcome ? "over" : v.body.to_move === seat ? "your turn" : `${v.body.to_move || "the monster"} to move`;
      entry(mine, `game ${game}, seat ${seat}: ${turn}`, link(game, seat, token)).dataset.game = game;
    }
  }
}
online.lobby = lobby;

// The time left in the turn under way (the server's deadline), once a second.
function showDeadline() {
  const box = $("online-deadline");
  const g = online.game_view;
  if (!g || !g.turn_seconds) { box.textContent = "No time limit per turn."; return; }
  const limit = `Time per turn: ${duration(g.turn_seconds)}; when it runs out the ${g.timeout_bot} bot moves.`;
  if (online.over || !online.deadline) { box.textContent = limit; return; }
  const left = Math.max(0, online.deadline - Date.now() / 1000);
  box.textContent = `${limit} ${ff.view.to_move || "The monster"}: ${duration(left)} left.`;
  box.dataset.left = Math.round(left);
}

function duration(s) {
  s = Math.round(s);
  const d = Math.floor(s / 86400), h = Math.floor((s % 86400) / 3600), m = Math.floor((s % 3600) / 60);
  const parts = [[d, "d"], [h, "h"], [m, "min"], [s % 60, "s"]].filter(([n]) => n > 0);
  return parts.length ? parts.slice(0, 2).map(([n, u]) => `${n} ${u}`).join(" ") : "0 s";
}

// The game's view from the server (its deadline; at the end, its seed).
async function refreshGame() {
  const headers = online.token ? { Authorization: `Bearer ${online.token}` } : {};
  const v = await api(`api/games/${online.game}`, { headers });
  if (v.status !== 200) return;
  online.game_view = v.body;
  online.deadline = v.body.deadline || 0;
  $("online-history").hidden = !v.body.seed;
  showDeadline();
}

async function setWebhook(url) {
  const r = await api(`api/games/${online.game}/webhook`, {
    method: url ? "PUT" : "DELETE",
    headers: { Authorization: `Bearer ${online.token}`, "Content-Type": "application/json" },
    body: url ? JSON.stringify({ url }) : undefined,
  });
  const box = $("online-webhook-message");
  if (r.status !== 200) return say("online-webhook-message", { error: r.body.error, rule: "" });
  say("online-webhook-message", null);
  box.textContent = url ? `registered: seat ${online.seat}'s turns are sent to ${url}` : "no webhook for this seat";
  box.dataset.url = url || "";
}

// The seed check of a finished game: the engine's check_tiles, run here in the page.
async function checkTiles() {
  const g = online.game_view;
  const r = await call("online_check_tiles", { seed: g.seed, seed_hash: g.seed_hash });
  const box = $("online-check-result");
  box.dataset.ok = r.error ? "false" : String(r.ok);
  box.textContent = r.error ? r.error
    : r.ok ? `ok: all ${r.reveals} tiles are the seed's, and the seed is the one whose hash was published at the start`
      : `MISMATCH: ${r.mismatch}`;
}

// While the page is open in another tab, the browser's notifications say "your turn".
function notify(view) {
  if (!online.seat || view.to_move !== online.seat || view.phase === "over" || !document.hidden) return;
  if (window.Notification && Notification.permission === "granted") {
    new Notification("Fearsome Floors", { body: `your turn in game ${online.game}` });
  }
}

// Called by app.js once the engine is loaded: true when the page follows a server's game.
online.begin = async () => {
  try { online.served = (await fetch("api/health")).ok; } catch (e) { online.served = false; }
  if (!online.served) return false;
  $("online").hidden = false;
  $("online-create").onclick = createOnline;
  $("online-refresh").onclick = lobby;
  $("online-notify").onclick = async () => {
    if (!window.Notification) return say("online-message", { error: "this browser has no notifications", rule: "" });
    const answer = await Notification.requestPermission();
    $("online-notify").textContent = answer === "granted" ? "Notifications on: you are told when it is your turn" : `Notifications: ${answer}`;
  };
  for (const kind of ff.catalogue.seat_kinds.filter((k) => k !== "person")) option($("online-timeout-bot"), kind);
  $("online-timeout-bot").value = "greedy";
  lobby();
  window.addEventListener("hashchange", () => location.reload());
  const p = new URLSearchParams(location.hash.slice(1));
  if (!p.get("game")) return false;
  online.game = p.get("game");
  online.seat = p.get("seat") || "";
  online.token = p.get("token") || "";
  if (online.seat && !online.token) {
    const mine = JSON.parse(localStorage.getItem("fearsome-floors-seats") || "{}");
    online.token = (mine[online.game] || {})[online.seat] || "";
  }
  const headers = online.token ? { Authorization: `Bearer ${online.token}` } : {};
  const view = await api(`api/games/${online.game}`, { headers });
  if (view.status !== 200) {
    say("message", { error: `game ${online.game}: ${view.body.error}`, rule: "" });
    if (view.status !== 403) return false;
    online.seat = online.token = ""; // a token of no seat of this game: watch it
    return online.begin.watch();
  }
  if (online.seat && view.body.seat !== online.seat) {
    say("message", { error: `this link's token is seat ${view.body.seat}'s, not ${online.seat}'s`, rule: "" });
    online.seat = view.body.seat;
  }
  if (online.seat) remember(online.game, online.seat, online.token);
  online.kinds = view.body.seats.map((s) => s.player);
  return online.begin.watch();
};

online.begin.watch = async () => {
  const record = await api(`api/games/${online.game}/record`);
  if (record.status !== 200) return false;
  const answer = await call("online_start", {
    record: JSON.stringify(record.body), seat: online.seat, kinds: online.kinds,
  });
  if (say("message", answer)) return false;
  ff.online = online;
  document.body.classList.add("online");
  document.body.dataset.seat = online.seat;
  online.seq = (await call("online_seq")).seq;
  online.over = answer.view.phase === "over";
  show(answer.view);
  $("online-webhook").parentElement.hidden = $("online-webhook-set").hidden = $("online-webhook-clear").hidden = !online.seat;
  $("online-webhook-set").onclick = () => setWebhook($("online-webhook").value.trim());
  $("online-webhook-clear").onclick = () => setWebhook("");
  $("online-check").onclick = checkTiles;
  $("online-prev").onclick = () => ff.act("undo");
  $("online-next").onclick = () => ff.act("redo");
  await refreshGame();
  setInterval(showDeadline, 1000);
  $("online-role").textContent = online.seat
    ? `You play seat ${online.seat} of game ${online.game}.`
    : `You are watching game ${online.game}.`;
  connect();
  return true;
};
