// The rules test suite under the real MicroPython VM: the same test files pytest runs.
//
//   node tools/mpy_test.mjs [--src DIR]... [TEST_FILE_OR_DIR ...]     (default: tests/rules)
//
// Each test module gets a fresh VM with the project's `shared_rules/` (and any --src folder)
// copied in; every top-level `test_*` function runs.  One line per failure with its traceback,
// then the plain line `N passed, M failed`; exit status 1 on any failure.
import fs from "node:fs";
import path from "node:path";
import { freshVM, copyTree, runCode } from "./mpyvm.mjs";

// The same runner as on a real board (tools/devtest.py): one harness, two places.
const HARNESS = fs.readFileSync(new URL("./devtest_harness.py", import.meta.url), "utf8");

function collect(args) {
  const files = [];
  for (const arg of args) {
    const [p, only] = arg.split("::");
    if (fs.statSync(p).isDirectory()) {
      for (const f of fs.readdirSync(p).sort())
        if (/^test_.*\.py$/.test(f)) files.push({ file: path.join(p, f), only: null });
    } else files.push({ file: p, only: only || null });
  }
  return files;
}

async function main(argv) {
  const srcs = ["shared_rules"];
  const targets = [];
  while (argv.length) {
    const a = argv.shift();
    if (a === "--src") srcs.push(argv.shift());
    else targets.push(a);
  }
  const files = collect(targets.length ? targets : ["tests/rules"]);
  let passed = 0, failed = 0;
  for (const { file, only } of files) {
    const dir = path.dirname(file);
    const modname = path.basename(file, ".py");
    let result = null;
    const started = Date.now();
    const onLine = (line) => {
      const m = line.match(/^@@RESULT (\d+) (\d+)$/);
      if (m) result = [Number(m[1]), Number(m[2])];
      else process.stdout.write(line + "\n");
    };
    const mp = await freshVM({ onLine });
    for (const s of srcs) copyTree(mp, s, "/" + path.basename(path.resolve(s)));
    copyTree(mp, dir, "/testdir");
    const onlyList = only ? JSON.stringify([only]) : "None";
    const status = runCode(mp, `import sys\nsys.path.insert(0, "/testdir")\nsys.path.insert(0, "/")\n` +
      HARNESS + `\nrun(${JSON.stringify(modname)}, ${onlyList})\n`, onLine);
    if (!result) {  // the module itself failed to import or the VM died
      console.log(`FAILED ${file} (could not run: status ${status})`);
      result = [0, 1];
    }
    passed += result[0]; failed += result[1];
    process.stderr.write(`  mpy ${file}: ${result[0]} passed, ${result[1]} failed (${((Date.now() - started) / 1000).toFixed(1)} s)\n`);
  }
  console.log(`${passed} passed, ${failed} failed`);
  return failed || !files.length ? 1 : 0;
}

main(process.argv.slice(2)).then((code) => { process.exitCode = code; });
