"""The hardware layer: display, buttons, sound, storage and frame clock.

Only MicroPython APIs; the hardware objects (pins, buses, PWM, the time
module) are handed in at start-up, so the same code runs on a board, in the
emulator and under the tests. board.py builds everything from a board file.
"""
