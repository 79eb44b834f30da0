"""The five games of the draw-and-block family (RULES.md 3a-3e) as small rule sets
over core.line's engine: who leads, how many tiles a hand holds, what the stock
keeps back, what may be played two at a time, and how a domino or a fish scores
and ends the match.

A rule set is called by the engine with the game (`LineGame`) and works through
its public helpers: `add`, `end_match`, `lowest`, `counts`, `side_mask`.
"""

from micropython import const

from core import events as ev
from core.tiles import DOUBLES, HIGH, LOW, pips

GAMES = ("1x1", "classic", "kozel", "yard", "international")
_SIX = const(27)
_FINISH = const(0x8000001)  # [0|0] and [6|6]


def hand_count(mask):
    """A hand's count: its pips, but 25 for [0|0] alone and 50 for [6|6] alone."""
    if mask == 1:
        return 25
    if mask == 1 << _SIX:
        return 50
    return pips(mask)


class Options:
    """players=N pairs=yes|no target=N; the values each game allows are its
    `PLAYERS`, `PAIRS` and `TARGETS` (the first of each is the default)."""

    def __init__(self, rules):
        self.rules = rules
        self.players = rules.PLAYERS[0]
        self.pairs = self.players == 4 and rules.PAIRS[0]
        self.target = rules.TARGETS[0]

    def text(self):
        words = ["players=%d" % self.players, "pairs=%s" % ("yes" if self.pairs else "no")]
        if self.rules.TARGETS[0] >= 0:
            words.append("target=%s" % (self.target or "hand"))
        return " ".join(words)

    @staticmethod
    def parse(game, text):
        """Read "players=4 pairs=yes target=125" (any subset, any order) for `game`."""
        rules = rules_for(game)
        o = Options(rules)
        pairs = ""
        for word in text.split():
            key, _, value = word.partition("=")
            if key == "players" and value in [str(n) for n in rules.PLAYERS]:  # ASCII only
                o.players = int(value)
            elif key == "pairs" and value in ("yes", "no"):
                pairs = value
            elif key == "target" and rules.TARGETS[0] >= 0:
                if value == "hand":
                    value = "0"  # a single hand, as Options.text writes it
                written = [str(t) for t in rules.TARGETS]  # ASCII digits only
                if value not in written:
                    raise ValueError("%s plays to %s" % (game, rules.target_words()))
                o.target = rules.TARGETS[written.index(value)]
            else:
                raise ValueError("unknown option %s for %s" % (word, game))
        if o.players != 4:
            if pairs == "yes":
                raise ValueError("pairs need exactly 4 players")
            o.pairs = False
        else:
            o.pairs = pairs == "yes" if pairs else rules.PAIRS[0]
            if o.pairs not in rules.PAIRS:  # the game allows only the other way
                raise ValueError(
                    "%s with 4 players is %splayed in pairs" % (game, "not " if o.pairs else "")
                )
        return o


def _lowest_double(hands, low=0, high=6):
    """The lowest double from [low|low] to [high|high] in any hand, or -1."""
    held = 0
    for h in hands:
        held |= h
    for n in range(low, high + 1):
        if held >> DOUBLES[n] & 1:
            return DOUBLES[n]
    return -1


def _highest_double(hands):
    held = 0
    for h in hands:
        held |= h
    for n in range(6, -1, -1):
        if held >> DOUBLES[n] & 1:
            return DOUBLES[n]
    return -1


def _extreme_tile(hands, heaviest):
    """The lightest tile held (ties to the smaller lower half) or the heaviest
    (ties to the larger half)."""
    best = -1
    for h in hands:
        t = 0
        while h >> t:
            if h >> t & 1 and (best < 0 or _beats(t, best, heaviest)):
                best = t
            t += 1
    return best


def _beats(t, best, heaviest):
    w = LOW[t] + HIGH[t]
    wb = LOW[best] + HIGH[best]
    if heaviest:
        return w > wb or (w == wb and HIGH[t] > HIGH[best])
    return w < wb or (w == wb and LOW[t] < LOW[best])


def _holder(hands, t):
    for s in range(len(hands)):
        if hands[s] >> t & 1:
            return s
    return -1


def _led(hands, t):
    """(the holder of t, t): that tile must lead; (-1, -1) when nobody holds it."""
    return (_holder(hands, t), t) if t >= 0 else (-1, -1)


def _others(game, seat):
    """The sum of the counts of the hands not on `seat`'s side."""
    side = game.side_mask(seat)
    counts = game.counts()
    return sum(counts[s] for s in range(game.SEATS) if not side >> s & 1)


def _score(game, seat, points):
    game.add(seat, points)
    game.events.append((ev.SCORED, seat, points, points))
    if game.options.target and game.scores[seat] >= game.options.target:
        game.end_match(game.side_mask(seat))


