"""Domino Poker's medium level: bid the sure and likely tricks, then make the bid exactly.

The bid counts *sure* tricks (trumps that nothing unseen can beat, counting the
stronger ones held) and *likely* ones (the next trump down, each number's ace, a
spare trump to ruff a number the hand lacks), half of the likely ones rounded up
(which came closest to the tricks taken over seeded matches).

In play it aims at its bid, not more: while short it takes tricks as cheaply as
it can (the lowest tile that wins and that nothing unseen beats, else its
strongest winner; it leads a tile that nothing unseen beats), and once the bid
is made it sheds its winners (the strongest tile that still loses; a lead that
the most unseen tiles beat). `play_on` plays on a whole hand that way on masks
alone (the hard level's play-outs of its sampled deals); `pick` is one tile of it.
"""

from core.poker import (
    BID,
    BIDDING,
    follows,
    NO_CALL,
    SUIT,
    TRICKS,
    TRUMP_ORDER,
)
from core.tiles import ALL, BIT_TILE

# Tables for the play-outs of the hard level (thousands of picks a decision), made
# by `make assets` (tools/assets/poker2py.py: what each holds), kept in flash where
# the firmware is frozen: each tile's power in a trick each lead leads (a number 0-6
# or TRUMP) at POWER[led * 28 + t], each tile's value, the tiles of the led number
# (trumps, after a trump lead) that beat each tile there, each tile's leads, the
# leads' scores and actions, and what each action leads.
from players.poker_tables import (
    BEATERS,
    LEAD_ACTION,
    LEADS,
    LED,
    POWER,
    SHED,
    SHORT,
    SURE,
    VALUE,
)

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


def pick(hand, led, top, played, need, unseen):
    """The play of a seat holding `hand` to a trick that `led` leads (-1: lead it),
    its strongest tile of power `top`, `played` tiles in it; `need` is the seat's
    bid less its tricks, `unseen` the tiles it cannot see."""
    state = _state
    state[0] = state[3] = state[6] = 0
    state[1] = led
    state[2] = top
    state[4] = played
    state[5] = ALL & ~hand & ~unseen
    state[7] = -1
    _hand[0] = hand
    _need[0] = need
    _none[0] = 0
    return play_on(_hand, _need, _none, state, 1)


# pick's play-out of one tile by seat 0 (module buffers: a pick allocates nothing).
_state = [0] * 8
_hand = [0, 0, 0, 0]
_need = [0, 0, 0, 0]
_none = [0, 0, 0, 0]  # tricks taken (a trick the pick completes counts for seat 0)


def play_on(hands, bids, taken, state, most):
    """Play on a hand, every seat the medium level's way, at most `most` tiles (the
    hard level's play-outs; `pick` is one tile of it). `hands`, `bids` and `taken`
    are per seat; `state` is [whose turn, what the trick's lead leads (-1 before
    it), its strongest tile's power and its player, how many tiles it has, the
    tiles played in the hand, tricks done, an action to play first (-1: none)],
    all updated in place. Returns the last action played.

    One function on purpose: under MicroPython a call of a function with more
    than 11 words of locals and stack takes its frame from the heap."""
    turn, led, top, best, n, played, done, first = state  # a list: nothing allocated
    a = -1
    powers = POWER
    values = VALUE
    beaters = BEATERS
    leads = LEADS
    short = SHORT
    while done < TRICKS and most:
        most -= 1
        hand = hands[turn]
        if first >= 0:
            a = first
            first = -1
        elif led >= 0 and not hand & (hand - 1):  # the last tile follows
            a = BIT_TILE[hand % 37] * 8 + NO_CALL
        else:
            need = bids[turn] - taken[turn]
            unseen = ALL & ~hand & ~played
            if led < 0:
                # A lead: while short, a tile that nothing unseen beats (trumps
                # first), else the weakest; once made, the tile (and the call)
                # that the most unseen tiles beat, a trump only when nothing else is.
                i = -1
                best_score = -1
                scores = SURE if need > 0 else SHED
                m = hand
                while m:
                    b = m & -m
                    m ^= b
                    t = BIT_TILE[b % 37] * 2
                    for j in range(t, t + 2):
                        k = leads[j]
                        if k == 255:
                            break
                        above = unseen & beaters[k]
                        if need <= 0:
                            score = scores[k]
                            while above:  # 2 for each unseen tile that beats it
                                above &= above - 1
                                score += 2
                        elif above:
                            score = short[k]
                        else:
                            score = scores[k]
                        if score > best_score:
                            i = k
                            best_score = score
                a = LEAD_ACTION[i]
            else:
                legal = follows(hand, led, top)
                if not legal & (legal - 1):  # one tile: no choice
                    a = BIT_TILE[legal % 37] * 8 + NO_CALL
                else:
                    # While short, the weakest tile that wins and that nothing
                    # unseen beats (or the last to play), else the strongest
                    # winner, else the weakest; once made, the strongest that
                    # loses, else the weakest.
                    win = lose = safe = weakest = -1
                    win_p = safe_p = 99
                    lose_v = weak_v = -1
                    base = led * 28
                    while legal:
                        b = legal & -legal
                        legal ^= b
                        t = BIT_TILE[b % 37]
                        p = powers[base + t]
                        v = values[t]
                        if p > top:
                            if win < 0 or p > win_p:
                                win = t
                                win_p = p
                            if (n == 3 or not unseen & beaters[base + t]) and (
                                safe < 0 or p < safe_p
                            ):
                                safe = t
                                safe_p = p
                        elif lose < 0 or v > lose_v:
                            lose = t
                            lose_v = v
                        if weakest < 0 or v < weak_v:
                            weakest = t
                            weak_v = v
                    if need > 0:
                        t = safe if safe >= 0 else win if win >= 0 else weakest
                    elif lose >= 0:
                        t = lose
                    else:
                        t = weakest  # every tile wins: the weakest, in case a later one beats it
                    a = t * 8 + NO_CALL
        t = a >> 3
        hands[turn] = hand & ~(1 << t)
        played |= 1 << t
        if led < 0:
            led = LED[a]
        p = powers[led * 28 + t]
        if p > top:
            top = p
            best = turn
        n += 1
        turn = (turn + 1) & 3
        if n == 4:
            taken[best] += 1
            done += 1
            turn = best
            led = best = -1
            top = n = 0
    state[0] = turn
    state[1] = led
    state[2] = top
    state[3] = best
    state[4] = n
    state[5] = played
    state[6] = done
    state[7] = first
    return a
