// Run a Python program on MicroPython's WebAssembly port under Node, as the
// unix port's `micropython` command would:
//
//     node tools/bench/wasm_micropython.mjs [--dir FOLDER]... SCRIPT
//
// Each --dir (a folder of the repository, relative to its root) is copied, with
// every file in it, into MicroPython's file system at the same path, and SCRIPT
// runs there from the root as __main__, with __file__ set (this port has no
// sys.argv, so a script takes no arguments). Its output is printed; the exit status is the one it
// passed to sys.exit (1 for an uncaught exception).
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { loadMicroPython } from "@micropython/micropython-webassembly-pyscript/micropython.mjs";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");

function copyInto(FS, folder) {
  const here = path.join(ROOT, folder);
  FS.mkdirTree("/" + folder);
  for (const entry of fs.readdirSync(here, { withFileTypes: true })) {
    const name = path.posix.join(folder, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== "__pycache__") copyInto(FS, name);
    } else if (!entry.name.endsWith(".pyc")) { // sources and the data they read
      FS.writeFile("/" + name, fs.readFileSync(path.join(ROOT, name)));
    }
  }
}

const args = process.argv.slice(2);
const folders = [];
while (args[0] === "--dir") {
  folders.push(args[1]);
  args.splice(0, 2);
}
if (args.length !== 1) {
  console.error("usage: node tools/bench/wasm_micropython.mjs [--dir FOLDER]... SCRIPT");
  process.exit(2);
}
const mp = await loadMicroPython({
  heapsize: 2 * 1024 * 1024, // as the page has
  stdout: (line) => process.stdout.write(line + "\n"),
  stderr: (line) => process.stderr.write(line + "\n"),
});
for (const folder of folders) copyInto(mp.FS, folder);
const script = args[0];
mp.FS.mkdirTree("/" + path.posix.dirname(script));
mp.FS.writeFile("/" + script, fs.readFileSync(path.join(ROOT, script)));
mp.globals.set("_script", script);
// The script runs as __main__ does on the unix port; its SystemExit gives the status.
const status = mp.runPython(`
import sys
_status = 0
try:
    exec(open(_script).read(), {"__name__": "__main__", "__file__": _script})
except SystemExit as e:
    _status = e.args[0] if e.args else 0
except Exception as e:
    sys.print_exception(e)
    _status = 1
_status
`);
process.exitCode = typeof status === "number" ? status : status ? 1 : 0;