class Rules:
    """What the five games share; each game overrides what it changes."""

    NAME = ""
    PLAYERS: tuple = (2,)  # the player counts allowed, the default first
    PAIRS: tuple = (False,)  # whether 4 players play in pairs (the default first)
    TARGETS: tuple = (-1,)  # match targets (0: one hand); -1: the game has none
    keep = 0  # stock tiles that are never drawn
    closes = False  # Classic's closed line ends the hand
    pairs = False  # two doubles may at times be played together (`pair_refused` says when)

    def default_options(self):
        return Options(self)

    def target_words(self):
        return ", ".join("one hand" if t == 0 else str(t) for t in self.TARGETS)

    def setup(self, game):
        game.carry = 0  # points carried by eggs or a pool to the next decided hand

    def hand_size(self, players):
        return 7

    def taker(self, game):
        """Who takes [6|6] before the deal (Yard Kozel), or -1."""
        return -1

    def lead(self, game):
        """(the seat that leads, the tile it must lead or -1 for any); (-1, -1)
        when the players must draw for a double (Kozel)."""
        return game.next_leader, -1

    def pair_refused(self, game, seat, w, e):
        """Why [w|w] and [e|e] may not be played together now, or None."""
        return "one tile at a time"

    def after_lead(self, game, seat):
        pass

    def domino(self, game, seat):
        pass

    def fish(self, game):
        pass


class OneByOne(Rules):
    """3a: a duel to 101; the stock's last two are locked; drawn hands fill a pool."""

    NAME = "1x1"
    TARGETS = (101,)
    keep = 2

    def lead(self, game):
        if game.hand_no > 1:
            return game.next_leader, -1
        t = _highest_double(game.hands)
        return _led(game.hands, t if t >= 0 else _extreme_tile(game.hands, False))

    def domino(self, game, seat):
        self._win(game, seat, game.counts()[1 - seat])

    def fish(self, game):
        c = game.counts()
        if c[0] == c[1]:
            game.carry += c[0]
            game.events.append((ev.FISH, -1, 0, 0))
            game.events.append((ev.POOL, -1, game.carry, 0))
            game.next_leader = 1 - game.leader
            return
        w = 0 if c[0] < c[1] else 1
        game.events.append((ev.FISH, w, 0, 0))
        self._win(game, w, c[1 - w])

    def _win(self, game, seat, points):
        if game.carry:
            game.events.append((ev.POOL, seat, game.carry, 0))
            points += game.carry
            game.carry = 0
        game.next_leader = seat
        _score(game, seat, points)


class Classic(Rules):
    """3b: 2 to 4 players to 125; doubling up, the closed line, eggs."""

    NAME = "classic"
    PLAYERS: tuple = (2, 3, 4)
    TARGETS: tuple = (125,)
    closes = True
    pairs = True

    def hand_size(self, players):
        return 7 if players == 2 else 5

    def lead(self, game):
        t = _lowest_double(game.hands)
        return _led(game.hands, t if t >= 0 else _extreme_tile(game.hands, False))

    def pair_refused(self, game, seat, w, e):
        return None

    def domino(self, game, seat):
        self._win(game, seat, _others(game, seat))

    def fish(self, game):
        c = game.counts()
        low = min(c)
        if c.count(low) > 1:
            game.carry += sum(c)
            game.events.append((ev.FISH, -1, 0, 0))
            game.events.append((ev.EGGS, -1, game.carry, 0))
            return
        w = c.index(low)
        game.events.append((ev.FISH, w, 0, 0))
        self._win(game, w, sum(c) - low * game.SEATS)

    def _win(self, game, seat, points):
        points += game.carry
        game.carry = 0
        _score(game, seat, points)


class Kozel(Rules):
    """3c: points are bad; whoever reaches 125 is the goat and loses."""

    NAME = "kozel"
    PLAYERS: tuple = (2, 3, 4)
    PAIRS: tuple = (False, True)
    TARGETS: tuple = (125,)
    pairs = True

    def setup(self, game):
        Rules.setup(self, game)
        game.writing = 0  # seats that have begun to write their counts

    def lead(self, game):
        if game.next_leader >= 0:
            return game.next_leader, -1
        return _led(game.hands, _lowest_double(game.hands, 1, 5))

    def pair_refused(self, game, seat, w, e):
        if game.hands[seat] != _FINISH or w + e != 6 or w * e:
            return "only [0|0] and [6|6], your last two tiles, may be played together"
        return None

    def domino(self, game, seat):
        if game.out_with == _FINISH:
            _general(game, seat)
            return
        game.next_leader = seat
        self._write(game, seat)

    def fish(self, game):
        c = game.counts()
        w = _fish_winner(game, c)
        if w < 0:
            game.carry += sum(c)
            game.events.append((ev.FISH, -1, 0, 0))
            game.events.append((ev.EGGS, -1, game.carry, 0))
            game.next_leader = -1
            return
        game.events.append((ev.FISH, w, 0, 0))
        game.next_leader = w
        self._write(game, w)

    def _write(self, game, winner):
        """Every loser (in pairs, the losing side) writes its count, bonuses and
        eggs included, once one hand has given it the threshold."""
        lead = game.table.played[0]
        bonus = 25 if lead == 0 else 50 if lead == _SIX else 0
        bonus += 25 if game.out_with == 1 else 50 if game.out_with == 1 << _SIX else 0
        c = game.counts()
        threshold = 25 if game.options.pairs else 13
        won = game.side_mask(winner)
        done = won
        for s in range(game.SEATS):
            if done >> s & 1:
                continue
            side = game.side_mask(s)
            done |= side
            due = bonus + game.carry + sum(c[p] for p in range(game.SEATS) if side >> p & 1)
            written = due if game.writing & side or due >= threshold else 0
            if written:
                game.writing |= side
                game.add(s, written)
            game.events.append((ev.SCORED, s, written, due))
        game.carry = 0
        goats = 0
        for s in range(game.SEATS):
            if game.scores[s] >= game.options.target:
                goats |= 1 << s
                game.events.append((ev.GOAT, s, 1, 0))
        if goats:
            game.end_match(((1 << game.SEATS) - 1) & ~goats)


