"""The set-up each draw-and-block game remembers, kept in the save: under
"setup_<game>" its options and seats, as screens.linesetup writes them, and
under "line_game" the game set up last (the chooser opens on it).

    "setup_kozel": "players=4 pairs=yes target=125 seats=human:ANN,handheld:easy,..."
"""

from core.blockrules import Options

from ui import profiles

LAST_KEY = "line_game"
# The handheld's levels in these games: (player name, label), easiest first;
# Domino 1x1 has the professional too (see levels).
LEVELS = (
    ("handheld:easy", "CPU easy"),
    ("handheld:medium", "CPU medium"),
    ("handheld:hard", "CPU hard"),
)
DUEL_LEVELS = LEVELS + (("handheld:professional", "CPU pro"),)
SEATS = 4  # the most a set-up keeps


def levels(game):
    """The handheld's levels a seat of `game` can take: (player name, label)."""
    return DUEL_LEVELS if game == "1x1" else LEVELS


def key(game):
    return "setup_" + game


def text(options, seats):
    return "%s seats=%s" % (options.text(), ",".join(seats))


def split(kept):
    """(options text, [seat names]) of a kept set-up (any value: not text reads
    as nothing kept)."""
    if not isinstance(kept, str):
        return "", []
    options, _, seats = kept.partition(" seats=")
    return options, seats.split(",") if seats else []


def valid(game, kept):
    """Whether a kept set-up is one the set-up screen could have written: text,
    options the game allows, at most four seats, each a level or a profile name."""
    if not isinstance(kept, str):
        return False
    options, seats = split(kept)
    try:
        Options.parse(game, options)
    except ValueError:
        return False
    return len(seats) <= SEATS and all(_seat_ok(game, s) for s in seats)


def _seat_ok(game, name):
    if name.startswith("human:"):
        return profiles.valid(name[6:])
    return any(name == level for level, _ in levels(game))

