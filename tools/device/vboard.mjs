// The virtual board: the real MicroPython VM (the WebAssembly port) behind a loopback TCP socket
// that behaves like a board's USB REPL, for `mpremote connect socket://127.0.0.1:PORT`.
//
//   node tools/device/vboard.mjs --port N [--fs DIR] [--heap KB]        (usually: python -m tools.device.vboard)
//
// Prints "vboard: listening on 127.0.0.1:PORT ..." once it accepts connections (--port 0 picks a
// free port), then serves one client at a time until stopped.  Further clients are refused
// (closed at once), like a serial port that is already open.
//
// The board:
//  * friendly and raw REPL are the VM's own (replProcessChar); raw-paste mode, which hangs this
//    port, is refused with "R\x00" so mpremote falls back to the plain raw REPL;
//  * Ctrl-D on an empty line (or SystemExit at the prompt) soft-resets: a fresh VM (fresh heap),
//    "MPY: soft reboot", boot.py, main.py (friendly REPL only, as on rp2/esp32), back to the
//    same REPL mode;
//  * Ctrl-C interrupts a running program: the VM runs in a worker thread, which is replaced by a
//    fresh one when it does not take the Ctrl-C within 250 ms (its program state is lost, the
//    filesystem is not);
//  * the filesystem is the VM's MEMFS under /flash mounted as "/", written through to a host
//    folder (--fs DIR, default a temporary one) on every close/mkdir/remove/rename, so it
//    survives soft resets, interrupts and, with --fs, restarts; its errors carry MicroPython's
//    errno numbers (ENOENT 2, not Emscripten's 44), which mpremote recognises;
//  * output newlines go out as "\r\n" like a board's cooked USB console.
// Unlike a board, a running program that reads stdin (input(), mpremote's `mount`) gets end of
// file at once: the VM takes input only between REPL characters.
import { Worker, isMainThread, parentPort, workerData } from "node:worker_threads";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { loadMicroPython } from "@micropython/micropython-webassembly-pyscript";

// Shared state between the socket thread and the VM worker (one SharedArrayBuffer):
// header Int32 slots, then an output ring the worker fills and the socket thread drains.
const H_CONSUMED = 0;   // input bytes the VM has finished processing
const H_MODE = 1;       // MODE_FRIENDLY or MODE_RAW
const H_WRITE = 2;      // output ring: bytes written (mod 2^32)
const H_READ = 3;       // output ring: bytes read
const H_LOADING = 4;    // 1 while a fresh VM loads (not a program the user could interrupt)
const HEADER_BYTES = 32;
const RING = 1 << 16;
const MODE_FRIENDLY = 0, MODE_RAW = 1;
const CTRL_A = 1, CTRL_B = 2, CTRL_C = 3, CTRL_D = 4, CTRL_E = 5;
const INTERRUPT_GRACE_MS = 250;
const RAW_BANNER = "raw REPL; CTRL-B to exit";
const KEYBOARD_INTERRUPT = "Traceback (most recent call last):\r\nKeyboardInterrupt: \r\n";

