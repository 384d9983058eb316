// The virtual Pico: the real MicroPython firmware on an emulated RP2040 (npm rp2040js), wired
// like the reference handheld (Raspberry Pi Pico + Waveshare Pico-LCD-1.3).  Its front door is
// tools/device/vpico.py, which finds the firmware, reads the board profile and parses the button
// script, and hands this process one JSON configuration file:
//
//   node tools/device/vpico.mjs CONFIG.json
//
// What it adds around rp2040js 1.4.1 (../shared/firmware/README.md names the two gaps):
//  * flash writes: the boot ROM's flash_range_erase and flash_range_program (found through the
//    ROM's function table by their codes 'RE' and 'RP') start with a BKPT this harness puts
//    there; the erase (0xFF) or program (AND into flash) is done here and the call returns, so
//    LittleFS works and a blank flash can be formatted;
//  * a USB host that NAKs: the CDC OUT endpoint is answered only when there are bytes to send
//    (rp2040js's USBCDC answers every armed endpoint after 10 us with an empty packet, an
//    interrupt storm that eats ~42% of the emulated CPU);
//  * the ST7789 panel on SPI, decoded from the bytes on the wire (command bytes with DC low,
//    parameters and pixels with DC high, only while CS is low): SWRESET, SLPIN/SLPOUT,
//    INVON/INVOFF, DISPON/DISPOFF, COLMOD, MADCTL (MY MX MV and BGR), CASET/RASET/RAMWR into the
//    controller's 240x320 RAM, shown as the player sees it in the hat's landscape orientation;
//    a byte takes 8 bits at the SPI clock the firmware set, as on the wire (rp2040js derives
//    it from clk_peri, whose source the firmware chooses, and the SPI's prescalers);
//  * the buttons: GPIO inputs, pulled up, pulled low while a script holds the button;
//  * the USB-CDC REPL on a loopback TCP socket (one client at a time), for mpremote; the host
//    holds DTR from the start, so everything the board prints is in the serial log.
// Time is the emulated clock (125 MHz, cycles counted by rp2040js); a script's times count from
// the end of the app's first frame (its first RAMWR), so a script made for the simulator, whose
// app is up at 0 ms, plays the same on the device.  Same UF2 + same script = same frames.
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import zlib from "node:zlib";
import {
  ConsoleLogger, DataDirection, GPIOPinState, LogLevel, RP2040, SetupRecipient, SetupType, USBCDC, createSetupPacket,
} from "rp2040js";

const MS = 1e6;               // nanoseconds per millisecond
const CYCLE_NS = 8;           // 125 MHz
const BKPT = 0xbe00;          // Thumb BKPT #imm8
const BKPT_ERASE = 0xe0, BKPT_PROGRAM = 0xe1;
const FLASH_BASE = 0x10000000;
const SLICE_WALL_MS = 25;
const FIRST_FRAME_LIMIT_MS = 15000;  // a script waits this long for the app's first frame     // emulate this long between looks at the sockets and signals

const cfg = JSON.parse(fs.readFileSync(process.argv[2], "utf8"));
let stopping = false;
let exitStatus = 0;

function log(message) {
  process.stderr.write(`vpico: ${message}\n`);
}

function fail(message) {
  log(message);
  exitStatus = 1;
  stop();
}

// ------------------------------------------------------------------ the chip and its firmware
const mcu = new RP2040();
mcu.loadBootrom(new Uint32Array(new Uint8Array(fs.readFileSync(cfg.bootrom)).buffer));
for (const [address, payload] of readUF2(fs.readFileSync(cfg.uf2))) {
  if (address >= FLASH_BASE && address + payload.length <= FLASH_BASE + mcu.flash.length) {
    mcu.flash.set(payload, address - FLASH_BASE);
  }
}
mcu.logger = new ConsoleLogger(LogLevel.Error);  // not the unmodelled registers the firmware touches
const clock = mcu.clock;
const core = mcu.core;

function readUF2(data) {
  const out = [];
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  for (let at = 0; at + 512 <= data.length; at += 512) {
    if (view.getUint32(at, true) !== 0x0a324655) throw new Error(`${cfg.uf2} is not a UF2 file`);
    const address = view.getUint32(at + 12, true), size = view.getUint32(at + 16, true);
    out.push([address, data.subarray(at + 32, at + 32 + size)]);
  }
  return out;
}

