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
from core.tiles import count, HIGH, LOW

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
# or TRUMP) at _POWER[led * 28 + t], each tile's value, and the tiles of the led
# number (trumps, after a trump lead) that beat each tile there.
_POWER = bytes(power(t, led) for led in range(TRUMP + 1) for t in range(28))
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


def pick(hand, led, top, played, need, unseen):
    """The play of a seat holding `hand` to a trick that `led` leads (-1: lead it),
    its strongest tile of power `top`, `played` tiles in it; `need` is the seat's
    bid less its tricks, `unseen` the tiles it cannot see."""
    if led < 0:
        return _lead(hand, need, unseen)
    legal = follows(hand, led, top)
    best_win = best_lose = safe = -1
    weakest = -1
    powers = _POWER
    values = _VALUE
    base = led * 28
    t = 0
    while legal >> t:
        if legal >> t & 1:
            p = powers[base + t]
            v = values[t]
            if p > top:
                if best_win < 0 or p > powers[base + best_win]:
                    best_win = t
                if (played == 3 or not unseen & _BEATERS[base + t]) and (
                    safe < 0 or p < powers[base + safe]
                ):
                    safe = t
            elif best_lose < 0 or v > values[best_lose]:
                best_lose = t
            if weakest < 0 or v < values[weakest]:
                weakest = t
        t += 1
    if need > 0:
        t = safe if safe >= 0 else best_win if best_win >= 0 else weakest
    elif best_lose >= 0:
        t = best_lose
    else:
        t = weakest  # every tile wins: the weakest, in case a later one beats it
    return t * 8 + NO_CALL


def _lead(hand, need, unseen):
    """A lead: while short, a tile that nothing unseen beats; else the tile (and the
    call) that the most unseen tiles beat."""
    best = -1
    best_call = NO_CALL
    best_score = -1000
    t = 0
    while hand >> t:
        if hand >> t & 1:
            low = high = NO_CALL  # a trump or a double calls nothing
            if not (TRUMPS >> t & 1 or LOW[t] == HIGH[t]):
                low = LOW[t]
                high = HIGH[t]
            for i in range(1 if low == high else 2):
                c = high if i else low
                led = led_by(t, c)
                score = _lead_score(t, led, need, unseen)
                if score > best_score:
                    best, best_call, best_score = t, c, score
        t += 1
    return best * 8 + best_call


def _lead_score(t, led, need, unseen):
    i = led * 28 + t
    p = _POWER[i]
    above = count(unseen & _BEATERS[i])
    if need > 0:
        # A sure winner first (trumps before numbers), else the weakest tile.
        if not above:
            return 64 + p
        return 32 - _VALUE[t]
    # Made: the lead most tiles beat; a trump only when nothing else is left.
    return above * 2 + (0 if led == TRUMP else 32) - _VALUE[t] // 8