def _fish_winner(game, c):
    """The seat that wins a fish (in pairs, the lower partner of the side with the
    lower total), or -1 for equal lowest counts; ties within a side go to the
    first of them after the player who made the last play."""
    start = game.after(game.last_player)
    if not game.options.pairs:
        w = game.lowest(c, start)
        return -1 if c.count(c[w]) > 1 else w
    a = c[0] + c[2]
    b = c[1] + c[3]
    if a == b:
        return -1
    side = 0 if a < b else 1
    masked = [c[s] if s & 1 == side else 1000 for s in range(4)]
    return game.lowest(masked, start)


def _general(game, seat):
    """Out with [0|0] and [6|6] together: the other side loses at once."""
    game.events.append((ev.GENERAL, seat, 0, 0))
    game.end_match(game.side_mask(seat))


class Yard(Kozel):
    """3d: no running score; a side on the goat that loses again loses the match."""

    NAME = "yard"
    PLAYERS = (4, 2)
    PAIRS = (True,)
    TARGETS = (-1,)

    def setup(self, game):
        Kozel.setup(self, game)
        game.goat = -1  # the side on the goat (its first seat), or -1

    def taker(self, game):
        return game.next_leader

    def lead(self, game):
        if game.next_leader >= 0:
            return game.next_leader, _SIX  # the winner took it before the deal
        return Kozel.lead(self, game)

    def after_lead(self, game, seat):
        # The snot: after [6|6] leads, the leader then their partner lay down
        # [0|0], [1|1], ... while one of them holds the next double.
        if game.table.played[0] != _SIX:
            return
        partner = seat ^ 2 if game.options.pairs else seat
        for n in range(6):
            d = DOUBLES[n]
            if game.hands[seat] >> d & 1:
                game.lay_out(seat, d)
            elif game.hands[partner] >> d & 1:
                game.lay_out(partner, d)
            else:
                break

    def domino(self, game, seat):
        if game.out_with == _FINISH:
            _general(game, seat)
        elif game.out_with == 1:
            game.events.append((ev.OFFICER, seat, 0, 0))
            game.end_match(game.side_mask(seat))
        else:
            self._decided(game, seat, True)

    def fish(self, game):
        w = _fish_winner(game, game.counts())
        game.events.append((ev.FISH, w, 0, 0))
        if w < 0:
            game.next_leader = -1
        else:
            self._decided(game, w, False)

    def _decided(self, game, winner, by_domino):
        won = winner & 1 if game.options.pairs else winner
        lost = won ^ 1 if game.options.pairs else 1 - winner
        game.next_leader = winner
        if game.goat == lost:
            game.end_match(game.side_mask(winner))
        elif game.goat == won:
            game.events.append((ev.GOAT, won, 0, 0))
            game.goat = -1
            if by_domino:
                self._test(game, lost)
            else:
                self._goat(game, lost)
        else:
            self._test(game, lost)
        for s in range(game.SEATS):
            game.scores[s] = 1 if game.side_of(s) == game.goat else 0

    def _test(self, game, side):
        c = game.counts()
        seats = game.side_mask(side)
        total = sum(c[s] for s in range(game.SEATS) if seats >> s & 1)
        if total >= (25 if game.options.pairs else 13):
            self._goat(game, side)

    def _goat(self, game, side):
        game.goat = side
        game.events.append((ev.GOAT, side, 1, 0))


class International(Rules):
    """3e: the highest double leads; the winner scores the others' counts."""

    NAME = "international"
    PLAYERS: tuple = (2, 3, 4)
    PAIRS: tuple = (False, True)
    TARGETS = (0, 50, 100)

    def lead(self, game):
        t = _highest_double(game.hands)
        return _led(game.hands, t if t >= 0 else _extreme_tile(game.hands, True))

    def domino(self, game, seat):
        self._win(game, seat)

    def fish(self, game):
        w = game.lowest(game.counts(), game.leader)
        game.events.append((ev.FISH, w, 0, 0))
        self._win(game, w)

    def _win(self, game, seat):
        _score(game, seat, _others(game, seat))
        if not game.options.target:
            game.end_match(game.side_mask(seat))


_RULES = (OneByOne, Classic, Kozel, Yard, International)


def rules_for(game):
    """The rule set of a game named in GAMES; ValueError if unknown."""
    for r in _RULES:
        if game == r.NAME:
            return r()
    raise ValueError("unknown game %s (%s)" % (game, ", ".join(GAMES)))
