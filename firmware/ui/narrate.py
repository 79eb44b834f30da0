"""Plain sentences about the match, for players who cannot see the screen.

`event(session, e)` tells what an event means; `ends`, `counts`, `scores` and
`hand` answer the questions a player asks by key. A seat is "you" when it is
the only human at the table. Tiles drawn by another seat stay hidden. In
Spectacular Bid the scores are balances, points move by transfers, and the
opening after a domino is auctioned.
"""

from core import events as ev
from core.actions import is_bid
from core.table import LEAD, LEAD_FLIP
from core.tiles import count, HIGH, LOW, name

END_WORDS = ("West", "East", "North", "South")


def who(session, seat):
    """How a seat is called: "You", a profile name, or "CPU" (1 and 2 in a demo)."""
    if session.is_human(seat):
        return "You" if session.humans() == 1 else session.name(seat)
    if session.humans() == 0:
        return "CPU %d" % (seat + 1)
    return "CPU"


def _whom(session, seat):
    """A seat as the object of a sentence: "you", or as `who` calls it."""
    name = who(session, seat)
    return "you" if name == "You" else name


def _verb(session, seat, plain, you):
    return "%s %s" % (who(session, seat), you if who(session, seat) == "You" else plain)


def tile_at(t, where):
    if where == LEAD:
        return name(t, LOW[t])
    if where == LEAD_FLIP:
        return name(t, HIGH[t])
    return name(t)


def event(session, e):
    """One sentence for an event, or "" for one that needs none."""
    if session.kind == "bid":
        text = _duel(session, e)
        if text:
            return text
    return _fives(session, e)


def _fives(session, e):
    kind, seat, a, b = e
    if kind == ev.DEAL:
        text = "Hand %d. %s." % (a, _verb(session, seat, "leads", "lead"))
        if b >= 0:
            text += " The lead must be %s." % name(b)
        return text
    if kind == ev.PLAYED:
        if b >= LEAD:
            return "%s %s." % (_verb(session, seat, "leads", "lead"), tile_at(a, b))
        plays = _verb(session, seat, "plays", "play")
        return "%s %s on the %s end." % (plays, name(a), END_WORDS[b])
    if kind == ev.SCORED:
        return "Count %d: %s %d." % (b, _verb(session, seat, "scores", "score"), a)
    if kind == ev.DREW:
        if session.is_human(seat) and session.humans() == 1:
            return "You draw %s." % name(a)
        return "%s a tile." % _verb(session, seat, "draws", "draw")
    if kind == ev.PASSED:
        return "%s." % _verb(session, seat, "passes", "pass")
    if kind == ev.DOMINO:
        if not a:
            return "Domino! %s out; the tiles left count nothing." % _verb(
                session, seat, "is", "are"
            )
        return "Domino! %s %d for the tiles left." % (_verb(session, seat, "scores", "score"), a)
    if kind == ev.BLOCKED:
        if seat < 0:
            return "Blocked. The hands are equal: no score."
        return "Blocked. %s %d for the lighter hand." % (_verb(session, seat, "scores", "score"), a)
    if kind == ev.HAND_OVER:
        return "Hand over. %s %s next." % (scores(session), _verb(session, seat, "leads", "lead"))
    if kind == ev.MATCH_OVER:
        game = session.game
        return "%s the match, %d to %d." % (
            _verb(session, seat, "wins", "win"),
            game.scores[seat],
            game.scores[1 - seat],
        )
    return ""


def _duel(session, e):
    """The sentence of a Spectacular Bid event that All Fives says otherwise or
    lacks, or "" to say it as All Fives does."""
    kind, seat, a, b = e
    if kind == ev.DEAL and session.game.jockey >= 0:
        return "Hand %d. The opening is auctioned. %s first." % (
            a,
            _verb(session, seat, "speaks", "speak"),
        )
    if kind == ev.SCORED:
        return "Count %d." % b  # the transfer that follows says who takes what
    if kind == ev.TRANSFER:
        takes = _verb(session, seat, "takes", "take")
        payer = _whom(session, 1 - seat)
        if a < b:
            return "%s %d of %d from %s, capped: that was all %s had." % (
                takes, a, b, payer, payer
            )
        return "%s %d from %s." % (takes, a, payer)
    if kind == ev.BID:
        actions = session.record.actions
        if len(actions) > 1 and is_bid(actions[-2]):  # the call before was a bid
            return "%s to %d." % (_verb(session, seat, "raises", "raise"), a)
        return "%s %d for the opening." % (_verb(session, seat, "bids", "bid"), a)
    if kind == ev.ACCEPTED:
        text = "%s the bid of %d. %s %d for the lead" % (
            _verb(session, seat, "accepts", "accept"),
            a,
            _verb(session, 1 - seat, "pays", "pay"),
            b,
        )
        if b < a:
            return text + ", after the jockey's discount of %d." % (a - b)
        return text + "."
    if kind == ev.DECLINED:
        return "%s. %s for free, as the jockey." % (
            _verb(session, seat, "declines", "decline"),
            _verb(session, 1 - seat, "leads", "lead"),
        )
    if kind == ev.TIMED_OUT:
        return "%s out of time: the match is lost." % _verb(session, seat, "runs", "run")
    if kind == ev.DOMINO:
        out = _verb(session, seat, "is", "are")
        return "Domino! %s out: nothing for the tiles left. %s the jockey." % (out, out)
    if kind == ev.HAND_OVER:
        if seat < 0:
            return "Hand over. %s The highest double leads the next hand." % scores(session)
        return "Hand over. %s %s the jockey: the next opening is auctioned." % (
            scores(session),
            _verb(session, seat, "is", "are"),
        )
    return ""


def ends(session):
    table = session.game.table
    if table.n == 0:
        return "The table is empty."
    parts = []
    for end in range(table.open_ends()):
        parts.append("%s %d" % (END_WORDS[end], table.value[end]))
    return "Open ends: %s. The count is %d." % (", ".join(parts), table.count())


def scores(session):
    game = session.game
    parts = ["%s %d" % (who(session, s), game.scores[s]) for s in range(2)]
    if session.kind == "bid":
        banks = ["%s %s" % (who(session, s), clock_text(session.bank(s))) for s in range(2)]
        return "Balances: %s. Clocks: %s." % (", ".join(parts), ", ".join(banks))
    return "Score: %s, playing to %d." % (", ".join(parts), session.options.target)


def clock_text(ms):
    """Time left as m:ss, whole seconds rounded up (0:00 only once it is all gone)."""
    seconds = (ms + 999) // 1000
    return "%d:%02d" % (seconds // 60, seconds % 60)


def counts(session):
    game = session.game
    parts = ["%s %d" % (who(session, s), count(game.hands[s])) for s in range(2)]
    return "Tiles: %s; stock %d." % (", ".join(parts), max(game.drawable(), 0))


def hand(session, seat):
    tiles = session.game.hands[seat]
    names = [name(t) for t in range(28) if tiles >> t & 1]
    owner = who(session, seat)
    return "%s: %s." % ("Your tiles" if owner == "You" else owner, " ".join(names))
