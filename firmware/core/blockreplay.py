"""Reading draw-and-block records back (the format: core.blockrecord): parse them
and replay them through core.line's engine, checking every line, with
core.recordparse's and core.replay's helpers for what the games share (the
header, seats, plays, draws, errors).

    game, record = replay(text)     # raises RecordError at the first bad line
"""

from core.actions import pair
from core.blockrecord import BlockRecord
from core.blockrules import GAMES, Options, rules_for
from core.recordparse import parse_hands, play_body, read_header, read_int, RecordError
from core.replay import action_line, parse_action
from core.tiles import HIGH, LOW, name, parse


def read(text):
    """Parse a record's header; returns (BlockRecord, [(line number, body line), ...])."""
    return read_header(text, GAMES, BlockRecord, _read_field)


def _read_field(rec, key, value):
    n = rec.options.players
    if key == "options":
        rec.options = Options.parse(rec.game, value)
        rec.players = BlockRecord(rec.game, rec.options).players  # the default names
    elif key == "seed":
        rec.seed = read_int(value, 0, 0xFFFFFFFF, "the seed")
    elif key == "players":
        rec.players = [p.strip() for p in value.split(",")]
        if len(rec.players) != n:
            named = len(rec.players)
            raise ValueError("the options say %d players, the header names %d" % (n, named))
    elif key == "deal":
        rec.deals[1] = parse_hands(value, n, rules_for(rec.game).hand_size(n))
    else:
        raise ValueError("unknown header " + key)


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
    size = game.rules.hand_size(game.SEATS)

    def read_deal(text):
        return parse_hands(text, game.SEATS, size)

    def act(number, words):
        return action_line(number, words, game, out, action_of)

    return play_body(game, out, body, rec.deals.get(1), read_deal, act, on_action, _deal_ok)
