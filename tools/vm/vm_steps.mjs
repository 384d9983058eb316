// Runs a Python script under the MicroPython VM in slices, so that heap figures are real.
//
//   node tools/vm/vm_steps.mjs [--mount HOSTDIR[:VMDIR]]... SCRIPT.py [ARGS...]
//
// The WebAssembly VM collects garbage only when control returns to JavaScript (a collection
// inside a running script frees nothing), and then only when gc.collect() was called or enough
// was allocated since the last one.  So the script runs once (with a global ARGV, as in
// tools/vm/mpyvm.mjs) to set itself up, then its function `step()` is called again and again, each
// call a separate run after a run of its own that calls gc.collect(), until it returns False:
// at the start of every step gc.mem_alloc() is the live heap after a real collection.  Exit status 0, or 1 when the script or a step raises.
import fs from "node:fs";
import path from "node:path";
import { freshVM, copyTree, runCode } from "./mpyvm.mjs";

async function main(argv) {
  const mounts = [];
  while (argv.length && argv[0] === "--mount") {
    argv.shift();
    const [host, vm] = argv.shift().split(":");
    mounts.push([host, vm || "/" + path.basename(path.resolve(host))]);
  }
  if (!argv.length) {
    console.error("usage: node tools/vm/vm_steps.mjs [--mount DIR[:VMDIR]]... SCRIPT.py [ARGS...]");
    return 2;
  }
  const [script, ...args] = argv;
  const onLine = (l) => process.stdout.write(l + "\n");
  const mp = await freshVM({ onLine });
  for (const [host, vm] of mounts) copyTree(mp, host, vm);
  mp.FS.writeFile("/__main_script__.py", fs.readFileSync(script, "utf8"));
  let status = runCode(mp, `import sys\nsys.path.insert(0, "/")\n` +
    `__g = {"__name__": "__steps__", "ARGV": ${JSON.stringify([script, ...args])}}\n` +
    `exec(open("/__main_script__.py").read(), __g)\n__more = True\n`, onLine);
  while (status === 0 && mp.globals.get("__more")) {
    status = runCode(mp, `import gc\ngc.collect()\n`, onLine);
    if (status === 0) status = runCode(mp, `__more = __g["step"]()\n`, onLine);
  }
  return status;
}

main(process.argv.slice(2)).then((code) => process.exit(code));
