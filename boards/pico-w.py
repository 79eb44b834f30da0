# Raspberry Pi Pico W (or Pico 2 W) with a 4-pin I2C SSD1306 module: the wiring of
# pico-i2c (the WiFi chip keeps GP23-25 and GP29 to itself, none of them used
# here), on stock MicroPython with the game's .mpy files (`make flash`), and WiFi:
# `make flash BOARD=pico-w WIFI_SSID=... WIFI_PASSWORD=... SERVER=ws://host:8765`
# writes the network's settings file onto the board (see hw/wifi.py).
BOARD = {
    "name": "Raspberry Pi Pico W + SSD1306 (I2C)",
    "display": "ssd1306",
    "i2c": 0, "sda": 8, "scl": 9, "freq": 400000, "address": 0x3C,
    "buttons": {"up": 2, "down": 3, "left": 4, "right": 5, "a": 6, "b": 7},
    "active_low": True,
    "speaker": 15,
    "wifi": True,
}
