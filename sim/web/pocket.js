// The page around the handheld: it moves pixels, keys, tones and bytes, and
// nothing else. The game is the unchanged firmware, run by MicroPython's
// WebAssembly port through sim/web/page.py, which hands it the emulator's
// hardware doubles; this module
//   - lays the Python files of handheld.json into MicroPython's file system,
//     with the save folder this browser kept (localStorage: one key per file,
//     its bytes in base64), and keeps every file again after each write;
//   - runs page.step() at the game's frame rate from requestAnimationFrame, with
//     the buttons held on the keyboard or the on-screen pad;
//   - paints the panel's 128x64 frame on the canvas in an OLED colour theme;
//   - sounds the piezo's tone through Web Audio (from the first key press);
//   - puts every sentence the game says into the page's ARIA live region;
//   - opens the WebSockets the firmware asks for (to the server of the page's
//     field) and passes each text message and the socket's state across.
// With ?paused in the address the frames only run when asked through
// window.pocket.advance(n): the tests play exact frame scripts that way.
import { loadMicroPython } from "./micropython.mjs";

const KEYS = {
  ArrowUp: "up", ArrowDown: "down", ArrowLeft: "left", ArrowRight: "right",
  z: "a", a: "a", x: "b", b: "b",
};
const MOST_SAID = 200; // sentences kept in the live region
const MOST_TONES = 1000; // changes of tone kept for the tests
const MOST_FRAMES_AT_ONCE = 3; // after a stall the game slows down rather than races

export async function start(params) {
  const status = document.getElementById("status");
  try {
    const pocket = await load(params);
    window.pocket = pocket;
    status.textContent = pocket.name;
  } catch (error) {
    status.textContent = "The handheld could not start: " + error.message;
    throw error;
  }
}