// ---------------------------------------------------------------- socket side (main thread)
async function serve(argv) {
  const opts = { port: null, fs: null, heapKB: 512, tied: false };
  while (argv.length) {
    const a = argv.shift();
    if (a === "--port") opts.port = Number(argv.shift());
    else if (a === "--fs") opts.fs = argv.shift();
    else if (a === "--heap") opts.heapKB = Number(argv.shift());
    else if (a === "--tied") opts.tied = true;  // stop when stdin closes: the parent has gone
    else return usage(`unknown option ${a}`);
  }
  if (!Number.isInteger(opts.port) || opts.port < 0 || opts.port > 65535) return usage("--port N is required (0..65535)");
  const temporary = !opts.fs;
  const fsDir = path.resolve(opts.fs || fs.mkdtempSync(path.join(os.tmpdir(), "vboard-fs-")));
  fs.mkdirSync(fsDir, { recursive: true });

  const shared = new SharedArrayBuffer(HEADER_BYTES + RING);
  const header = new Int32Array(shared, 0, HEADER_BYTES / 4);
  const ring = new Uint8Array(shared, HEADER_BYTES);
  let client = null;
  let worker = null;
  let sent = [];        // input handed to the current worker and not yet consumed: [index, byte]
  let sentTotal = 0;    // bytes handed to the current worker
  let interruptTimer = null;
  let held = Buffer.alloc(0);  // input that came while a worker was being replaced

  function drain() {
    const w = Atomics.load(header, H_WRITE) >>> 0, r = Atomics.load(header, H_READ) >>> 0;
    const n = (w - r) >>> 0;
    if (!n) return;
    if (n > RING) {  // cannot happen while one worker writes; never send stale bytes
      Atomics.store(header, H_READ, w | 0);
      return;
    }
    const out = Buffer.alloc(n);
    for (let i = 0; i < n; i++) out[i] = ring[(r + i) % RING];
    Atomics.store(header, H_READ, w | 0);
    Atomics.notify(header, H_READ);
    if (client && !client.destroyed) client.write(out);
  }
  setInterval(drain, 4);

  function startWorker(reason, mode, input) {
    Atomics.store(header, H_CONSUMED, 0);
    Atomics.store(header, H_MODE, mode);
    Atomics.store(header, H_WRITE, 0);
    Atomics.store(header, H_READ, 0);
    Atomics.store(header, H_LOADING, 1);
    sent = []; sentTotal = 0;
    const w = new Worker(new URL(import.meta.url), { workerData: { shared, fsDir, heapKB: opts.heapKB, reason, mode } });
    worker = w;
    w.on("error", (e) => process.stderr.write(`vboard: the VM failed: ${e && e.stack || e}\n`));
    const started = Date.now();
    w.on("exit", () => {
      if (worker !== w) return;  // replaced on purpose
      drain();
      if (Date.now() - started < 2000 && reason === "crash") {
        process.stderr.write("vboard: the VM cannot start; stopping\n");
        process.exit(1);
      }
      process.stderr.write("vboard: the VM stopped; restarting it\n");
      startWorker("crash", MODE_FRIENDLY, Buffer.alloc(0));
    });
    const waiting = Buffer.concat([input, held]);
    held = Buffer.alloc(0);
    if (waiting.length) feed(waiting);
  }

  function feed(data) {
    for (const b of data) sent.push([sentTotal++, b]);
    worker.postMessage(data);
    if (data.includes(CTRL_C)) watchInterrupt(sentTotal - data.length + data.indexOf(CTRL_C));
  }

  // A Ctrl-C the VM does not get to within the grace time means a program is running: replace
  // the worker, keeping what was typed after the Ctrl-C.
  function watchInterrupt(ctrlIndex) {
    if (interruptTimer) return;
    let last = Atomics.load(header, H_CONSUMED);
    const check = () => {
      interruptTimer = null;
      const consumed = Atomics.load(header, H_CONSUMED);
      if (consumed > ctrlIndex || ctrlIndex >= sentTotal) return;
      if (consumed !== last || Atomics.load(header, H_LOADING)) {  // busy with input or loading: later
        last = consumed;
        interruptTimer = setTimeout(check, INTERRUPT_GRACE_MS);
        return;
      }
      const mode = Atomics.load(header, H_MODE);
      const rest = sent.filter(([i]) => i > consumed).map(([, b]) => b);
      const at = rest.indexOf(CTRL_C);
      if (at >= 0) rest.splice(at, 1);
      const old = worker;
      worker = null;
      old.terminate().then(() => {
        drain();
        startWorker("interrupt", mode, Buffer.from(rest));
      });
    };
    interruptTimer = setTimeout(check, INTERRUPT_GRACE_MS);
  }

  // Forget input the worker has consumed (keeps `sent` short).
  setInterval(() => {
    const consumed = Atomics.load(header, H_CONSUMED);
    if (sent.length && sent[0][0] < consumed) sent = sent.filter(([i]) => i >= consumed);
  }, 200);

  startWorker("power", MODE_FRIENDLY, Buffer.alloc(0));

  const server = net.createServer((socket) => {
    if (client) { socket.destroy(); return; }  // busy, like an open serial port
    client = socket;
    socket.setNoDelay(true);
    socket.on("data", (data) => { if (worker) feed(data); else held = Buffer.concat([held, data]); });
    socket.on("close", () => { if (client === socket) client = null; });
    socket.on("error", () => {});
  });
  server.on("error", (e) => {
    process.stderr.write(`vboard: cannot listen on 127.0.0.1:${opts.port}: ${e.message}\n`);
    process.exit(1);
  });
  const stop = () => {
    server.close();
    if (temporary) fs.rmSync(fsDir, { recursive: true, force: true });
    process.exit(0);
  };
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
  if (opts.tied) {
    process.stdin.on("end", stop);
    process.stdin.on("error", stop);
    process.stdin.resume();
  }
  server.listen(opts.port, "127.0.0.1", () => {
    process.stdout.write(`vboard: listening on 127.0.0.1:${server.address().port} (filesystem ${fsDir}` +
      `${temporary ? ", temporary" : ""}); connect with mpremote connect socket://127.0.0.1:${server.address().port}\n`);
  });
}

