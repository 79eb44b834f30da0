"""What every record reader shares (the format: core/record.py): the error that
names a line, the header and body split, ASCII numbers with bounds, times, deals,
and the walk through a record's body.

A game's reader builds on these: `read_header` reads the header into the game's
record (`split(text)` gives its fields, the first naming the game, and the body's
lines, each with its line number), `play_body` walks the body through the engine
with the game's own reading of an action line, and `at_line(number, read, ...)`
turns the ValueError of any reading function into the RecordError of that line.
Like core/replay.py, this is host-only: the handheld never reads a record.
"""

from core.allfives import HAND_OVER, MATCH_OVER
from core.tiles import ALL, name, parse

_BOM = "\ufeff"  # a byte-order mark, which some editors write at the start of a file
MAX_SECONDS = 999999  # an action line's time has at most six digits before the point


_LONGEST = 100  # a reason is a short sentence: a word it quotes may be cut short


class RecordError(Exception):
    """A record that cannot be replayed; `line` is its 1-based line number. The
    reason is printable: what it quotes from the record shows its control
    characters escaped (\\x1b), never sent to the terminal as they are."""

    def __init__(self, line, reason):
        reason = _printable(reason)
        super().__init__("line %d: %s" % (line, reason))
        self.line = line
        self.reason = reason


def _printable(text):
    """`text` with its control characters (C0, DEL, C1) written \\xNN, cut to
    _LONGEST characters with "..." (never inside an escape)."""
    parts = []
    size = 0
    for c in text:
        o = ord(c)
        part = "\\x%02x" % o if o < 32 or 127 <= o < 160 else c
        parts.append(part)
        size += len(part)
        if size > _LONGEST + 4:
            break  # enough to cut
    if size <= _LONGEST:
        return "".join(parts)
    while size > _LONGEST - 3:
        size -= len(parts.pop())
    return "".join(parts) + "..."


def decode(data):
    """A record file's bytes as text; raises RecordError at the first line that is
    not UTF-8 (a byte-order mark at the start is allowed: `split` skips it)."""
    for number, line in enumerate(data.split(b"\n"), 1):  # no UTF-8 letter holds b"\n"
        try:
            line.decode("utf-8")
        except UnicodeError:
            raise RecordError(number, "not UTF-8 text") from None
    return data.decode("utf-8")


def at_line(number, read, *args):
    """`read(*args)`, its ValueError reported as a RecordError at line `number`."""
    try:
        return read(*args)
    except ValueError as e:
        raise RecordError(number, str(e)) from None


def is_digits(text):
    """Whether `text` is one or more ASCII digits (str.isdigit also takes other
    scripts' digits, which a record never uses)."""
    return bool(text) and all("0" <= c <= "9" for c in text)


def read_int(text, lo, hi, what):
    """`text` as a whole number from `lo` to `hi` (ASCII digits only, leading zeros
    allowed); raises ValueError naming `what`."""
    digits = text.lstrip("0") or "0"
    if not is_digits(text) or len(digits) > len("%d" % hi) or not lo <= int(digits) <= hi:
        raise ValueError("%s must be a whole number from %d to %d, not %s" % (what, lo, hi, text))
    return int(digits)


def parse_seconds(word):
    """Read "+8.2s" (seconds, at most three decimals) into milliseconds; raises ValueError."""
    whole, dot, part = word[1:-1].partition(".")
    if not (word[:1] == "+" and word[-1:] == "s" and is_digits(whole)) or len(part) > 3:
        raise ValueError("a time is written +8.2s, not " + word)
    if dot and not is_digits(part):
        raise ValueError("a time is written +8.2s, not " + word)
    if len(whole.lstrip("0")) > len("%d" % MAX_SECONDS):
        raise ValueError("a time is at most %d.999s, not %s" % (MAX_SECONDS, word))
    return int(whole) * 1000 + (int(part + "00"[: 3 - len(part)]) if part else 0)


def split(text):
    """A record's parts: (header, body). `header` lists (line number, key, value),
    each key once, the first always `game` (the line that says which game it is);
    `body` lists (line number, line) after the `---`. Comments and blank lines are
    left out, and a byte-order mark at the start is skipped."""
    if text.startswith(_BOM):
        text = text[1:]
    header = []  # type: list[tuple[int, str, str]]
    keys = []
    body = []
    number = 0
    in_header = True
    for raw in text.split("\n"):
        number += 1
        line = strip_comment(raw)
        if not line:
            continue
        if not in_header:
            body.append((number, line))
            continue
        if line == "---":
            in_header = False
            continue
        key, sep, value = line.partition(":")
        key = key.strip()
        if not sep:
            raise RecordError(number, "expected 'key: value' or '---'")
        if not header and key != "game":
            raise RecordError(number, _FIRST)
        if key in keys:
            raise RecordError(number, "'%s:' is given twice" % key)
        keys.append(key)
        header.append((number, key, value.strip()))
    if not header:
        raise RecordError(max(number, 1), _FIRST)
    if in_header:
        raise RecordError(number, "the header must end with a line '---'")
    return header, body


