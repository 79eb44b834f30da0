"""Plain sentences about the match, for players who cannot see the screen.

`event(session, e)` tells what an event means; `ends`, `counts`, `scores` and
`hand` answer the questions a player asks by key. A seat is "you" when it is
the only human at the table. Tiles drawn by another seat stay hidden. These are
All Fives' words and those every game shares: a Spectacular Bid duel and the
draw-and-block family say some events otherwise (ui.narrate_bid and
ui.narrate_line, which build on these; ui.speech picks).
"""

from core import events as ev
from core.table import E, LEAD, N, S, W
from core.tiles import count, HIGH, LOW, name

from ui.tableview import tile_at, who  # as the screens show them (also ui.narrate_line's)

END_WORDS = ("West", "East", "North", "South")


def whom(session, seat):
    """A seat as the object of a sentence: "you", or as `who` calls it."""
    name = who(session, seat)
    return "you" if name == "You" else name


def verb(session, seat, plain, you):
    return "%s %s" % (who(session, seat), you if who(session, seat) == "You" else plain)


def event(session, e):
    """One sentence for an event, or "" for one that needs none."""
    kind, seat, a, b = e
    if kind == ev.DEAL:
        text = "Hand %d. %s." % (a, verb(session, seat, "leads", "lead"))
        if b >= 0:
            text += " The lead must be %s." % name(b)
        return text
    if kind == ev.PLAYED:
        if b >= LEAD:
            return "%s %s." % (verb(session, seat, "leads", "lead"), tile_at(a, b))
        plays = verb(session, seat, "plays", "play")
        return "%s %s on the %s end." % (plays, name(a), END_WORDS[b])
    if kind == ev.SCORED:
        return "Count %d: %s %d." % (b, verb(session, seat, "scores", "score"), a)
    if kind == ev.DREW:
        if session.is_human(seat) and session.humans() == 1:
            return "You draw %s." % name(a)
        return "%s a tile." % verb(session, seat, "draws", "draw")
    if kind == ev.PASSED:
        return "%s." % verb(session, seat, "passes", "pass")
    if kind == ev.DOMINO:
        if not a:
            return "Domino! %s out; the tiles left count nothing." % verb(
                session, seat, "is", "are"
            )
        return "Domino! %s %d for the tiles left." % (verb(session, seat, "scores", "score"), a)
    if kind == ev.BLOCKED:
        if seat < 0:
            return "Blocked. The hands are equal: no score."
        return "Blocked. %s %d for the lighter hand." % (verb(session, seat, "scores", "score"), a)
    if kind == ev.HAND_OVER:
        return "Hand over. %s %s next." % (scores(session), verb(session, seat, "leads", "lead"))
    if kind == ev.MATCH_OVER:
        game = session.game
        return "%s the match, %d to %d." % (
            verb(session, seat, "wins", "win"),
            game.scores[seat],
            game.scores[1 - seat],
        )
    return ""


def ends(session):
    """The open ends and the count, with why the count is not the sum of the ends
    when it is not (RULES.md section 1)."""
    table = session.game.table
    if table.n == 0:
        return "The table is empty."
    parts = []
    for end in range(table.open_ends()):
        parts.append("%s %d" % (END_WORDS[end], table.value[end]))
    why = _count_reasons(table)
    return "Open ends: %s. The count is %d%s." % (
        ", ".join(parts),
        table.count(),
        ": " + "; ".join(why) if why else "",
    )


def _count_reasons(table):
    """What makes the count differ from the open ends' numbers added up: a spinner
    side with no tile counts nothing, the spinner counts both halves while one of
    its main sides is empty, and a double at an end counts both halves."""
    why = []  # type: list[str]
    if table.n < 2:
        return why  # a lone tile counts its two halves, as said
    if table.branches_open():
        unplayed = [END_WORDS[end] for end in (N, S) if table.outer_tile(end) < 0]
        if unplayed:
            why.append(
                "%s %s no tile yet and %s nothing"
                % (" and ".join(unplayed), "have" if len(unplayed) > 1 else "has",
                   "count" if len(unplayed) > 1 else "counts")
            )
    elif table.spinner >= 0:
        empty = W if table.outer_tile(W) < 0 else E
        why.append("the spinner counts both halves while %s is empty" % END_WORDS[empty])
    for end in range(table.open_ends()):
        t = table.outer_tile(end)
        if t >= 0 and LOW[t] == HIGH[t]:
            why.append("the double on %s counts both halves" % END_WORDS[end])
    return why


def scores(session):
    return "Score: %s, playing to %d." % (", ".join(score_parts(session)), session.options.target)


def score_parts(session):
    """ "NAME N" for each seat."""
    game = session.game
    return ["%s %d" % (who(session, s), game.scores[s]) for s in range(2)]


def counts(session):
    game = session.game
    parts = ["%s %d" % (who(session, s), count(game.hands[s])) for s in range(2)]
    return "Tiles: %s; stock %d." % (", ".join(parts), max(game.drawable(), 0))


def hand(session, seat):
    tiles = session.game.hands[seat]
    names = [name(t) for t in range(28) if tiles >> t & 1]
    owner = who(session, seat)
    return "%s: %s." % ("Your tiles" if owner == "You" else owner, " ".join(names))
