"""Board files: only documented keys, and no pin wired to two things."""

import pytest

from sim import boards

KEYS = {"name", "display", "spi", "sck", "mosi", "baudrate", "cs", "dc", "i2c", "sda", "scl",
        "freq", "address", "reset", "buttons", "active_low", "external_pull",
        "b_from_long_a", "speaker", "max_tone_hz", "wifi"}
PIN_KEYS = ("sck", "mosi", "cs", "dc", "sda", "scl", "reset", "speaker")


@pytest.mark.parametrize("name", boards.names())
def test_board_file_is_consistent(name):
    board = boards.load(name)
    assert set(board) <= KEYS
    assert board["display"] in ("ssd1306", "sh1106")
    assert ("spi" in board) != ("i2c" in board)
    assert set(board["buttons"]) == {"up", "down", "left", "right", "a", "b"}
    pins = [board[key] for key in PIN_KEYS if board.get(key) is not None]
    pins += [pin for pin in board["buttons"].values() if pin is not None]
    assert len(pins) == len(set(pins)), "a pin is wired twice"
    assert set(board.get("external_pull", ())) <= set(board["buttons"].values())
    if board["buttons"]["b"] is None:
        assert board.get("b_from_long_a", 0) > 0, "no B button and no long press for it"


def test_the_five_boards_of_the_issue_are_there():
    assert set(boards.names()) >= {"pico-spi", "pico-i2c", "picoboy", "heltec-wifikit32",
                                   "esp8266-i2c", "pico-w"}


def test_the_wifi_boards_say_so():
    wifi = {name for name in boards.names() if boards.load(name).get("wifi")}
    assert wifi == {"pico-w", "heltec-wifikit32", "virtual"}


def test_unknown_board_is_a_clear_error():
    with pytest.raises(ValueError, match="boards: "):
        boards.load("nonexistent")
