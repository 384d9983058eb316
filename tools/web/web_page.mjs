// Plays button scripts on the browser version in headless Chromium (npm playwright-core, the
// system's browser: nothing is downloaded) and reports what the page showed.  Used by
// tests/host/test_web.py and tools/bench/bench_web.py.
//
//   node tools/web/web_page.mjs PLAN.json RESULT.json
//
// PLAN: {"url": "http://127.0.0.1:PORT/", "chromium": PATH, "scenarios": [{"board": NAME,
// "steps": [{"press": BUTTON} | {"shot": NAME} | {"reload": true} | {"tap": BUTTON} (a mouse click on
// its on-screen key) | {"touch": [BUTTON, ...]} (a finger on each, the others lifted) | {"pad":
// [INDEX, ...]} (the gamepad's pressed buttons) | {"settle": true} | {"lit": NAME} (the lit keys) |
// {"layout": NAME} (the canvas's and keys' boxes) | {"soak": {"ms", "sampleMs",
// "quietMs", "first": [BUTTON, ...], "next": [[BUTTON, ...], ...]}}], "storage": {KEY: VALUE} put in
// localStorage before, "initScript": JS run first in each page (a browser whose storage refuses),
// "viewport": {width, height}, "phone": true (touch, mobile), "gamepad": true (window.testPad)}
// | {"board": NAME, "expectError": true}]}: the latter's result has "shown", the page's error text.  Each scenario runs in
// a fresh browser context (empty storage); after the load and after every press the page
// waits until the app has settled (it sleeps, waiting for a button, with nothing shown).
// RESULT: {"scenarios": [{"shots": {NAME: base64 RGBA}, "loadMs": [first frame after each
// load], "settleMs": [press to settled, each press], "busyMs": [the input read to the app's
// sleep, each press], "samples": [{"s", "heap", "memory", "decisions", "games"}] of a soak}],
// "requests": [every URL the pages asked for], "console": ["type: text" of warnings and
// errors], "errors": [...]}.  Exit status 1 with one line on stderr when the browser fails.
import fs from "node:fs";
import { chromium } from "playwright-core";

const FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
               "--disable-background-networking", "--disable-component-update", "--disable-sync"];
const SETTLE_TIMEOUT_MS = 60000;

async function settled(page, seq) {
  return page.evaluate(([s, t]) => window.tholia.settledAfter(s, t), [seq, SETTLE_TIMEOUT_MS]);
}

async function pressAll(page, buttons) {
  for (const button of buttons) await settled(page, await page.evaluate((b) => window.tholia.press(b), button));
}

// AI against AI for `ms`: the buttons `first`, then, each time nothing has been drawn for
// `quietMs` (the game-over screen waits), those of the next game of `next`, in turn; the page's figures every `sampleMs`
// (the heap: the largest the app reported since the last sample).
async function soak(page, plan) {
  const probe = () => { const t = window.tholia; return { frames: t.frames, heap: t.heap, memory: t.memory || 0,
                                                          decisions: t.decisions || 0, errors: t.errors.length }; };
  const started = Date.now(), samples = [];
  let games = 0, lastFrames = -1, quietSince = started, nextSample = 0, heapPeak = 0;
  await pressAll(page, plan.first);
  games++;
  for (;;) {
    const now = Date.now(), seen = await page.evaluate(probe);
    heapPeak = Math.max(heapPeak, seen.heap);
    const done = now - started >= plan.ms || seen.errors;
    if (now - started >= nextSample || done) {
      samples.push({ s: Math.round((now - started) / 1000), heap: heapPeak, memory: seen.memory,
                     decisions: seen.decisions, games });
      heapPeak = 0;
      nextSample += plan.sampleMs;
    }
    if (done) break;
    if (seen.frames !== lastFrames) { lastFrames = seen.frames; quietSince = now; }
    else if (now - quietSince >= plan.quietMs) {
      await pressAll(page, plan.next[(games - 1) % plan.next.length]);
      games++;
      quietSince = Date.now();
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  return samples;
}

async function keyCentre(page, button) {
  const box = await page.locator(`.key[data-button="${button}"]`).boundingBox();
  return { x: Math.round(box.x + box.width / 2), y: Math.round(box.y + box.height / 2) };
}

let lastFinger = 0;

// One finger on each of `buttons` (a touch point per button, kept while the button is listed).
async function touch(page, cdp, fingers, buttons) {
  for (const b of [...fingers.keys()]) {
    if (!buttons.includes(b)) {
      fingers.delete(b);
      await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [...fingers.values()] });
    }
  }
  for (const b of buttons) {
    if (!fingers.has(b)) {
      fingers.set(b, { ...(await keyCentre(page, b)), id: ++lastFinger });
      await cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: [...fingers.values()] });
    }
  }
}

// What the page shows around the screen: its size and scale, and where the controls are.
async function layout(page) {
  return page.evaluate(() => {
    const rect = (el) => { const r = el.getBoundingClientRect(); return { x: r.x, y: r.y, w: r.width, h: r.height }; };
    const canvas = document.getElementById("screen");
    return { viewport: { w: window.innerWidth, h: window.innerHeight }, canvas: rect(canvas),
             pixels: { w: canvas.width, h: canvas.height }, rendering: getComputedStyle(canvas).imageRendering,
             keys: [...document.querySelectorAll(".key")].map((k) => ({ button: k.dataset.button, ...rect(k) })) };
  });
}

