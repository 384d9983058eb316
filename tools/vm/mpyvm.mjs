// Run Python under the real MicroPython VM (the WebAssembly port) with project folders copied
// into its filesystem. Shared by the test runner, the benchmarks and the pixel-identity test.
//
//   node tools/vm/mpyvm.mjs [--mount HOSTDIR[:VMDIR]]... [--heap MB] SCRIPT.py [ARGS...]
//
// The script runs as __main__ with a global ARGV = [SCRIPT, ARGS...] (this port has no sys.argv)
// and the VM's cwd at "/".  Its exit status
// is 0, or 1 when it raises (SystemExit(n) gives n).
import { loadMicroPython } from "@micropython/micropython-webassembly-pyscript";
import fs from "node:fs";
import path from "node:path";

export function copyTree(mp, hostDir, vmDir) {
  mkdirs(mp, vmDir);
  for (const entry of fs.readdirSync(hostDir, { withFileTypes: true })) {
    if (entry.name.startsWith(".") || entry.name === "__pycache__") continue;
    const src = path.join(hostDir, entry.name);
    const dst = vmDir.replace(/\/$/, "") + "/" + entry.name;
    if (entry.isDirectory()) copyTree(mp, src, dst);
    else mp.FS.writeFile(dst, fs.readFileSync(src));
  }
}

export function mkdirs(mp, vmDir) {
  let cur = "";
  for (const part of vmDir.split("/").filter(Boolean)) {
    cur += "/" + part;
    try { mp.FS.mkdir(cur); } catch (e) { /* exists */ }
  }
}

// Loads a fresh VM. `onLine` gets each line the script prints.
export async function freshVM({ heapMB = 64, onLine = (l) => process.stdout.write(l + "\n") } = {}) {
  return loadMicroPython({
    heapsize: heapMB * 1024 * 1024,
    pystack: 64 * 1024,
    linebuffer: true,
    stdout: onLine,
    stderr: onLine,
  });
}

// Runs `code` and returns the exit status (SystemExit(n) → n, other exceptions → 1, printed).
export function runCode(mp, code, onLine) {
  try {
    mp.runPython(code);
    return 0;
  } catch (e) {
    const msg = String(e && e.message ? e.message : e);
    const m = msg.match(/SystemExit:?\s*(\d+)?/);
    if (m) return m[1] === undefined ? 0 : Number(m[1]);
    for (const line of msg.replace(/\n$/, "").split("\n")) onLine(line);
    return 1;
  }
}

async function main(argv) {
  const mounts = [];
  let heapMB = 64;
  while (argv.length && argv[0].startsWith("--")) {
    const opt = argv.shift();
    if (opt === "--mount") {
      const [host, vm] = argv.shift().split(":");
      mounts.push([host, vm || "/" + path.basename(path.resolve(host))]);
    } else if (opt === "--heap") heapMB = Number(argv.shift());
    else { console.error(`mpyvm: unknown option ${opt}`); return 2; }
  }
  if (!argv.length) { console.error("usage: node tools/vm/mpyvm.mjs [--mount DIR[:VMDIR]]... [--heap MB] SCRIPT.py [ARGS...]"); return 2; }
  const [script, ...args] = argv;
  const onLine = (l) => process.stdout.write(l + "\n");
  const mp = await freshVM({ heapMB, onLine });
  for (const [host, vm] of mounts) copyTree(mp, host, vm);
  const source = fs.readFileSync(script, "utf8");
  mp.FS.writeFile("/__main_script__.py", source);
  const code = `import sys\nsys.path.insert(0, "/")\n` +
    `exec(open("/__main_script__.py").read(), {"__name__": "__main__", "ARGV": ${JSON.stringify([script, ...args])}})\n`;
  return runCode(mp, code, onLine);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main(process.argv.slice(2)).then((code) => { process.exitCode = code; });
}
