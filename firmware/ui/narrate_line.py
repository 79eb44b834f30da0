"""Plain sentences about a draw-and-block match (core.line), for players who cannot
see the screen, in the shape of ui.narrate: `event(session, e)` tells an event,
`ends`, `counts`, `scores` and `hand` answer the keys 1-5.

A seat is "You" when it is the only human; handheld seats are "CPU" and their
seat number, since up to three of them sit at a table.
"""

from core import events as ev
from core.table import E, LEAD, W
from core.tiles import count, name

from ui.tableview import tile_at

END_WORDS = ("West", "East")
GAME_TITLES = {
    "1x1": "Domino 1x1",
    "classic": "Classic",
    "kozel": "Kozel",
    "yard": "Yard Kozel",
    "international": "International",
}


def who(session, seat):
    if session.is_human(seat):
        return "You" if session.humans() == 1 else session.name(seat)
    return "CPU %d" % (seat + 1)


def first_human(session):
    """The first human seat (the seat seen when nobody's turn is shown), or 0."""
    for s in range(len(session.seats)):
        if session.is_human(s):
            return s
    return 0


def verb(session, seat, plain, you):
    person = who(session, seat)
    return "%s %s" % (person, you if person == "You" else plain)


def side(session, seat):
    """A seat, or in pairs both partners: "Ann and CPU 3"."""
    if not session.options.pairs:
        return who(session, seat)
    return "%s and %s" % (who(session, seat & 1), who(session, (seat & 1) + 2))


def event(session, e):
    """One sentence for an event, or "" for one that needs none."""
    kind, seat, a, b = e
    game = session.game
    if kind == ev.DEAL:
        if game.drawing_lead:
            return "Hand %d. Nobody holds a double to lead: draw in turn." % a
        text = "Hand %d. %s." % (a, verb(session, seat, "leads", "lead"))
        if b >= 0:
            text += " The lead must be %s." % name(b)
        return text
    if kind == ev.PLAYED:
        if b >= LEAD:
            return "%s %s." % (verb(session, seat, "leads", "lead"), tile_at(a, b))
        return "%s %s on the %s end." % (
            verb(session, seat, "plays", "play"),
            name(a),
            END_WORDS[b],
        )
    if kind == ev.DREW:
        if session.is_human(seat) and session.humans() == 1:
            return "You draw %s." % name(a)
        return "%s a tile." % verb(session, seat, "draws", "draw")
    if kind == ev.PASSED:
        return "%s: nothing fits and nothing to draw." % verb(session, seat, "passes", "pass")
    if kind == ev.DOMINO:
        return "Domino! %s out." % verb(session, seat, "is", "are")
    if kind == ev.FISH:
        if seat < 0:
            return "Fish: nobody can play, and the lowest counts are equal."
        return "Fish: nobody can play. %s the lowest count." % verb(session, seat, "has", "have")
    if kind == ev.SCORED:
        return _scored(session, seat, a, b)
    if kind == ev.EGGS:
        return "Eggs: %d points go to the next decided hand." % a
    if kind == ev.POOL:
        if seat < 0:
            return "A drawn hand: the pool holds %d." % a
        return "%s the pool of %d." % (verb(session, seat, "takes", "take"), a)
    if kind == ev.GOAT:
        if session.kind == "kozel":
            return "%s 125: the goat!" % verb(session, seat, "reaches", "reach")
        if a:
            return "%s on the goat." % _side_verb(session, seat, "goes", "go")
        return "%s off the goat." % _side_verb(session, seat, "comes", "come")
    if kind == ev.GENERAL:
        return "%s out with [0|0] and [6|6]: the general's goat!" % verb(
            session, seat, "goes", "go"
        )
    if kind == ev.OFFICER:
        return "%s out with [0|0]: the officer's goat!" % verb(session, seat, "goes", "go")
    if kind == ev.SNOT:
        return "The snot: %s %s out of play." % (verb(session, seat, "lays", "lay"), name(a))
    if kind == ev.TOOK_STOCK:
        return "The line is closed: %s the stock's %d tiles." % (
            verb(session, seat, "takes", "take"),
            a,
        )
    if kind == ev.HAND_OVER:
        return "Hand over. " + scores(session)
    if kind == ev.MATCH_OVER:
        return winners(session) + " " + scores(session)
    return ""


