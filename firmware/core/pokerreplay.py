"""Reading Domino Poker's records back (the format: core/pokerrecord.py): parse them
and replay them through the engine, checking every line.

    game, record = replay(text)     # raises core.recordparse.RecordError at the first bad line
"""

from core.poker import BID, HAND_SIZE, Illegal, NO_CALL, Options, PLAYING, Poker, SEATS
from core.pokerrecord import PokerRecord
from core.recordparse import parse_hands, play_body, read_header, read_int, RecordError
from core.tiles import parse


def parse_deal(text):
    """Read "hand / hand / hand / hand" into four masks; raises ValueError."""
    return tuple(parse_hands(text, SEATS, HAND_SIZE, stock=False)[0])


def read(text):
    """Parse a record's header; returns (PokerRecord, [(line number, body line), ...])."""
    return read_header(text, ("poker",), lambda game: PokerRecord(), _read_field)


def _read_field(rec, key, value):
    if key == "options":
        rec.options = Options.parse(value)
    elif key == "seed":
        rec.seed = read_int(value, 0, 0xFFFFFFFF, "the seed")
    elif key == "players":
        rec.players = [p.strip() for p in value.split(",")]
        if len(rec.players) != SEATS or not all(rec.players):
            raise ValueError("Domino Poker has 4 players, separated by commas")
    elif key == "deal":
        rec.deals[1] = parse_deal(value)
    else:
        raise ValueError("unknown header " + key)


def parse_action(game, words):
    """Turn the words after the seat ("lead", "[2|5]", "5") into (action, late),
    checking what can be checked without the engine; raises ValueError."""
    late = words[-1:] == ["timeout"]  # a lone seat number has no words after it
    if late:
        words = words[:-1]
    if not words:
        raise ValueError("the seat must be followed by bid, lead or play")
    verb = words[0]
    if verb == "bid":
        if len(words) != 2 or not (len(words[1]) == 1 and "0" <= words[1] <= "7"):
            raise ValueError("a bid is 0 to 7 tricks: bid 3")
        return BID + int(words[1]), late
    if verb not in ("lead", "play"):
        raise ValueError("unknown action '%s' (bid, lead or play)" % verb)
    if game.state == PLAYING:
        if verb == "lead" and game.led >= 0:
            raise ValueError("the trick has been led: play a tile")
        if verb == "play" and game.led < 0:
            raise ValueError("the trick is empty: lead a tile")
    if len(words) < 2:
        raise ValueError("'%s' takes a tile: %s [2|5]" % (verb, verb))
    t = parse(words[1])[0]
    if len(words) == 2:
        return t * 8 + NO_CALL, late
    if len(words) > 3 or verb != "lead":
        raise ValueError("only a lead takes a called number: lead [2|5] 5")
    called = words[2]
    if not (len(called) == 1 and "0" <= called <= "6"):
        raise ValueError("a called number is 0 to 6, not " + called)
    return t * 8 + int(called), late


def replay(text, on_action=None):
    """Play a record back. Returns (game, record as it would be written again).

    `on_action(line number, line, game, events)` is called after every action.
    Raises RecordError at the first malformed or illegal line; nothing after it runs.
    """
    rec, body = read(text)
    game = Poker(rec.options, rec.seed)
    out = PokerRecord(rec.options, rec.seed, rec.players)

    def act(number, words):
        try:
            action, late = parse_action(game, words[1:])
            events = game.apply(action, late)
        except (ValueError, Illegal) as e:
            raise RecordError(number, str(e)) from None
        out.add(action, late)
        return events

    return play_body(game, out, body, rec.deals.get(1), parse_deal, act, on_action)
