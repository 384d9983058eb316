// The app's worker: the real MicroPython VM (WebAssembly) running the app's steps
// (firmware.app.App.steps) with the page's hardware layer (web/web_hw.py).  A step waits for
// buttons synchronously, so buttons and files come from the service worker's mailbox
// (web/sw.js) through a synchronous request, as do the saves to the page's storage; frames, heap
// figures and errors go to the page with postMessage.
import { loadMicroPython } from "./micropython.mjs";

const MONO_LIT = [225, 238, 255], MONO_DARK = [8, 10, 16];   // as the simulator's panel
const PUMP_MS = 15;          // the mailbox is asked at most this often while the app is busy
const SETTLED_MS = 150;      // sleeping this long with nothing shown and no input: settled

let memory = null;           // the VM's linear memory (the framebuffer is read from there)
const instantiate = WebAssembly.instantiate, instantiateStreaming = WebAssembly.instantiateStreaming;
function keep(result) { memory = (result.instance || result).exports.memory; return result; }
WebAssembly.instantiate = async (...args) => keep(await instantiate.apply(WebAssembly, args));
WebAssembly.instantiateStreaming = async (...args) => keep(await instantiateStreaming.apply(WebAssembly, args));

let cfg = null;              // {id, board: profile constants, files: {path: base64}}
let lut = null;              // RGBA of the 16 palette colours
let mp = null;
const held = new Set(), unseen = new Set(), lateRelease = new Set();
let lastPump = 0, consumed = 0, streakStart = -1, settledSent = false;
let consumedAt = 0;

function post(kind, data = {}, transfer = []) { self.postMessage({ kind, ...data }, transfer); }

function mailbox(wait) {
  const xhr = new XMLHttpRequest();
  xhr.open("GET", `__tholia_mailbox?id=${encodeURIComponent(cfg.id)}&wait=${wait}`, false);
  xhr.send(null);
  if (xhr.status !== 200) throw new Error(`the page's mailbox answered ${xhr.status}: reload the page`);
  const messages = JSON.parse(xhr.responseText);
  for (const m of messages) handle(m);
  return messages.length;
}

function handle(m) {
  if (m.seq) { consumed = Math.max(consumed, m.seq); consumedAt = performance.now(); }
  if (m.kind === "down") { if (cfg.board.BUTTONS.includes(m.button)) { held.add(m.button); unseen.add(m.button); } }
  else if (m.kind === "up") {
    if (unseen.has(m.button)) lateRelease.add(m.button);   // a tap: the next poll still sees it
    else held.delete(m.button);
  } else if (m.kind === "file") {
    mirroring = false;
    try { writeFile(m.path, storedBytes(m.data)); } finally { mirroring = true; }
  }
  streakStart = -1;
  settledSent = false;
}

const host = {
  mask() {
    let mask = 0;
    cfg.board.BUTTONS.forEach((name, i) => { if (held.has(name)) mask |= 1 << i; });
    return mask;
  },
  pump() {
    const now = performance.now();
    if (now - lastPump >= PUMP_MS) { lastPump = now; mailbox(0); }
  },
  polled() {
    unseen.clear();
    for (const b of lateRelease) held.delete(b);
    lateRelease.clear();
  },
  ticks() { return Math.floor(performance.now()); },
  sleep(ms) {
    const start = performance.now();
    if (streakStart < 0) streakStart = start;
    lastPump = start;
    const got = mailbox(Math.max(0, Math.round(ms)));
    if (!got && !held.size && !settledSent && performance.now() - streakStart >= SETTLED_MS) {
      settledSent = true;
      post("settled", { consumed, busyMs: streakStart - consumedAt });
    }
  },
  send(address, x, y, w, h) {
    streakStart = -1;
    settledSent = false;
    const heap = new Uint8Array(memory.buffer);
    const { WIDTH: width, HEIGHT: height, COLOR: color } = cfg.board;
    const rgba = new Uint8ClampedArray(w * h * 4);
    let o = 0;
    for (let row = y; row < y + h; row++) {
      for (let col = x; col < x + w; col++) {
        let c;
        if (color) {
          const byte = heap[address + row * ((width + 1) >> 1) + (col >> 1)];
          c = lut[(col & 1) ? byte & 15 : byte >> 4];
        } else {
          const lit = heap[address + (row >> 3) * width + col] >> (row & 7) & 1;
          c = lit ? MONO_LIT : MONO_DARK;
        }
        rgba[o] = c[0]; rgba[o + 1] = c[1]; rgba[o + 2] = c[2]; rgba[o + 3] = 255;
        o += 4;
      }
    }
    post("frame", { x, y, w, h, rgba }, [rgba.buffer]);
  },
  heap(n) { post("heap", { bytes: n, memory: memory.buffer.byteLength }); },
};

