"""What the profiles have done in the draw-and-block games, kept in the save:
wins and losses per game, and the Domino 1x1 rating (Elo, unrounded) with the
one it had before its last match. Nothing here saves: the match end writes them
with the match retired (ui.session.finish).

    "elo": "ANN=1216.0/1200.0,BOB=1184.0/1200.0"    (now / before the last match)
    "line_results": "ANN:kozel=3-1,ANN:1x1=1-0"
"""

from core import elo
from core.blockrules import GAMES

from ui import profiles

RATINGS_KEY = "elo"
RESULTS_KEY = "line_results"
_MOST = 999999999  # wins or losses of one game: nine digits at most


def _pairs(storage, key):
    kept = storage.get(key, "")
    found = []
    for part in kept.split(",") if isinstance(kept, str) and kept else ():
        name, _, value = part.partition("=")
        found.append((name, value))
    return found


def changes(storage):
    """{name: (before, now)}: each profile's 1x1 rating now and before its last
    match (damaged entries are left out: that profile starts again from elo.START;
    one kept without its "before" had it equal). A rating that is not a number
    from elo.LOW to elo.HIGH (nan, inf, 1e400) is damage."""
    found = {}
    for name, value in _pairs(storage, RATINGS_KEY):
        now, _, before = value.partition("/")
        now = _rating(now)
        before = _rating(before) if before else now
        if now is not None and before is not None and _named(name):
            found[name] = (before, now)
    return found


def _rating(text):
    try:
        r = float(text)
    except ValueError:
        return None
    return r if elo.LOW <= r <= elo.HIGH else None  # (never true of nan)


def change(storage, name):
    """(before, now) of a profile's rating; (START, START) before its first match."""
    return changes(storage).get(name, (elo.START, elo.START))


def rating(storage, name):
    return change(storage, name)[1]


def set_rating(storage, name, value):
    """The rating after a match; the one it replaces is kept as "before"."""
    kept = changes(storage)
    kept[name] = (kept.get(name, (elo.START, elo.START))[1], elo.kept(value))
    _put_ratings(storage, kept)


def _put_ratings(storage, kept):
    storage.set(RATINGS_KEY, ",".join("%s=%r/%r" % (k, v[1], v[0]) for k, v in kept.items()))


def _put_results(storage, kept):
    storage.set(
        RESULTS_KEY, ",".join("%s:%s=%d-%d" % (k[0], k[1], v[0], v[1]) for k, v in kept.items())
    )


def forget(storage, name):
    """Drop a deleted profile's results and rating (so that a new profile of the
    same name starts afresh)."""
    ratings = changes(storage)
    if ratings.pop(name, None) is not None:
        _put_ratings(storage, ratings)
    kept = results(storage)
    gone = [key for key in kept if key[0] == name]
    for key in gone:
        del kept[key]
    if gone:
        _put_results(storage, kept)


def results(storage):
    """{(name, game): [wins, losses]} (damaged entries are left out)."""
    found = {}
    for key, value in _pairs(storage, RESULTS_KEY):
        name, _, game = key.partition(":")
        won, _, lost = value.partition("-")
        if _count(won) and _count(lost) and game in GAMES and _named(name):
            found[(name, game)] = [int(won), int(lost)]
    return found


def _named(name):
    """A profile's name as far as these fields go: 1-8 characters (the
    separators never come back from a split)."""
    return 0 < len(name) <= profiles.MAX_NAME


def _count(text):
    """Whether `text` is a count as written here: 1-9 ASCII digits."""
    return 0 < len(text) <= len(str(_MOST)) and all("0" <= c <= "9" for c in text)


def repair(storage):
    """Drop the ratings and results that do not read (the whole field if it is
    not text); the names of the fields that lost any. Not saved."""
    damaged = []
    for key, label, kept, put in (
        (RATINGS_KEY, "ratings", changes, _put_ratings),
        (RESULTS_KEY, "game results", results, _put_results),
    ):
        stored = storage.get(key)
        if stored is None:
            continue
        good = kept(storage)
        if isinstance(stored, str) and len(good) == len(stored.split(",") if stored else ()):
            continue
        damaged.append(label)
        if good:
            put(storage, good)
        else:
            storage.delete(key)
    return damaged


def record(storage, name, game, won):
    """Count a finished match of `game` for the profile `name`."""
    kept = results(storage)
    row = kept.setdefault((name, game), [0, 0])
    i = 0 if won else 1
    row[i] = min(row[i] + 1, _MOST)
    _put_results(storage, kept)
