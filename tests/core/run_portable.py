"""Run the portable core tests without pytest: `micropython tests/core/run_portable.py`.

Imports every test_*.py beside this file, calls each test_* function, prints one
line per test and closes with "N passed, N failed". Exit status 1 on any failure.
Works on MicroPython and CPython alike (pass module names to run only those).
"""

import os
import sys

HERE = __file__.rsplit("/", 1)[0] if "/" in __file__ else "."
ROOT = HERE + "/../.."
for path in (ROOT + "/sim/shims", ROOT + "/firmware", HERE):
    if path not in sys.path:
        sys.path.insert(0, path)

# The CPython shims must never shadow MicroPython's own modules.
if sys.implementation.name == "micropython":
    sys.path.remove(ROOT + "/sim/shims")


def main(names):
    if not names:
        files = os.listdir(HERE)
        names = sorted(f[:-3] for f in files if f.startswith("test_") and f.endswith(".py"))
    passed = failed = 0
    for module_name in names:
        module = __import__(module_name)
        for name in sorted(dir(module)):
            if not name.startswith("test_"):
                continue
            try:
                getattr(module, name)()
            except Exception as e:  # report every failure, then go on
                failed += 1
                print("FAIL %s.%s: %s: %s" % (module_name, name, type(e).__name__, e))
                if hasattr(sys, "print_exception"):
                    sys.print_exception(e)
            else:
                passed += 1
                print("ok   %s.%s" % (module_name, name))
    print("%d passed, %d failed" % (passed, failed))
    return 1 if failed else 0


sys.exit(main(getattr(sys, "argv", ())[1:]))  # the WebAssembly port has no argv
