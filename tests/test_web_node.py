"""The portable core tests on a second MicroPython: the WebAssembly port from npm,
run by Node alone (tools/bench/wasm_micropython.mjs), no browser."""

import pathlib
import re
import shutil
import subprocess

import pytest

ROOT = pathlib.Path(__file__).resolve().parent.parent
CORE = ROOT / "tests" / "core"


@pytest.mark.skipif(shutil.which("node") is None, reason="no node on this machine")
def test_the_portable_core_tests_pass_on_webassembly_micropython():
    assert (ROOT / "node_modules" / "@micropython").is_dir(), "run `npm ci` (make test does)"
    run = subprocess.run(
        ["node", "tools/bench/wasm_micropython.mjs", "--dir", "firmware", "--dir", "tests/core",
         "--dir", "tests/records", "tests/core/run_portable.py"],
        cwd=ROOT, capture_output=True, text=True, timeout=1200,  # 45 s here, more under load
    )
    assert run.returncode == 0, run.stdout[-3000:] + run.stderr[-3000:]
    tests = sum(len(re.findall(r"^def test_", path.read_text(), re.M))
                for path in CORE.glob("test_*.py"))
    assert run.stdout.splitlines()[-1] == "%d passed, 0 failed" % tests
