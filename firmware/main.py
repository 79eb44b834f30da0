"""The device's entry point, installed as main.py by `make build`: the board file
chosen at build time sits next to it as board_config.py. A WiFi board's network
comes from the settings file `make flash` put beside it (hw/wifi.py)."""

import time

import board_config  # type: ignore[import-not-found]
import machine
from hw import board
from ui.app import App

net = None
if board_config.BOARD.get("wifi"):
    from hw import wifi

    net = wifi.net_from_settings()
hw = board.build(board_config.BOARD, machine, time, net=net)
app = App(hw)
while True:
    hw.run_frame(app)