// Flash writes: a BKPT at the entry of the ROM's two flash routines.
function romFunction(code) {
  const rom = new DataView(mcu.bootrom.buffer);
  let entry = rom.getUint16(0x14, true);  // the ROM's function table: (code, address) pairs
  for (;;) {
    const c = rom.getUint16(entry, true);
    if (c === 0) throw new Error(`the boot ROM has no function '${String.fromCharCode(code & 0xff, code >> 8)}'`);
    if (c === code) return rom.getUint16(entry + 2, true) & ~1;
    entry += 4;
  }
}
const rom16 = new Uint16Array(mcu.bootrom.buffer);
rom16[romFunction(0x4552) >> 1] = BKPT | BKPT_ERASE;    // 'RE' flash_range_erase(offset, count, ...)
rom16[romFunction(0x5052) >> 1] = BKPT | BKPT_PROGRAM;  // 'RP' flash_range_program(offset, data, count)
mcu.onBreak = (code) => {
  const r = core.registers;
  if (code === BKPT_ERASE) {
    mcu.flash.fill(0xff, r[0], Math.min(r[0] + r[1], mcu.flash.length));
  } else if (code === BKPT_PROGRAM) {
    for (let i = 0; i < r[2]; i++) mcu.flash[r[0] + i] &= mcu.readUint8(r[1] + i);
  } else {
    return fail(`the firmware stopped at a breakpoint (BKPT #${code}) at 0x${(core.PC - 2).toString(16)}`);
  }
  core.PC = core.LR & ~1;  // return to the caller
};

// ------------------------------------------------------------------ the panel (ST7789 on SPI)
const panel = {
  ram: new Uint16Array(240 * 320),  // the controller's RAM: 320 rows of 240 columns
  madctl: 0, colmod: 0x66, inverted: false, displayOn: false, asleep: true,
  cmd: -1, params: [], xs: 0, xe: 239, ys: 0, ye: 319, x: 0, y: 0, high: -1,
  frames: 0, commands: new Set(),
  writeStart: 0, lastByteAt: 0, rect: null,
};
const frameLog = [];  // [start ns, end ns, x, y, w, h] of each RAMWR, for measurements

function panelReset() {
  Object.assign(panel, { madctl: 0, colmod: 0x66, inverted: false, displayOn: false, asleep: true, cmd: -1,
    params: [], xs: 0, xe: 239, ys: 0, ye: 319, high: -1 });
}

function panelEndWrite() {
  if (panel.cmd === 0x2c && panel.rect) {
    frameLog.push([panel.writeStart, panel.lastByteAt, ...panel.rect]);
    panel.rect = null;
    panel.frames++;
    if (panel.frames === 1) onFirstFrame(panel.lastByteAt);
  }
}

function panelCommand(cmd) {
  panelEndWrite();
  panel.cmd = cmd;
  panel.params = [];
  panel.high = -1;
  panel.commands.add(cmd);
  switch (cmd) {
    case 0x01: panelReset(); break;                   // SWRESET
    case 0x10: panel.asleep = true; break;            // SLPIN
    case 0x11: panel.asleep = false; break;           // SLPOUT
    case 0x20: panel.inverted = false; break;         // INVOFF
    case 0x21: panel.inverted = true; break;          // INVON
    case 0x28: panel.displayOn = false; break;        // DISPOFF
    case 0x29: panel.displayOn = true; break;         // DISPON
    case 0x2c:                                        // RAMWR
      panel.x = panel.xs;
      panel.y = panel.ys;
      panel.writeStart = clock.nanos;
      break;
  }
}

function panelData(byte) {
  const p = panel.params;
  switch (panel.cmd) {
    case 0x2a: case 0x2b:                             // CASET, RASET
      p.push(byte);
      if (p.length === 4) {
        const start = (p[0] << 8) | p[1], end = (p[2] << 8) | p[3];
        if (panel.cmd === 0x2a) { panel.xs = start; panel.xe = end; } else { panel.ys = start; panel.ye = end; }
      }
      break;
    case 0x36: if (!p.length) { panel.madctl = byte; p.push(byte); } break;  // MADCTL
    case 0x3a: if (!p.length) { panel.colmod = byte; p.push(byte); } break;  // COLMOD
    case 0x2c:
      if (panel.high < 0) { panel.high = byte; break; }
      pixel((panel.high << 8) | byte);
      panel.high = -1;
      break;
  }
}

