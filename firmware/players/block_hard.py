"""The hard level of the draw-and-block games: judge every move on sampled deals.

A *sample* deals the tiles this seat cannot see into the other hands and the
stock, consistent with its view: every hand's size, the stock's size, and the
numbers each seat has shown it lacks (save for the tiles it drew since; see
players.block_deal). On each sample, every candidate move is played and the hand
played out to its end by every seat greedily (the heaviest playable tile, or
in every game but Domino 1x1 the heaviest that leaves the next seat nothing to
play; a seat that cannot play draws, then passes). The move's value is what the
hand's end leaves: the lowest count among the opponents' sides less its own side's count (a
lone [0|0] counting 25 and a lone [6|6] 50), so it plays for its side in pairs.
In a match of one hand (International's `target=hand`) a hand won counts _WON
more than that and a hand lost _WON less (players.block_deal.hand_won): the
side that wins the hand wins the match, whatever the counts. In Kozel, where
points are bad and only a side's losses are written, a hand is valued as the
match writes it (players.block_deal.kozel_value: the bonuses of [0|0] and [6|6],
the threshold before a side writes, the counts carried, the goat). The move with the
best total over the samples is played; every move sees the same samples, and a
move that mirrors another (a lead the other way round, or a tile on E where both
ends show the number it plays on W) is not judged twice. In every game but
Domino 1x1 (where that is the professional's, players.block_professional) a move
is judged a ply deeper: on each sample, against every reply of the seat after
it, each played out, and valued by the reply worst for this side. The
play-outs are players.block_deal's `play_out`, greedy. The deals keep out of a
seat's hand, in 3 deals of 4 where they can, the tiles it passed over for a
lighter one (`doubt`: players.block_deal.doubts; the opponents that play their
heaviest tile seldom hold them).

The endgame is solved: once the stock is spent and all hands together hold at
most ENDGAME tiles, it deals the hidden tiles SAMPLES times, solves each deal
exactly (players.block_solver, at most NODES nodes a decision) and plays the
move best on the most deals (a one-hand match's hand valued only won or lost).
players.block_professional is this judgement with other numbers.

Anytime, like players.expert: a `Thinker` plays one move out on one sample per
`step()` (an *evaluation*), or deals a sample, or searches at most 8 nodes in
the endgame, and `action` is the best move so far; the budget is a number of
evaluations, or of nodes, per decision. Integer values: the same decision on
every board.
"""

from core.actions import PAIR
from core.blockrules import hand_count
from core.table import E, LEAD_FLIP
from core.tiles import BIT_TILE, HIGH, LOW, NUMBER
from micropython import const

from players import at_once, block_solver
from players.block_deal import (
    COUNTS,
    deal,
    doubts,
    duel,
    ends,
    hand_won,
    hands,
    KOZEL,
    kozel_value,
    last,
    lead_tile,
    order,
    play,
    play_out,
    played_tile,
    POINTS,
    side_value,
    value_by,
    WON,
)

BUDGET = const(96)  # evaluations per decision on the device
ENDGAME = const(12)  # tiles in all hands from which, the stock spent, it solves
SAMPLES = const(20)  # deals solved per endgame decision
NODES = const(800)  # search nodes per endgame decision (within the device's budget)
# Transposition entries in the endgame: players.block_solve allocates as many at
# import (SLOTS), 22 bytes each; the device budget seldom fills them.
TABLE = const(31)
_WON = const(256)  # a hand won (or lost), above any difference of the counts
# When a move is judged against the next seat's replies (Sampler's `reply`):
NEVER = const(0)
TABLES = const(1)  # in every game but Domino 1x1, where that is the professional's
ALWAYS = const(2)
_MAX_MOVES = const(16)  # a lead from 7 tiles either way round, and a two-double play

stats = [0, 0]  # decisions, evaluations since start-up (arena, bench)

_hands = [0, 0, 0, 0]  # the playout's hands
_after = [0, 0, 0, 0]  # with replies: the hands once the move is made (see _move)
_replies = bytearray(32)  # the next seat's plays after the move (at most 13 tiles, 2 ends)
_state = bytearray(3)  # the line's W and E ends after the move, the stock drawn since


