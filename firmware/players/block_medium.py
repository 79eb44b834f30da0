"""The medium level of the draw-and-block games: the heaviest playable tile, with
three habits. It keeps its doubles while it holds two (Classic, to double up) and
plays two doubles at once when it can; it closes the line against the opponents
when the numbers it leaves are gone from them (shown lacking, or no unseen tile
shows them); and in Kozel and Yard Kozel it sheds [6|6], which counts 50 alone,
first of all. Ends are chosen to leave numbers it holds itself.
"""

from core.actions import DRAW, PAIR
from core.table import LEAD
from core.tiles import DOUBLES, HIGH, LOW, NUMBER, weight


def choose(view, rng):
    legal = view.legal
    if len(legal) == 1 or legal[0] >= DRAW:
        return legal[0]
    gone = numbers_gone(view)
    doubles = 0
    for d in DOUBLES:
        doubles += view.hand >> d & 1
    best = legal[0]
    best_value = -1000
    for a in legal:
        v = value(view, a, gone, doubles)
        if v > best_value:
            best = a
            best_value = v
    return best


def value(view, action, gone, doubles):
    """How much the level likes `action`, in quarter pips."""
    if action >= PAIR:  # two doubles: both shed at once
        return 8 * ((action - PAIR >> 3) + (action - PAIR & 7)) + 48
    t = action >> 3
    where = action & 7
    v = 4 * weight(t)
    kozel = view.game == "kozel" or view.game == "yard"
    if kozel and t == 27:
        v = 200
    if LOW[t] == HIGH[t] and doubles > 1 and view.game == "classic":
        v -= 24
    if where >= LEAD:
        return v
    table = view.table
    other = table.value[1 - where]
    shown = table.value[where]
    new = HIGH[t] if LOW[t] == shown else LOW[t]
    rest = view.hand & ~(1 << t)
    if gone >> new & 1 and gone >> other & 1:
        v += 32 if rest & (NUMBER[new] | NUMBER[other]) else 12
    if rest & NUMBER[new]:
        v += 2
    return v


def numbers_gone(view):
    """A 7-bit mask of the numbers no opponent can show: each has shown it lacks
    them (and drawn nothing since), or no unseen tile shows them."""
    opponents = view.opponents()
    gone = 0
    for n in range(7):
        if not view.unseen & NUMBER[n]:
            gone |= 1 << n
            continue
        lacking = True
        for s in range(view.players):
            if opponents >> s & 1 and not (view.lacks[s] >> n & 1 and not view.free[s]):
                lacking = False
        if lacking:
            gone |= 1 << n
    return gone
