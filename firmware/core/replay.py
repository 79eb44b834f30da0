"""Reading plain-text game records back (the format: core/record.py): parse them and
replay them through the engine, checking every line.

    game, record = replay(text)     # raises RecordError at the first bad line

The handheld never reads a record (it saves the compact form of core.record's
Record), so a match played on it does not hold this module.
"""

from core.actions import ACCEPT, bid, DECLINE, DRAW, PASS, TIMEOUT
from core.allfives import AllFives, HAND_OVER, Illegal, MATCH_OVER, Options
from core.record import GAMES, Record
from core.table import END_NAMES, LEAD, LEAD_FLIP
from core.tiles import ALL, LOW, name, parse


class RecordError(Exception):
    """A record that cannot be replayed; `line` is its 1-based line number."""

    def __init__(self, line, reason):
        super().__init__("line %d: %s" % (line, reason))
        self.line = line
        self.reason = reason


def parse_seconds(word):
    """Read "+8.2s" (seconds, at most three decimals) into milliseconds; raises ValueError."""
    whole, _, part = word[1:-1].partition(".")
    if not (word[0] == "+" and word[-1] == "s" and whole.isdigit()) or len(part) > 3:
        raise ValueError("a time is written +8.2s, not " + word)
    if part and not part.isdigit():
        raise ValueError("a time is written +8.2s, not " + word)
    return int(whole) * 1000 + (int(part + "00"[: 3 - len(part)]) if part else 0)


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
