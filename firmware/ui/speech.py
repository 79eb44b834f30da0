"""The words that tell a match to players who cannot see the screen: a duel's
(ui.narrate_bid, built on the shared words), a draw-and-block match's
(ui.narrate_line) or All Fives' (ui.narrate). Screens ask here, so that the
shared words never depend on a duel's or a draw-and-block match's."""


def words(session):
    """The module that tells `session`'s events and scores."""
    if session.timed:
        from ui import narrate_bid  # a duel's words are loaded only for a duel

        return narrate_bid
    return table_words(session)


def table_words(session):
    """The module that tells `session`'s table (ends, tile counts, a hand): a duel's
    table is told as All Fives' is."""
    if session.line:  # a draw-and-block match's words are loaded only for one
        from ui import narrate_line

        return narrate_line
    from ui import narrate

    return narrate


def event(session, e):
    """One sentence for an event, or "" for one that needs none."""
    return words(session).event(session, e)


def scores(session):
    """What the "scores" key says: the scores, or a duel's balances and clocks."""
    return words(session).scores(session)