_FIRST = "a record starts with the game it records: 'game: allfives'"


def strip_comment(line):
    """`line` without its `#` comment and the blanks around it."""
    cut = line.find("#")
    if cut >= 0:
        line = line[:cut]
    return line.strip()


def parse_hands(text, players, size, stock=True):
    """Read "hand / ... / hand / stock tiles..." (no stock part when `stock` is
    false) into ([the hands' masks], the stock's drawing order as bytes): each hand
    holds `size` tiles and the deal uses all 28; raises ValueError."""
    parts = [p.strip() for p in text.split("/")]
    if len(parts) != players + (1 if stock else 0):
        shape = "%d hands and the stock" if stock else "%d hands"
        raise ValueError(("a deal is " + shape + ", separated by /") % players)
    stock_words = parts[-1].split() if stock else ["stock"]
    if stock_words[:1] != ["stock"]:
        raise ValueError("the last part of a deal must start with 'stock'")
    seen = 0
    hands = []
    for part in parts[:players]:
        mask = 0
        for word in part.split():
            mask |= 1 << _new_tile(seen | mask, word)
        if bin(mask).count("1") != size:
            raise ValueError("each hand must hold %d tiles" % size)
        seen |= mask
        hands.append(mask)
    order = bytearray()
    for word in stock_words[1:]:
        t = _new_tile(seen, word)
        seen |= 1 << t
        order.append(t)
    if seen != ALL:
        raise ValueError("a deal must use all 28 tiles")
    return hands, bytes(order)


def _new_tile(seen, word):
    t = parse(word)[0]
    if seen >> t & 1:
        raise ValueError("%s is dealt twice" % name(t))
    return t


def read_header(text, games, new_record, read_field):
    """Parse a record's header: (record, [(line number, body line), ...]).

    `new_record(game)` makes the empty record of the game the first line names (one
    of `games`); `read_field(rec, key, value)` reads each other field into it, its
    ValueError reported at the field's line. The options are read first wherever
    they stand: they say how many players the other fields name."""
    header, body = split(text)
    number, _, game = header[0]
    if game not in games:
        raise RecordError(number, "not a record of %s: game %s" % (" or ".join(games), game))
    rec = new_record(game)
    for number, key, value in sorted(header[1:], key=lambda field: field[1] != "options"):
        at_line(number, read_field, rec, key, value)
    if "seed" not in [key for _, key, _ in header] and 1 not in rec.deals:
        raise RecordError(1, "a record needs a seed or a deal")
    return rec, body


def play_body(game, out, body, deal, read_deal, act, on_action=None, deal_ok=None):
    """Play a record's body through `game`, noting each hand's deal in `out` (the
    record written again); returns (game, out). Every game's engine numbers its
    states as core.allfives does.

    `deal` is the first hand's explicit deal (None: the seed deals), `read_deal(text)`
    reads a `deal ...` line, `act(number, words)` makes one action line's action
    (`words` from the seat on, the seat already checked) and returns its events,
    `on_action(number, line, game, events)` follows every action, and
    `deal_ok(number, game, deal)` may refuse a deal once the hand it deals starts.
    Raises RecordError at the first malformed or illegal line; nothing after it runs.
    """
    deal_line = 1
    for number, line in body:
        words = line.split()
        if words[0] == "deal":
            if game.hand_no and game.state != HAND_OVER:
                raise RecordError(number, "a deal can only come once a hand is over")
            if deal is not None:
                raise RecordError(number, "this hand has been dealt already")
            deal = at_line(number, read_deal, line[4:])
            deal_line = number
            continue
        if game.state == MATCH_OVER:
            raise RecordError(number, "the match is over")
        if game.state == HAND_OVER:
            if deal is not None and deal_ok is not None:
                deal_ok(deal_line, game, deal)
            game.start_hand(deal)
            out.start_hand(game.hand_no, deal)
            deal = None
        check_seat(number, words[0], len(game.hands), game.turn)
        events = act(number, words)
        if on_action is not None:
            on_action(number, line, game, events)
    return game, out


def check_seat(number, word, seats, turn):
    """Raise RecordError at line `number` unless `word` is seat `turn` (counting
    from 1 in the record, from 0 in `turn`) of a game of `seats` seats."""
    if not (len(word) == 1 and "1" <= word <= "9"):
        raise RecordError(number, "a line starts with a seat number, 'deal' or '#'")
    seat = ord(word) - 49
    if seat >= seats:
        raise RecordError(number, "there is no seat %s" % word)
    if seat != turn:
        raise RecordError(number, "it is seat %d's turn, not seat %s's" % (turn + 1, word))


def check_drawn(number, game, word):
    """Raise RecordError at line `number` unless `word` names the tile the deal
    gives the next draw (a draw from an empty stock is the engine's to refuse)."""
    named = at_line(number, parse, word)[0]
    if game.drawable() > 0 and game.stock[game.drawn] != named:
        raise RecordError(
            number,
            "the record says %s was drawn, but the deal gives %s"
            % (name(named), name(game.stock[game.drawn])),
        )