function usage(msg) {
  process.stderr.write(`vboard: ${msg}\nusage: node tools/device/vboard.mjs --port N [--fs DIR] [--heap KB] [--tied]\n`);
  process.exit(2);
}

// ---------------------------------------------------------------- the board (worker thread)
// MicroPython's errno numbers (py/mperrno.h, the Linux values) for Emscripten's errno names.
const MP_ERRNO = {
  EPERM: 1, ENOENT: 2, ESRCH: 3, EINTR: 4, EIO: 5, ENXIO: 6, E2BIG: 7, ENOEXEC: 8, EBADF: 9,
  ECHILD: 10, EAGAIN: 11, ENOMEM: 12, EACCES: 13, EFAULT: 14, EBUSY: 16, EEXIST: 17, EXDEV: 18,
  ENODEV: 19, ENOTDIR: 20, EISDIR: 21, EINVAL: 22, ENFILE: 23, EMFILE: 24, ENOTTY: 25,
  ETXTBSY: 26, EFBIG: 27, ENOSPC: 28, ESPIPE: 29, EROFS: 30, EMLINK: 31, EPIPE: 32, EDOM: 33,
  ERANGE: 34, ENAMETOOLONG: 36, ENOSYS: 38, ENOTEMPTY: 39, ELOOP: 40, EOVERFLOW: 75,
  ENOTSUP: 95, EOPNOTSUPP: 95,
};
// Emscripten's numbers for the same names (its ERRNO_CODES table, which the port does not export).
const EM_ERRNO = {
  EPERM: 63, ENOENT: 44, ESRCH: 71, EINTR: 27, EIO: 29, ENXIO: 60, E2BIG: 1, ENOEXEC: 45, EBADF: 8,
  ECHILD: 12, EAGAIN: 6, ENOMEM: 48, EACCES: 2, EFAULT: 21, EBUSY: 10, EEXIST: 20, EXDEV: 75,
  ENODEV: 43, ENOTDIR: 54, EISDIR: 31, EINVAL: 28, ENFILE: 41, EMFILE: 33, ENOTTY: 59,
  ETXTBSY: 74, EFBIG: 22, ENOSPC: 51, ESPIPE: 70, EROFS: 69, EMLINK: 34, EPIPE: 64, EDOM: 18,
  ERANGE: 68, ENAMETOOLONG: 37, ENOSYS: 52, ENOTEMPTY: 55, ELOOP: 32, EOVERFLOW: 61, ENOTSUP: 138,
};
const EM_TO_MP = new Map(Object.keys(EM_ERRNO).map((name) => [EM_ERRNO[name], MP_ERRNO[name]]));

const FLASH = "/flash";
const O_WRONLY = 1, O_RDWR = 2, O_CREAT = 0o100, O_TRUNC = 0o1000;

// Mounts /flash as the VM's root, after the syscalls' entry points in Emscripten's FS are
// wrapped (wrapFS): errors leave with MicroPython's numbers, changes reach the host folder.
// The mount is a small VFS class over a root-less VfsPosix rather than VfsPosix("/flash"):
// MicroPython 1.27's VfsPosix with a root builds both paths of rename() in one buffer, so
// rename(a, b) became rename(b, b).  It also lists sizes, like littlefs's ilistdir.
const VM_SETUP = `
import vfs, os

class FlashFS:
    def __init__(self):
        self.posix = vfs.VfsPosix()
        self.cwd = "/"

    def path(self, p):
        if not p.startswith("/"):
            p = self.cwd + "/" + p
        parts = []
        for part in p.split("/"):
            if part == "..":
                if parts:
                    parts.pop()
            elif part and part != ".":
                parts.append(part)
        return "${FLASH}/" + "/".join(parts) if parts else "${FLASH}"

    def mount(self, readonly, mkfs):
        pass

    def umount(self):
        pass

    def open(self, p, mode):
        return self.posix.open(self.path(p), mode)

    def ilistdir(self, p):
        full = self.path(p)
        for entry in self.posix.ilistdir(full):
            size = self.posix.stat(full + "/" + entry[0])[6] if entry[1] == 0x8000 else 0
            yield (entry[0], entry[1], entry[2], size)

    def stat(self, p):
        return self.posix.stat(self.path(p))

    def statvfs(self, p):
        return self.posix.statvfs(self.path(p))

    def mkdir(self, p):
        self.posix.mkdir(self.path(p))

    def rmdir(self, p):
        self.posix.rmdir(self.path(p))

    def remove(self, p):
        self.posix.remove(self.path(p))

    def rename(self, a, b):
        self.posix.rename(self.path(a), self.path(b))

    def chdir(self, p):
        full = self.path(p)
        if not self.posix.stat(full)[0] & 0x4000:
            raise OSError(20)
        self.cwd = full[${FLASH.length}:] or "/"

    def getcwd(self):
        return self.cwd

vfs.umount("/")
vfs.mount(FlashFS(), "/")
os.chdir("/")
del vfs, os, FlashFS
`;

