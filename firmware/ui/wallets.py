"""Each profile's coins (core.coins) kept in the save, under "coins": a line per
profile, NAME:balance:day:rewarded. A profile with no line yet has the welcome
bonus waiting: its wallet is core.coins.new_wallet() until a reward is paid,
and from then on the line is kept, so the bonus is given once."""

from core import coins

KEY = "coins"


def _rows(storage):
    rows: dict = {}
    stored = storage.get(KEY)
    if not isinstance(stored, str):
        return rows
    for line in stored.split("\n"):
        fields = line.split(":")
        try:
            if len(fields) == 4:
                rows[fields[0]] = (int(fields[1]), int(fields[2]), int(fields[3]))
        except ValueError:
            pass  # a damaged line: that profile starts again from the bonus
    return rows


def wallet(storage, name):
    """The profile's wallet (balance, day, rewarded)."""
    return _rows(storage).get(name) or coins.new_wallet()


def pay(storage, name, levels, place, today=None):
    """Pay what a finish earns (core.coins.pay) into the profile's wallet, without
    saving (the caller saves with the match retired); returns the coins paid."""
    rows = _rows(storage)
    rows[name], paid = coins.pay(rows.get(name) or coins.new_wallet(), levels, place, today)
    _put(storage, rows)
    return paid


def forget(storage, name):
    """A deleted profile's coins go with it."""
    rows = _rows(storage)
    if rows.pop(name, None) is not None:
        _put(storage, rows)


def _put(storage, rows):
    storage.set(KEY, "\n".join("%s:%d:%d:%d" % ((n,) + rows[n]) for n in sorted(rows)))
