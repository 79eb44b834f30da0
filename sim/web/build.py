"""Assemble the web page into build/web/, and serve it: `make web`.

    python -m sim.web.build [--board NAME] [--out DIR] [--serve PORT]

build/web/ is a static site: index.html and pocket.js (from sim/web/), the
WebAssembly MicroPython (micropython.mjs and .wasm, from the npm package that
package.json pins; `npm ci` installs it into node_modules/), and handheld.json:
the Python files MicroPython gets in its file system (firmware/ unchanged, the
board file as board_config.py, sim/web/page.py and the emulator's portable
doubles) with what the page needs to know of the controls.
"""

import argparse
import contextlib
import functools
import http.server
import json
import pathlib
import shutil
import sys

from hw.buttons import NAMES

from sim import boards, ROOT
from sim.terminal import ASKED
from sim.themes import THEME_NAMES, YELLOW_ROWS

HERE = pathlib.Path(__file__).resolve().parent
OUT = ROOT / "build" / "web"
MICROPYTHON = ROOT / "node_modules" / "@micropython" / "micropython-webassembly-pyscript"
PAGE_FILES = ("index.html", "pocket.js")
ENGINE_FILES = ("micropython.mjs", "micropython.wasm")
# The emulator's doubles that run on MicroPython as they are (page.py uses them).
PORTABLE_SIM = ("clock.py", "machine.py", "oled.py", "themes.py")
# MicroPython gets a sim package of those modules alone: the real sim/__init__.py
# sets up CPython's import path.
SIM_PACKAGE = '"""The emulator\'s portable doubles, as the web page loads them."""\n'


def python_files(board):
    """{path in MicroPython's file system: source text} for the page."""
    files = {}
    firmware = ROOT / "firmware"
    for source in sorted(firmware.rglob("*.py")):
        files["firmware/" + source.relative_to(firmware).as_posix()] = source.read_text()
    files["board_config.py"] = (boards.BOARDS_DIR / (board + ".py")).read_text()
    files["page.py"] = (HERE / "page.py").read_text()
    files["sim/__init__.py"] = SIM_PACKAGE
    for name in PORTABLE_SIM:
        files["sim/" + name] = (ROOT / "sim" / name).read_text()
    return files


def build(out=OUT, board=boards.DEFAULT):
    """Write the site into `out`; SystemExit with a hint when MicroPython is missing."""
    missing = [name for name in ENGINE_FILES if not (MICROPYTHON / name).is_file()]
    if missing:
        sys.exit("sim.web.build: %s not found in %s; run `npm ci` first"
                 % (", ".join(missing), MICROPYTHON.relative_to(ROOT)))
    config = boards.load(board)  # also checks the name
    out.mkdir(parents=True, exist_ok=True)
    for name in PAGE_FILES:
        shutil.copyfile(HERE / name, out / name)
    for name in ENGINE_FILES:
        shutil.copyfile(MICROPYTHON / name, out / name)
    handheld = {
        "board": board,
        "name": config.get("name", board),
        "buttons": list(NAMES),
        "questions": list(ASKED),
        "themes": list(THEME_NAMES),
        "bandRows": YELLOW_ROWS,
        "files": python_files(board),
    }
    (out / "handheld.json").write_text(json.dumps(handheld, separators=(",", ":")))
    return out


class _Quiet(http.server.SimpleHTTPRequestHandler):
    extensions_map = {
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        ".mjs": "text/javascript",
        ".js": "text/javascript",
        ".wasm": "application/wasm",
        ".json": "application/json",
    }

    def log_message(self, format, *args):
        pass  # one line at start-up says it all


def server(folder, port=0, host="127.0.0.1"):
    """An HTTP server of `folder` on host:port (0: any free port), not yet serving."""
    handler = functools.partial(_Quiet, directory=str(folder))
    return http.server.ThreadingHTTPServer((host, port), handler)


def main(argv=None):
    parser = argparse.ArgumentParser(prog="python -m sim.web.build", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--board", default=boards.DEFAULT, choices=boards.names())
    parser.add_argument("--out", type=pathlib.Path, default=OUT)
    parser.add_argument("--serve", type=int, metavar="PORT",
                        help="then serve the site on 127.0.0.1:PORT until Ctrl-C")
    args = parser.parse_args(argv)
    out = build(args.out, args.board)
    if args.serve is None:
        print("built %s" % out)
        return 0
    try:
        httpd = server(out, args.serve)
    except OSError as e:
        parser.error("cannot serve on port %d: %s" % (args.serve, e))
    with httpd:
        print("Open http://127.0.0.1:%d/ in a browser to play (Ctrl-C stops the server)."
              % httpd.server_address[1], flush=True)
        with contextlib.suppress(KeyboardInterrupt):
            httpd.serve_forever()
    return 0


if __name__ == "__main__":
    sys.exit(main())
