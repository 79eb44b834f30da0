# PicoBoy: RP2040, 1.3" SH1106 on SPI0, a 5-way joystick and a piezo. There is
# no second button: the centre is A, and holding it for 20 frames is B.
BOARD = {
    "name": "PicoBoy",
    "display": "sh1106",
    "spi": 0, "sck": 18, "mosi": 19, "baudrate": 10000000,
    "cs": 10, "dc": 8, "reset": 9,
    "buttons": {"up": 1, "down": 3, "left": 4, "right": 2, "a": 0, "b": None},
    "active_low": True,
    "b_from_long_a": 20,
    "speaker": 15,
}
