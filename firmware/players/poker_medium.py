"""Domino Poker's medium level: bid the sure and likely tricks, then make the bid exactly.

The bid counts *sure* tricks (trumps that nothing unseen can beat, counting the
stronger ones held) and *likely* ones (the next trump down, each number's ace, a
spare trump to ruff a number the hand lacks), half of the likely ones rounded up
(which came closest to the tricks taken over seeded matches).

In play it aims at its bid, not more: while short it takes tricks as cheaply as
it can (the lowest tile that wins and that nothing unseen beats, else its
strongest winner; it leads a tile that nothing unseen beats), and once the bid
is made it sheds its winners (the strongest tile that still loses; a lead that
the most unseen tiles beat). `pick` works on masks alone, so the hard level uses
it to play out its sampled deals.
"""

from core.poker import (
    BID,
    BIDDING,
    follows,
    led_by,
    NO_CALL,
    power,
    SUIT,
    TRUMP,
    TRUMP_ORDER,
    TRUMP_POWER,
    TRUMPS,
)
from core.tiles import BIT_TILE, count, HIGH, LOW

# The ace of each number: the double, and [0|6] for the zeros (1 has no tiles).
_ACES = (6, -1, 13, 18, 22, 25, 27)


def choose(view, rng):
    if view.state == BIDDING:
        return BID + bid_for(view.hand)
    need = view.bids[view.seat] - view.taken[view.seat]
    return pick(view.hand, view.led, view.top, len(view.trick), need, view.unseen)


def bid_for(hand):
    """The tricks this hand bids."""
    sure = likely = spare = 0
    held = 0  # trumps held so far, strongest first
    for i in range(8):
        if hand >> TRUMP_ORDER[i] & 1:
            above = i - held  # stronger trumps held by others
            if above == 0:
                sure += 1
            elif above == 1 or (above == 2 and held >= 2):
                likely += 1
            else:
                spare += 1
            held += 1
    for n in (0, 2, 3, 4, 5, 6):
        if hand >> _ACES[n] & 1:
            likely += 1
        elif not hand & SUIT[n] and spare:
            spare -= 1
            likely += 1
    return min(7, sure + (likely + 1) // 2)


def value(t):
    """A tile's strength in general: a trump's power, else its best as a number's tile."""
    p = TRUMP_POWER[t]
    if p:
        return p
    return max(power(t, LOW[t]), power(t, HIGH[t]))


# Tables made once, at import, for the play-outs of the hard level (thousands of
# picks a decision): each tile's power in a trick each lead leads (a number 0-6
# or TRUMP) at POWER[led * 28 + t], each tile's value, and the tiles of the led
# number (trumps, after a trump lead) that beat each tile there.
POWER = bytes(power(t, led) for led in range(TRUMP + 1) for t in range(28))
_VALUE = bytes(value(t) for t in range(28))


def _beaters(t, led):
    rivals = TRUMPS if led == TRUMP else SUIT[led]
    p = power(t, led)
    m = 0
    for u in range(28):
        if rivals >> u & 1 and power(u, led) > p:
            m |= 1 << u
    return m


_BEATERS = tuple(_beaters(t, led) for led in range(TRUMP + 1) for t in range(28))


def _leads():
    """Each tile's leads as led * 28 + t, its lower call first, at [2t] and [2t + 1]
    (255: none; a trump or a double calls nothing and leads once)."""
    out = bytearray(56)
    for t in range(28):
        if TRUMPS >> t & 1 or LOW[t] == HIGH[t]:
            out[2 * t] = led_by(t, NO_CALL) * 28 + t
            out[2 * t + 1] = 255
        else:
            out[2 * t] = LOW[t] * 28 + t
            out[2 * t + 1] = HIGH[t] * 28 + t
    return bytes(out)


# A lead's scores (see _lead), indexed like POWER: while short, a sure winner's
# (trumps before numbers) and any other's; once made, the score before the unseen
# tiles that beat it count (8 added to keep a trump's at 0 or more).
_LEADS = _leads()
_SURE = bytes(64 + p for p in POWER)
_SHORT = bytes(32 - _VALUE[i % 28] for i in range(len(POWER)))
_SHED = bytes(
    8 + (0 if i // 28 == TRUMP else 32) - _VALUE[i % 28] // 8 for i in range(len(POWER))
)


def pick(hand, led, top, played, need, unseen):
    """The play of a seat holding `hand` to a trick that `led` leads (-1: lead it),
    its strongest tile of power `top`, `played` tiles in it; `need` is the seat's
    bid less its tricks, `unseen` the tiles it cannot see."""
    if led < 0:
        return _lead(hand, need, unseen)
    legal = follows(hand, led, top)
    if not legal & (legal - 1):  # one tile: no choice
        return BIT_TILE[legal % 37] * 8 + NO_CALL
    best_win = best_lose = safe = weakest = -1
    win_p = safe_p = 99
    lose_v = weak_v = -1
    powers = POWER
    values = _VALUE
    beaters = _BEATERS
    base = led * 28
    while legal:
        b = legal & -legal
        legal ^= b
        t = BIT_TILE[b % 37]
        p = powers[base + t]
        v = values[t]
        if p > top:
            if best_win < 0 or p > win_p:
                best_win = t
                win_p = p
            if (played == 3 or not unseen & beaters[base + t]) and (safe < 0 or p < safe_p):
                safe = t
                safe_p = p
        elif best_lose < 0 or v > lose_v:
            best_lose = t
            lose_v = v
        if weakest < 0 or v < weak_v:
            weakest = t
            weak_v = v
    if need > 0:
        t = safe if safe >= 0 else best_win if best_win >= 0 else weakest
    elif best_lose >= 0:
        t = best_lose
    else:
        t = weakest  # every tile wins: the weakest, in case a later one beats it
    return t * 8 + NO_CALL


def _lead(hand, need, unseen):
    """A lead: while short, a tile that nothing unseen beats (trumps first), else the
    weakest; once made, the tile (and the call) that the most unseen tiles beat, a
    trump only when nothing else is left."""
    best = -1
    best_score = -1
    leads = _LEADS
    beaters = _BEATERS
    scores = _SURE if need > 0 else _SHED
    m = hand
    while m:
        b = m & -m
        m ^= b
        t = BIT_TILE[b % 37]
        for j in range(2 * t, 2 * t + 2):
            i = leads[j]
            if i == 255:
                break
            above = unseen & beaters[i]
            if need <= 0:
                score = scores[i] + 2 * count(above)
            elif above:
                score = _SHORT[i]
            else:
                score = scores[i]
            if score > best_score:
                best = i
                best_score = score
    t = best % 28
    if TRUMPS >> t & 1 or LOW[t] == HIGH[t]:
        return t * 8 + NO_CALL
    return t * 8 + best // 28
