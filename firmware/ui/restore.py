"""A kept match played again: decode() rebuilds a session from Session.encode()'s
bytes (the journal's header and actions, or a finished match kept as "last"),
resume() the match the journal holds. Imported only to continue a match (the
menu) or to read one back, so that a match being played does not hold it.
"""

from core.drawgame import HAND_OVER, Illegal
from hw.journal import DAMAGED
from players import BID_NAMES, BLOCK_NAMES, DUEL_NAMES, NAMES

from ui.matchsave import forget, OLD_KEY, pending
from ui.session import ACTIONS, DEALT, OWN_PLAYERS, SEPARATOR, Session, TAKEN


def decode(data):
    """A session rebuilt from `Session.encode()` bytes, played up to where it was.
    Raises ValueError if the bytes are not a whole, legal match."""
    if not isinstance(data, (bytes, bytearray)):
        raise ValueError("the saved match is not bytes")
    cut = data.find(SEPARATOR)
    if cut < 0:
        raise ValueError("not a saved match")
    fields = {}
    try:
        header = bytes(data[:cut]).decode()
    except UnicodeError:
        raise ValueError("the saved match's header is not text") from None
    for line in header.split("\n"):
        key, _, value = line.partition(": ")
        fields[key] = value
    try:
        kind = fields.get("game", "allfives")
        options = _options(kind, fields["options"]) if kind != "bid" else None
        seed = int(fields["seed"])
        seats = fields["players"].split(",")
        dealt = int(fields.get("hands", "0"))
    except KeyError:
        raise ValueError("the saved match lacks its header") from None
    players = _PLAYERS.get(kind) or _PLAYERS[_LINE]
    # All Fives and a duel seat two.
    wanted = options.players if kind not in OWN_PLAYERS and options else 2
    if len(seats) != wanted or not all(_known(s, players) for s in seats):
        raise ValueError("the saved match names unknown players")
    session = Session(options, seed, seats, kind)
    game = session.game
    body = data[cut + len(SEPARATOR) :]
    size = 6 if session.timed else 2 if session.line else 1
    if len(body) % size:
        raise ValueError("the saved match is cut short")
    for i in range(0, len(body), size):
        if game.state == HAND_OVER:
            game.start_hand()
        if session.timed:
            action = _get(body, i, 2)
            session.elapsed = _get(body, i + 2, 4)
        elif session.line:
            action = _get(body, i, 2)
        else:
            action = body[i]
        try:
            session._apply(action)
        except Illegal as e:
            raise ValueError("the saved match does not replay: " + str(e)) from None
    if game.state == HAND_OVER and game.hand_no < dealt:
        game.start_hand()  # the seed deals the same tiles again
    session.events = []
    return session


def _options(kind, text):
    """A saved match's options, read by its game's rules."""
    if kind == "allfives":
        from core.allfives import Options

        return Options.parse(text)
    from core.blockrules import Options as LineOptions

    return LineOptions.parse(kind, text)  # ValueError for an unknown game


_LINE = "line"  # the key of the draw-and-block games' players in _PLAYERS
# The handheld players of each game.
_PLAYERS = {"allfives": NAMES, "bid": BID_NAMES, "1x1": DUEL_NAMES, _LINE: BLOCK_NAMES}


def _known(seat, players):
    kind, _, name = seat.partition(":")
    return (kind == "human" and name) or (kind == "handheld" and name in players)


def _get(buffer, at, size):
    value = 0
    for n in range(size):
        value |= buffer[at + n] << 8 * n
    return value


def resume(storage):
    """(session, note): the saved match played up to its last save, or None if
    there is none; `note` says, for the player, what was lost ("" if nothing).
    A match that cannot be played again is retired."""
    if pending(storage) < 0:
        return None, ""
    chunks = storage.match.load()
    damaged = storage.match.status == DAMAGED
    try:
        if chunks:
            session = _from_journal(chunks)
        else:  # a save of an older firmware: the match moves into the journal
            session = decode(storage.get(OLD_KEY))
            storage.delete(OLD_KEY)
            session.save(storage)
            storage.save()
    except ValueError:
        forget(storage)
        return None, "The saved match was damaged and could not be restored."
    if damaged:
        return session, "Part of the saved match was damaged: it goes on from move %d." % (
            len(session.record.actions) + 1)
    return session, ""


def _from_journal(chunks):
    """A session rebuilt from the journal's chunks (the header first)."""
    body = bytearray()
    dealt = taken = 0
    for kind, payload in chunks[1:]:
        if kind == ACTIONS:
            body += payload
            taken = 0  # the decision it timed is made
        elif kind == DEALT and len(payload) == 2:
            dealt = int.from_bytes(payload, "big")
        elif kind == TAKEN and len(payload) == 4:
            taken = int.from_bytes(payload, "big")
        else:
            raise ValueError("the saved match holds an unknown chunk")
    header = chunks[0][1]
    session = decode(header[4:] + b"\nhands: %d" % dealt + SEPARATOR + body)
    if session.timed:
        session.elapsed = taken
    session.number = int.from_bytes(header[:4], "big")
    session._kept = len(session.record.actions)
    session._kept_hands = session.game.hand_no
    return session
