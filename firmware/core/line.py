"""The draw-and-block family (RULES.md section 3): one engine for a line with two
ends, a stock, the domino and the fish; each game's rules are a small object
(leads, drawing limits, scoring, match end) from its own module, core.rules_1x1 ...
core.rules_international on core.blockbase, which core.blockrules.rules_for imports.

`LineGame` has the shape of core.allfives.AllFives: `legal(out)` lists the
actions of the seat to move, `check(action)` explains why one is illegal,
`apply(action)` makes it (or raises Illegal and changes nothing) and fills
`events`; `apply_legal(action)` makes one taken from `legal()` without checking
it again (core.drawgame). Seats count from 0; in pairs seats 0 and 2 play
against 1 and 3.

A seat that can play must play; one that cannot draws one tile at a time (DRAW)
while the stock allows, then passes (PASS). The fish comes with the action that
leaves nobody able to play or draw, so the passes it would force are never made.
"""

from micropython import const

from core import events as ev
from core.actions import DRAW, is_pair, PAIR, PASS
from core.blockrules import hand_count, Options, rules_for
from core.drawgame import DrawGame, HAND_OVER, Illegal, MATCH_OVER, PLAYING
from core.rng import Rng
from core.table import E, LEAD_FLIP, Line, W
from core.tiles import bit, DOUBLES, name

SIX_SIX = const(27)


