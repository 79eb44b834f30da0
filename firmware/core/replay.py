"""Reading plain-text game records back (the format: core/record.py): parse them and
replay them through the engine, checking every line.

    game, record = replay(text)     # raises RecordError at the first bad line

The handheld never reads a record (it saves the compact form of core.record's
Record), so a match played on it does not hold this module.
"""

from core.actions import ACCEPT, bid, DECLINE, DRAW, PASS, TIMEOUT
from core.allfives import AllFives, HAND_SIZE, Illegal, Options
from core.record import GAMES, Record
from core.recordparse import (
    at_line,
    check_drawn,
    parse_hands,
    parse_seconds,
    play_body,
    read_header,
    read_int,
    RecordError,
)
from core.table import END_NAMES, LEAD, LEAD_FLIP
from core.tiles import LOW, name, parse


def read(text):
    """Parse a record's header; returns (Record, [(line number, body line), ...])."""
    return read_header(text, GAMES, lambda game: Record(game=game), _read_field)


def read_deal(text):
    """Read "hand / hand / stock tiles..." into (mask, mask, stock order); raises ValueError."""
    hands, order = parse_hands(text, AllFives.SEATS, HAND_SIZE)
    return (hands[0], hands[1], order)


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
        rec.deals[1] = read_deal(value)
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

    def act(number, words):
        took = at_line(number, parse_seconds, words.pop()) if rec.timed else None
        return action_line(number, words, game, out, parse_action, took)

    return play_body(game, out, body, rec.deals.get(1), read_deal, act, on_action)


def action_line(number, words, game, out, parse, took=None):
    """Make the action of a line's `words` (the seat first), read by
    `parse(game, words after the seat)`, in `game` and note it in `out`; `took` is
    its time in a timed game. Returns the events; raises RecordError."""
    if len(words) < 2:
        raise RecordError(number, "the seat must be followed by play, draw or pass")
    action = at_line(number, parse, game, words[1:])
    if words[1] == "draw" and len(words) == 3:
        check_drawn(number, game, words[2])
    try:
        events = game.apply(action) if took is None else game.apply(action, took)
    except Illegal as e:
        raise RecordError(number, str(e)) from None
    out.add(action, took or 0)
    return events
