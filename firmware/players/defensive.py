"""The hard level: score now, and give the opponent as little as possible back.

Every play is valued as the points it scores now, less the points the opponent
can expect to score straight back, plus a small preference for shedding heavy
tiles. The expected reply assumes each tile the opponent could hold (unseen, and
not of a number it has shown it lacks) is in its hand with probability
hand size / candidates, independently: with the candidates' best replies sorted
r1 >= r2 >= ..., it expects r1*p + r2*p*(1-p) + ... (the chance that r_i is
the best reply it has). Going out ends the hand: no reply, and the pips left in
the opponent's hand are scored.
"""

from core.table import Table
from core.tiles import count, HIGH, LOW, pips, round5
from micropython import const

from players.evaluate import after, plays_of, points

# Values are in 1/1024 points: integer arithmetic gives the same decisions on
# every board (a microcontroller's single-precision floats would not).
_ONE = const(1024)
_SHED = const(256)  # value per pip shed from the hand: a quarter point
_reply = Table()  # scratch for the opponent's replies


def choose(view, rng):
    plays = plays_of(view.legal)
    if not plays:
        return view.legal[0]
    opp = view.opponent
    candidates = view.could_hold(opp)
    n_candidates = count(candidates)
    p = 0  # chance that the opponent holds a given candidate, in 1/1024
    if n_candidates:
        p = min(_ONE, view.hand_sizes[opp] * _ONE // n_candidates)
    left_over = 0  # what going out would win: the opponent's expected pips, rounded
    unseen = count(view.unseen)
    if unseen:
        left_over = round5((pips(view.unseen) * view.hand_sizes[opp] + unseen // 2) // unseen)
    best = plays[0]
    best_value = None
    for a in plays:
        t = a >> 3
        table = after(view.table, a)
        value = points(table.count()) * _ONE + _SHED * (LOW[t] + HIGH[t])
        if view.hand & ~(1 << t):
            value -= _expected_reply(table, candidates, p)
        else:
            value += left_over * _ONE
        if best_value is None or value > best_value:
            best = a
            best_value = value
    return best


def _expected_reply(table, candidates, p):
    """The opponent's expected best reply, in 1/1024 points."""
    replies = []
    fits = table.playable() & candidates
    t = 0
    while fits >> t:
        if fits >> t & 1:
            best = 0
            for end in range(4):
                if table.fits(t, end):
                    _reply.copy_from(table)
                    _reply.place(t, end)
                    pts = points(_reply.count())
                    if pts > best:
                        best = pts
            if best:
                replies.append(best)
        t += 1
    replies.sort(reverse=True)
    expected = 0
    miss = _ONE  # chance that no better reply was held
    for r in replies:
        expected += r * p * miss >> 10
        miss = miss * (_ONE - p) >> 10
    return expected
