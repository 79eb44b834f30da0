"""What the save holds, checked once at start-up, and what the player is told.

Every field is checked for its type and range: one that fails goes back to its
default (it is removed from the save) and is named in the start-up message,
as is a save that had to be restored from the copy before it, or was lost. A
field of many entries (profiles, coins, ratings, results) loses only the
entries that fail.
After this the screens may read the values without checking them again.
"""

from core.blockrules import GAMES
from hw import netkeys
from hw.journal import DAMAGED
from hw.storage import CORRUPT, RESTORED
from players import NAMES

from ui import lineresults, profiles, setups, wallets
from ui.matchsave import DONE_KEY, LAST_KEY, OLD_KEY

# (key, what it is called in a message, check(value) -> bool)
_FIELDS = (
    ("contrast", "contrast", lambda v: _int(v, 0, 255)),
    ("invert", "colours", lambda v: _int(v, 0, 1)),
    ("mute", "sound", lambda v: _int(v, 0, 1)),
    ("matches", "match count", lambda v: _int(v, 0, 0xFFFF)),
    (DONE_KEY, "match count", lambda v: _int(v, 0, 0xFFFFFFFF)),
    ("rules", "rules options", lambda v: isinstance(v, str) and _parses(v)),
    (profiles.ACTIVE_KEY, "player", lambda v: isinstance(v, str) and profiles.valid(v)),
    ("player2", "players", lambda v: v == "" or _profile(v)),
    ("level", "level", lambda v: v in NAMES),
    ("demo1", "demo", lambda v: v in NAMES),
    ("demo2", "demo", lambda v: v in NAMES),
    ("opponent", "opponent", lambda v: v == "handheld:bid" or _profile(v, "human:")),
    (LAST_KEY, "last match", lambda v: isinstance(v, bytes)),
    (OLD_KEY, "saved match", lambda v: isinstance(v, bytes)),
    (setups.LAST_KEY, "last game", lambda v: v in GAMES),
    (netkeys.KEYS, "online keys", netkeys.valid),
    (netkeys.TOKENS, "online seat", netkeys.valid),
)
# The fields of many entries each (profiles, coins, ratings, results) are
# repaired entry by entry by the modules that keep them, and each draw-and-block
# game's set-up ("setup_<game>") is checked as ui.setups reads it.


def _profile(value, prefix=""):
    """Whether `value` is a profile's name after `prefix`."""
    if not isinstance(value, str) or not value.startswith(prefix):
        return False
    return profiles.valid(value[len(prefix) :])


def _drop_if(bad, storage, key, label, reset):
    if bad:
        storage.delete(key)
        if label not in reset:
            reset.append(label)


def _int(value, low, high):
    return isinstance(value, int) and low <= value <= high


def _parses(text):
    from core.allfives import Options

    try:
        Options.parse(text)
    except ValueError:
        return False
    return True


def check(storage):
    """Check the save as start-up finds it; returns what to tell the player ("" if
    all is well). Fields reset are removed and the save written again."""
    said = []
    if storage.status == RESTORED:
        said.append("The save was damaged: its copy before the last change is back.")
    elif storage.status == CORRUPT:
        said.append("The save was damaged: profiles, records and settings are lost.")
    reset: list = []
    for key, label, good in _FIELDS:
        value = storage.get(key)
        _drop_if(value is not None and not good(value), storage, key, label, reset)
    for game in GAMES:
        value = storage.get(setups.key(game))
        bad = value is not None and not setups.valid(game, value)
        _drop_if(bad, storage, setups.key(game), "set-ups", reset)
    if profiles.repair(storage):
        reset.append("profiles")
    if wallets.repair(storage):
        reset.append("coins")
    reset += lineresults.repair(storage)
    if reset:
        said.append("Damaged settings are back to their defaults: " + ", ".join(reset) + ".")
    if reset or storage.status == RESTORED:
        storage.save()  # over the damaged file: told once, not at every start
    journal = storage.match
    head = journal.head()
    if head is not None and head[0] == storage.get(DONE_KEY):
        journal.clear()  # a match retired just before a power cut
    elif head is None and journal.status == DAMAGED:
        journal.clear()
        said.append("The saved match was damaged and is lost.")
    return " ".join(said)
