// The page around the app: the handheld's skin and screen, keys, touch and gamepad, the saves in
// the browser's storage, and readable errors.  The app itself runs in web/worker.js.
const BOARDS = await (await fetch("boards.json")).json();
const params = new URLSearchParams(location.search);
const boardName = params.get("board") || "pico_lcd13";
const board = BOARDS[boardName];
const id = Math.random().toString(36).slice(2) + Date.now().toString(36);
const STORE = `tholia/${boardName}`;     // localStorage key prefix: STORE + file path
const canvas = document.getElementById("screen");
const ctx = canvas.getContext("2d", { willReadFrequently: true });   // the tests read it back
const errorBox = document.getElementById("error");
const statusLine = document.getElementById("status");

// Keys as in the simulator (desktop_sim/sim.py): the first candidate the board has.
const KEYS = {
  ArrowUp: ["up"], ArrowDown: ["down"], ArrowLeft: ["left"], ArrowRight: ["right"],
  z: ["a"], a: ["a"], x: ["b"], s: ["b"], c: ["x"], d: ["x"], v: ["y"], f: ["y"],
  Enter: ["a"], Escape: ["menu", "select", "start", "b"], Backspace: ["select", "start", "menu"],
};
// Gamepad buttons (the W3C standard mapping) -> candidates, like the keys.
const PAD = { 0: ["a"], 1: ["b"], 2: ["x"], 3: ["y"], 8: ["select", "start", "menu"],
              9: ["start", "menu", "select"], 4: ["menu", "select", "start"],
              12: ["up"], 13: ["down"], 14: ["left"], 15: ["right"] };
const AB_KEYS = [["a", 1, -0.6], ["b", -1, 0.6]];

// What tests and the bench read: frames, settled points, figures.
const state = { frames: 0, firstFrameMs: null, settled: 0, consumed: 0, seq: 0, heap: 0,
                errors: [], running: false, settledAt: 0, lastSettle: null };
window.tholia = state;

function showError(text) {
  state.errors.push(text);
  errorBox.hidden = false;
  errorBox.textContent = (errorBox.textContent ? errorBox.textContent + "\n\n" : "") + text;
}
window.addEventListener("error", (e) => showError(`Page error: ${e.message}`));
window.addEventListener("unhandledrejection", (e) => showError(`Page error: ${e.reason && e.reason.message || e.reason}`));

function first(candidates) {
  return (candidates || []).find((b) => board.BUTTONS.includes(b)) || null;
}

// --- storage -----------------------------------------------------------------------------------
let storage = null;
try { storage = window.localStorage; storage.getItem(STORE); } catch (e) {
  storage = null;
  statusLine.textContent = "This browser blocks storage here: the app cannot save.";
}

function storedFiles() {
  const files = {};
  if (!storage) return files;
  for (let i = 0; i < storage.length; i++) {
    const key = storage.key(i);
    if (key.startsWith(STORE + "/")) files[key.slice(STORE.length)] = storage.getItem(key);
  }
  return files;
}

// What the app's worker changes in its save folder, stored before the app goes on (web/sw.js
// brings the request): the answer names the storage's refusal, which the app sees as the
// device's OSError (web/worker.js).
function storeRequest({ op, path, data, to }) {
  try {
    if (!storage) throw new DOMException("storage is blocked", "SecurityError");
    if (op === "put") {
      storage.setItem(STORE + path, data);
      files[path] = data;
    } else if (op === "remove") {
      storage.removeItem(STORE + path);
      delete files[path];
    } else if (op === "rename") {
      const moved = storage.getItem(STORE + path);
      storage.removeItem(STORE + path);
      delete files[path];
      if (moved !== null) {
        try { storage.setItem(STORE + to, moved); } catch (e) { storage.setItem(STORE + path, moved); throw e; }
        files[to] = moved;
      }
    }
    return { ok: true };
  } catch (e) {
    return { error: e && e.name || "Error" };
  }
}

function store(path, data) {
  const answer = storeRequest({ op: "put", path, data });
  if (answer.error) statusLine.textContent = `The browser's storage refused the file (${answer.error}): free some space.`;
}

// --- the skin ------------------------------------------------------------------------------------
function makeKey(parent, name, label, round, left, top, size) {
  const key = document.createElement("button");
  key.type = "button";
  key.className = "key " + (round ? "round" : "square");
  key.textContent = label;
  key.dataset.button = name;
  if (left !== null) Object.assign(key.style, { left: `${left}px`, top: `${top}px`, width: `${size}px`, height: `${size}px` });
  parent.appendChild(key);
  // Each finger is its own pointer: hold a direction with one, press A with another.
  key.addEventListener("pointerdown", (e) => { e.preventDefault(); key.setPointerCapture(e.pointerId); press(name, true); });
  for (const type of ["pointerup", "pointercancel", "lostpointercapture"]) {
    key.addEventListener(type, () => press(name, false));
  }
  key.addEventListener("contextmenu", (e) => e.preventDefault());
}