function pixel(value) {
  if ((panel.colmod & 0x07) !== 0x05) {
    if (!panel.badColmod) log(`panel: pixels sent in COLMOD 0x${panel.colmod.toString(16)}, not 16-bit (0x55)`);
    panel.badColmod = true;
  }
  const m = panel.madctl;
  const exchange = m & 0x20;
  let col = exchange ? panel.y : panel.x, row = exchange ? panel.x : panel.y;
  if (m & 0x40) col = 239 - col;                      // MX: column address order
  if (m & 0x80) row = 319 - row;                      // MY: row address order
  if (col >= 0 && col < 240 && row >= 0 && row < 320) panel.ram[row * 240 + col] = value;
  if (!panel.rect) panel.rect = [panel.xs, panel.ys, panel.xe - panel.xs + 1, panel.ye - panel.ys + 1];
  panel.lastByteAt = clock.nanos;
  if (++panel.x > panel.xe) {
    panel.x = panel.xs;
    if (++panel.y > panel.ye) panel.y = panel.ys;
  }
}

// What the player sees, as RGB565: the visible 240x240 of the RAM (rows 0-239) turned the way
// the hat is held, so that MADCTL 0x60 (MV | MX, the driver's landscape) shows the app upright.
function viewRGB565() {
  const out = new Uint16Array(cfg.width * cfg.height);
  if (!panel.displayOn || panel.asleep) return out;  // black
  const bgr = panel.madctl & 0x08;
  for (let y = 0; y < cfg.height; y++) {
    for (let x = 0; x < cfg.width; x++) {
      let v = panel.ram[x * 240 + (239 - y)];
      if (!panel.inverted) v = ~v & 0xffff;           // an IPS panel shows data inverted without INVON
      if (bgr) v = ((v & 0x1f) << 11) | (v & 0x07e0) | (v >> 11);
      out[y * cfg.width + x] = v;
    }
  }
  return out;
}

function savePNG(file) {
  const w = cfg.width, h = cfg.height, pixels = viewRGB565();
  const raw = Buffer.alloc((w * 3 + 1) * h);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const v = pixels[y * w + x], r = v >> 11, g = (v >> 5) & 63, b = v & 31, at = y * (w * 3 + 1) + 1 + 3 * x;
      raw[at] = (r << 3) | (r >> 2);                  // the simulator's expansion (desktop_sim.sim.rgb_lut)
      raw[at + 1] = (g << 2) | (g >> 4);
      raw[at + 2] = (b << 3) | (b >> 2);
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(w, 0);
  header.writeUInt32BE(h, 4);
  header.set([8, 2, 0, 0, 0], 8);                     // 8-bit RGB
  fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  fs.writeFileSync(file, Buffer.concat([Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]), pngChunk("IHDR", header),
    pngChunk("IDAT", zlib.deflateSync(raw)), pngChunk("IEND", Buffer.alloc(0))]));
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function pngChunk(type, data) {
  const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
  let crc = 0xffffffff;
  for (const byte of body) crc = CRC_TABLE[(crc ^ byte) & 0xff] ^ (crc >>> 8);
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  body.copy(out, 4);
  out.writeUInt32BE((crc ^ 0xffffffff) >>> 0, 8 + data.length);
  return out;
}

// The wire: each byte takes 8 SPI clocks; DC and CS are read as the byte goes out.
const spi = mcu.spi[cfg.spi_id];
const pins = mcu.gpio;
const spiDone = clock.createAlarm(() => spi.completeTransmit(0));
spi.onTransmit = (value) => {
  if (!pins[cfg.cs].outputValue) {
    if (pins[cfg.dc].outputValue) panelData(value & 0xff); else panelCommand(value & 0xff);
  }
  const hz = spi.clockFrequency || 24e6;
  spiDone.schedule(spi.dataBits * 1e9 / hz);
};
pins[cfg.cs].addListener(() => { if (pins[cfg.cs].outputValue) panelEndWrite(); });
pins[cfg.rst].addListener(() => {
  if (pins[cfg.rst].value === GPIOPinState.Low) panelReset();
});

