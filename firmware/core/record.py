"""Plain-text game records (RULES.md section 5): read, replay and write them.

    game: allfives
    options: target=100 draw=optional keep=0 lead=continue
    seed: 1234
    players: Ann, handheld:tactics
    deal: [0|0] [1|4] ... / [2|3] ... / stock [5|6] [0|2] ...
    ---
    1 play [1|4]
    2 play [1|1] W
    1 draw [2|5]
    2 pass

The header's `deal:` (optional: the seed deals when it is absent) is the first
hand's; a `deal ...` line in the body gives the next hand's. Seats count from 1,
the lead needs no end and its first half faces W, `draw` may name the tile drawn
(the replay checks it), blank lines and `#` comments are ignored. A record that
this module writes replays to the same states and writes back to the same text.

Spectacular Bid's records (`game: bid`, no options) add the calls `bid 20`,
`accept` and `decline`, `timeout` (the clock ran out: the late action was not
made), and end every action line with the time it took since the previous action
of the same decision (its start, for the first), which replays the clocks:

    game: bid
    seed: 5
    players: Ann, handheld:bid
    ---
    1 play [6|6] +4.2s
    2 draw [0|3] +1.5s
    2 play [0|3] W +0.83s
    ...
    1 bid 20 +12.05s
    2 accept +3s
"""

from array import array

from core import events as ev
from core.actions import ACCEPT, bid, DECLINE, describe, DRAW, PASS, TIMEOUT
from core.allfives import AllFives, HAND_OVER, Illegal, MATCH_OVER, Options
from core.table import END_NAMES, LEAD, LEAD_FLIP
from core.tiles import ALL, LOW, name, parse


class RecordError(Exception):
    """A record that cannot be replayed; `line` is its 1-based line number."""

    def __init__(self, line, reason):
        super().__init__("line %d: %s" % (line, reason))
        self.line = line
        self.reason = reason


GAMES = ("allfives", "bid")


class Record:
    """A match as its header and its actions, one byte each (compact enough to save
    after every action on a device; a bid's actions take 16 bits, with 32 for the
    time each took); `text()` writes it out as a record."""

    def __init__(self, options=None, seed=1, players=("Player 1", "Player 2"), game="allfives"):
        self.options = options or Options()
        self.seed = seed
        self.players = list(players)
        self.deals = {}  # hand number -> explicit deal, for hands the seed did not deal
        self.set_game(game)

    def set_game(self, game):
        """Which game this records (one of GAMES), before any action is added."""
        self.game = game
        self.timed = game == "bid"
        self.actions = array("H") if self.timed else bytearray()
        self.times = array("I")  # milliseconds per action (timed games only)

    def new_game(self):
        if self.timed:
            from core.bid import Bid  # only a bid record needs it

            return Bid(self.seed)
        return AllFives(self.options, self.seed)

    def start_hand(self, hand_no, deal=None):
        """Note that hand `hand_no` (from 1) begins, with its explicit deal if any."""
        if deal is not None:
            self.deals[hand_no] = deal

    def add(self, action, took=0):
        """Note an action, just made by the seat whose turn it was (`took`: its time
        in milliseconds, in a timed game)."""
        self.actions.append(action)
        if self.timed:
            self.times.append(took)

    def lines(self):
        """The body of the record: a line per action, a comment where a hand begins."""
        game = self.new_game()
        out = []
        for i, action in enumerate(self.actions):
            if game.state == HAND_OVER:
                hand_no = game.hand_no + 1
                deal = self.deals.get(hand_no)
                game.start_hand(deal)
                if hand_no > 1:
                    out.append("# hand %d" % hand_no)
                    if deal is not None:
                        out.append("deal " + deal_text(deal))
            seat = game.turn
            if not self.timed:
                events = game.apply(action)
            else:
                events = game.apply(action, self.times[i])
                if events[0][0] == ev.TIMED_OUT:
                    action = TIMEOUT  # the late action was not made
            line = "%d %s" % (seat + 1, describe(action))
            if action == DRAW:
                line += " " + name(events[0][2])  # the DREW event comes first
            if self.timed:
                line += " +" + seconds(self.times[i])
            out.append(line)
        return out

    def text(self):
        out = ["game: " + self.game]
        if not self.timed:
            out.append("options: " + self.options.text())
        out += [
            "seed: %d" % self.seed,
            "players: " + ", ".join(self.players),
        ]
        if 1 in self.deals:
            out.append("deal: " + deal_text(self.deals[1]))
        out.append("---")
        out.extend(self.lines())
        return "\n".join(out) + "\n"


