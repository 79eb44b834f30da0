"""The web page: the firmware on MicroPython's WebAssembly port in a browser.

build.py assembles build/web/ (and serves it); page.py is what MicroPython runs
inside the page; pocket.js and index.html are the page itself; chromium.py
drives it in headless Chromium for the tests and tools/bench/bench_web.py.
"""
