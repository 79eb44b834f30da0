"""The shared game core: pure Python that runs unchanged on MicroPython and CPython.

It imports no hardware, no screens and nothing from the emulator.
"""