async function load(params) {
  const paused = params.has("paused");
  const said = document.getElementById("said");
  const [handheld, mp] = await Promise.all([
    fetch("handheld.json").then((r) => r.json()),
    loadMicroPython({ heapsize: 2 * 1024 * 1024, stderr: (line) => console.error(line) }),
  ]);
  for (const [path, text] of Object.entries(handheld.files)) {
    mp.FS.mkdirTree("/" + path.split("/").slice(0, -1).join("/"));
    mp.FS.writeFile("/" + path, text);
  }
  const status = document.getElementById("status");
  const kept = new KeptFiles("pocket-dominoes:" + handheld.board + ":", (error) => {
    status.textContent = "This browser keeps no saves: " + error.message;
  });
  const sockets = new Sockets();
  mp.registerJsModule("browser", {
    say: (text) => say(said, text),
    keep: (name, data) => kept.keep(name, data),
    forget: (name) => kept.forget(name),
    random: (n) => toBase64(crypto.getRandomValues(new Uint8Array(n))),
    ws_open: (url) => sockets.open(url),
    ws_state: (id) => sockets.state(id),
    ws_send: (id, text) => sockets.send(id, text),
    ws_take: (id) => sockets.take(id),
    ws_code: (id) => sockets.get(id).code,
    ws_problem: (id) => sockets.get(id).problem,
    ws_close: (id, code, reason) => sockets.close(id, code, reason),
  });
  mp.runPython("import sys\nsys.path[:0] = ['/firmware', '/']");
  const page = mp.pyimport("page");
  const folder = "/" + page.SAVES;
  mp.FS.mkdirTree(folder);
  for (const [name, bytes] of kept.files()) mp.FS.writeFile(folder + "/" + name, bytes);
  const server = document.getElementById("server");
  server.value = params.get("server") || server.value.replace("HOST", location.hostname || "127.0.0.1");
  const frameMs = page.start(server.value);
  server.addEventListener("change", () => page.set_server(server.value));

  const buttons = handheld.buttons;
  const held = new Set(); // buttons down now
  let tapped = 0; // buttons pressed since the last frame: a tap shorter than a frame counts
  let themeIndex = 0;
  let shown = new Uint8Array(1024); // the panel's frame as last painted
  const sound = new Piezo();
  const canvas = document.getElementById("glass");
  const context = canvas.getContext("2d");
  const image = context.createImageData(128, 64);
  // What the tests and the bench reach: the frames, and MicroPython itself.
  const pocket = {
    name: handheld.name, frames: 0, titleMs: null, advance, python: mp,
    get tones() { return sound.log; }, // the last changes of tone, in Hz (0: silence)
    get audible() { return sound.context !== null; }, // Web Audio started (a key was pressed)
  };

  function mask() {
    let bits = tapped;
    buttons.forEach((name, i) => { if (held.has(name)) bits |= 1 << i; });
    return bits;
  }
  function press(name) {
    sound.wake();
    held.add(name);
    tapped |= 1 << buttons.indexOf(name);
  }
  function release(name) { held.delete(name); }

  function step() {
    sound.play(page.step(mask()));
    tapped = 0;
    pocket.frames += 1;
  }
  function paint(force) {
    const frame = page.glass();
    if (frame === null && !force) return;
    if (frame !== null) shown = fromBase64(frame);
    const palette = page.palette(handheld.themes[themeIndex]).split(",").map(Number);
    draw(image.data, shown, palette, handheld.bandRows);
    context.putImageData(image, 0, 0);
    if (pocket.titleMs === null) pocket.titleMs = performance.now();
  }
  function advance(frames) { // the tests' way: exactly this many frames, each painted
    for (let i = 0; i < frames; i++) {
      step();
      paint();
    }
  }

  const typing = (event) => event.target instanceof HTMLInputElement; // the server field
  document.addEventListener("keydown", (event) => {
    if (event.ctrlKey || event.altKey || event.metaKey || typing(event)) return;
    const key = event.key.length === 1 ? event.key.toLowerCase() : event.key;
    const button = KEYS[key];
    if (button) {
      event.preventDefault();
      if (!event.repeat) press(button);
    } else if (key >= "1" && key <= String(handheld.questions.length)) {
      sound.wake();
      say(said, page.ask(handheld.questions[Number(key) - 1]));
    } else if (key === "t") {
      themeIndex = (themeIndex + 1) % handheld.themes.length;
      paint(true);
      status.textContent = handheld.name + ", theme " + handheld.themes[themeIndex];
    }
  });
  document.addEventListener("keyup", (event) => {
    if (typing(event)) return;
    const key = event.key.length === 1 ? event.key.toLowerCase() : event.key;
    if (KEYS[key]) release(KEYS[key]);
  });
  window.addEventListener("blur", () => held.clear()); // no key stays down behind our back
  for (const element of document.querySelectorAll("#pad button")) {
    const name = element.dataset.button;
    const down = (event) => {
      event.preventDefault();
      element.setPointerCapture?.(event.pointerId);
      element.classList.add("held");
      press(name);
    };
    const up = () => { element.classList.remove("held"); release(name); };
    element.addEventListener("pointerdown", down);
    element.addEventListener("pointerup", up);
    element.addEventListener("pointercancel", up);
  }
  fitCanvas(canvas);
  window.addEventListener("resize", () => fitCanvas(canvas));

  if (paused) {
    paint(true); // the frame as the panel starts; the tests run the frames
  } else {
    let last = null;
    let owed = 0; // ms of game time that real time has run ahead of
    const loop = (now) => {
      owed += last === null ? frameMs : now - last;
      last = now;
      let ran = 0;
      try {
        while (owed >= frameMs && ran < MOST_FRAMES_AT_ONCE) {
          step();
          owed -= frameMs;
          ran += 1;
        }
        if (ran) paint();
      } catch (error) { // the firmware stopped, as a board would: say so, run no more
        status.textContent = "The handheld stopped: " + error.message;
        throw error;
      }
      if (ran === MOST_FRAMES_AT_ONCE) owed = Math.min(owed, frameMs);
      requestAnimationFrame(loop);
    };
    requestAnimationFrame(loop);
  }
  return pocket;
}

// The frame (MONO_VLSB: byte page*128 + x holds column x of rows page*8..+7, bit 0
// on top) into RGBA pixels; palette: dark, lit, then dark and lit of the top band
// of bandRows rows (two-colour modules).
function draw(pixels, frame, palette, bandRows) {
  for (let y = 0; y < 64; y++) {
    const base = (y >> 3) * 128;
    const bit = 1 << (y & 7);
    const colours = y < bandRows ? 6 : 0;
    for (let x = 0; x < 128; x++) {
      const c = colours + (frame[base + x] & bit ? 3 : 0);
      const i = (y * 128 + x) * 4;
      pixels[i] = palette[c];
      pixels[i + 1] = palette[c + 1];
      pixels[i + 2] = palette[c + 2];
      pixels[i + 3] = 255;
    }
  }
}

// The largest whole number of device pixels per panel pixel that fits the page.
function fitCanvas(canvas) {
  const ratio = window.devicePixelRatio || 1;
  const room = Math.min(canvas.parentElement.clientWidth - 12, 1024, window.innerHeight * 1.2);
  const factor = Math.max(1, Math.floor((room * ratio) / 128));
  canvas.style.width = (128 * factor) / ratio + "px";
  canvas.style.height = (64 * factor) / ratio + "px";
}

