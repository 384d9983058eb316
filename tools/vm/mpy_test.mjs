// The rules test suite under the real MicroPython VM: the same test files pytest runs.
//
//   node tools/vm/mpy_test.mjs [--jobs N] [--src DIR]... [TEST_FILE_OR_DIR ...]     (default: tests/rules)
//
// Each test module gets a fresh VM with the project's `shared_rules/` (and any --src folder)
// copied in, with the files of its folder and of the folder above (tests/rules/ for a game's);
// every top-level `test_*` function runs.  Modules run on N worker threads at once (default: one
// per core), each module's output printed whole, in the order given.  One line per
// failure with its traceback, the slowest modules, then the plain line `N passed, M failed`;
// exit status 1 on any failure.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Worker, isMainThread, parentPort } from "node:worker_threads";
import { freshVM, copyTree, mkdirs, runCode } from "./mpyvm.mjs";

// The same runner as on a real board (tools/device/devtest.py): one harness, two places.
const HARNESS = fs.readFileSync(new URL("../device/devtest_harness.py", import.meta.url), "utf8");
const SLOWEST_SHOWN = 5;

function collect(args) {
  const files = [];
  for (const arg of args) {
    const [p, only] = arg.split("::");
    if (fs.statSync(p).isDirectory()) walk(p, files);
    else files.push({ file: p, only: only || null });
  }
  return files;
}

// A folder's test files, then its subfolders' (a game's tests live in a folder of their own).
function walk(dir, files) {
  const entries = fs.readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name < b.name ? -1 : 1);
  for (const e of entries)
    if (e.isFile() && /^test_.*\.py$/.test(e.name)) files.push({ file: path.join(dir, e.name), only: null });
  for (const e of entries)
    if (e.isDirectory() && !e.name.startsWith(".") && e.name !== "__pycache__") walk(path.join(dir, e.name), files);
}

// The files of a folder, not its subfolders.
function copyFiles(mp, hostDir, vmDir) {
  mkdirs(mp, vmDir);
  for (const entry of fs.readdirSync(hostDir, { withFileTypes: true }))
    if (entry.isFile() && !entry.name.startsWith("."))
      mp.FS.writeFile(vmDir + "/" + entry.name, fs.readFileSync(path.join(hostDir, entry.name)));
}

// One module in a fresh VM: its printed lines, [passed, failed] and seconds.
async function runModule({ file, only, srcs }) {
  const dir = path.dirname(file);
  const modname = path.basename(file, ".py");
  const lines = [];
  let result = null;
  const started = Date.now();
  const onLine = (line) => {
    const m = line.match(/^@@RESULT (\d+) (\d+) \d+$/);
    if (m) result = [Number(m[1]), Number(m[2])];
    else lines.push(line);
  };
  const mp = await freshVM({ onLine });
  for (const s of srcs) copyTree(mp, s, "/" + path.basename(path.resolve(s)));
  // The test's folder and the one above it (the helpers every game's tests share).
  copyFiles(mp, dir, "/testdir");
  copyFiles(mp, path.dirname(dir), "/testup");
  const onlyList = only ? JSON.stringify([only]) : "None";
  const status = runCode(mp, `import sys\nsys.path.insert(0, "/testup")\nsys.path.insert(0, "/testdir")\nsys.path.insert(0, "/")\n` +
    HARNESS + `\nrun(${JSON.stringify(modname)}, ${onlyList})\n`, onLine);
  if (!result) {  // the module itself failed to import or the VM died
    lines.push(`FAILED ${file} (could not run: status ${status})`);
    result = [0, 1];
  }
  return { file, lines, result, seconds: (Date.now() - started) / 1000 };
}

function workerLoop() {
  parentPort.on("message", async (job) => {
    let done;
    try {
      done = await runModule(job);
    } catch (e) {
      done = { file: job.file, lines: [`FAILED ${job.file} (runner error: ${e})`], result: [0, 1], seconds: 0 };
    }
    parentPort.postMessage(done);
  });
}

async function main(argv) {
  const srcs = ["shared_rules"];
  const targets = [];
  let jobs = os.availableParallelism ? os.availableParallelism() : os.cpus().length;
  while (argv.length) {
    const a = argv.shift();
    if (a === "--src") srcs.push(argv.shift());
    else if (a === "--jobs") jobs = Number(argv.shift());
    else targets.push(a);
  }
  if (!(jobs >= 1)) { console.error("mpy_test: --jobs needs a number >= 1"); return 2; }
  const files = collect(targets.length ? targets : ["tests/rules"]);
  const results = new Array(files.length);
  let next = 0, printed = 0;
  const printReady = () => {  // in the given order, each module's output as one block
    while (printed < files.length && results[printed]) {
      const r = results[printed++];
      for (const line of r.lines) process.stdout.write(line + "\n");
      process.stderr.write(`  mpy ${r.file}: ${r.result[0]} passed, ${r.result[1]} failed (${r.seconds.toFixed(1)} s)\n`);
    }
  };
  const workers = [];
  await new Promise((resolve) => {
    let running = 0;
    const feed = (worker) => {
      if (next >= files.length) {
        worker.terminate();
        if (--running === 0) resolve();
        return;
      }
      const index = next++;
      worker.once("message", (r) => {
        results[index] = r;
        printReady();
        feed(worker);
      });
      worker.postMessage({ ...files[index], srcs });
    };
    const count = Math.min(jobs, files.length);
    if (!count) resolve();
    for (let i = 0; i < count; i++) {
      const worker = new Worker(new URL(import.meta.url));
      worker.on("error", (e) => { console.log(`FAILED (worker died: ${e})`); process.exit(1); });
      workers.push(worker);
      running++;
      feed(worker);
    }
  });
  let passed = 0, failed = 0;
  for (const r of results) { passed += r.result[0]; failed += r.result[1]; }
  const slowest = [...results].sort((a, b) => b.seconds - a.seconds).slice(0, SLOWEST_SHOWN);
  if (files.length > 1)
    process.stderr.write("  slowest: " + slowest.map((r) => `${r.file} ${r.seconds.toFixed(1)} s`).join(", ") + "\n");
  console.log(`${passed} passed, ${failed} failed`);
  return failed || !files.length ? 1 : 0;
}

if (isMainThread) main(process.argv.slice(2)).then((code) => { process.exitCode = code; });
else workerLoop();
