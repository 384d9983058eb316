// Plays button scripts on the browser version in headless Chromium (npm playwright-core, the
// system's browser: nothing is downloaded) and reports what the page showed.  Used by
// tests/host/test_web.py and tools/bench/bench_web.py.
//
//   node tools/web/web_page.mjs PLAN.json RESULT.json
//
// PLAN: {"url": "http://127.0.0.1:PORT/", "chromium": PATH, "scenarios": [{"board": NAME,
// "steps": [{"press": BUTTON} | {"shot": NAME} | {"reload": true}]} | {"board": NAME,
// "expectError": true}]}: the latter's result has "shown", the page's error text.  Each scenario runs in
// a fresh browser context (empty storage); after the load and after every press the page
// waits until the app has settled (it sleeps, waiting for a button, with nothing shown).
// RESULT: {"scenarios": [{"shots": {NAME: base64 RGBA}, "loadMs": [first frame after each
// load], "settleMs": [press to settled, each press], "busyMs": [the input read to the app's
// sleep, each press]}],
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
      const context = await browser.newContext({ viewport: scenario.viewport || { width: 1000, height: 760 } });
      context.on("request", (r) => result.requests.push(r.url()));
      const page = await context.newPage();
      page.on("console", (m) => { if (m.type() === "error" || m.type() === "warning") result.console.push(`${m.type()}: ${m.text()}`); });
      page.on("pageerror", (e) => result.errors.push(String(e.message)));
      page.on("worker", (w) => w.on("console", (m) => { if (m.type() === "error") result.console.push(`worker error: ${m.text()}`); }));
      const url = `${plan.url}?board=${scenario.board}`;
      const out = { shots: {}, loadMs: [], settleMs: [], busyMs: [] };
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
