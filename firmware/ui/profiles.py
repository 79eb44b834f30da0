"""Players' profiles kept in the save: a name, wins, losses and the best match.

The best match is the won match with the largest winning margin, kept as its
final score (100 to 55 beats 150 to 120). In storage, under "profiles", one
line per profile: NAME:wins:losses:best_for:best_against (0:0 before a win);
"player" holds the active profile's name. Names are 1-8 characters of A-Z,
0-9 and inner spaces (so never a comma or colon: they go into save headers).

The match-end screen calls, for each human seat, then saves once (with the
match retired in the same write, see ui.session.finish):
    profiles.record_result(app.storage, name, won, points_for, points_against)
"""

from micropython import const

KEY = "profiles"
ACTIVE_KEY = "player"
MAX_PROFILES = const(8)
MAX_NAME = const(8)
CHARACTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 "
DEFAULTS = ("PLAYER 1", "PLAYER 2")  # until the player makes their own
_FIELDS = const(5)


def _load(storage):
    """[[name, wins, losses, best_for, best_against], ...]; with none saved yet (or
    none readable) the two defaults stand."""
    return _rows(storage.get(KEY)) or [[name, 0, 0, 0, 0] for name in DEFAULTS]


def _rows(stored):
    """The profiles of a stored value; malformed lines are skipped."""
    rows: list = []
    if not isinstance(stored, str):
        return rows
    for line in stored.split("\n"):
        fields = line.split(":")
        if len(fields) != _FIELDS or not valid(fields[0]) or _find(rows, fields[0]) >= 0:
            continue
        try:
            counts: list = [int(f) for f in fields[1:]]
        except ValueError:
            continue
        if min(counts) >= 0 and len(rows) < MAX_PROFILES:
            rows.append([fields[0]] + counts)
    return rows


def repair(storage):
    """Drop the profiles that do not read (all of them if the value is not text);
    True if any was dropped. Not saved."""
    stored = storage.get(KEY)
    if stored is None:
        return False
    rows = _rows(stored)
    if isinstance(stored, str) and len(rows) == len(stored.split("\n")):
        return False
    if rows:
        _put(storage, rows)
    else:
        storage.delete(KEY)
    return True


def _put(storage, rows):
    storage.set(KEY, "\n".join(":".join(str(f) for f in row) for row in rows))


def _store(storage, rows):
    _put(storage, rows)
    return storage.save()


def _find(rows, name):
    for i in range(len(rows)):
        if rows[i][0] == name:
            return i
    return -1


def valid(name):
    """A name as the picker makes it: 1-8 allowed characters, no space at either end."""
    if not 0 < len(name) <= MAX_NAME or name.strip() != name:
        return False
    return all(ch in CHARACTERS for ch in name)


def names(storage):
    return [row[0] for row in _load(storage)]


def active(storage):
    """The active profile: the one chosen last, else the first."""
    rows = _load(storage)
    chosen = storage.get(ACTIVE_KEY)
    if _find(rows, chosen) >= 0:
        return chosen
    return rows[0][0]


def set_active(storage, name):
    if _find(_load(storage), name) < 0:
        return False
    storage.set(ACTIVE_KEY, name)
    return storage.save()


def problem(storage, name):
    """Why `name` cannot be a new profile, or "" if it can."""
    name = name.strip()
    rows = _load(storage)
    if not name:
        return "Type a name first."
    if not valid(name):
        return "Names use A-Z, 0-9 and spaces, 8 at most."
    if _find(rows, name) >= 0:
        return name + " is taken."
    if len(rows) >= MAX_PROFILES:
        return "There are 8 profiles already."
    return ""


def add(storage, name):
    """Add a profile and make it active; returns "" or the reason it was refused."""
    reason = problem(storage, name)
    if reason:
        return reason
    name = name.strip()
    rows = _load(storage)
    rows.append([name, 0, 0, 0, 0])
    storage.set(ACTIVE_KEY, name)
    _store(storage, rows)
    return ""


def refusal(storage, name):
    """Why the profile `name` may not be deleted (two always stay, for two-player
    matches), or "": asked before the player is asked to confirm."""
    rows = _load(storage)
    if _find(rows, name) < 0:
        return "No such profile."
    if len(rows) <= 2:
        return "Two profiles must stay, for two-player matches."
    return ""


def delete(storage, name):
    """Remove a profile, its records and its online identity (its device key and
    seat token), in one save. Returns "" or the reason it was refused."""
    reason = refusal(storage, name)
    if reason:
        return reason
    rows = _load(storage)
    rows.pop(_find(rows, name))
    from hw import netkeys  # only here: the match end and Domino Poker hold profiles

    netkeys.forget(storage, name)
    _store(storage, rows)
    return ""


def stats(storage, name):
    """(wins, losses, best_for, best_against) of a profile, or None; best is 0, 0
    before its first win."""
    rows = _load(storage)
    i = _find(rows, name)
    if i < 0:
        return None
    return tuple(rows[i][1:])


def record_result(storage, name, won, points_for, points_against):
    """Count a finished match for the profile `name` (unknown names are ignored:
    False). A win with a larger margin than the best match becomes the best.
    Not saved: the caller saves, with the match retired in the same write."""
    rows = _load(storage)
    i = _find(rows, name)
    if i < 0:
        return False
    row = rows[i]
    if won:
        row[1] += 1
        best_margin = row[3] - row[4]
        if row[1] == 1 or points_for - points_against > best_margin:
            row[3] = points_for
            row[4] = points_against
    else:
        row[2] += 1
    _put(storage, rows)
    return True
