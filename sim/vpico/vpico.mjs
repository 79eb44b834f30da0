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

// A write to XIP_CTRL's FLUSH empties the cache, as the boot ROM's
// flash_flush_cache() does after every erase and program: the code that runs next
// refills it from the flash, as on a board.
const XIP_FLUSH = 0x14000004;
const writeWord = mcu.writeUint32.bind(mcu);
mcu.writeUint32 = (address, value) => {
  if (address >>> 0 === XIP_FLUSH) cacheTags.fill(-1);
  writeWord(address, value);
};

// --- the flash chip on the SSI ------------------------------------------------
// rp2040js's SSI answers nothing, so the boot ROM's flash_range_erase() and
// flash_range_program(), which rp2.Flash (the board's littlefs) calls, wrote
// nothing. This is the chip behind it (a W25Q16JV's commands in standard SPI):
// the ROM selects it by forcing the QSPI SS pad low through IO_QSPI's SS_CTRL
// OUTOVER, sends a command byte by byte through DR0 and reads one byte back for
// each from the RX FIFO. A page program ANDs its bytes into the page (NOR: bits
// only go from 1 to 0) and an erase sets the sector to 0xff, both when the chip
// is deselected, as the chip does. Erases and programs finish at once (the status
// register never reads busy): the bench adds the data sheet's times from its
// own counts (tools/bench/mpy_device.py), the core waiting them out with
// interrupts off on a board. Bytes sent while the chip is not selected (boot2's
// automatic chip select, the ROM's clocks to leave XIP mode) read back as 0; in
// the SSI's XIP mode nothing changes.
const ioQspi = mcu.peripherals[0x40018];
const ioQspiRegs = new Uint32Array(12); // six pads: STATUS and CTRL each
const SS_CTRL = 0x0c;
let selected = false;
const chip = { command: -1, count: 0, address: 0, writeEnabled: false, page: null };
const SECTOR = 4096;
const ERASES = { 0x20: SECTOR, 0x52: 32768, 0xd8: 65536 };
const deselect = () => {
  const { command, address } = chip;
  if (chip.writeEnabled && command === 0x02 && chip.page) {
    const base = address & ~0xff;
    for (let i = 0; i < 256; i++) mcu.flash[base + i] &= chip.page[i];
    chip.writeEnabled = false;
  } else if (chip.writeEnabled && command in ERASES && chip.count >= 4) {
    const size = ERASES[command];
    const base = address & ~(size - 1);
    mcu.flash.fill(0xff, base, base + size);
    chip.writeEnabled = false;
  }
  chip.command = -1;
  chip.page = null;
};
const exchange = (byte) => {
  if (!selected) return 0;
  const at = chip.count++;
  if (at === 0) {
    chip.command = byte;
    chip.address = 0;
    if (byte === 0x06) chip.writeEnabled = true;
    else if (byte === 0x04) chip.writeEnabled = false;
    else if (byte === 0x02) chip.page = new Uint8Array(256).fill(0xff);
    return 0;
  }
  const { command } = chip;
  if (command === 0x05) return chip.writeEnabled ? 0x02 : 0; // BUSY never set
  if (command === 0x35) return 0x02; // QE
  if (command === 0x9f) return [0xef, 0x40, 0x15][at - 1] ?? 0;
  const addressed = command === 0x02 || command === 0x03 || command === 0x0b || command in ERASES;
  if (!addressed) return 0;
  if (at <= 3) {
    chip.address = (chip.address << 8) | byte;
    return 0;
  }
  if (command === 0x02) {
    chip.page[(chip.address + at - 4) & 0xff] = byte;
    return 0;
  }
  const data = command === 0x0b ? at - 5 : at - 4; // fast read: one dummy byte
  return data < 0 ? 0 : mcu.flash[(chip.address + data) & 0xffffff];
};
ioQspi.readUint32 = (offset) => ioQspiRegs[(offset & 0xfff) >>> 2] ?? 0;
ioQspi.writeUint32 = (offset, value) => {
  const index = (offset & 0xfff) >>> 2;
  if (index >= ioQspiRegs.length) return;
  ioQspiRegs[index] = value;
  if (offset === SS_CTRL) {
    const low = ((value >>> 8) & 3) === 2; // OUTOVER: 2 drives the pad low
    if (low && !selected) chip.count = 0;
    if (!low && selected) deselect();
    selected = low;
  }
};
const ssi = mcu.peripherals[0x18000];
const ssiRead = ssi.readUint32.bind(ssi);
const ssiWrite = ssi.writeUint32.bind(ssi);
const SSI_SSIENR = 0x08;
const SSI_TXFLR = 0x20;
const SSI_RXFLR = 0x24;
const SSI_SR = 0x28;
const SSI_DR0 = 0x60;
const received = []; // the RX FIFO: a byte for every byte sent
// Standard 1-bit SPI, 8-bit frames, transmit and receive: the ROM's flash mode.
const spiMode = () => (ssi.crtlr0 & 0x007f0300) === 0x00070000;
ssi.readUint32 = (offset) => {
  if (spiMode()) {
    if (offset === SSI_DR0) return received.length ? received.shift() : 0;
    if (offset === SSI_RXFLR) return received.length;
    if (offset === SSI_TXFLR) return 0;
    if (offset === SSI_SR) return 0x06 | (received.length ? 0x08 : 0); // TFE, TFNF, RFNE
  }
  return ssiRead(offset);
};
ssi.writeUint32 = (offset, value) => {
  if (offset === SSI_SSIENR) received.length = 0; // disabling the SSI empties its FIFOs
  if (offset === SSI_DR0 && spiMode()) {
    received.push(exchange(value & 0xff));
    return;
  }
  ssiWrite(offset, value);
};

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
