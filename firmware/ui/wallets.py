"""Each profile's coins (core.coins) kept in the save, under "coins": a line per
profile, NAME:balance:day:rewarded. A profile with no line yet has the welcome
bonus waiting: its wallet is core.coins.new_wallet() until a reward is paid,
and from then on the line is kept, so the bonus is given once."""

from core import coins

from ui import profiles

KEY = "coins"
MOST = 999999999  # a balance has nine digits at most
LAST_DAY = 0xFFFFFF  # a day number (days since an epoch) far past this century


def _rows(storage):
    rows: dict = {}
    stored = storage.get(KEY)
    if not isinstance(stored, str):
        return rows
    for line in stored.split("\n"):
        fields = line.split(":")
        if len(fields) != 4 or not 0 < len(fields[0]) <= profiles.MAX_NAME:
            continue  # a damaged line: that profile starts again from the bonus
        try:
            row = (int(fields[1]), int(fields[2]), int(fields[3]))
        except ValueError:
            continue
        if 0 <= row[0] <= MOST and -1 <= row[1] <= LAST_DAY and 0 <= row[2] <= coins.PER_DAY:
            rows[fields[0]] = row
    return rows


def repair(storage):
    """Drop the lines that do not read (all of them if the value is not text);
    True if any was dropped. Not saved."""
    stored = storage.get(KEY)
    if stored is None:
        return False
    rows = _rows(storage)
    if isinstance(stored, str) and len(rows) == len(stored.split("\n") if stored else ()):
        return False
    if rows:
        _put(storage, rows)
    else:
        storage.delete(KEY)
    return True


def wallet(storage, name):
    """The profile's wallet (balance, day, rewarded)."""
    return _rows(storage).get(name) or coins.new_wallet()


def pay(storage, name, levels, place, today=None):
    """Pay what a finish earns (core.coins.pay) into the profile's wallet, without
    saving (the caller saves with the match retired); returns the coins paid."""
    rows = _rows(storage)
    wallet, paid = coins.pay(rows.get(name) or coins.new_wallet(), levels, place, today)
    rows[name] = (min(wallet[0], MOST),) + wallet[1:]
    _put(storage, rows)
    return paid


def forget(storage, name):
    """A deleted profile's coins go with it."""
    rows = _rows(storage)
    if rows.pop(name, None) is not None:
        _put(storage, rows)


def _put(storage, rows):
    storage.set(KEY, "\n".join("%s:%d:%d:%d" % ((n,) + rows[n]) for n in sorted(rows)))
