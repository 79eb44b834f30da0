"""The game's short tunes, for hw.sound.play(): bytes of (MIDI note, frames) pairs.

At 30 frames a second a frame is 33 ms. Menu sounds are one or two short notes
so that scrolling stays quiet; the end of a match gets a real phrase. Mute is
the sound object's business, so screens play these without asking.

    app.sound.play(tunes.SELECT)
    app.sound.play(tunes.score(points))   # higher and longer for bigger scores

Each tune is a bytes literal, its pairs written out beside it (note 0 is hw.sound's
REST): imported from a ROMFS image, a literal stays in flash, where bytes made at
import would take the heap.
"""

MOVE = b"\x54\x01"  # 84 1: the menu cursor moved, a value changed
SELECT = b"\x4c\x02\x53\x03"  # 76 2, 83 3: a menu item chosen
BACK = b"\x53\x02\x4c\x03"  # 83 2, 76 3: leaving a menu, SELECT turned round
ERROR = b"\x2d\x04\x00\x01\x2d\x06"  # 45 4, rest 1, 45 6: refused, two low buzzes
PLAYED = b"\x43\x02\x48\x02"  # 67 2, 72 2: a tile laid on the table (a click and its echo)
DRAW = b"\x3c\x02\x00\x01\x3e\x02"  # 60 2, rest 1, 62 2: a tile taken from the stock
PASS = b"\x40\x03\x3c\x04"  # 64 3, 60 4: a player passes
# The draw-and-block games' hand ends and their goat.
DOMINO = b"\x48\x03\x4f\x03\x54\x08"  # 72 3, 79 3, 84 8: out of tiles
FISH = b"\x3c\x04\x3b\x04\x3c\x08"  # 60 4, 59 4, 60 8: nobody can play
GOAT = b"\x37\x03\x00\x01\x37\x03\x00\x01\x30\x0c"  # 55 3, rest 1, 55 3, rest 1, 48 12: a bleat
# 72 4, 76 4, 79 4, 84 6, rest 2, 79 3, 84 12
WIN = b"\x48\x04\x4c\x04\x4f\x04\x54\x06\x00\x02\x4f\x03\x54\x0c"
LOSE = b"\x43\x06\x42\x06\x41\x06\x40\x10"  # 67 6, 66 6, 65 6, 64 16

# Score fanfares for 5, 10, 15, 20, 25 and 30 or more points, each one note longer
# and higher than the last: rising notes of 3 frames, the last one held for 8.
_SCORES = (
    b"\x48\x03\x4f\x08",  # 72, 79
    b"\x48\x03\x4c\x03\x4f\x08",  # 72, 76, 79
    b"\x48\x03\x4c\x03\x4f\x03\x54\x08",  # 72, 76, 79, 84
    b"\x48\x03\x4c\x03\x4f\x03\x54\x03\x58\x08",  # 72, 76, 79, 84, 88
    b"\x48\x03\x4c\x03\x4f\x03\x54\x03\x58\x03\x5b\x08",  # 72, 76, 79, 84, 88, 91
    b"\x48\x03\x4c\x03\x4f\x03\x54\x03\x58\x03\x5b\x03\x60\x08",  # 72 ... 91, 96
)


def score(points):
    """The fanfare for a score of `points` (a multiple of 5); made once, never allocated."""
    step = points // 5 - 1
    if step < 0:
        step = 0
    elif step >= len(_SCORES):
        step = len(_SCORES) - 1
    return _SCORES[step]
