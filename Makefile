# Domino games for a pocket handheld. `make test` and `make sim` set everything up
# on first use (a project-local virtual environment in .venv).

PYTHON ?= $(shell command -v python3.11 || command -v python3)
VENV   := .venv
BIN    := $(VENV)/bin
PY     := $(BIN)/python
STUBS  := $(VENV)/mpy-stubs
READY  := $(VENV)/.ready

.PHONY: setup test lint typecheck sim play replay arena properties reliability build firmware flash bench \
	bench-playout bench-heap bench-ui bench-saves assets screenshots clean web web-build web-bench server server-bench

setup: $(READY)

$(READY): tools/requirements.txt tools/stubs.txt
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -r tools/requirements.txt
	$(PY) -m pip install --quiet --upgrade --target $(STUBS) -r tools/stubs.txt
	touch $@

# node_modules/ from package-lock.json (the WebAssembly MicroPython of the web page);
# without npm the tests that need it say why they are skipped.
NODE_READY := node_modules/.package-lock.json

$(NODE_READY): package.json package-lock.json
	@if command -v npm >/dev/null; then npm ci; else echo "npm not found: no web page"; fi

# Every test: lint, type check of firmware/ against the MicroPython stubs,
# pytest on CPython (which also runs the portable core tests under real MicroPython).
test: setup lint typecheck $(NODE_READY)
	$(PY) -m pytest -n 2

lint: setup
	$(BIN)/ruff check $(wildcard firmware sim tools tests boards server)

typecheck: setup
	MYPYPATH=$(STUBS) $(BIN)/mypy --custom-typeshed-dir $(STUBS) firmware

# The emulator window playing the game (BOARD=picoboy etc. picks a board,
# PROGRAM=test shows the test screen); without a display it explains how to run headless.
# BOARD=vpico: the frozen firmware of `make firmware` on the virtual Pico (VPICO=pico-spi|picoboy|pico-i2c).
# SERVER=ws://host:port is the room server of the Online menu (default ws://127.0.0.1:8765).
sim: setup
ifeq ($(BOARD),vpico)
	$(PY) -m sim.vpico $(if $(VPICO),--board $(VPICO))
else
	$(PY) -m sim $(if $(BOARD),--board $(BOARD)) $(if $(PROGRAM),--program $(PROGRAM)) \
		$(if $(SERVER),--server "$(SERVER)")
endif

# The game with no screen at all: its sentences printed, commands typed (up, a, ends, ...).
play: setup
	$(PY) -m sim.terminal $(if $(BOARD),--board $(BOARD))

# The online room server (docs/protocol.md) on ws://HOST:PORT (127.0.0.1:8765), its
# store in the SQLite file DB (build/server/rooms.sqlite), or with STORE=redis://H:P/N
# in a Redis that any number of server processes share (docs/operations.md). PORT is
# not defaulted globally: `make flash` reads it as a serial port.
server: setup
	$(PY) -m server --host $(or $(HOST),127.0.0.1) --port $(or $(PORT),8765) \
		$(if $(STORE),--store "$(STORE)",--db $(or $(DB),build/server/rooms.sqlite))

# The room server under load on 127.0.0.1 (a benchmark, bounded: ROOMS Poker rooms of
# HUMANS scripted players each, SECONDS of play); figures in build/server-bench.json.
# PROCESSES=1,2,4: that many processes on one Redis for each count, and a failover;
# figures in build/server-bench-processes.json.
BENCH_LOAD = $(if $(ROOMS),--rooms $(ROOMS)) $(if $(HUMANS),--humans $(HUMANS)) \
	$(if $(SECONDS),--seconds $(SECONDS))
server-bench: setup
ifdef PROCESSES
	$(PY) tools/bench/cluster_bench.py --processes $(PROCESSES) $(BENCH_LOAD)
else
	$(PY) tools/bench/server_bench.py $(BENCH_LOAD)
endif

# Replay a game record, one JSON object per action.
replay: setup
	@test -n "$(RECORD)" || { echo "usage: make replay RECORD=path/to/record.txt"; exit 2; }
	@$(PY) tools/records/replay.py "$(RECORD)"

# Seeded matches between two handheld players, seats swapped on the same deals.
# GAME picks the game: All Fives by default, a draw-and-block game (1x1, classic,
# kozel, yard, international; PLAYERS=2..4, PAIRS=yes, TARGET=...), or poker
# (Domino Poker's levels, N hands, seats rotated).
GAME ?= allfives
N ?= 1000
ARENA.allfives = tools/arenas/arena.py $(or $(A),defensive) $(or $(B),tactics) --matches $(N) \
	$(if $(OPTIONS),--options "$(OPTIONS)")
BLOCK_ARENA = tools/arenas/block_arena.py $(GAME) $(or $(A),medium) $(or $(B),easy) --matches $(N) \
	$(if $(PLAYERS),--players $(PLAYERS)) $(if $(PAIRS),--pairs $(PAIRS)) $(if $(TARGET),--target $(TARGET))
