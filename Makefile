# Domino games for a pocket handheld. `make test` and `make sim` set everything up
# on first use (a project-local virtual environment in .venv).

PYTHON ?= $(shell command -v python3.11 || command -v python3)
VENV   := .venv
BIN    := $(VENV)/bin
PY     := $(BIN)/python
STUBS  := $(VENV)/mpy-stubs
READY  := $(VENV)/.ready

.PHONY: setup test lint typecheck sim play replay arena build firmware flash bench bench-ui assets clean

setup: $(READY)

$(READY): tools/requirements.txt tools/stubs.txt
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -r tools/requirements.txt
	$(PY) -m pip install --quiet --upgrade --target $(STUBS) -r tools/stubs.txt
	touch $@

# Every test: lint, type check of firmware/ against the MicroPython stubs,
# pytest on CPython (which also runs the portable core tests under real MicroPython).
test: setup lint typecheck
	$(PY) -m pytest -n 2

lint: setup
	$(BIN)/ruff check $(wildcard firmware sim tools tests boards)

typecheck: setup
	MYPYPATH=$(STUBS) $(BIN)/mypy --custom-typeshed-dir $(STUBS) firmware

# The emulator window playing the game (BOARD=picoboy etc. picks a board,
# PROGRAM=test shows the test screen); without a display it explains how to run headless.
# BOARD=vpico: the frozen firmware of `make firmware` on the virtual Pico (VPICO=pico-spi|picoboy|pico-i2c).
sim: setup
ifeq ($(BOARD),vpico)
	$(PY) -m sim.vpico $(if $(VPICO),--board $(VPICO))
else
	$(PY) -m sim $(if $(BOARD),--board $(BOARD)) $(if $(PROGRAM),--program $(PROGRAM))
endif

# The game with no screen at all: its sentences printed, commands typed (up, a, ends, ...).
play: setup
	$(PY) -m sim.terminal $(if $(BOARD),--board $(BOARD))

# Replay a game record, one JSON object per action.
replay: setup
	@test -n "$(RECORD)" || { echo "usage: make replay RECORD=path/to/record.txt"; exit 2; }
	@$(PY) tools/replay.py "$(RECORD)"

# Seeded matches between two handheld players, seats swapped on the same deals.
A ?= defensive
B ?= tactics
N ?= 1000
arena: setup
	$(PY) tools/arena.py $(A) $(B) --matches $(N)

# Compile firmware/ for a board into build/BOARD/ (and build/BOARD.romfs).
build: setup
	@test -n "$(BOARD)" || { echo "usage: make build BOARD=name; boards: $(basename $(notdir $(wildcard boards/*.py)))"; exit 2; }
	$(PY) tools/build.py $(BOARD)

# MicroPython's rp2 firmware with firmware/ and the board frozen in: build/BOARD/firmware.uf2
# (RP2040 boards; sources from MICROPY_SRC, else fetched once; see README "Real boards").
firmware: setup
	@test -n "$(BOARD)" || { echo "usage: make firmware BOARD=pico-spi|pico-i2c|picoboy"; exit 2; }
	$(PY) tools/firmware.py $(BOARD)

# Build, then copy onto the device (or deploy its ROMFS) with mpremote and reset it.
# BOARD=virtual without PORT flashes a virtual board and shows it playing; an RP2040
# board without PORT gets its frozen firmware (`make firmware`) on the BOOTSEL drive.
flash: setup
	@test -n "$(BOARD)" || { echo "usage: make flash BOARD=name [PORT=/dev/ttyACM0]; boards: $(basename $(notdir $(wildcard boards/*.py)))"; exit 2; }
	$(PY) tools/flash.py $(BOARD) $(if $(PORT),--port $(PORT)) $(if $(DRIVE),--drive $(DRIVE))

# Spectacular Bid: the handheld bid player against itself always declining.
bid-arena: setup
	$(PY) tools/bid_arena.py --matches $(N)

bench: setup
	$(PY) tools/bench.py

# Frames per second of the table and the heap of a match, under MicroPython.
bench-ui: setup
	$(PY) tools/bench_ui.py

# Regenerate firmware/gfx/sprites.py and font.py from the art in tools/assets/.
assets: setup
	$(PY) tools/make_assets.py

clean:
	rm -rf build .pytest_cache .mypy_cache .ruff_cache
