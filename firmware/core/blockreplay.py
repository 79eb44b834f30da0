"""Reading draw-and-block records back (the format: core.blockrecord): parse them
and replay them through core.line's engine, checking every line, with
core.recordparse's and core.replay's helpers for what the games share (the
header, seats, plays, draws, errors).

    game, record = replay(text)     # raises RecordError at the first bad line
"""

from core.actions import pair
from core.allfives import HAND_OVER, Illegal, MATCH_OVER
from core.blockrecord import BlockRecord
from core.blockrules import GAMES, Options, rules_for
from core.recordparse import at_line, check_drawn, check_seat, read_int, RecordError, split
from core.replay import parse_action
from core.tiles import ALL, HIGH, LOW, name, parse


def parse_deal(text, players, size):
    """Read "hand / ... / hand / stock tiles..." into (hands, stock order);
    raises ValueError."""
    parts = [p.strip() for p in text.split("/")]
    if len(parts) != players + 1:
        raise ValueError("a deal is %d hands and the stock, separated by /" % players)
    stock_words = parts[-1].split()
    if not stock_words or stock_words[0] != "stock":
        raise ValueError("the last part of a deal must start with 'stock'")
    seen = 0
    hands = []
    for part in parts[:-1]:
        mask = 0
        for word in part.split():
            t = parse(word)[0]
            if seen >> t & 1:
                raise ValueError("%s is dealt twice" % name(t))
            seen |= 1 << t
            mask |= 1 << t
        if bin(mask).count("1") != size:
            raise ValueError("each hand must hold %d tiles" % size)
        hands.append(mask)
    order = bytearray()
    for word in stock_words[1:]:
        t = parse(word)[0]
        if seen >> t & 1:
            raise ValueError("%s is dealt twice" % name(t))
        seen |= 1 << t
        order.append(t)
    if seen != ALL:
        raise ValueError("a deal must use all 28 tiles")
    return hands, bytes(order)


def read(text):
    """Parse a record's header; returns (BlockRecord, [(line number, body line), ...])."""
    header, body = split(text)
    number, _, game = header[0]
    if game not in GAMES:
        raise RecordError(number, "unknown game " + game)
    fields = {}
    for number, key, value in header[1:]:
        if key not in ("options", "seed", "players", "deal"):
            raise RecordError(number, "unknown header " + key)
        fields[key] = (number, value)
    number, text = fields.get("options", (header[0][0], ""))
    rec = BlockRecord(game, at_line(number, Options.parse, game, text))
    for key in ("seed", "players", "deal"):  # the options say how many players
        if key in fields:
            number, value = fields[key]
            at_line(number, _read_field, rec, key, value)
    if "seed" not in fields and 1 not in rec.deals:
        raise RecordError(1, "a record needs a seed or a deal")
    return rec, body


def _read_field(rec, key, value):
    n = rec.options.players
    if key == "seed":
        rec.seed = read_int(value, 0, 0xFFFFFFFF, "the seed")
    elif key == "players":
        rec.players = [p.strip() for p in value.split(",")]
        if len(rec.players) != n:
            named = len(rec.players)
            raise ValueError("the options say %d players, the header names %d" % (n, named))
    else:
        rec.deals[1] = parse_deal(value, n, rules_for(rec.game).hand_size(n))


def _pair(words):
    """ "play [2|2] W [5|5] E" (either end first) as a two-double action."""
    tiles = []
    ends = []
    for i in (1, 3):
        t = parse(words[i])[0]
        if LOW[t] != HIGH[t]:
            raise ValueError("only two doubles can be played together, not %s" % name(t))
        tiles.append(LOW[t])
        ends.append(words[i + 1].upper())
    if ends == ["E", "W"]:
        tiles.reverse()
    elif ends != ["W", "E"]:
        raise ValueError("two doubles go one on W and one on E")
    return pair(tiles[0], tiles[1])


def action_of(game, words):
    """The action code of the words after the seat ("play", "[1|4]", "W"), or of a
    two-double play; raises ValueError."""
    if words[0] == "play" and len(words) == 5:
        return _pair(words)
    return parse_action(game, words)


def _deal_ok(number, game, deal):
    taker = game.rules.taker(game)
    if taker >= 0 and not deal[0][taker] >> 27 & 1:
        raise RecordError(number, "seat %d took [6|6] before this deal" % (taker + 1))


def replay(text, on_action=None):
    """Play a record back. Returns (game, record as it would be written again).

    `on_action(line number, line, game, events)` is called after every action.
    Raises RecordError at the first malformed or illegal line; nothing after it runs.
    """
    rec, body = read(text)
    game = rec.new_game()
    out = BlockRecord(rec.game, rec.options, rec.seed, rec.players)
    pending = rec.deals.get(1)  # the explicit deal of the next hand, if any
    size = game.rules.hand_size(game.SEATS)
    deal_line = 0
    for number, line in body:
        words = line.split()
        if words[0] == "deal":
            if game.hand_no and game.state != HAND_OVER:
                raise RecordError(number, "a deal can only come once a hand is over")
            if pending is not None:
                raise RecordError(number, "this hand has been dealt already")
            pending = at_line(number, parse_deal, line[4:], game.SEATS, size)
            deal_line = number
            continue
        if game.state == MATCH_OVER:
            raise RecordError(number, "the match is over")
        if game.state == HAND_OVER:
            if pending is not None:
                _deal_ok(deal_line or 1, game, pending)
            game.start_hand(pending)
            out.start_hand(game.hand_no, pending)
            pending = None
        check_seat(number, words[0], game.SEATS, game.turn)
        if len(words) < 2:
            raise RecordError(number, "the seat must be followed by play, draw or pass")
        action = at_line(number, action_of, game, words[1:])
        if words[1] == "draw" and len(words) == 3:
            check_drawn(number, game, words[2])
        try:
            events = game.apply(action)
        except Illegal as e:
            raise RecordError(number, str(e)) from None
        out.add(action)
        if on_action is not None:
            on_action(number, line, game, events)
    return game, out
