"""Replaying a record of any game, chosen by its `game:` line: the one entry point
that tools/records/replay.py and the record tests use.

    game, record = replay_any(text)     # raises RecordError at the first bad line

Host-only, like the readers it picks from (tools/device/build.py leaves them off the
handheld).
"""

from core import blockreplay, pokerreplay, replay
from core.blockrules import GAMES as BLOCK_GAMES
from core.record import GAMES as ALL_FIVES_GAMES
from core.recordparse import RecordError, split


def game_of(text):
    """The game a record's first header line names; raises RecordError when the
    header is malformed or the game is unknown."""
    number, _, game = split(text)[0][0]
    if game in ALL_FIVES_GAMES or game in BLOCK_GAMES or game == "poker":
        return game
    raise RecordError(number, "unknown game " + game)


def reader_of(game):
    """The module whose `replay` reads records of `game` (a known game's name)."""
    if game in BLOCK_GAMES:
        return blockreplay
    return pokerreplay if game == "poker" else replay


def replay_any(text, on_action=None):
    """`replay(text, on_action)` of the record's game's reader: (game, record)."""
    return reader_of(game_of(text)).replay(text, on_action)
