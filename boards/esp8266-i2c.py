# An ESP8266 board (Wemos D1 mini pin-out) with an I2C SSD1306 and six buttons.
# The ESP8266 has software I2C only, no internal pull-up on GPIO16 (B needs a
# 10k resistor to 3V3) and PWM up to 1 kHz, so high notes drop an octave.
BOARD = {
    "name": "ESP8266 (D1 mini) + SSD1306 (I2C)",
    "display": "ssd1306",
    "i2c": "soft", "sda": 4, "scl": 5, "freq": 400000, "address": 0x3C,
    "buttons": {"up": 14, "down": 12, "left": 13, "right": 0, "a": 2, "b": 16},
    "active_low": True,
    "external_pull": (16,),
    "speaker": 15,
    "max_tone_hz": 1000,
}
