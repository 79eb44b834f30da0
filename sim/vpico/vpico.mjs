// The virtual Pico: rp2040js runs a MicroPython firmware image (.uf2) on an
// emulated RP2040 at 125 MHz, and this runner is its wiring, driven by
// sim/vpico/__init__.py over stdin/stdout, one line per message.
//
//     node sim/vpico/vpico.mjs BOOTROM.bin FIRMWARE.uf2 WIRING.json
//
// WIRING: {"buttons": [pin, ...], "display": {"spi": id, "dc": pin, "cs": pin|null,
// "reset": pin|null} or {"i2c": id, "address": a, "reset": pin|null}}.
//
// Frames are counted on the firmware's own reads: hw.buttons.poll() reads the
// button pins (SIO GPIO_IN) once per frame, all within microseconds, save those
// it ignores for a poll after they changed (debouncing). A read after a quiet
// gap of POLL_GAP_NANOS starts the poll of the next frame (so a script must not
// change every button on the same frame). At that first read the runner
//   - prints `poll FRAME MICROS BUSY_MICROS` (emulated time, and how much of it
//     since the last poll the core ran rather than slept), and
//   - sets the button pins to the levels scheduled for that frame, so the
//     firmware sees exactly the buttons of a script, frame by frame.
// Out: `spi DC CS HEX` (bytes sent while dc and cs had those levels), `i2c ADDR
// HEX` (one transaction), `pin PIN LEVEL` (the panel's reset line), `serial HEX`
// (the REPL's output), `stopped FRAME`.
// In: `levels FRAME PIN=L,PIN=L` (from that frame on; FRAME 0: at once),
// `until FRAME` (run until that poll, then print `stopped`), `go` (run on),
// `pause` (stop, print `stopped`), `send HEX` (to the REPL), `quit`.
import fs from 'node:fs';
import readline from 'node:readline';
import { ConsoleLogger, GPIOPinState, LogLevel, Simulator, USBCDC } from 'rp2040js';
import { decodeBlock } from 'uf2';

const [bootromPath, uf2Path, wiringPath] = process.argv.slice(2);
const wiring = JSON.parse(fs.readFileSync(wiringPath, 'utf8'));
const sim = new Simulator();
const mcu = sim.rp2040;
mcu.logger = new ConsoleLogger(LogLevel.Error);

const out = (line) => process.stdout.write(line + '\n');
const hex = (bytes) => Buffer.from(bytes).toString('hex');

// The boot ROM as little-endian words, the image block by block into flash.
const rom = fs.readFileSync(bootromPath);
mcu.loadBootrom(new Uint32Array(rom.buffer.slice(rom.byteOffset, rom.byteOffset + rom.length)));
const image = fs.readFileSync(uf2Path);
for (let offset = 0; offset + 512 <= image.length; offset += 512) {
  // decodeBlock reads from the start of the buffer it is given: pass a copy.
  const block = decodeBlock(new Uint8Array(image.subarray(offset, offset + 512)));
  mcu.flash.set(block.payload, block.flashAddress - 0x10000000);
}

