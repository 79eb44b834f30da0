"""What the save keeps for going online, per local profile: its device key (who
the handheld is on the room server) and its seat's reconnect token (so that a
handheld that lost power sits down again where it was).

    key = key_for(storage, "ANN", net.random)   # made and saved the first time
    token_of(storage, "ANN")                    # "" when the profile has no seat
    keep_token(storage, "ANN", token)           # saved at once ("" forgets it)
    forget(storage, "ANN")                      # the profile deleted: both go

Each is a line `PROFILE:value` of one field (`netkeys`, `nettokens`); a save is
the store's own, written whole in two generations (hw/storage.py), so a power
cut leaves the token before or after the change, never half of one.
"""

from micropython import const

KEYS = "netkeys"
TOKENS = "nettokens"
_KEY_BYTES = const(16)  # 128 random bits
_TOKEN_MOST = const(64)  # the server's tokens are 22 characters


def _lines(storage, field):
    lines = storage.get(field, "")
    return lines.split("\n") if isinstance(lines, str) and lines else []


def _value(storage, field, profile):
    for line in _lines(storage, field):
        name, _, value = line.partition(":")
        if name == profile:
            return value
    return ""


def _put(storage, field, profile, value):
    """Set (or with "" remove) the profile's line; True if the field changed."""
    lines = _lines(storage, field)
    kept = [line for line in lines if line.partition(":")[0] != profile]
    if value:
        kept.append(profile + ":" + value)
    if kept == lines:
        return False
    if kept:
        storage.set(field, "\n".join(kept))
    else:
        storage.delete(field)
    return True


def key_for(storage, profile, random):
    """The device key (hex) of local profile `profile`, made from `random(n)`
    (the net's real random source, never the game's seeded one) and saved the
    first time."""
    key = _value(storage, KEYS, profile)
    if len(key) == 2 * _KEY_BYTES:
        return key
    key = "".join("%02x" % b for b in random(_KEY_BYTES))
    _put(storage, KEYS, profile, key)
    storage.save()
    return key


def token_of(storage, profile):
    token = _value(storage, TOKENS, profile)
    return token if 0 < len(token) <= _TOKEN_MOST else ""


def keep_token(storage, profile, token):
    """Keep the seat's token (or forget it: ""), saved at once if it changed."""
    if len(token) > _TOKEN_MOST or "\n" in token:
        token = ""
    if _put(storage, TOKENS, profile, token):
        storage.save()


def forget(storage, profile):
    """The profile is deleted: its key and token go with it (not saved: the
    caller saves, with the profile's removal)."""
    _put(storage, KEYS, profile, "")
    _put(storage, TOKENS, profile, "")


def valid(value):
    """Whether a stored field of either kind reads: lines of PROFILE:value."""
    if not isinstance(value, str):
        return False
    for line in value.split("\n"):
        name, colon, rest = line.partition(":")
        if not name or not colon or not rest:
            return False
    return True


class Keeper:
    """RoomClient's `kept`: each new token of the profile's seat, saved."""

    def __init__(self, storage, profile):
        self.storage = storage
        self.profile = profile

    def __call__(self, token):
        keep_token(self.storage, self.profile, token)
