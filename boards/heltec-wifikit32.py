# Heltec WiFi Kit 32 V2: ESP32 with an on-board SSD1306 on I2C (reset on
# GPIO16). Buttons and piezo are wired by the user to pins that are neither
# boot straps nor input-only: see boards/README.md. WiFi: the settings file that
# `make flash ... WIFI_SSID= WIFI_PASSWORD= SERVER=` writes onto the board.
BOARD = {
    "name": "Heltec WiFi Kit 32 V2",
    "display": "ssd1306",
    "i2c": 0, "sda": 4, "scl": 15, "freq": 400000, "address": 0x3C,
    "reset": 16,
    "buttons": {"up": 32, "down": 33, "left": 26, "right": 27, "a": 14, "b": 13},
    "active_low": True,
    "speaker": 23,
    "wifi": True,
}
