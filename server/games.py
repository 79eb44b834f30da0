"""Every game of the menu behind one shape for the rooms (docs/protocol.md, "Play").

A `Match` wraps a firmware engine (core.poker, core.line, core.allfives, core.bid)
with what a room needs: the seat to move, the legal actions with their record
words, a seat's personal table (its own hand and the public state, nothing else),
the handheld players' choices, the choice made for a player whose time ran out,
the standings and the record. The rules themselves stay in firmware/core.
"""

import players
from core import coins, elo
from core import events as ev
from core.actions import describe
from core.blockrules import GAMES as BLOCK_GAMES
from core.blockrules import Options as BlockOptions
from core.rng import derive
from core.table import END_NAMES
from core.tiles import count

GAMES = ("poker",) + BLOCK_GAMES + ("allfives", "bid")
LEVELS = {
    "poker": players.POKER_NAMES,
    "allfives": players.NAMES,
    "bid": players.BID_NAMES,
}
for _game in BLOCK_GAMES:
    LEVELS[_game] = players.DUEL_NAMES if _game == "1x1" else players.BLOCK_NAMES
TIMEOUT_LEVEL = {"poker": "medium", "allfives": "tactics", "bid": "bid"}  # else medium
LOWER_WINS = ("kozel", "yard")  # written points: the goat is whoever has most
PRO_ELO = elo.LEVELS["professional"]  # the handheld professional of Domino 1x1 online (rule 9)


class BadOptions(ValueError):
    pass


def parse_options(game, text):
    """The engine's options object for `game` from a record's `options:` words."""
    try:
        if game == "poker":
            from core.poker import Options

            return Options.parse(text)
        if game in BLOCK_GAMES:
            return BlockOptions.parse(game, text)
        if game == "allfives":
            from core.allfives import Options

            return Options.parse(text)
        if game == "bid":
            if text.strip():
                raise ValueError("Spectacular Bid has no options")
            return None
    except ValueError as e:
        raise BadOptions(str(e)) from None
    raise BadOptions("unknown game " + game)


def seats_of(game, options):
    if game == "poker":
        return 4
    if game in BLOCK_GAMES:
        return options.players
    return 2


def options_text(options):
    return options.text() if options is not None else ""


def family(game):
    if game == "poker":
        return "poker"
    return "block" if game in BLOCK_GAMES else None


def bot_elo(level):
    """A bot's fixed rating: its level's (only Domino 1x1's duels are rated; the
    other games' bots, whose levels have none, are counted at the strongest's)."""
    return elo.LEVELS.get(level, PRO_ELO)


