"""The medium level: the Arduboy game's stated order, done right.

1. If a play scores, the one that scores most.
2. Else a play that leaves an end showing a number the opponent can no longer
   hold (every tile of it is in our hand or on the table, or the opponent has
   shown it lacks that number).
3. Else the play that leaves the lowest count.
Ties go to the heavier tile (fewer pips left in hand); it draws or passes only
when it cannot play.
"""

from core.tiles import HIGH, LOW

from players.evaluate import after, numbers_out, plays_of, points


def choose(view, rng):
    plays = plays_of(view.legal)
    if not plays:
        return view.legal[0]
    opponent_may_hold = view.could_hold(view.opponent)
    best = plays[0]
    best_key = None
    for a in plays:
        t = a >> 3
        table = after(view.table, a)
        scored = points(table.count())
        blocked = table.open_numbers() & numbers_out(opponent_may_hold)
        # Compare by: score, then blocking, then lower count, then heavier tile.
        key = (scored, 1 if blocked else 0, -table.count(), LOW[t] + HIGH[t])
        if best_key is None or key > best_key:
            best = a
            best_key = key
    return best