async function load(page, url, out) {
  await page.goto(url);
  await page.waitForFunction(() => window.tholia && (window.tholia.lastSettle || window.tholia.errors.length),
                             null, { timeout: SETTLE_TIMEOUT_MS });
  await settled(page, 0);
  out.loadMs.push(await page.evaluate(() => window.tholia.firstFrameMs));
}

async function run(plan) {
  const result = { scenarios: [], requests: [], console: [], errors: [] };
  const browser = await chromium.launch({ executablePath: plan.chromium, args: FLAGS,
                                          ignoreDefaultArgs: ["--headless=new"] });
  try {
    for (const scenario of plan.scenarios) {
      const context = await browser.newContext({ viewport: scenario.viewport || { width: 1000, height: 760 },
                                                 hasTouch: !!scenario.phone, isMobile: !!scenario.phone });
      context.on("request", (r) => result.requests.push(r.url()));
      const page = await context.newPage();
      page.on("console", (m) => { if (m.type() === "error" || m.type() === "warning") result.console.push(`${m.type()}: ${m.text()}`); });
      page.on("pageerror", (e) => result.errors.push(String(e.message)));
      page.on("worker", (w) => w.on("console", (m) => { if (m.type() === "error") result.console.push(`worker error: ${m.text()}`); }));
      if (scenario.storage) {
        // The browser's storage as a previous visit left it (or damaged it), before the first load.
        await context.addInitScript((items) => {
          if (sessionStorage.getItem("tholia-test-seeded")) return;
          sessionStorage.setItem("tholia-test-seeded", "1");
          for (const [k, v] of Object.entries(items)) localStorage.setItem(k, v);
        }, scenario.storage);
      }
      if (scenario.initScript) await context.addInitScript(scenario.initScript);
      if (scenario.gamepad) {
        // A gamepad (the standard mapping) the steps press: navigator.getGamepads() returns it.
        await context.addInitScript(() => {
          window.testPad = { id: "test pad", index: 0, connected: true, mapping: "standard", axes: [0, 0, 0, 0],
                             buttons: Array.from({ length: 17 }, () => ({ pressed: false, value: 0 })) };
          navigator.getGamepads = () => [window.testPad];
        });
      }
      const url = `${plan.url}?board=${scenario.board}`;
      const out = { shots: {}, loadMs: [], settleMs: [], busyMs: [], lit: {}, layout: {} };
      const fingers = new Map();
      let cdp = null;
      if (scenario.expectError) {
        // A page that must fail: what it says instead of a screen.
        await page.goto(url);
        await page.waitForFunction(() => window.tholia && window.tholia.errors.length, null, { timeout: SETTLE_TIMEOUT_MS });
        out.shown = await page.evaluate(() => document.getElementById("error").hidden ? "" : document.getElementById("error").textContent);
        result.scenarios.push(out);
        await context.close();
        continue;
      }
      await load(page, url, out);
      for (const step of scenario.steps) {
        if (step.press) {
          const t0 = Date.now();
          const seq = await page.evaluate((b) => window.tholia.press(b), step.press);
          const settle = await settled(page, seq);
          out.settleMs.push(Date.now() - t0);
          out.busyMs.push(settle.busyMs);
        } else if (step.shot) {
          out.shots[step.shot] = await page.evaluate(() => window.tholia.pixels());
          if (step.picture) {
            await page.screenshot({ path: step.picture });
          }
        } else if (step.tap) {
          const { x, y } = await keyCentre(page, step.tap);
          const before = await page.evaluate(() => window.tholia.seq);
          await page.mouse.click(x, y);
          await settled(page, before + 2);
        } else if (step.touch) {
          await touch(page, cdp || (cdp = await context.newCDPSession(page)), fingers, step.touch);
        } else if (step.pad) {
          await page.evaluate((pressed) => {
            window.testPad.buttons.forEach((b, i) => { b.pressed = pressed.includes(i); b.value = b.pressed ? 1 : 0; });
            window.dispatchEvent(new Event("gamepadconnected"));
          }, step.pad);
          await page.waitForTimeout(100);     // a few animation frames: the page polls the pad at each
        } else if (step.settle) {
          await settled(page, await page.evaluate(() => window.tholia.seq));
        } else if (step.lit) {
          out.lit[step.lit] = await page.evaluate(() => [...document.querySelectorAll(".key.lit")].map((k) => k.dataset.button));
        } else if (step.layout) {
          out.layout[step.layout] = await layout(page);
        } else if (step.soak) {
          out.samples = await soak(page, step.soak);
        } else if (step.reload) {
          await load(page, url, out);
        }
      }
      const errors = await page.evaluate(() => window.tholia.errors);
      result.errors.push(...errors);
      result.scenarios.push(out);
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return result;
}

const [planPath, resultPath] = process.argv.slice(2);
if (!planPath || !resultPath) {
  console.error("usage: node tools/web/web_page.mjs PLAN.json RESULT.json");
  process.exit(2);
}
try {
  const result = await run(JSON.parse(fs.readFileSync(planPath, "utf8")));
  fs.writeFileSync(resultPath, JSON.stringify(result));
} catch (e) {
  console.error(`web_page: ${String(e && e.message || e).split("\n")[0]}`);
  process.exit(1);
}
