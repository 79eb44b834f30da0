"""All Fives for two players (docs/rules.md section 1): the match engine.

`AllFives` holds the whole state of a match. `legal(out)` lists the actions of
the seat to move, `check(action)` explains why one is illegal, `apply(action)`
makes it and fills `events`. Nothing here draws, plays sound or reads hardware.
"""

from micropython import const

from core import events as ev
from core.actions import DRAW, PASS, tile_of, where_of
from core.drawgame import DrawGame, HAND_OVER, Illegal, MATCH_OVER, PLAYING
from core.rng import Rng
from core.table import END_NAMES, LEAD_FLIP, N, Table
from core.tiles import bit, COUNT, DOUBLES, HIGH, LOW, name, pips, round5

TARGETS = (100, 150, 200, 250, 61)
HAND_SIZE = const(7)


class Options:
    """The rules options; the first value of each is the default."""

    def __init__(self):
        self.target = 100
        self.draw_stuck = False  # draw=stuck: only a player with no playable tile may draw
        self.keep = 0  # keep=2: the last 2 tiles of the stock can never be drawn
        self.lead_double = False  # lead=double: the highest double leads every hand

    def text(self):
        return "target=%d draw=%s keep=%d lead=%s" % (
            self.target,
            "stuck" if self.draw_stuck else "optional",
            self.keep,
            "double" if self.lead_double else "continue",
        )

    @staticmethod
    def parse(text):
        """Read "target=150 draw=stuck keep=2 lead=double" (any subset, any order)."""
        o = Options()
        for word in text.split():
            key, _, value = word.partition("=")
            if key == "target" and value in [str(t) for t in TARGETS]:  # ASCII digits only
                o.target = int(value)
            elif key == "draw" and value in ("optional", "stuck"):
                o.draw_stuck = value == "stuck"
            elif key == "keep" and value in ("0", "2"):
                o.keep = int(value)
            elif key == "lead" and value in ("continue", "double"):
                o.lead_double = value == "double"
            else:
                raise ValueError("unknown option " + word)
        return o


def opening_tile(hands):
    """The tile that must lead under the highest-double rule: the highest double
    held; with none, the heaviest tile, ties to the tile with the larger half."""
    held = 0
    for h in hands:
        held |= h
    for n in range(6, -1, -1):
        if held >> DOUBLES[n] & 1:
            return DOUBLES[n]
    best = -1
    for t in range(28):
        if held >> t & 1 and (best < 0 or _heavier(t, best)):
            best = t
    return best


def _heavier(a, b):
    """Tile a beats tile b by weight, ties going to the larger half."""
    wa = LOW[a] + HIGH[a]
    wb = LOW[b] + HIGH[b]
    return wa > wb or (wa == wb and HIGH[a] > HIGH[b])