ARENA.1x1 = $(BLOCK_ARENA)
ARENA.classic = $(BLOCK_ARENA)
ARENA.kozel = $(BLOCK_ARENA)
ARENA.yard = $(BLOCK_ARENA)
ARENA.international = $(BLOCK_ARENA)
ARENA.poker = tools/arenas/poker_arena.py $(or $(A),hard) $(or $(B),medium) --hands $(N)
arena: setup
	@test -n "$(ARENA.$(GAME))" || { echo "usage: make arena [GAME=allfives|1x1|classic|kozel|yard|international|poker] A=.. B=.. N=.."; exit 2; }
	$(PY) $(ARENA.$(GAME))

# Every game's properties over N seeded matches per option set, game and player
# count, and check() against legal() in every game over N/10 (it tries every action
# code at every state); make test runs a smaller seeded set.
properties: setup
	ALLFIVES_MATCHES=$(N) BID_MATCHES=$(N) BLOCK_MATCHES=$(N) POKER_MATCHES=$(N) \
		CHECK_MATCHES=$$(( $(N) / 10 + 1 )) $(PY) -m pytest -n 2 \
		tests/test_properties.py tests/test_bid_properties.py \
		tests/test_block_properties.py tests/test_poker_properties.py tests/test_check_is_legal.py

# The reliability tests N times over (make test runs N=1): N times the button mashing
# of every menu and every game's match, N times the power cuts sampled of each kind of
# storage step; N=0 cuts at every storage step (slow). -s prints what they reached.
reliability: setup
	RELIABILITY=$(if $(filter command line,$(origin N)),$(N),10) $(PY) -m pytest -n 2 -s \
		tests/test_screens_mashing.py tests/test_line_screens.py tests/test_resume_ui.py \
		tests/test_poker_resume.py

# Compile firmware/ for a board into build/BOARD/ (and build/BOARD.romfs).
build: setup
	@test -n "$(BOARD)" || { echo "usage: make build BOARD=name; boards: $(basename $(notdir $(wildcard boards/*.py)))"; exit 2; }
	$(PY) tools/device/build.py $(BOARD)

# MicroPython's rp2 firmware with firmware/ and the board frozen in: build/BOARD/firmware.uf2
# (RP2040 boards; sources from MICROPY_SRC, else fetched once; see README "Real boards").
firmware: setup
	@test -n "$(BOARD)" || { echo "usage: make firmware BOARD=pico-spi|pico-i2c|picoboy"; exit 2; }
	$(PY) tools/device/firmware.py $(BOARD)

# Build, then copy onto the device (or deploy its ROMFS) with mpremote and reset it.
# BOARD=virtual without PORT flashes a virtual board and shows it playing; an RP2040
# board without PORT gets its frozen firmware (`make firmware`) on the BOOTSEL drive.
flash: setup
	@test -n "$(BOARD)" || { echo "usage: make flash BOARD=name [PORT=/dev/ttyACM0]; boards: $(basename $(notdir $(wildcard boards/*.py)))"; exit 2; }
	$(PY) tools/device/flash.py $(BOARD) $(if $(PORT),--port $(PORT)) $(if $(DRIVE),--drive $(DRIVE))

# Spectacular Bid: the handheld bid player against itself always declining.
bid-arena: setup
	$(PY) tools/arenas/bid_arena.py --matches $(N)

bench: setup
	$(PY) tools/bench/bench.py

# Only how fast the engines play out random hands, on CPython and MicroPython
# (GAMES= to choose; both into build/bench.json with the other figures kept).
bench-playout: setup
	$(PY) tools/bench/playout.py $(GAMES)

# Only the smallest heap of every game's match on the 32-bit unix port (frozen, .mpy).
bench-heap: setup
	$(PY) tools/bench/bench.py unix32

# Frames per second of the table and the heap of a match, under MicroPython.
bench-ui: setup
	$(PY) tools/bench/bench_ui.py

# The game in a web browser: build build/web/ (a static site), then serve it on
# 127.0.0.1:WEB_PORT until Ctrl-C. web-build only builds.
WEB_PORT ?= 8000
web: setup $(NODE_READY)
	@$(PY) -m sim.web.build --serve $(WEB_PORT)

web-build: setup $(NODE_READY)
	$(PY) -m sim.web.build

# The page's weight, time to the title, table frames per second and an expert
# decision in headless Chromium, against the same under the unix port.
web-bench: setup $(NODE_READY)
	$(PY) tools/bench/bench_web.py

# What a save and the main menu's opening cost as a duel grows, under MicroPython.
bench-saves: setup
	$(BIN)/micropython tools/bench/mpy_saves.py firmware

# Regenerate firmware/gfx/sprites.py and font.py from the art in tools/assets/.
assets: setup
	$(PY) tools/assets/make_assets.py

# The README's screenshots (docs/images/), one of each game, from the headless emulator.
screenshots: setup
	$(PY) tools/assets/screenshots.py

clean:
	rm -rf build .pytest_cache .mypy_cache .ruff_cache