// --- the flash's execute-in-place cache -----------------------------------------
// rp2040js serves flash at no cost. A board runs code and reads frozen data from
// flash through the XIP cache: 16 KB, two-way set associative, 8-byte lines. A
// read through the cached alias (0x10000000) that misses fetches the line over
// QSPI: a command-less continuous read of 6 address + 2 mode + 4 dummy + 16 data
// clocks, at the default SCK of clk_sys / 2, is 56 system cycles, rounded down to
// MISS_CYCLES for the read the core overlaps with it. The no-allocate alias
// (0x11...) looks up but fills nothing; the uncached ones (0x12..., 0x13...)
// always pay. The stalls are added to the instruction that read (see execute()).
// The figure it gives is checked against a published one in docs (a pin toggled
// from MicroPython: about 63 kHz on a board, 80.6 kHz in rp2040js without this).
const MISS_CYCLES = 50;
const SETS = 1024; // 16 KB / 8-byte lines / 2 ways
const cacheTags = new Int32Array(SETS * 2).fill(-1);
const nextWay = new Uint8Array(SETS); // the way a miss replaces (least recently used)
let stallCycles = 0;
const throughCache = (address) => {
  if (address < 0x10000000 || address >= 0x14000000) return;
  const alias = address >>> 24;
  if (alias >= 0x12) {
    stallCycles += MISS_CYCLES;
    return;
  }
  const line = (address & 0xffffff) >>> 3;
  const set = line & (SETS - 1);
  const tag = line >>> 10;
  const way = set * 2;
  if (cacheTags[way] === tag) {
    nextWay[set] = 1;
  } else if (cacheTags[way + 1] === tag) {
    nextWay[set] = 0;
  } else {
    stallCycles += MISS_CYCLES;
    if (alias === 0x10) {
      const victim = nextWay[set];
      cacheTags[way + victim] = tag;
      nextWay[set] = 1 - victim;
    }
  }
};
for (const read of ['readUint8', 'readUint16', 'readUint32']) {
  const original = mcu[read].bind(mcu);
  mcu[read] = (address) => {
    throughCache(address >>> 0);
    return original(address);
  };
}

// --- the buttons, counted frame by frame ------------------------------------
const buttons = wiring.buttons;
const POLL_GAP_NANOS = 2e6; // frames are 33 ms apart, a poll's reads a few us
const schedule = new Map(); // frame -> [[pin, level], ...]
let frame = 0; // polls started so far
let until = 0;
let busyNanos = 0;
const applyLevels = (levels) => {
  for (const [pin, level] of levels) mcu.gpio[pin].setInputValue(level === 1);
};
const sio = mcu.sio;
const sioRead = sio.readUint32.bind(sio);
let lastRead = -Infinity;
sio.readUint32 = (offset) => {
  if (offset === 0x004 && buttons.length > 0) {
    const now = mcu.clock.nanos;
    const first = now - lastRead > POLL_GAP_NANOS;
    lastRead = now;
    if (first) {
      frame += 1;
      if (schedule.has(frame)) {
        applyLevels(schedule.get(frame));
        schedule.delete(frame);
      }
      flushSpi();
      out(`poll ${frame} ${Math.round(mcu.clock.micros)} ${Math.round(busyNanos / 1000)}`);
      busyNanos = 0;
      if (frame >= until) sim.stop();
    }
  }
  return sioRead(offset);
};

// --- the panel's bus ----------------------------------------------------------
const display = wiring.display;
let spiBytes = [];
let spiLevels = '';
function flushSpi() {
  if (spiBytes.length) out(`spi ${spiLevels} ${hex(spiBytes)}`);
  spiBytes = [];
}
const level = (pin) => (pin === null || pin === undefined ? 0 : mcu.gpio[pin].outputValue ? 1 : 0);
if ('spi' in display) {
  // Each byte takes its time on the wire (8 clocks at the bus's rate), as on a
  // board: completed at once, the receive FIFO overflows under DMA.
  const spi = mcu.spi[display.spi];
  const shifted = mcu.clock.createAlarm(() => spi.completeTransmit(0));
  spi.onTransmit = (value) => {
    const levels = `${level(display.dc)} ${level(display.cs)}`;
    if (levels !== spiLevels) flushSpi();
    spiLevels = levels;
    spiBytes.push(value);
    shifted.schedule(8e9 / (spi.clockFrequency || 1e7));
  };
} else {
  // Each step takes its time on the wire too, at the SCL period the firmware set
  // (its high and low counts, in clk_sys cycles): a start or a stop one clock, the
  // address and each byte nine (eight bits and the acknowledge).
  const i2c = mcu.i2c[display.i2c];
  let transaction = null;
  let done = () => {};
  const onWire = mcu.clock.createAlarm(() => done());
  const after = (clocks, complete) => {
    done = complete;
    const period = (i2c.sclHighPeriod + i2c.sclLowPeriod) * (1e9 / mcu.clkSys);
    onWire.schedule(clocks * period);
  };
  i2c.onStart = () => after(1, () => i2c.completeStart());
  i2c.onConnect = (address) => {
    transaction = address === display.address ? [] : null;
    after(9, () => i2c.completeConnect(transaction !== null));
  };
  i2c.onWriteByte = (value) => {
    if (transaction !== null) transaction.push(value);
    after(9, () => i2c.completeWrite(transaction !== null));
  };
  i2c.onStop = () => {
    if (transaction && transaction.length) out(`i2c ${display.address} ${hex(transaction)}`);
    transaction = null;
    after(1, () => i2c.completeStop());
  };
}
if (display.reset !== null && display.reset !== undefined) {
  mcu.gpio[display.reset].addListener((state) => {
    flushSpi();
    out(`pin ${display.reset} ${state === GPIOPinState.High ? 1 : 0}`);
  });
}