function buildSkin() {
  const hand = document.getElementById("handheld");
  hand.style.background = `rgb(${board.SKIN_COLOUR.join(",")})`;
  document.getElementById("title").textContent =
    `${board.NAME}  ${board.WIDTH}x${board.HEIGHT}${board.COLOR ? "" : "  mono"}`;
  canvas.width = board.WIDTH;
  canvas.height = board.HEIGHT;
  const dpad = document.getElementById("dpad"), keys = document.getElementById("keys");
  const step = 37, size = 34, c = 75;
  for (const [name, dx, dy, label] of [["up", 0, -1, "^"], ["down", 0, 1, "v"], ["left", -1, 0, "<"], ["right", 1, 0, ">"]]) {
    makeKey(dpad, name, label, false, c + dx * step - size / 2, c + dy * step - size / 2, size);
  }
  const centre = board.SKIN_DPAD_CENTRE;
  if (centre && board.BUTTONS.includes(centre)) makeKey(dpad, centre, "o", true, c - 12, c - 12, 24);
  for (const [name, dx, dy] of board.SKIN_KEYS || AB_KEYS) {
    if (board.BUTTONS.includes(name)) makeKey(keys, name, name.toUpperCase(), true, c + dx * step - 18, c + dy * step - 18, 36);
  }
  const pills = document.getElementById("pills");
  for (const name of board.SKIN_PILLS || []) {
    if (board.BUTTONS.includes(name)) makeKey(pills, name, name.toUpperCase(), false, null);
  }
  document.getElementById("boards").innerHTML = Object.keys(BOARDS)
    .map((n) => n === boardName ? `<b>${n}</b>` : `<a href="?board=${n}">${n}</a>`).join(" · ");
  document.getElementById("help").textContent = "Keys: arrows = d-pad · " + [
    ["Z / A", ["a"]], ["X / S", ["b"]], ["C / D", ["x"]], ["V / F", ["y"]], ["Enter", KEYS.Enter],
    ["Esc", KEYS.Escape], ["Backspace", KEYS.Backspace]]
    .filter(([, c]) => first(c)).map(([k, c]) => `${k} = ${first(c)}`).join(" · ") +
    " · touch or click the buttons · a gamepad works too";
  fit();
  window.addEventListener("resize", fit);
}

// The largest integer scale that fits: crisp pixels, the controls beside or below the screen.
function fit() {
  const portrait = window.innerHeight > window.innerWidth;
  document.body.classList.toggle("portrait", portrait);
  const pills = (board.SKIN_PILLS || []).length ? 40 : 0;
  const availW = window.innerWidth - 60 - (portrait ? 0 : 2 * 162);
  const availH = window.innerHeight - 150 - pills - (portrait ? 162 : 0);
  let scale = Math.floor(Math.min(availW / board.WIDTH, availH / board.HEIGHT));
  scale = Math.max(1, Math.min(scale, 8));
  canvas.style.width = `${board.WIDTH * scale}px`;
  canvas.style.height = `${board.HEIGHT * scale}px`;
  state.scale = scale;
}

// --- input -----------------------------------------------------------------------------------
const down = new Set();
let mail = [];
function send(message) {
  message.seq = ++state.seq;
  mail.push(message);
  flush();
}
function flush() {
  const sw = navigator.serviceWorker.controller;
  if (!sw || !mail.length) return;
  sw.postMessage({ tholia: "mail", id, messages: mail });
  mail = [];
}

function press(name, isDown) {
  if (!name || !board.BUTTONS.includes(name)) return;
  if (isDown === down.has(name)) return;
  if (isDown) down.add(name); else down.delete(name);
  for (const key of document.querySelectorAll(`.key[data-button="${name}"]`)) key.classList.toggle("lit", isDown);
  send({ kind: isDown ? "down" : "up", button: name });
}

const keyHeld = new Map();        // KeyboardEvent.key -> button
window.addEventListener("keydown", (e) => {
  const key = e.key.length === 1 ? e.key.toLowerCase() : e.key;
  const button = first(KEYS[key]);
  if (!button || e.ctrlKey || e.metaKey || e.altKey) return;
  e.preventDefault();
  if (e.repeat) return;           // the app's own auto-repeat, as on the device
  keyHeld.set(key, button);
  press(button, true);
});
window.addEventListener("keyup", (e) => {
  const key = e.key.length === 1 ? e.key.toLowerCase() : e.key;
  const button = keyHeld.get(key);
  if (!button) return;
  keyHeld.delete(key);
  press(button, false);
});
window.addEventListener("blur", () => { for (const b of [...down]) press(b, false); keyHeld.clear(); });

