"""Reading plain-text game records back (the format: core/record.py): parse them and
replay them through the engine, checking every line.

    game, record = replay(text)     # raises RecordError at the first bad line

The handheld never reads a record (it saves the compact form of core.record's
Record), so a match played on it does not hold this module.
"""

from core.actions import ACCEPT, bid, DECLINE, DRAW, PASS, TIMEOUT
from core.allfives import AllFives, HAND_OVER, Illegal, MATCH_OVER, Options
from core.record import GAMES, Record
from core.recordparse import (
    at_line,
    check_drawn,
    check_seat,
    parse_deal,
    parse_seconds,
    read_int,
    RecordError,
    split,
)
from core.table import END_NAMES, LEAD, LEAD_FLIP
from core.tiles import LOW, name, parse


def read(text):
    """Parse a record's header; returns (Record, [(line number, body line), ...])."""
    header, body = split(text)
    number, _, game = header[0]
    if game not in GAMES:
        raise RecordError(number, "unknown game " + game)
    rec = Record(game=game)
    for number, key, value in header[1:]:
        at_line(number, _read_field, rec, key, value)
    if "seed" not in [key for _, key, _ in header] and not rec.deals:
        raise RecordError(1, "a record needs a seed or a deal")
    return rec, body


def _read_field(rec, key, value):
    if key == "options":
        if value and rec.timed:
            raise ValueError("Spectacular Bid has no options")
        rec.options = Options.parse(value)
    elif key == "seed":
        rec.seed = read_int(value, 0, 0xFFFFFFFF, "the seed")
    elif key == "players":
        rec.players = [p.strip() for p in value.split(",")]
        if len(rec.players) != AllFives.SEATS:
            raise ValueError("All Fives has 2 players")
    elif key == "deal":
        rec.deals[1] = parse_deal(value)
    else:
        raise ValueError("unknown header " + key)


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
        if len(words) != 2:
            raise ValueError("'bid' takes a multiple of 5: bid 20")
        amount = read_int(words[1], 5, _MOST_BID, "a bid")
        if amount % 5:
            raise ValueError("'bid' takes a multiple of 5: bid 20")
        return bid(amount)
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


_MOST_BID = 9995  # far above any balance, and within the 16 bits a bid record keeps
_CALLS = {"accept": ACCEPT, "decline": DECLINE, "timeout": TIMEOUT}


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
            pending = at_line(number, parse_deal, line[4:])
            continue
        if game.state == MATCH_OVER:
            raise RecordError(number, "the match is over")
        if game.state == HAND_OVER:
            game.start_hand(pending)
            out.start_hand(game.hand_no, pending)
            pending = None
        check_seat(number, words[0], game.SEATS, game.turn)
        took = 0
        if rec.timed:
            took = at_line(number, parse_seconds, words.pop())
        if len(words) < 2:
            raise RecordError(number, "the seat must be followed by play, draw or pass")
        action = at_line(number, parse_action, game, words[1:])
        if action == DRAW and len(words) == 3:
            check_drawn(number, game, words[2])
        try:
            events = game.apply(action, took) if rec.timed else game.apply(action)
        except Illegal as e:
            raise RecordError(number, str(e)) from None
        out.add(action, took)
        if on_action is not None:
            on_action(number, line, game, events)
    return game, out
