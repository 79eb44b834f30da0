"""CPython stand-in for MicroPython's `micropython` module.

The emulator and the tests put this folder on sys.path so that firmware/ can say
`from micropython import const` exactly as it does on a device.
"""


def const(value):
    return value


def native(func):
    return func


def viper(func):
    return func


def heap_lock():
    return 0


def heap_unlock():
    return 0


def mem_info(verbose=False):
    print("mem_info: not available on CPython")