class Sampler:
    """Judging by play-outs: `start(view, rng)`, then `step()` until it returns True.

    With `reply` ALWAYS (or TABLES, in every game but Domino 1x1) a move is
    judged against every reply of the seat after (its plays once it has drawn
    what it must; never two doubles at once), each played out, and valued by the
    reply worst for this seat's side: a step is one reply's play-out. The budget
    is in play-outs (a sample's deal is a step of its own, not counted); samples
    are whole, and the decision is made once the play-outs left would not pay for
    another sample like the last."""

    def __init__(
        self, budget=BUDGET, points=False, doubt=False, win=False, by_match=False, reply=NEVER
    ):
        self.budget = budget
        self.win = win  # value a one-hand match's hand as won or lost first
        self.by_match = by_match  # value a Kozel hand as its match writes it
        self.doubt = [0, 0, 0, 0] if doubt else None  # players.block_deal.doubts
        self.points = points  # value a duel's hands by the points they score
        self.reply = reply  # when to judge a move against the next seat's worst reply
        self.replying = False  # this decision's moves so judged
        self.blocking = False  # this decision's play-outs block (players.block_deal.play_out)
        self.value_by = COUNTS  # this decision's way of valuing a hand's end
        self.moves = [0] * _MAX_MOVES
        self.totals = [0] * _MAX_MOVES
        self.n = 0
        self.next = 0  # the move judged on the current sample
        self.replies = 0  # its replies (0: the next seat passes, -1: the move went out)
        self.r = 0  # the next reply to play out
        self.low = 0  # the worst of its replies so far
        self.left = 0  # play-outs left
        self.spent = 0  # play-outs on the current sample
        self.dealt = False  # the current sample's deal made
        self.done = True
        self.action = -1

    def start(self, view, rng):
        self.view = view
        self.rng = rng
        self.value_by = value_by(view, self.points, self.win, self.by_match)
        self.replying = self.reply == ALWAYS or self.reply == TABLES and view.game != "1x1"
        # Not in 1x1: there blocking play-outs made hard as strong as the
        # professional, which gains less from them (docs/players.md).
        self.blocking = view.game != "1x1"
        legal = view.legal
        table = view.table
        one_end = table.n and table.value[0] == table.value[1]
        n = 0
        for a in legal:
            # W and E are only names: a lead either way round, or a tile played on
            # either end where both show one number, makes the same hand.
            if a < PAIR and (a & 7 == LEAD_FLIP or one_end and a & 7 == E):
                continue
            if n < _MAX_MOVES:
                self.moves[n] = a
                self.totals[n] = 0
                n += 1
        self.n = n
        self.action = legal[0]
        self.next = 0
        self.r = 0
        self.spent = 0
        self.dealt = False
        if self.doubt is not None:
            doubts(view, self.doubt)
        self.left = self.budget
        self.done = n < 2  # a single choice needs no thought
        stats[0] += 1

    def step(self):
        """One play-out, or a sample's deal; True when the decision is made
        (`action` is then final)."""
        if self.done:
            return True
        view = self.view
        i = self.next
        if i == 0 and self.r == 0 and not self.dealt:
            # A sample's deal is a step of its own: with a play-out after it,
            # that step took twice the others on the device, past what
            # ui.thinking's estimate left room for.
            self.stock_at = deal(view, self.rng, self.doubt)
            self.dealt = True
            return False
        action = self.moves[i]
        if not self.replying:
            v = _evaluate(view, action, self.stock_at, self.value_by, self.blocking)
        else:
            if self.r == 0:
                self.replies = _move(view, action, self.stock_at)
            if self.replies < 0:  # the move went out
                for s in range(view.players):
                    _hands[s] = _after[s]
                v = _value(view, action, view.seat, played_tile(action), self.value_by)
            else:
                r = self.r if self.replies else -1
                v = _reply(view, action, self.stock_at, r, self.value_by, self.blocking)
                if self.r == 0 or v < self.low:
                    self.low = v
                self.r += 1
                if self.r < self.replies:
                    v = None  # more replies to play out
                else:
                    v = self.low
                    self.r = 0
        self.left -= 1
        self.spent += 1
        stats[1] += 1
        if v is None:
            return False
        self.totals[i] += v
        self.next = i + 1 if i + 1 < self.n else 0
        if self.next == 0:  # a sample is complete: take stock
            self.dealt = False
            best = 0
            for j in range(1, self.n):
                if self.totals[j] > self.totals[best]:
                    best = j
            self.action = self.moves[best]
            self.done = self.left < self.spent
            self.spent = 0
        return self.done