def tiles(mask):
    """The tiles of a mask, in order (one step per tile held)."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


class Match:
    """A seeded match of `game` between `names` (seat 0 first), dealt and ready."""

    def __init__(self, game, options, seed, names):
        self.kind = game
        self.options = options
        self.seed = seed
        self.family = family(game)
        self.last_trick = None
        if game == "poker":
            from core.poker import Poker
            from core.pokerrecord import PokerRecord

            self.game = Poker(options, seed)
            self.record = PokerRecord(options, seed, names)
        elif game in BLOCK_GAMES:
            from core.blockrecord import BlockRecord
            from core.line import LineGame

            self.game = LineGame(game, options, seed)
            self.record = BlockRecord(game, options, seed, names)
        elif game == "allfives":
            from core.allfives import AllFives
            from core.record import Record

            self.game = AllFives(options, seed)
            self.record = Record(options, seed, names)
        else:
            from core.bid import Bid
            from core.record import Record

            self.game = Bid(seed)
            self.record = Record(None, seed, names, "bid")
        self.seats = seats_of(game, options)
        self.clocked = game == "bid"
        self._deal()

    # --- state --------------------------------------------------------------

    @property
    def n(self):
        """Actions made so far: the turn id of the decision under way."""
        return len(self.record.actions)

    @property
    def over(self):
        return self.game.state == 2  # MATCH_OVER in every engine

    def to_move(self):
        return None if self.over else self.game.turn

    def _deal(self):
        if self.game.state == 1:  # HAND_OVER in every engine: deal the next hand
            self.game.start_hand()
            self.last_trick = None

    def words(self, action):
        if self.kind == "poker":
            from core.pokerrecord import describe as poker_words

            return poker_words(self.game, action)
        return describe(action)

    def legal(self):
        if self.over:
            return []
        return [[a, self.words(a)] for a in self.game.legal()]

    def check(self, action):
        """Why the seat to move may not make `action`, or None."""
        if self.clocked and self.game.state == 3:  # the auction
            return self.game._check_call(action)
        return self.game.check(action)

    def time_left(self, took):
        """Spectacular Bid: the ms the decision under way may still take, `took` ms
        after its previous action."""
        return self.game.clock.left(self.game.turn) - took

    def apply(self, action, late=False, took=0):
        """Make the action of the seat to move (checked first: Illegal otherwise);
        returns the `last` of the next views."""
        seat = self.game.turn
        text = self.words(action)
        leader = getattr(self.game, "leader", 0)
        if self.kind == "poker":
            events = self.game.apply(action, late)
            self.record.add(action, late)
        elif self.clocked:
            events = self.game.apply(action, took)
            self.record.add(action, took)
            late = events[0][0] == ev.TIMED_OUT
            if late:
                text = "timeout"
        else:
            events = self.game.apply(action)
            self.record.add(action)
        for e in events:
            if e[0] == ev.TRICK:
                trick = list(self.game.trick[:4])
                self.last_trick = {"tiles": trick, "leader": leader, "taker": e[1]}
        self._deal()
        return {"seat": seat, "action": action, "text": text, "late": bool(late)}

    # --- the handheld's decisions --------------------------------------------

    def view_of(self, seat):
        if self.kind == "poker":
            from core.pokerview import PokerView

            return PokerView(self.game, seat)
        if self.kind in BLOCK_GAMES:
            from core.blockview import LineView

            return LineView(self.game, seat)
        if self.clocked:
            from core.view import BidView

            return BidView(self.game, seat)
        from core.view import View

        return View(self.game, seat)

    def choose(self, level):
        """The action a handheld player of `level` makes for the seat to move."""
        choose = players.get(level, self.family)
        return choose(self.view_of(self.game.turn), derive(self.seed, self.n))

    def fallback(self):
        """What the server plays for a player whose time ran out: the medium level's
        choice (RULES.md 4 and 9)."""
        return self.choose(TIMEOUT_LEVEL.get(self.kind, "medium"))

    # --- what a seat sees ---------------------------------------------------

    def table(self, seat):
        """The seat's personal table: its own hand and the public state only."""
        g = self.game
        sizes = [count(h) for h in g.hands]
        if self.kind == "poker":
            return {
                "hand": tiles(g.hands[seat]),
                "sizes": sizes,
                "dealer": g.dealer,
                "hand_no": g.hand_no,
                "hands": g.options.hands,
                "bids": [None if b == 255 else b for b in g.bids],
                "taken": list(g.taken),
                "scores": list(g.scores),
                "trick": list(g.trick[: g.trick_n]),
                "leader": g.leader,
                "led": None if g.led < 0 else g.led,
                "last_trick": self.last_trick,
            }
        t = g.table
        out = {
            "hand": tiles(g.hands[seat]),
            "sizes": sizes,
            "stock": g.drawable(),
            "line": [[t.played[i], t.placed[i]] for i in range(t.n)],
            "ends": {END_NAMES[e]: t.value[e] for e in range(t.open_ends())},
            "scores": list(g.scores),
            "hand_no": g.hand_no,
            "leader": g.leader,
        }
        if self.clocked:
            out["clocks"] = list(g.clock.bank)
            out["jockey"] = g.jockey
            out["high_bid"] = g.high_bid
            out["bidder"] = g.bidder
            out["auction"] = g.state == 3
        return out

    # --- the end --------------------------------------------------------------

    def scores(self):
        return list(self.game.scores)

    def winners(self):
        """The seats that won the match."""
        g = self.game
        if self.kind == "poker":
            return [g.standings()[0]]
        if self.kind in BLOCK_GAMES:
            return [s for s in range(self.seats) if g.winners >> s & 1]
        return [g.winner] if g.winner >= 0 else []

    def standings(self):
        """Every seat from first to last: the winners, then by total points."""
        if self.kind == "poker":
            return self.game.standings()
        won = self.winners()
        sign = 1 if self.kind in LOWER_WINS else -1
        rest = sorted((s for s in range(self.seats) if s not in won),
                      key=lambda s: (sign * self.game.scores[s], s))
        return won + rest

    def text(self):
        return self.record.text()


def reward(game, bot_levels, place):
    """Coins a registered human earns for `place` (1 first) against these bots:
    Domino Poker's rewards by level (RULES.md 4); no other game names any."""
    if game != "poker" or not bot_levels:
        return 0
    return coins.reward(bot_levels, place)