const padHeld = new Set();
function pollGamepads() {
  const now = new Set();
  for (const pad of navigator.getGamepads ? navigator.getGamepads() : []) {
    if (!pad) continue;
    pad.buttons.forEach((b, i) => { const name = first(PAD[i]); if (name && b.pressed) now.add(name); });
    if (pad.axes.length >= 2) {
      if (pad.axes[0] < -0.5) now.add("left");
      if (pad.axes[0] > 0.5) now.add("right");
      if (pad.axes[1] < -0.5) now.add("up");
      if (pad.axes[1] > 0.5) now.add("down");
    }
  }
  for (const b of padHeld) if (!now.has(b)) { padHeld.delete(b); press(b, false); }
  for (const b of now) if (!padHeld.has(b)) { padHeld.add(b); press(b, true); }
  requestAnimationFrame(pollGamepads);
}
window.addEventListener("gamepadconnected", () => requestAnimationFrame(pollGamepads), { once: true });

// For tests and the bench: one press and release, and the next settled screen after it.
state.press = (name) => { press(name, true); press(name, false); return state.seq; };
state.settledAfter = (seq, timeoutMs = 60000) => new Promise((resolve, reject) => {
  const started = performance.now();
  const check = () => {
    if (state.lastSettle && state.lastSettle.consumed >= seq) return resolve(state.lastSettle);
    if (state.errors.length) return reject(new Error(state.errors.join("; ")));
    if (performance.now() - started > timeoutMs) return reject(new Error("the app did not settle"));
    setTimeout(check, 10);
  };
  check();
});
state.pixels = () => {
  const data = ctx.getImageData(0, 0, canvas.width, canvas.height).data;
  let s = "";
  for (let i = 0; i < data.length; i += 0x8000) s += String.fromCharCode(...data.subarray(i, i + 0x8000));
  return btoa(s);
};

// --- save file download and load -------------------------------------------------------------
const GAME = board ? `${board.SAVE_DIR}/game` : "";
document.getElementById("download").addEventListener("click", () => {
  const data = storage && storage.getItem(STORE + GAME) || files[GAME];
  if (!data) { statusLine.textContent = "No saved game yet."; return; }
  const bytes = Uint8Array.from(atob(data), (ch) => ch.charCodeAt(0));
  const link = document.createElement("a");
  link.href = URL.createObjectURL(new Blob([bytes], { type: "text/plain" }));
  link.download = `tholia-${boardName}-game`;
  link.click();
  setTimeout(() => URL.revokeObjectURL(link.href), 1000);
});
document.getElementById("load").addEventListener("change", async (e) => {
  const file = e.target.files[0];
  if (!file) return;
  const bytes = new Uint8Array(await file.arrayBuffer());
  let s = "";
  for (const b of bytes) s += String.fromCharCode(b);
  const data = btoa(s);
  files[GAME] = data;
  store(GAME, data);
  send({ kind: "file", path: GAME, data });
  statusLine.textContent = `Loaded ${file.name}: choose Continue in the main menu (go back to it first).`;
  e.target.value = "";
});

// --- the app's worker --------------------------------------------------------------------------
let files = {};
function onWorker(event) {
  const m = event.data;
  if (m.kind === "frame") {
    ctx.putImageData(new ImageData(m.rgba, m.w, m.h), m.x, m.y);
    state.frames++;
    if (state.firstFrameMs === null) state.firstFrameMs = performance.now();
  } else if (m.kind === "settled") {
    state.lastSettle = { consumed: m.consumed, frames: state.frames, busyMs: m.busyMs };
    state.settled++;
  } else if (m.kind === "heap") {
    state.heap = m.bytes;
    state.memory = m.memory;
    state.decisions = (state.decisions || 0) + 1;
  } else if (m.kind === "running") {
    state.running = true;
  } else if (m.kind === "log") {
    console.info("app:", m.line);
  } else if (m.kind === "error") {
    showError(`The app stopped: ${m.text}\n\nReload the page to start again (your saves are kept).`);
  }
}

async function start() {
  if (!board) {
    showError(`Unknown board "${boardName}": choose one of ${Object.keys(BOARDS).join(", ")}.`);
    return;
  }
  buildSkin();
  if (!("serviceWorker" in navigator)) {
    showError("This page needs a service worker: open it over http(s) (e.g. python3 -m http.server), not as a file, in a current browser.");
    return;
  }
  await navigator.serviceWorker.register("sw.js");
  await navigator.serviceWorker.ready;
  if (!navigator.serviceWorker.controller) {
    await new Promise((resolve) => navigator.serviceWorker.addEventListener("controllerchange", resolve, { once: true }));
  }
  files = storedFiles();
  navigator.serviceWorker.addEventListener("message", (e) => {
    const m = e.data;
    if (m && m.tholia === "store" && m.id === id) e.ports[0].postMessage(storeRequest(m.request));
  });
  navigator.serviceWorker.startMessages();
  const worker = new Worker("worker.js", { type: "module" });
  worker.onmessage = onWorker;
  worker.onerror = (e) => showError(`The app's worker failed: ${e.message || "could not load worker.js"}\n\n` +
                                    "Reload the page to start again (your saves are kept).");
  worker.postMessage({ kind: "start", id, board, files });
  flush();
}
start().catch((e) => showError(`Could not start: ${e.message || e}`));