class Thinker:
    """One decision at a time: `start(view, rng)`, then `step()` until it returns
    True; a Sampler's decision until the stock is spent and the hands hold at
    most `endgame` tiles, then the solver's (`samples` deals, `nodes` at most, in
    steps of `step_nodes`: a frame's on the device, far more in `choose`)."""

    def __init__(
        self,
        budget=BUDGET,
        points=False,
        endgame=ENDGAME,
        samples=SAMPLES,
        nodes=NODES,
        doubt=True,
        win=True,
        by_match=True,
        reply=TABLES,
        step_nodes=block_solver.STEP_NODES,
    ):
        self.endgame = endgame
        self.sampler = Sampler(budget, points, doubt, win, by_match, reply)
        self.solver = block_solver.Thinker(
            samples=samples,
            solve_from=0,
            budget=nodes,
            table_max=TABLE,
            points=points,
            doubt=doubt,
            win=win,
            by_match=by_match,
            step_nodes=step_nodes,
        )
        self.now: Sampler | block_solver.Thinker = self.sampler
        self.action = -1

    def start(self, view, rng):
        late = view.stock == 0 and sum(view.hand_sizes) <= self.endgame
        self.now = self.solver if late else self.sampler
        self.now.start(view, rng)
        self.action = self.now.action

    def step(self):
        """One play-out, a deal or a bounded piece of search; True when the
        decision is made."""
        done = self.now.step()
        self.action = self.now.action
        return done


def _evaluate(view, action, stock_at, value_by, block):
    """The value of `action` on the current sample, the hand played out greedily."""
    n = view.players
    me = view.seat
    hands(view, _hands)
    out = me
    final = played_tile(action)
    if play(view, _hands, action):
        after = me + 1 if me + 1 < n else 0
        out = play_out(
            _hands, n, after, ends[0], ends[1], order, stock_at, stock_at + view.stock, None,
            block=block,
        )
        final = last[0]
    return _value(view, action, out, final, value_by)


def _value(view, action, out, final, value_by):
    """What the hand's end in `_hands` is worth to this seat's side, `out` the seat
    that went out with `final` (-1 for a blocked hand): the counts
    (players.block_deal.side_value), or as `value_by` says (POINTS: the duel's,
    players.block_deal.duel; WON: _WON more for a hand won, less for one lost;
    KOZEL: players.block_deal.kozel_value)."""
    n = view.players
    me = view.seat
    if value_by == POINTS:
        return duel(hand_count(_hands[me]), hand_count(_hands[1 - me]))
    if value_by == KOZEL:
        return kozel_value(_hands, view, out, lead_tile(view, action), final)
    v = side_value(_hands, n, view.pairs, me)
    if value_by == WON:
        v += _WON * hand_won(_hands, n, view.pairs, me, out, view.leader)
    return v


def _move(view, action, stock_at):
    """Make `action` on the current sample into `_after`, then the next seat's
    draws until a tile fits (or the stock is spent), its plays into `_replies`
    (tile * 2 + end, 0 for W) and the line's ends and the stock drawn into
    `_state`. Returns how many plays (0 when it must pass, -1 when the move went
    out)."""
    n = view.players
    me = view.seat
    hands(view, _after)
    if not play(view, _after, action):
        return -1
    w = ends[0]
    e = ends[1]
    s = me + 1 if me + 1 < n else 0
    hand = _after[s]
    drawn = stock_at
    stock_end = stock_at + view.stock
    numbers = NUMBER[w] | NUMBER[e]
    fits = hand & numbers
    while not fits and drawn < stock_end:
        hand |= 1 << order[drawn]
        drawn += 1
        fits = hand & numbers
    _after[s] = hand
    _state[0] = w
    _state[1] = e
    _state[2] = drawn
    k = 0
    while fits:
        b = fits & -fits
        fits ^= b
        t = BIT_TILE[b % 37]
        if LOW[t] == w or HIGH[t] == w:
            _replies[k] = t * 2
            k += 1
        if w != e and (LOW[t] == e or HIGH[t] == e):
            _replies[k] = t * 2 + 1
            k += 1
    return k


def _reply(view, action, stock_at, r, value_by, block):
    """The value of `action` once the seat after has made its reply `r` (of
    `_move`'s; -1: it passes) and the hand is played out greedily."""
    n = view.players
    for s in range(n):
        _hands[s] = _after[s]
    w = _state[0]
    e = _state[1]
    s = view.seat + 1 if view.seat + 1 < n else 0
    if r >= 0:
        c = _replies[r]
        t = c >> 1
        _hands[s] &= ~(1 << t)
        if c & 1:
            e = HIGH[t] if LOW[t] == e else LOW[t]
        else:
            w = HIGH[t] if LOW[t] == w else LOW[t]
        if not _hands[s]:
            return _value(view, action, s, t, value_by)
    after = s + 1 if s + 1 < n else 0
    out = play_out(
        _hands, n, after, w, e, order, _state[2], stock_at + view.stock, None, block=block
    )
    return _value(view, action, out, last[0], value_by)


# The whole decision at once (autoplay, arena, tests).
choose = at_once(Thinker, step_nodes=block_solver.CHOOSE_STEP)