// ------------------------------------------------------------------ buttons and the script
for (const gpio of Object.values(cfg.buttons)) pins[gpio].setInputValue(true);  // released: pulled up
let scriptStart = null;  // ns: the end of the app's first frame
let stepIndex = 0;
const presses = [];      // [ns, button] of each press, for the cursor latency
const screenshots = [];

function onFirstFrame(nanos) {
  scriptStart = nanos;
  log(`first frame drawn at ${(nanos / MS).toFixed(1)} ms`);
}

function nextStepNanos() {
  if (!cfg.steps) return Infinity;
  if (scriptStart === null) return FIRST_FRAME_LIMIT_MS * MS;  // the app must come up by then
  if (stepIndex < cfg.steps.length) return scriptStart + cfg.steps[stepIndex].at_ms * MS;
  return cfg.end_ms === null ? Infinity : scriptStart + cfg.end_ms * MS;
}

function runDueSteps() {
  if (scriptStart === null) {
    return finish(1, `no frame on the panel after ${FIRST_FRAME_LIMIT_MS} ms of emulated time: the app did not start ` +
      "(what the board printed is in the serial log)");
  }
  while (!stopping && nextStepNanos() <= clock.nanos) {
    if (stepIndex >= cfg.steps.length) {
      if (cfg.port === null) return finish(0, `script done at ${cfg.end_ms} ms`);
      log(`script done at ${cfg.end_ms} ms; the REPL stays up`);  // a host may look around now
      cfg.steps = null;
      return;
    }
    const step = cfg.steps[stepIndex++];
    if (step.kind === "down" || step.kind === "up") {
      pins[cfg.buttons[step.arg]].setInputValue(step.kind === "up");
      if (step.kind === "down") presses.push([clock.nanos, step.arg]);
    } else if (step.kind === "screenshot") {
      const file = path.resolve(cfg.screenshot_dir || ".", step.arg);
      savePNG(file);
      screenshots.push(file);
    } else if (step.kind === "end") {
      finish(step.arg, `script ended at ${step.at_ms} ms (end ${step.arg})`);
    }
  }
}

function finish(status, reason) {
  exitStatus = status;
  log(reason);
  stop();
}

// ------------------------------------------------------------------ USB-CDC and the socket
const cdc = new USBCDC(mcu.usbCtrl);
let toDevice = [];        // bytes queued for the device (the host's OUT direction)
let outWanted = 0;        // an armed OUT endpoint waiting for bytes: its size, 0 when none
let serialLog = cfg.serial_log ? fs.openSync(cfg.serial_log, "w") : null;
let client = null;

// The host opens the port at once, as a terminal left open would: DTR set, so the firmware sends
// what it prints from the start (without DTR it keeps only the last bytes until the host writes).
// rp2040js addresses this class request to the device; tinyusb's CDC driver takes it only when
// addressed to its interface.
cdc.cdcSetControlLineState = (value = 3, interfaceNumber = 0) => {
  mcu.usbCtrl.sendSetupPacket(createSetupPacket({
    dataDirection: DataDirection.HostToDevice, type: SetupType.Class, recipient: SetupRecipient.Interface,
    bRequest: 0x22, wValue: value, wIndex: interfaceNumber, wLength: 0,
  }));
  cdc.initialized = true;
};
cdc.onDeviceConnected = () => log(`USB serial up at ${(clock.nanos / MS).toFixed(1)} ms`);
cdc.onSerialData = (bytes) => {
  if (serialLog !== null) fs.writeSync(serialLog, bytes);
  if (client) client.write(Buffer.from(bytes));
  else if (cfg.echo) process.stdout.write(Buffer.from(bytes));
};
mcu.usbCtrl.onEndpointRead = (endpoint, size) => {
  if (endpoint !== cdc.outEndpoint) return;
  outWanted = size;
  feedDevice();
};

function feedDevice() {
  if (!outWanted || !toDevice.length) return;  // a real host NAKs until it has data
  const n = Math.min(outWanted, toDevice.length);
  const chunk = Uint8Array.from(toDevice.slice(0, n));
  toDevice = toDevice.slice(n);
  outWanted = 0;
  mcu.usbCtrl.endpointReadDone(cdc.outEndpoint, chunk);
  if (client && client.isPaused() && toDevice.length < 4096) client.resume();
}