class LineGame(DrawGame):
    def __init__(self, game, options=None, seed=1):
        self.rules = rules_for(game)
        self.game = game
        self.options = options or Options(self.rules)
        self.seed = seed
        self.rng = Rng(seed)
        n = self.options.players
        self.SEATS = n
        DrawGame.__init__(self, n, Line())  # scores per seat, partners showing their side's
        self.gone = 0  # tiles laid out of play (Yard Kozel's snot)
        self.drawing_lead = False  # Kozel: drawing one by one for a double to lead
        self.next_leader = -1  # the game's first-hand rule picks the leader
        self.out_with = 0  # the tiles of the play that made the domino
        self.winners = 0  # mask of the seats that won the match (`winner`: the first)
        self.rules.setup(self)

    # --- seats --------------------------------------------------------------

    def after(self, seat):
        return seat + 1 if seat + 1 < self.SEATS else 0

    def side_of(self, seat):
        """Seats 0 and 2 are side 0, 1 and 3 side 1 in pairs; alone, a seat is its side."""
        return seat & 1 if self.options.pairs else seat

    def side_mask(self, seat):
        """The seats on `seat`'s side, as a mask."""
        return 5 << (seat & 1) if self.options.pairs else 1 << seat

    # --- dealing ------------------------------------------------------------

    def start_hand(self, deal=None):
        """Deal the next hand: from the generator, or `deal` = (hands, stock order)."""
        if self.state == MATCH_OVER:
            raise Illegal("the match is over")
        if self.state != HAND_OVER:
            raise Illegal("the hand is still being played")
        n = self.SEATS
        if deal is None:
            deal = self.shuffled()
        hands, order = deal
        for s in range(n):
            self.hands[s] = hands[s]
            self.lacks[s] = self.free[s] = 0
        self.stock_size = len(order)
        self.stock[: self.stock_size] = order
        self.drawn = 0
        self.gone = 0
        self.table.reset()
        del self.log[:]
        self.hand_no += 1
        self.out_with = 0
        self.state = PLAYING
        self.leader, self.forced_lead = self.rules.lead(self)
        self.drawing_lead = self.leader < 0
        self.turn = 0 if self.drawing_lead else self.leader
        self.events = [(ev.DEAL, self.turn, self.hand_no, self.forced_lead)]
        return self.events

    def shuffled(self):
        """The next deal from the generator: hands in seat order, then the stock.
        A taker (Yard Kozel) holds [6|6] and is dealt one tile fewer."""
        size = self.rules.hand_size(self.SEATS)
        order = bytearray(range(28))
        k = 28
        taker = self.rules.taker(self)
        if taker >= 0:
            k = 27  # [6|6], the last tile, is not shuffled
        self.rng.shuffle(order, k)
        hands = [0] * self.SEATS
        i = 0
        for s in range(self.SEATS):
            hand = 1 << SIX_SIX if s == taker else 0
            end = i + size - 1 if s == taker else i + size
            while i < end:
                hand |= 1 << order[i]
                i += 1
            hands[s] = hand
        return hands, bytes(order[i:k])

    # --- what may be done ---------------------------------------------------

    def drawable(self):
        """Tiles that can still be drawn (1x1 keeps its last 2 locked)."""
        left = self.stock_size - self.drawn - self.rules.keep
        return left if left > 0 else 0

    def playable(self, seat):
        """The tiles of a seat's hand that can be played now."""
        return self.fitting(self.hands[seat])

    def fitting(self, hand):
        """The tiles of `hand` that could be played now."""
        table = self.table
        if table.n:
            return hand & table.open_tiles
        if self.drawing_lead:
            return 0
        return hand & bit(self.forced_lead) if self.forced_lead >= 0 else hand

    def pair_play(self, seat):
        """The two-double play open to the seat (Classic's doubling up, the
        Kozel finish), or -1."""
        table = self.table
        if table.n == 0 or self.drawing_lead:
            return -1
        w = table.value[W]
        e = table.value[E]
        hand = self.hands[seat]
        if w == e or not (hand >> DOUBLES[w] & 1 and hand >> DOUBLES[e] & 1):
            return -1
        if self.rules.pair_refused(self, seat, w, e) is not None:
            return -1
        return PAIR + w * 8 + e

    def legal(self, out=None):
        """The legal actions of the seat to move, in a stable order (a list):
        plays first, then the two-double play, else a draw or a pass."""
        if out is None:
            out = []
        else:
            del out[:]
        if self.state != PLAYING:
            return out
        seat = self.turn
        mask = self.fitting(self.hands[seat])
        if mask:
            self._plays(out, mask)
        if self.rules.pairs:
            pair = self.pair_play(seat)
            if pair >= 0:
                out.append(pair)
        if not out:
            out.append(DRAW if self.drawable() else PASS)
        return out

    def check(self, action):
        """None if the seat to move may make `action`, else the reason it may not."""
        if self.state != PLAYING:
            return self._closed()
        seat = self.turn
        if self.drawing_lead:
            if action == DRAW:
                return None
            return "nobody holds a double to lead: draw from the stock"
        if action in (DRAW, PASS):
            return self._check_stuck(seat, action)
        if is_pair(action) and (action - PAIR) & 7 < 7:  # E names a double, 0-6
            return self._check_pair(seat, (action - PAIR) >> 3, (action - PAIR) & 7)
        if not (0 <= action < DRAW) or action >> 3 >= 28 or action & 7 > LEAD_FLIP:
            return "unknown action"  # (a damaged save can hold anything)
        return self._check_play(seat, action >> 3, action & 7)

    def _check_stuck(self, seat, action):
        mask = self.playable(seat)
        if mask:
            return "you can play %s, so you must play" % name(_first(mask))
        left = self.drawable()
        if action == PASS:
            return "you cannot play: draw from the stock" if left else None
        if left:
            return None
        if self.stock_size > self.drawn:
            return "the last %d tiles of the stock are locked" % (self.stock_size - self.drawn)
        return "the stock is empty"

    def _check_pair(self, seat, w, e):
        hand = self.hands[seat]
        for n in (w, e):
            if not hand >> DOUBLES[n] & 1:
                return "you do not hold " + name(DOUBLES[n])
        if self.table.n == 0:
            return "two doubles can never lead a hand"
        reason = self.rules.pair_refused(self, seat, w, e)
        if reason is not None:
            return reason
        if w == e:
            return "%s is one tile: it cannot lie on both ends" % name(DOUBLES[w])
        value = self.table.value
        for n, end, word in ((w, W, "W"), (e, E, "E")):
            if value[end] != n:
                return "%s does not match the %s end, which shows %d" % (
                    name(DOUBLES[n]),
                    word,
                    value[end],
                )
        return None

    def _check_play(self, seat, t, where):
        table = self.table
        reason = self._check_tile(seat, t, where)
        if reason is not None or table.n == 0:
            return reason
        if where > E:
            return "the line has only the ends W and E"
        if table.fits(t, where):
            return None
        if not table.playable() >> t & 1:
            ends = (table.value[W], table.value[E])
            return "%s does not match the ends %d and %d" % ((name(t),) + ends)
        return "%s does not fit the %s end, which shows %d" % (
            name(t),
            "WE"[where],
            table.value[where],
        )

    # --- doing it -----------------------------------------------------------

    def apply_legal(self, action):
        """Make an action taken from legal() without checking it again (see
        core.drawgame); returns the events."""
        seat = self.turn
        events = self.events = []
        if self.drawing_lead:
            self._draw_for_lead(seat)  # (the leader found holds its lead)
            return events
        if action < DRAW:
            t = action >> 3
            self._put(seat, t, action & 7)
            self._played(seat, action, 1 << t)
        elif action == PASS:
            self._learn_lacks(seat)
            self.log.append(PASS << 2 | seat)
            events.append((ev.PASSED, seat, 0, 0))
            self.turn = self.after(seat)
        elif action == DRAW:
            self._learn_lacks(seat)
            self._take(seat)
        else:
            w = DOUBLES[(action - PAIR) >> 3]
            e = DOUBLES[(action - PAIR) & 7]
            self._put(seat, w, W)
            self._put(seat, e, E)
            self._played(seat, action, 1 << w | 1 << e)
        if self.state == PLAYING and self._blocked():
            self._fish()
        return events

    def _draw_for_lead(self, seat):
        self._take(seat)
        self.leader, self.forced_lead = self.rules.lead(self)
        if self.leader >= 0:
            self.drawing_lead = False
            self.turn = self.leader
        else:
            self.turn = self.after(seat)

    def _played(self, seat, action, tiles):
        self.last_player = seat
        self.log.append(action << 2 | seat)
        if self.table.n == 1:
            self.rules.after_lead(self, seat)
        if not self.hands[seat]:
            self.out_with = tiles
            self.events.append((ev.DOMINO, seat, 0, 0))
            self.rules.domino(self, seat)
            self._hand_over()
            return
        self.turn = seat + 1 if seat + 1 < self.SEATS else 0
        if self.rules.closes and self.table.closed():
            self._take_stock(self.turn)
            self._fish()

    def lay_out(self, seat, t):
        """Lay a tile of a hand out of play, face up (Yard Kozel's snot)."""
        self.hands[seat] &= ~(1 << t)
        self.gone |= 1 << t
        self.events.append((ev.SNOT, seat, t, 0))

    def _take_stock(self, seat):
        # Classic's closed line: the next player takes the whole stock.
        taken = self.stock_size - self.drawn
        if not taken:
            return
        for i in range(self.drawn, self.stock_size):
            self.hands[seat] |= 1 << self.stock[i]
        self.drawn = self.stock_size
        self.events.append((ev.TOOK_STOCK, seat, taken, 0))

    def _fish(self):
        self.rules.fish(self)
        self._hand_over()

    def _hand_over(self):
        if self.state == MATCH_OVER:
            w = self.winners
            self.winner = _first(w) if w else -1
            self.events.append((ev.MATCH_OVER, self.winner, 0, 0))
            return
        self.state = HAND_OVER
        self.events.append((ev.HAND_OVER, self.next_leader, 0, 0))

    # --- for the rules ------------------------------------------------------

    def counts(self):
        """Every hand's count, per seat."""
        return [hand_count(h) for h in self.hands]

    def add(self, seat, points):
        """Score points for a seat's side."""
        m = self.side_mask(seat)
        for s in range(self.SEATS):
            if m >> s & 1:
                self.scores[s] += points

    def end_match(self, winners):
        """The match is over; `winners` is the mask of the seats that won it."""
        self.state = MATCH_OVER
        self.winners = winners

    def lowest(self, counts, start):
        """The seat with the lowest count, ties to the first of them from `start`
        in seat order."""
        best = start
        s = start
        for _ in range(self.SEATS):
            if counts[s] < counts[best]:
                best = s
            s = self.after(s)
        return best


def _first(mask):
    t = 0
    while not mask >> t & 1:
        t += 1
    return t
