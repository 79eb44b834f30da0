"""The device's entry point, installed as main.py by `make build`: the board file
chosen at build time sits next to it as board_config.py."""

import time

import board_config  # type: ignore[import-not-found]
import machine
from hw import board
from ui.app import App

hw = board.build(board_config.BOARD, machine, time)
app = App(hw)
while True:
    hw.run_frame(app)