let server = null;
if (cfg.port !== null) {
  server = net.createServer((socket) => {
    if (client) {  // like a serial port already open elsewhere
      socket.destroy();
      return;
    }
    client = socket;
    socket.setNoDelay(true);
    socket.on("data", (data) => {
      for (const byte of data) toDevice.push(byte);
      if (toDevice.length >= 4096) socket.pause();  // flow control: the device reads at its pace
      wake();
    });
    const gone = () => { if (client === socket) client = null; toDevice = []; };
    socket.on("close", gone);
    socket.on("error", gone);
  });
  server.on("error", (e) => fail(`cannot listen on 127.0.0.1:${cfg.port}: ${e.message}`));
  server.listen(cfg.port, "127.0.0.1", () => {
    process.stdout.write(`vpico: listening on 127.0.0.1:${server.address().port}\n`);
  });
}

// ------------------------------------------------------------------ running
let idleTimer = null;
const wallStart = Date.now();

function wake() {
  if (idleTimer !== null) {
    clearTimeout(idleTimer);
    idleTimer = null;
    setImmediate(run);
  }
}

function run() {
  idleTimer = null;
  if (stopping) return;
  feedDevice();
  const sliceEnd = performance.now() + SLICE_WALL_MS;
  const limit = cfg.run_ms === null ? Infinity : cfg.run_ms * MS;
  let count = 0;
  while (!stopping) {
    const due = Math.min(nextStepNanos(), limit);
    if (clock.nanos >= due) {
      if (clock.nanos >= limit) return finish(cfg.run_ms_status, `ran ${cfg.run_ms} ms of emulated time`);
      runDueSteps();
      continue;
    }
    if (core.waiting) {
      const alarm = clock.nextAlarm;  // rp2040js keeps the alarms in time order
      if (alarm === null && due === Infinity) {
        idleTimer = setTimeout(run, 20);  // nothing will happen until the host sends something
        return;
      }
      clock.tick(Math.min(alarm === null ? Infinity : Math.max(alarm.nanos - clock.nanos, 0), due - clock.nanos));
    } else {
      clock.tick(core.executeInstruction() * CYCLE_NS);
    }
    if ((++count & 0x3fff) === 0 && performance.now() > sliceEnd) break;
  }
  if (cfg.timeout_s && Date.now() - wallStart > cfg.timeout_s * 1000) {
    return finish(124, `timed out after ${cfg.timeout_s} s of real time (${(clock.nanos / MS).toFixed(0)} ms emulated)`);
  }
  if (!stopping) setImmediate(run);
}

function stop() {
  if (stopping) return;
  stopping = true;
  if (idleTimer !== null) clearTimeout(idleTimer);
  if (cfg.final_screenshot) savePNG(cfg.final_screenshot);
  if (cfg.report) {
    fs.writeFileSync(cfg.report, JSON.stringify({
      emulated_ms: clock.nanos / MS, wall_s: (Date.now() - wallStart) / 1000,
      first_frame_ms: scriptStart === null ? null : scriptStart / MS,
      frames: frameLog.map((f) => [f[0] / MS, f[1] / MS, f[2], f[3], f[4], f[5]]),
      presses: presses.map(([t, b]) => [t / MS, b]),
      panel_commands: [...panel.commands].sort((a, b) => a - b),
      spi_hz: spi.clockFrequency, screenshots,
    }));
  }
  if (serialLog !== null) fs.closeSync(serialLog);
  if (client) client.destroy();
  if (server) server.close();
  process.exitCode = exitStatus;
  setImmediate(() => process.exit(exitStatus));
}

process.on("SIGINT", () => finish(130, "interrupted"));
process.on("SIGTERM", () => finish(143, "stopped"));
if (cfg.tied) {  // stdin is a pipe from the parent: when it closes, the parent has gone
  process.stdin.on("end", () => finish(143, "the parent process has gone"));
  process.stdin.on("error", () => finish(143, "the parent process has gone"));
  process.stdin.resume();
}
core.PC = FLASH_BASE;  // the second-stage boot loader, as the boot ROM would start it
setImmediate(run);
