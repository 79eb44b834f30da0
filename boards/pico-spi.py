# Raspberry Pi Pico with an SSD1306 on SPI, wired like an Arduboy: the panel on
# hardware SPI with chip select, data/command and reset lines, six buttons to
# ground (internal pull-ups), a piezo from one PWM pin to ground.
BOARD = {
    "name": "Raspberry Pi Pico + SSD1306 (SPI)",
    "display": "ssd1306",
    "spi": 0, "sck": 18, "mosi": 19, "baudrate": 10000000,
    "cs": 17, "dc": 20, "reset": 21,
    "buttons": {"up": 2, "down": 3, "left": 4, "right": 5, "a": 6, "b": 7},
    "active_low": True,
    "speaker": 15,
}