def seconds(ms):
    """Milliseconds as a record writes them: "8.2s", "12s", "0.083s"."""
    text = "%d.%03d" % (ms // 1000, ms % 1000)
    return text.rstrip("0").rstrip(".") + "s"


def parse_seconds(word):
    """Read "+8.2s" (seconds, at most three decimals) into milliseconds; raises ValueError."""
    whole, _, part = word[1:-1].partition(".")
    if not (word[0] == "+" and word[-1] == "s" and whole.isdigit()) or len(part) > 3:
        raise ValueError("a time is written +8.2s, not " + word)
    if part and not part.isdigit():
        raise ValueError("a time is written +8.2s, not " + word)
    return int(whole) * 1000 + (int(part + "00"[: 3 - len(part)]) if part else 0)


def deal_text(deal):
    hands = []
    for mask in deal[:2]:
        hands.append(" ".join(name(t) for t in range(28) if mask >> t & 1))
    stock = " ".join(name(t) for t in deal[2])
    return " / ".join(hands) + " / stock " + stock


def parse_deal(text):
    """Read "hand / hand / stock tiles..." into (mask, mask, bytes); raises ValueError."""
    parts = [p.strip() for p in text.split("/")]
    if len(parts) != 3:
        raise ValueError("a deal is two hands and the stock, separated by /")
    stock_words = parts[2].split()
    if not stock_words or stock_words[0] != "stock":
        raise ValueError("the third part of a deal must start with 'stock'")
    seen = 0
    masks = []
    for part in parts[:2]:
        mask = 0
        for word in part.split():
            t = parse(word)[0]
            if seen >> t & 1:
                raise ValueError("%s is dealt twice" % name(t))
            seen |= 1 << t
            mask |= 1 << t
        masks.append(mask)
    order = bytearray()
    for word in stock_words[1:]:
        t = parse(word)[0]
        if seen >> t & 1:
            raise ValueError("%s is dealt twice" % name(t))
        seen |= 1 << t
        order.append(t)
    if seen != ALL:
        raise ValueError("a deal must use all 28 tiles")
    for mask in masks:
        if bin(mask).count("1") != 7:
            raise ValueError("each hand must hold 7 tiles")
    return (masks[0], masks[1], bytes(order))


def _strip(line):
    cut = line.find("#")
    if cut >= 0:
        line = line[:cut]
    return line.strip()


def read(text):
    """Parse a record's header; returns (Record, [(line number, body line), ...])."""
    rec = Record()
    body = []
    header = True
    seen_seed = False
    for number, raw in enumerate(text.split("\n"), 1):
        line = _strip(raw)
        if not line:
            continue
        if header:
            if line == "---":
                header = False
                continue
            key, sep, value = line.partition(":")
            value = value.strip()
            if not sep:
                raise RecordError(number, "expected 'key: value' or '---'")
            try:
                if key == "game":
                    if value not in GAMES:
                        raise ValueError("unknown game " + value)
                    rec.set_game(value)
                elif key == "options":
                    if value and rec.timed:
                        raise ValueError("Spectacular Bid has no options")
                    rec.options = Options.parse(value)
                elif key == "seed":
                    rec.seed = int(value)
                    seen_seed = True
                elif key == "players":
                    rec.players = [p.strip() for p in value.split(",")]
                    if len(rec.players) != AllFives.SEATS:
                        raise ValueError("All Fives has 2 players")
                elif key == "deal":
                    rec.deals[1] = parse_deal(value)
                else:
                    raise ValueError("unknown header " + key)
            except ValueError as e:
                raise RecordError(number, str(e)) from None
        else:
            body.append((number, line))
    if header:
        raise RecordError(number, "the header must end with a line '---'")
    if not seen_seed and not rec.deals:
        raise RecordError(1, "a record needs a seed or a deal")
    return rec, body


def parse_action(game, words):
    """Turn the words after the seat ("play", "[1|4]", "W") into an action code,
    checking what can be checked without the engine; raises ValueError."""
    verb = words[0]
    if verb == "pass":
        if len(words) != 1:
            raise ValueError("'pass' takes nothing after it")
        return PASS
    if verb == "draw":
        if len(words) > 2:
            raise ValueError("'draw' takes at most the tile drawn")
        return DRAW
    if verb in _CALLS:
        if len(words) != 1:
            raise ValueError("'%s' takes nothing after it" % verb)
        return _CALLS[verb]
    if verb == "bid":
        if len(words) != 2 or not words[1].isdigit() or int(words[1]) % 5:
            raise ValueError("'bid' takes a multiple of 5: bid 20")
        return bid(int(words[1]))
    if verb != "play":
        raise ValueError("unknown action '%s' (play, draw or pass)" % verb)
    if len(words) not in (2, 3):
        raise ValueError("'play' takes a tile and an end: play [1|4] W")
    t, first = parse(words[1])
    if len(words) == 2:
        if game.table.n == 0:
            return t * 8 + (LEAD if first == LOW[t] else LEAD_FLIP)
        ends = [e for e in range(4) if game.table.fits(t, e)]
        if len(ends) == 1:
            return t * 8 + ends[0]
        if not ends:
            return t * 8  # the engine explains why it does not fit
        fitting = " and ".join(END_NAMES[e] for e in ends)
        raise ValueError("name an end: %s fits %s" % (name(t), fitting))
    end = END_NAMES.find(words[2].upper()) if len(words[2]) == 1 else -1
    if end < 0:
        raise ValueError("unknown end '%s' (W, E, N or S)" % words[2])
    return t * 8 + end


_CALLS = {"accept": ACCEPT, "decline": DECLINE, "timeout": TIMEOUT}


def _check_seat(number, word, game):
    if not (len(word) == 1 and "1" <= word <= "9"):
        raise RecordError(number, "a line starts with a seat number, 'deal' or '#'")
    seat = ord(word) - 49
    if seat >= game.SEATS:
        raise RecordError(number, "there is no seat %s" % word)
    if seat != game.turn:
        raise RecordError(number, "it is seat %d's turn, not seat %s's" % (game.turn + 1, word))


def replay(text, on_action=None):
    """Play a record back. Returns (game, record as it would be written again).

    `on_action(line number, line, game, events)` is called after every action.
    Raises RecordError at the first malformed or illegal line; nothing after it runs.
    """
    rec, body = read(text)
    game = rec.new_game()
    out = Record(rec.options, rec.seed, rec.players, rec.game)
    pending = rec.deals.get(1)  # the explicit deal of the next hand, if any
    for number, line in body:
        words = line.split()
        if words[0] == "deal":
            if game.hand_no and game.state != HAND_OVER:
                raise RecordError(number, "a deal can only come once a hand is over")
            if pending is not None:
                raise RecordError(number, "this hand has been dealt already")
            try:
                pending = parse_deal(line[4:])
            except ValueError as e:
                raise RecordError(number, str(e)) from None
            continue
        if game.state == MATCH_OVER:
            raise RecordError(number, "the match is over")
        if game.state == HAND_OVER:
            game.start_hand(pending)
            out.start_hand(game.hand_no, pending)
            pending = None
        _check_seat(number, words[0], game)
        took = 0
        if rec.timed:
            try:
                took = parse_seconds(words.pop())
            except ValueError as e:
                raise RecordError(number, str(e)) from None
        if len(words) < 2:
            raise RecordError(number, "the seat must be followed by play, draw or pass")
        try:
            action = parse_action(game, words[1:])
        except ValueError as e:
            raise RecordError(number, str(e)) from None
        if action == DRAW and len(words) == 3:
            _check_drawn(number, game, words[2])
        try:
            events = game.apply(action, took) if rec.timed else game.apply(action)
        except Illegal as e:
            raise RecordError(number, str(e)) from None
        out.add(action, took)
        if on_action is not None:
            on_action(number, line, game, events)
    return game, out


def _check_drawn(number, game, word):
    try:
        named = parse(word)[0]
    except ValueError as e:
        raise RecordError(number, str(e)) from None
    if game.drawable() > 0 and game.stock[game.drawn] != named:
        raise RecordError(
            number,
            "the record says %s was drawn, but the deal gives %s"
            % (name(named), name(game.stock[game.drawn])),
        )