// --- the REPL's serial line over USB CDC ---------------------------------------
const cdc = new USBCDC(mcu.usbCtrl);
cdc.onSerialData = (buffer) => out(`serial ${hex(buffer)}`);
// rp2040js answers an armed OUT endpoint at once with an empty packet when the
// host has nothing to send, which keeps the device in USB interrupts; a real
// host NAKs. Hold such reads until there is something to send.
// The CDC's FIFO holds 512 bytes: longer input waits here and is fed as it drains.
let heldRead = null;
let pending = [];
const pump = () => {
  while (pending.length && !cdc.txFIFO.full) cdc.sendSerialByte(pending.shift());
};
const endpointRead = mcu.usbCtrl.onEndpointRead;
mcu.usbCtrl.onEndpointRead = (endpoint, size) => {
  pump();
  if (cdc.txFIFO.itemCount === 0) {
    heldRead = [endpoint, size];
    return;
  }
  endpointRead(endpoint, size);
};
const send = (bytes) => {
  pending = pending.concat(Array.from(bytes));
  pump();
  if (heldRead) {
    const [endpoint, size] = heldRead;
    heldRead = null;
    endpointRead(endpoint, size);
  }
};

// --- running -----------------------------------------------------------------------
// Simulator.execute's loop, also adding up the time the core is not asleep.
const CYCLE_NANOS = 1e9 / 125e6;
let timer = null;
function execute() {
  timer = null;
  sim.stopped = false;
  const { clock } = sim;
  for (let i = 0; i < 200000 && !sim.stopped; i++) {
    if (mcu.core.waiting) {
      clock.tick(clock.nanosToNextAlarm);
    } else {
      stallCycles = 0;
      const nanos = (mcu.core.executeInstruction() + stallCycles) * CYCLE_NANOS;
      busyNanos += nanos;
      clock.tick(nanos);
    }
  }
  if (sim.stopped) {
    flushSpi();
    out(`stopped ${frame}`);
  } else {
    timer = setImmediate(execute);
  }
}

const input = readline.createInterface({ input: process.stdin });
input.on('line', (line) => {
  const [word, first, second] = line.trim().split(/\s+/);
  if (word === 'levels') {
    const levels = (second || '').split(',').filter(Boolean).map((pair) => pair.split('=').map(Number));
    if (Number(first) <= frame) applyLevels(levels);
    else schedule.set(Number(first), levels);
  } else if (word === 'until') {
    until = Number(first);
    if (frame < until && timer === null && sim.stopped) execute();
  } else if (word === 'go') {
    until = Infinity;
    if (timer === null && sim.stopped) execute();
  } else if (word === 'pause') {
    sim.stop();
    if (timer !== null) {
      clearImmediate(timer);
      timer = null;
      flushSpi();
      out(`stopped ${frame}`);
    }
  } else if (word === 'send') {
    send(Buffer.from(first || '', 'hex'));
  } else if (word === 'quit') {
    process.exit(0);
  }
});
input.on('close', () => process.exit(0));
sim.stopped = true;
mcu.core.PC = 0x10000000;