// --- the save folder, kept in the page's storage ----------------------------------------------
// Each change of a file in the save folder is stored by the page before the app goes on, and a
// refusal (storage full, blocked) fails the app's file operation with the device's OSError.
const ENOSPC = 28, EACCES = 13, EIO = 5;     // MicroPython's numbers, as the device raises them
const STORAGE_ERRNO = { QuotaExceededError: ENOSPC, SecurityError: EACCES };
let mirroring = false;       // off while the worker writes files the page already holds

function persist(request) {
  const xhr = new XMLHttpRequest();
  xhr.open("POST", `__tholia_store?id=${encodeURIComponent(cfg.id)}`, false);
  xhr.send(JSON.stringify(request));
  const answer = xhr.status === 200 ? JSON.parse(xhr.responseText) : { error: `HTTP ${xhr.status}` };
  if (answer.error) {
    post("log", { line: `the page's storage refused ${request.op} ${request.path}: ${answer.error}` });
    throw new mp.FS.ErrnoError(STORAGE_ERRNO[answer.error] || EIO);
  }
}

function saved(path) { return mirroring && path.startsWith(cfg.board.SAVE_DIR + "/"); }

function mirrorSaveFolder() {
  const FS = mp.FS, write = FS.write, rename = FS.rename, unlink = FS.unlink;
  FS.write = (stream, ...args) => {
    const n = write(stream, ...args);
    if (saved(stream.path)) persist({ op: "put", path: stream.path, data: bytesBase64(FS.readFile(stream.path)) });
    return n;
  };
  FS.rename = (from, to) => {
    rename(from, to);
    if (saved(from) || saved(to)) {
      try { persist({ op: "rename", path: from, to }); } catch (e) { rename(to, from); throw e; }
    }
  };
  FS.unlink = (path) => {
    unlink(path);
    if (saved(path)) persist({ op: "remove", path });
  };
  mirroring = true;
}

function writeFile(path, bytes) {
  let dir = "";
  for (const part of path.split("/").slice(1, -1)) {
    dir += "/" + part;
    try { mp.FS.mkdir(dir); } catch (e) { /* exists */ }
  }
  mp.FS.writeFile(path, bytes);
}

function base64Bytes(text) { return Uint8Array.from(atob(text), (ch) => ch.charCodeAt(0)); }
// A stored file as the page kept it; damaged storage (not base64) as its text: the app's checks
// then find the file damaged, as a damaged file on the device.
function storedBytes(text) {
  try { return base64Bytes(text); } catch (e) { return new TextEncoder().encode(String(text)); }
}
function bytesBase64(bytes) {
  let s = "";
  for (let i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(s);
}

function pythonError(e) {
  return e && e.name === "PythonError" ? String(e.message).trim() : String(e && e.stack || e);
}

self.onmessage = async (event) => {
  if (event.data.kind !== "start") return;
  cfg = event.data;
  try {
    const response = await fetch("app.json");
    if (!response.ok) throw new Error(`app.json: HTTP ${response.status}`);
    const bundle = await response.json();
    mp = await loadMicroPython({
      heapsize: 8 * 1024 * 1024, pystack: 64 * 1024, linebuffer: true,
      stdout: (line) => post("log", { line }), stderr: (line) => post("log", { line }),
    });
    for (const [path, data] of Object.entries(bundle.files)) writeFile("/" + path, base64Bytes(data));
    for (const [path, data] of Object.entries(cfg.files)) writeFile(path, storedBytes(data));
    mirrorSaveFolder();
    globalThis.tholia = host;
    mp.runPython("import sys\nsys.path.insert(0, '/')\nfrom firmware import palette\n" +
                 "_lut = [palette.rgb565(i) for i in range(16)]");
    lut = mp.PyProxy.toJs(mp.globals.get("_lut")).map((v) => {
      const r = (v >> 11) & 31, g = (v >> 5) & 63, b = v & 31;
      return [(r << 3) | (r >> 2), (g << 2) | (g >> 4), (b << 3) | (b >> 2)];
    });
    const app = mp.pyimport("web_hw");
    app.start(cfg.board.NAME);
    const step = app.step;
    post("running");
    // Back in JavaScript between the app's steps: the VM collects its garbage then.
    for (;;) step();
  } catch (e) {
    post("error", { text: pythonError(e) });
  }
};