function say(region, text) {
  if (!text) return;
  const line = document.createElement("p");
  line.textContent = text;
  region.append(line);
  while (region.childElementCount > MOST_SAID) region.firstElementChild.remove();
  region.scrollTop = region.scrollHeight;
}

// The save folder in localStorage: one key per file, the prefix then its name,
// holding its bytes in base64. A write the browser refuses (storage off or full)
// goes to failed(error), and the game plays on, unsaved.
class KeptFiles {
  constructor(prefix, failed) { this.prefix = prefix; this.failed = failed; }

  // [name, bytes] of every file kept. A value that is no base64 is no file, as a
  // file the emulator cannot find; bytes that are no save go to the firmware all
  // the same: its storage and journal report them, as with the same file in the
  // emulator.
  files() {
    const found = [];
    try {
      for (let i = 0; i < localStorage.length; i++) {
        const key = localStorage.key(i);
        const name = key.slice(this.prefix.length);
        if (!key.startsWith(this.prefix) || name === "" || name.includes("/")) continue;
        try {
          found.push([name, fromBase64(localStorage.getItem(key))]);
        } catch (error) { // not base64
        }
      }
    } catch (error) { // storage off: nothing kept
    }
    return found;
  }

  keep(name, data) { this.write(() => localStorage.setItem(this.prefix + name, data)); }

  forget(name) { this.write(() => localStorage.removeItem(this.prefix + name)); }

  write(change) {
    try {
      change();
    } catch (error) {
      this.failed(error);
    }
  }
}

// The page's WebSockets, by number: each keeps the text messages that came until
// the firmware takes them, and how it closed. No logic: the firmware decides.
const MOST_WAITING = 256; // messages kept for a firmware that stopped taking them
class Sockets {
  constructor() { this.all = []; }

  open(url) {
    const entry = { socket: null, inbox: [], code: null, problem: "", closed: false };
    this.all.push(entry);
    try {
      entry.socket = new WebSocket(url);
    } catch (error) { // a malformed address
      entry.closed = true;
      entry.code = 1006;
      entry.problem = error.message;
      return this.all.length - 1;
    }
    entry.socket.onmessage = (event) => {
      if (typeof event.data === "string" && entry.inbox.length < MOST_WAITING) entry.inbox.push(event.data);
    };
    entry.socket.onerror = () => { entry.problem = entry.problem || "the link broke"; };
    entry.socket.onclose = (event) => {
      entry.closed = true;
      entry.code = event.code;
      if (event.reason) entry.problem = "the server closed the link: " + event.reason;
      else if (event.code !== 1000) entry.problem = entry.problem || "the server closed the link";
    };
    return this.all.length - 1;
  }

  get(id) { return this.all[id]; }

  state(id) {
    const entry = this.all[id];
    if (entry.closed) return "closed";
    return ["connecting", "open", "closing", "closed"][entry.socket.readyState];
  }

  send(id, text) {
    const entry = this.all[id];
    if (entry.closed || entry.socket.readyState !== 1) return false;
    entry.socket.send(text);
    return true;
  }

  take(id) { return this.all[id].inbox.shift() ?? null; }

  close(id, code, reason) {
    const entry = this.all[id];
    if (entry.socket !== null && !entry.closed) entry.socket.close(code, reason);
  }
}

function toBase64(bytes) {
  return btoa(String.fromCharCode(...bytes));
}

function fromBase64(text) {
  const raw = atob(text);
  const bytes = new Uint8Array(raw.length);
  for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

// The piezo: a square wave at the PWM's frequency, silent until the first key or
// touch (browsers start audio only from a gesture); the firmware's mute holds the
// PWM silent itself.
class Piezo {
  constructor() { this.context = null; this.hz = 0; this.log = []; }

  wake() {
    if (this.context !== null || !window.AudioContext) return;
    this.context = new AudioContext();
    this.gain = this.context.createGain();
    this.gain.gain.value = 0;
    this.gain.connect(this.context.destination);
    this.oscillator = this.context.createOscillator();
    this.oscillator.type = "square";
    this.oscillator.connect(this.gain);
    this.oscillator.start();
    this.sound(this.hz);
  }

  play(hz) {
    if (hz === this.hz) return;
    this.hz = hz;
    this.log.push(hz);
    if (this.log.length > MOST_TONES) this.log.shift();
    if (this.context !== null) this.sound(hz);
  }

  sound(hz) {
    const now = this.context.currentTime;
    if (hz > 0) this.oscillator.frequency.setValueAtTime(hz, now);
    this.gain.gain.setValueAtTime(hz > 0 ? 0.06 : 0, now);
  }
}
