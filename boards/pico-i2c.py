# Raspberry Pi Pico with a 4-pin I2C SSD1306 module (no reset line); buttons
# and piezo as on pico-spi.
BOARD = {
    "name": "Raspberry Pi Pico + SSD1306 (I2C)",
    "display": "ssd1306",
    "i2c": 0, "sda": 8, "scl": 9, "freq": 400000, "address": 0x3C,
    "buttons": {"up": 2, "down": 3, "left": 4, "right": 5, "a": 6, "b": 7},
    "active_low": True,
    "speaker": 15,
}
