"""Reading Domino Poker's records back (the format: core/pokerrecord.py): parse them
and replay them through the engine, checking every line.

    game, record = replay(text)     # raises core.recordparse.RecordError at the first bad line
"""

from core.poker import BID, HAND_OVER, Illegal, MATCH_OVER, NO_CALL, Options, PLAYING, Poker, SEATS
from core.pokerrecord import PokerRecord
from core.recordparse import at_line, check_seat, read_int, RecordError, split
from core.tiles import ALL, count, name, parse


def parse_deal(text):
    """Read "hand / hand / hand / hand" into four masks; raises ValueError."""
    parts = text.split("/")
    if len(parts) != SEATS:
        raise ValueError("a deal is four hands separated by /")
    seen = 0
    masks = []
    for part in parts:
        mask = 0
        for word in part.split():
            t = parse(word)[0]
            if seen >> t & 1:
                raise ValueError("%s is dealt twice" % name(t))
            seen |= 1 << t
            mask |= 1 << t
        if count(mask) != 7:
            raise ValueError("each hand must hold 7 tiles")
        masks.append(mask)
    if seen != ALL:
        raise ValueError("a deal must use all 28 tiles")
    return tuple(masks)


def read(text):
    """Parse a record's header; returns (PokerRecord, [(line number, body line), ...])."""
    header, body = split(text)
    number, _, game = header[0]
    if game != "poker":
        raise RecordError(number, "not a Domino Poker record: game " + game)
    rec = PokerRecord()
    for number, key, value in header[1:]:
        at_line(number, _read_field, rec, key, value)
    if "seed" not in [key for _, key, _ in header] and not rec.deals:
        raise RecordError(1, "a record needs a seed or a deal")
    return rec, body


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
        check_seat(number, words[0], SEATS, game.turn)
        try:
            action, late = parse_action(game, words[1:])
            events = game.apply(action, late)
        except (ValueError, Illegal) as e:
            raise RecordError(number, str(e)) from None
        out.add(action, late)
        if on_action is not None:
            on_action(number, line, game, events)
    return game, out