def _side_verb(session, seat, plain, you):
    if session.options.pairs:
        return "%s %s" % (side(session, seat), you)
    return verb(session, seat, plain, you)


def _scored(session, seat, points, due):
    if session.kind == "kozel":
        limit = 25 if session.options.pairs else 13
        if not points:
            return "%s nothing: %d is under %d." % (
                _side_verb(session, seat, "writes", "write"),
                due,
                limit,
            )
        return "%s %d." % (_side_verb(session, seat, "writes", "write"), points)
    return "%s %d." % (_side_verb(session, seat, "scores", "score"), points)


# How each game scores a hand, in a sentence.
_RULES = {
    "1x1": "The winner scores the loser's count; at a drawn fish it goes to the pool.",
    "classic": "A domino scores the other counts; a fish scores the differences to them.",
    "kozel": "Points are bad: losers write their counts once a hand gives them %d.",
    "yard": "Losing with %d or more puts a side on the goat; losing again loses the match.",
    "international": "The winner scores the other counts (in pairs, the opponents').",
}


def rule(session):
    """How this game scores a hand (Kozel and Yard Kozel: with their threshold)."""
    text = _RULES[session.kind]
    if "%d" in text:
        text = text % (25 if session.options.pairs else 13)
    return text


def winners(session):
    """Who won the match: a seat, a side, or (Kozel) everyone but the goats."""
    game = session.game
    if game.winner < 0:
        return "The match is over."
    if session.options.pairs:
        return "%s win the match." % side(session, game.winner)
    won = [who(session, s) for s in range(game.SEATS) if game.winners >> s & 1]
    if len(won) == 1:
        return "%s the match." % verb(session, game.winner, "wins", "win")
    return "%s win the match." % " and ".join(won)


def score_word(session, seat):
    """A seat's standing as said: points, a Kozel count written (or not yet), or
    whether a Yard Kozel side is on the goat."""
    game = session.game
    if session.kind == "yard":
        return "on the goat" if game.scores[seat] else "clear"
    if session.kind == "kozel" and not game.writing >> seat & 1:
        return "not writing yet"
    return str(game.scores[seat])


def short_score(session, seat):
    """What stands for a seat's score on screen, or "" for the number itself:
    Yard Kozel's goat, or "-" for a Kozel count not yet written."""
    game = session.game
    if session.kind == "yard":
        return "goat" if game.scores[seat] else "-"
    if session.kind == "kozel" and not game.writing >> seat & 1:
        return "-"
    return ""


def scores(session):
    game = session.game
    seats = range(2 if session.options.pairs else game.SEATS)
    parts = ["%s %s" % (side(session, s), score_word(session, s)) for s in seats]
    target = session.options.target
    tail = ""
    if target > 0:
        tail = (
            ", the goat at %d" % target if session.kind == "kozel" else ", playing to %d" % target
        )
    return "Score: %s%s." % (", ".join(parts), tail)


def ends(session):
    table = session.game.table
    if table.n == 0:
        return "The table is empty."
    down = "1 tile" if table.n == 1 else "%d tiles" % table.n
    return "Ends: West %d, East %d; %s down." % (table.value[W], table.value[E], down)


def counts(session):
    game = session.game
    parts = ["%s %d" % (who(session, s), count(game.hands[s])) for s in range(game.SEATS)]
    text = "Tiles: %s; stock %d" % (", ".join(parts), game.drawable())
    locked = game.stock_size - game.drawn - game.drawable()
    if locked:
        text += ", %d locked" % locked
    return text + "."


def hand(session, seat):
    tiles = session.game.hands[seat]
    names = [name(t) for t in range(28) if tiles >> t & 1]
    owner = who(session, seat)
    return "%s: %s." % ("Your tiles" if owner == "You" else owner, " ".join(names))
