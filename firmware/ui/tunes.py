"""The game's short tunes, for hw.sound.play(): bytes of (MIDI note, frames) pairs.

At 30 frames a second a frame is 33 ms. Menu sounds are one or two short notes
so that scrolling stays quiet; the end of a match gets a real phrase. Mute is
the sound object's business, so screens play these without asking.

    app.sound.play(tunes.SELECT)
    app.sound.play(tunes.score(points))   # higher and longer for bigger scores
"""

from hw.sound import REST

MOVE = bytes((84, 1))  # the menu cursor moved, a value changed
SELECT = bytes((76, 2, 83, 3))  # a menu item chosen
BACK = bytes((83, 2, 76, 3))  # leaving a menu: SELECT turned round
ERROR = bytes((45, 4, REST, 1, 45, 6))  # refused: two low buzzes
PLAYED = bytes((67, 2, 72, 2))  # a tile laid on the table (a click and its echo)
DRAW = bytes((60, 2, REST, 1, 62, 2))  # a tile taken from the stock
PASS = bytes((64, 3, 60, 4))  # a player passes
WIN = bytes((72, 4, 76, 4, 79, 4, 84, 6, REST, 2, 79, 3, 84, 12))
LOSE = bytes((67, 6, 66, 6, 65, 6, 64, 16))


def _rising(notes):
    # A score fanfare: every note short, the last one held.
    pairs = []
    for note in notes[:-1]:
        pairs += [note, 3]
    pairs += [notes[-1], 8]
    return bytes(pairs)


# 5, 10, 15, 20, 25 and 30 or more points: each one note longer and higher.
_SCORES = (
    _rising((72, 79)),
    _rising((72, 76, 79)),
    _rising((72, 76, 79, 84)),
    _rising((72, 76, 79, 84, 88)),
    _rising((72, 76, 79, 84, 88, 91)),
    _rising((72, 76, 79, 84, 88, 91, 96)),
)


def score(points):
    """The fanfare for a score of `points` (a multiple of 5); made once, never allocated."""
    step = points // 5 - 1
    if step < 0:
        step = 0
    elif step >= len(_SCORES):
        step = len(_SCORES) - 1
    return _SCORES[step]
