# The virtual board (sim/virtual_board/): the MicroPython unix port behind a
# pseudo-terminal. Its machine module reads the buttons from buttons.txt in its
# filesystem and sends the panel's bytes nowhere; see sim/virtual_board/lib. Its
# network is the host's, through the unix port's sockets (no WiFi to join).
BOARD = {
    "name": "Virtual board",
    "display": "ssd1306",
    "spi": 0,
    "sck": 18,
    "mosi": 19,
    "baudrate": 10000000,
    "cs": 17,
    "dc": 20,
    "reset": 21,
    "buttons": {"up": 2, "down": 3, "left": 4, "right": 5, "a": 6, "b": 7},
    "active_low": True,
    "speaker": 15,
    "wifi": True,
}