// Runs boot.py / main.py from the board's filesystem as the firmware does: in __main__'s
// globals, a traceback printed (without this helper's frame), the REPL following.
const RUN_SCRIPT = `
def __vboard_run(name):
    try:
        exec(compile(open(name).read(), name, "exec"), globals())
    except SystemExit:
        pass
    except BaseException as e:
        import io, sys
        buf = io.StringIO()
        sys.print_exception(e, buf)
        lines = buf.getvalue().split("\\n")
        print("\\n".join(lines[:1] + lines[2:]), end="")
`;

async function runBoard({ shared, fsDir, heapKB, reason, mode: startMode }) {
  const header = new Int32Array(shared, 0, HEADER_BYTES / 4);
  const ring = new Uint8Array(shared, HEADER_BYTES);
  let vm = null;
  let mode = startMode;
  let consumed = 0;
  let lastOut = 0;
  let muted = false;   // swallow output (the banner of a REPL re-entered behind the scenes)
  let captured = "";   // output since the last input byte, to see which REPL we are in

  function emitByte(b) {
    for (;;) {
      const w = Atomics.load(header, H_WRITE) >>> 0, r = Atomics.load(header, H_READ) >>> 0;
      if (((w - r) >>> 0) < RING) {
        ring[w % RING] = b;
        Atomics.store(header, H_WRITE, (w + 1) | 0);
        return;
      }
      Atomics.wait(header, H_READ, r | 0, 50);  // ring full: wait for the socket thread
    }
  }
  function out(bytes) {
    for (const b of bytes) {
      if (captured.length < 256) captured += String.fromCharCode(b);
      if (muted) continue;
      if (b === 10 && lastOut !== 13) emitByte(13);  // cooked newlines, like a board's console
      emitByte(b);
      lastOut = b;
    }
  }
  const say = (text) => out(Buffer.from(text, "latin1"));

  function setMode(m) { mode = m; Atomics.store(header, H_MODE, m); }

  function wrapFS(FS) {
    const hostPath = (p) => {
      const abs = path.posix.resolve(FS.cwd(), p);
      return abs === FLASH || abs.startsWith(FLASH + "/") ? path.join(fsDir, abs.slice(FLASH.length)) : null;
    };
    const mirror = { // host side of each change, after the VM's filesystem accepted it
      mkdir: (_, p) => { const h = hostPath(p); if (h) fs.mkdirSync(h, { recursive: true }); },
      rmdir: (_, p) => { const h = hostPath(p); if (h) fs.rmSync(h, { recursive: true, force: true }); },
      unlink: (_, p) => { const h = hostPath(p); if (h) fs.rmSync(h, { force: true }); },
      rename: (_, a, b) => {
        const ha = hostPath(a), hb = hostPath(b);
        if (ha && hb) { fs.rmSync(hb, { recursive: true, force: true }); fs.renameSync(ha, hb); }
      },
      open: (stream, _, flags) => { if (typeof flags === "number" && flags & (O_CREAT | O_TRUNC)) saveFile(stream.node); },
      close: (_, stream) => { if (stream.flags & (O_WRONLY | O_RDWR)) saveFile(stream.node); },
    };
    // A file's content goes to the host when it is created or truncated and when a writer closes
    // it (like littlefs, which commits a file on close).
    function saveFile(node) {
      const h = FS.isFile(node.mode) && hostPath(FS.getPath(node));
      if (h) fs.writeFileSync(h, node.contents ? Buffer.from(node.contents.subarray(0, node.usedBytes)) : Buffer.alloc(0));
    }
    for (const name of ["chdir", "close", "fstat", "getStreamChecked", "llseek", "lstat", "mkdir",
      "open", "read", "readdir", "rename", "rmdir", "stat", "statfs", "unlink", "write"]) {
      const original = FS[name];
      const after = mirror[name];
      FS[name] = function (...args) {
        let result;
        try {
          result = original.apply(this, args);
        } catch (e) {
          if (e && e.name === "ErrnoError" && !e.micropython && EM_TO_MP.has(e.errno)) {
            const mapped = new FS.ErrnoError(EM_TO_MP.get(e.errno));
            mapped.micropython = true;
            throw mapped;
          }
          throw e;
        }
        if (after) {
          try { after(result, ...args); } catch (e) { process.stderr.write(`vboard: host filesystem: ${e.message}\n`); }
        }
        return result;
      };
    }
  }

  function loadFlash(FS, hostDir, vmDir) {
    FS.mkdir(vmDir);
    for (const entry of fs.readdirSync(hostDir, { withFileTypes: true })) {
      const src = path.join(hostDir, entry.name), dst = vmDir + "/" + entry.name;
      if (entry.isDirectory()) loadFlash(FS, src, dst);
      else if (entry.isFile()) FS.writeFile(dst, fs.readFileSync(src));
    }
  }

  // Runs boot.py / main.py from the board's filesystem as the firmware does: in __main__,
  // a traceback printed, the REPL following whatever happened.
  function runScript(name) {
    if (!fs.existsSync(path.join(fsDir, name))) return;
    vm.runPython(RUN_SCRIPT + `__vboard_run(${JSON.stringify(name)})\ndel __vboard_run\n`);
  }

  async function boot(why) {
    if (why === "soft") say("MPY: soft reboot\n");
    Atomics.store(header, H_LOADING, 1);
    vm = await loadMicroPython({
      heapsize: heapKB * 1024, pystack: 64 * 1024, linebuffer: false,
      stdout: out, stderr: out, stdin: () => null,
    });
    loadFlash(vm.FS, fsDir, FLASH);
    wrapFS(vm.FS);
    vm.runPython(VM_SETUP);
    Atomics.store(header, H_LOADING, 0);
    if (why !== "interrupt") {
      runScript("boot.py");
      if (mode === MODE_FRIENDLY) runScript("main.py");
    }
    // The REPL itself: the friendly banner, or straight back into the raw REPL.
    const raw = mode === MODE_RAW;
    muted = raw || why === "interrupt";
    vm.replInit();
    muted = why === "interrupt";
    if (raw) vm.replProcessChar(CTRL_A);
    muted = false;
    if (why === "interrupt") {
      say(raw ? "\x04" + KEYBOARD_INTERRUPT + "\x04>" : KEYBOARD_INTERRUPT + ">>> ");
    } else if (why === "crash") {
      say("\nvboard: the VM stopped and was restarted\n>>> ");
    }
  }

  // Raw-paste mode (Ctrl-E 'A' Ctrl-A at the start of a raw line) is answered "unsupported".
  let rawLineEmpty = true;
  let pasteProbe = [];
  const PASTE_REQUEST = [CTRL_E, 65, CTRL_A];

  async function processByte(b) {
    if (mode === MODE_RAW && (pasteProbe.length || (rawLineEmpty && b === CTRL_E))) {
      pasteProbe.push(b);
      if (pasteProbe.every((x, i) => x === PASTE_REQUEST[i])) {
        if (pasteProbe.length === PASTE_REQUEST.length) { pasteProbe = []; say("R\x00"); }
        return;
      }
      const held = pasteProbe;  // not a raw-paste request after all: let the REPL have it
      pasteProbe = [];
      for (const x of held) await replByte(x);
      return;
    }
    await replByte(b);
  }

  async function replByte(b) {
    captured = "";
    const status = vm.replProcessChar(b);
    if (mode === MODE_FRIENDLY && b === CTRL_A && captured.includes(RAW_BANNER)) setMode(MODE_RAW);
    else if (mode === MODE_RAW && b === CTRL_B) setMode(MODE_FRIENDLY);
    rawLineEmpty = b === CTRL_D || b === CTRL_C || b === CTRL_A;
    if (status !== 0) await boot("soft");  // Ctrl-D on an empty line, or SystemExit at the prompt
  }

  const queue = [];
  let busy = false;
  async function pump() {
    if (busy) return;
    busy = true;
    while (queue.length) {
      const data = queue.shift();
      for (const b of data) {
        await processByte(b);
        Atomics.store(header, H_CONSUMED, ++consumed);
      }
    }
    busy = false;
  }
  parentPort.on("message", (data) => { queue.push(data); pump(); });
  busy = true;  // hold input until booted
  await boot(reason);
  busy = false;
  pump();
}

if (isMainThread) await serve(process.argv.slice(2));
else await runBoard(workerData);