class AllFives(DrawGame):
    SEATS = 2

    def __init__(self, options=None, seed=1):
        self.options = options or Options()
        self.seed = seed
        self.rng = Rng(seed)
        DrawGame.__init__(self, 2, Table())
        self.dealt_scores = [0, 0]  # the scores as the hand was dealt (what it changed)

    # --- dealing ------------------------------------------------------------

    def start_hand(self, deal=None):
        """Deal the next hand: from the generator, or `deal` = (hand1, hand2, stock order)."""
        self._deal(deal)
        if self.options.lead_double:
            self.forced_lead = opening_tile(self.hands)
            self.leader = 0 if self.hands[0] >> self.forced_lead & 1 else 1
        elif self.hand_no == 1:
            self.leader = 0
        else:
            self.leader = self.next_leader
        self.turn = self.leader
        self.state = PLAYING
        self.events = [(ev.DEAL, self.leader, self.hand_no, self.forced_lead)]
        return self.events

    def _deal(self, deal):
        """Shuffle and deal (or take the explicit deal), and clear the table and
        this hand's public knowledge; the caller decides who moves first."""
        if self.state == MATCH_OVER:
            raise Illegal("the match is over")
        if self.state != HAND_OVER:
            raise Illegal("the hand is still being played")
        stock = self.stock
        if deal is None:
            for t in range(28):
                stock[t] = t
            self.rng.shuffle(stock)
            self.hands[0] = self.hands[1] = 0
            for i in range(2 * HAND_SIZE):
                self.hands[i // HAND_SIZE] |= 1 << stock[i]
            order = stock[2 * HAND_SIZE :]
        else:
            self.hands[0] = deal[0]
            self.hands[1] = deal[1]
            order = deal[2]
        self.stock_size = len(order)
        stock[: self.stock_size] = order
        self.drawn = 0
        self.table.reset()
        self.lacks[0] = self.lacks[1] = 0
        self.free[0] = self.free[1] = 0
        del self.log[:]
        self.dealt_scores[0] = self.scores[0]
        self.dealt_scores[1] = self.scores[1]
        self.hand_no += 1
        self.forced_lead = -1

    # --- what may be done ---------------------------------------------------

    def drawable(self):
        """Tiles that can still be drawn."""
        return self.stock_size - self.drawn - self.options.keep if self.stock_size else 0

    def playable(self, seat):
        """The tiles of a seat's hand that can be played now."""
        return self.fitting(self.hands[seat])

    def fitting(self, hand):
        """The tiles of `hand` that could be played now."""
        if self.table.n == 0 and self.forced_lead >= 0:
            return hand & bit(self.forced_lead)
        return hand & self.table.open_tiles

    def legal(self, out=None):
        """The legal actions of the seat to move, in a stable order (a list)."""
        if out is None:
            out = []
        else:
            del out[:]
        if self.state != PLAYING:
            return out
        mask = self.playable(self.turn)
        if mask:
            self._plays(out, mask)
        # A draw while the stock lasts, unless draw=stuck and a tile fits.
        if self.drawable() > 0 and not (mask and self.options.draw_stuck):
            out.append(DRAW)
        elif not out:
            out.append(PASS)
        return out

    def check(self, action):
        """None if the seat to move may make `action`, else the reason it may not."""
        if self.state != PLAYING:
            return self._closed()
        seat = self.turn
        if action == DRAW:
            return self._check_draw(seat)
        if action == PASS:
            return self._check_pass(seat)
        if not (0 <= action < DRAW) or tile_of(action) >= COUNT or where_of(action) > LEAD_FLIP:
            return "unknown action"  # (a damaged save can hold anything)
        return self._check_play(seat, tile_of(action), where_of(action))

    def _check_draw(self, seat):
        if self.drawable() <= 0:
            if self.options.keep and self.stock_size:
                return "the last %d tiles of the stock cannot be drawn" % self.options.keep
            return "the stock is empty"
        if self.options.draw_stuck and self.playable(seat):
            return "you can play, and you may draw only when stuck"
        return None

    def _check_pass(self, seat):
        mask = self.playable(seat)
        if mask:
            t = 0
            while not mask >> t & 1:
                t += 1
            return "you can play %s, so you may not pass" % name(t)
        if self.drawable() > 0:
            return "you cannot play: draw from the stock"
        return None

    def _check_play(self, seat, t, where):
        table = self.table
        reason = self._check_tile(seat, t, where)
        if reason is not None or table.n == 0:
            return reason
        if table.fits(t, where):
            return None
        if where >= N and not table.is_open(where):
            if table.spinner < 0:
                return "there is no spinner yet: play on W or E"
            return (
                "the %s branch opens when both sides of the spinner carry a tile"
                % (END_NAMES[where])
            )
        if not table.playable() >> t & 1:
            return "%s does not match the open ends %s" % (name(t), self.ends_text())
        return "%s does not fit the %s end, which shows %d" % (
            name(t),
            END_NAMES[where],
            table.value[where],
        )

    def ends_text(self):
        """The open ends' numbers for messages: "2 and 6", "2, 6, 6 and 4"."""
        table = self.table
        k = table.open_ends()
        words = [str(table.value[e]) for e in range(k)]
        if len(words) < 2:
            return "".join(words)
        return ", ".join(words[:-1]) + " and " + words[-1]

    # --- doing it -----------------------------------------------------------

    def apply_legal(self, action):
        """Make an action taken from legal() without checking it again (see
        core.drawgame); returns the events."""
        seat = self.turn
        self.events = []
        if action == PASS:
            self._pass(seat)
        elif action == DRAW:
            self._draw(seat)
        else:
            self._play(seat, action >> 3, action & 7)
        if self.state == PLAYING and self._blocked():
            self._end_blocked()
        return self.events

    def _draw(self, seat):
        if self.options.draw_stuck:
            self._learn_lacks(seat)
        self._take(seat)

    def _pass(self, seat):
        self._learn_lacks(seat)
        self.log.append(PASS << 2 | seat)
        self.events.append((ev.PASSED, seat, 0, 0))
        self.turn = 1 - seat

    def _play(self, seat, t, where):
        self._put(seat, t, where)
        self.last_player = seat
        self.log.append((t * 8 + where) << 2 | seat)
        total = self.table.count()
        if total and total % 5 == 0:
            self.events.append((ev.SCORED, seat, total, total))
            if self._add(seat, total):
                return
        if not self.hands[seat]:
            self._domino(seat)
            return
        self.turn = 1 - seat

    def _domino(self, seat):
        # The seat went out: it scores the pips left in the other hand.
        points = round5(pips(self.hands[1 - seat]))
        self.events.append((ev.DOMINO, seat, points, 0))
        self._end_hand(seat, points)

    def _end_blocked(self):
        a = round5(pips(self.hands[0]))
        b = round5(pips(self.hands[1]))
        winner = -1 if a == b else (0 if a < b else 1)
        points = a - b if a > b else b - a
        self.events.append((ev.BLOCKED, winner, points, 0))
        self._end_hand(winner, points)

    def _end_hand(self, winner, points):
        if winner >= 0 and points and self._add(winner, points):
            return
        self.state = HAND_OVER
        self.next_leader = 1 - self.last_player
        self.events.append((ev.HAND_OVER, self.next_leader, 0, 0))

    def _add(self, seat, points):
        """Score points; True when that wins the match (at once, even mid-hand)."""
        self.scores[seat] += points
        if self.scores[seat] < self.options.target:
            return False
        self.state = MATCH_OVER
        self.winner = seat
        self.events.append((ev.MATCH_OVER, seat, 0, 0))
        return True
