"""The sentences of a Spectacular Bid duel, built on the words both games share
(ui.narrate): what All Fives says otherwise or lacks (transfers and their cap,
the auction's calls, the loss on time, the jockey; balances and clocks) is said
here, the rest as All Fives says it. ui.speech picks this module for a duel.
"""

from core import events as ev
from core.actions import is_bid

from ui import narrate
from ui.narrate import score_parts, verb, who, whom


def event(session, e):
    """One sentence for an event of a duel, or "" for one that needs none."""
    return _duel(session, e) or narrate.event(session, e)


def _duel(session, e):
    """The sentence of a Spectacular Bid event that All Fives says otherwise or
    lacks, or "" to say it as All Fives does."""
    kind, seat, a, b = e
    if kind == ev.DEAL and session.game.jockey >= 0:
        return "Hand %d. The opening is auctioned. %s first." % (
            a,
            verb(session, seat, "speaks", "speak"),
        )
    if kind == ev.SCORED:
        return "Count %d." % b  # the transfer that follows says who takes what
    if kind == ev.TRANSFER:
        takes = verb(session, seat, "takes", "take")
        payer = whom(session, 1 - seat)
        if a < b:
            return "%s %d of %d from %s, capped: that was all %s had." % (
                takes, a, b, payer, payer
            )
        return "%s %d from %s." % (takes, a, payer)
    if kind == ev.BID:
        actions = session.record.actions
        if len(actions) > 1 and is_bid(actions[-2]):  # the call before was a bid
            return "%s to %d." % (verb(session, seat, "raises", "raise"), a)
        return "%s %d for the opening." % (verb(session, seat, "bids", "bid"), a)
    if kind == ev.ACCEPTED:
        text = "%s the bid of %d. %s %d for the lead" % (
            verb(session, seat, "accepts", "accept"),
            a,
            verb(session, 1 - seat, "pays", "pay"),
            b,
        )
        if b < a:
            return text + ", after the jockey's discount of %d." % (a - b)
        return text + "."
    if kind == ev.DECLINED:
        return "%s. %s for free, as the jockey." % (
            verb(session, seat, "declines", "decline"),
            verb(session, 1 - seat, "leads", "lead"),
        )
    if kind == ev.TIMED_OUT:
        return "%s out of time: the match is lost." % verb(session, seat, "runs", "run")
    if kind == ev.DOMINO:
        out = verb(session, seat, "is", "are")
        return "Domino! %s out: nothing for the tiles left. %s the jockey." % (out, out)
    if kind == ev.HAND_OVER:
        if seat < 0:
            return "Hand over. %s The highest double leads the next hand." % scores(session)
        return "Hand over. %s %s the jockey: the next opening is auctioned." % (
            scores(session),
            verb(session, seat, "is", "are"),
        )
    return ""


def scores(session):
    """What the "scores" key says in a duel: the balances and both banks."""
    banks = ["%s %s" % (who(session, s), clock_text(session.bank(s))) for s in range(2)]
    parts = ", ".join(score_parts(session))
    return "Balances: %s. Clocks: %s." % (parts, ", ".join(banks))


def clock_text(ms):
    """Time left as m:ss, whole seconds rounded up (0:00 only once it is all gone)."""
    seconds = (ms + 999) // 1000
    return "%d:%02d" % (seconds // 60, seconds % 60)
