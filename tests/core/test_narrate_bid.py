"""Sentences for Spectacular Bid's events, for players who cannot see the screen:
each made from real events of seeded duels played through a Session."""

from core import events as ev
from core.actions import ACCEPT, bid, DECLINE
from core.allfives import Options
from core.rng import Rng
from core.tiles import name
from players import bidder
from ui import narrate_bid, speech
from ui.session import Session

SOLO = ["human:Ann", "handheld:bid"]  # seat 0 is "You", seat 1 "CPU"
PAIR = ["human:Ann", "human:Bob"]


def duel(seed, seats=SOLO):
    session = Session(Options(), seed, seats, game="bid")
    session.deal()
    return session


def step(session, rng):
    """Move the match on by one thing: a deal between hands, else the bid player's
    decision for the seat to move (a human's is played as its own)."""
    seat = session.to_move()
    if seat < 0:
        return session.deal()
    if not session.is_human(seat):
        return session.think()
    return session.play(bidder.choose(session.view(seat), rng))


def play_until(session, found, most=2000):
    """Step the match until found(events, event) holds for one of an action's
    events; returns (events, event)."""
    rng = Rng(session.seed)
    for _ in range(most):
        events = step(session, rng)
        for e in events:
            if found(events, e):
                return events, e
        if session.over:
            break
    raise AssertionError("the seeded match never came to it")


def kind_is(kind):
    return lambda events, e: e[0] == kind


def to_the_auction(session):
    play_until(session, kind_is(ev.DEAL))
    while session.game.jockey < 0:  # a blocked hand: no auction after it
        play_until(session, kind_is(ev.DEAL))
    assert session.auction
    return session.to_move()  # the jockey's opponent speaks first


def said(session, events, kind):
    [sentence] = [speech.event(session, e) for e in events if e[0] == kind]
    return sentence


def test_a_count_is_a_transfer_that_says_who_takes_how_much_from_whom():
    session = duel(1)
    events, e = play_until(session, kind_is(ev.TRANSFER))
    _, seat, points, due = e
    assert points == due and points % 5 == 0
    assert session.game.scores[seat] == 150 + points
    assert said(session, events, ev.SCORED) == "Count %d." % points
    expected = "You take %d from CPU." if seat == 0 else "CPU takes %d from you."
    assert speech.event(session, e) == expected % points


def test_a_capped_transfer_says_so():
    session = duel(2)  # its last transfer is capped: the loser had less than was due
    events, e = play_until(session, lambda events, e: e[0] == ev.TRANSFER and e[2] < e[3])
    _, seat, points, due = e
    assert session.game.scores[1 - seat] == 0 and events[-1] == (ev.MATCH_OVER, seat, 0, 0)
    you, cpu = ("You take", "CPU") if seat == 0 else ("CPU takes", "you")
    assert speech.event(session, e) == "%s %d of %d from %s, capped: that was all %s had." % (
        you, points, due, cpu, cpu)


def test_a_domino_makes_the_jockey_and_the_next_opening_is_auctioned():
    session = duel(1)
    events, e = play_until(session, kind_is(ev.DOMINO))
    jockey = e[1]
    assert e[2] == 0 and session.game.jockey == jockey
    name, verb = ("You", "are") if jockey == 0 else ("CPU", "is")
    assert speech.event(session, e) == (
        "Domino! %s %s out: nothing for the tiles left. %s %s the jockey." % (
            name, verb, name, verb))
    balances = session.game.scores
    assert said(session, events, ev.HAND_OVER) == (
        "Hand over. Balances: You %d, CPU %d. Clocks: You 2:00, CPU 2:00. "
        "%s %s the jockey: the next opening is auctioned." % (
            balances[0], balances[1], name, verb))
    deal = session.deal()
    first = "CPU speaks" if jockey == 0 else "You speak"
    assert speech.event(session, deal[0]) == (
        "Hand 2. The opening is auctioned. %s first." % first)


def test_after_a_blocked_hand_the_highest_double_leads():
    session = duel(1)  # one of its hands is blocked
    events, e = play_until(session, lambda events, e: e == (ev.HAND_OVER, -1, 0, 0))
    sentence = speech.event(session, e)
    assert sentence.startswith("Hand over. Balances: You ")
    assert sentence.endswith(" The highest double leads the next hand.")
    deal = session.deal()
    lead = deal[0][3]
    assert lead >= 0  # the engine names the tile that must lead
    assert speech.event(session, deal[0]).endswith("The lead must be %s." % name(lead))


def test_a_bid_then_a_raise_then_an_accept_with_the_jockey_discount():
    session = duel(1, PAIR)
    first = to_the_auction(session)
    names = ("Ann", "Bob")
    speaker, jockey = names[first], names[1 - first]
    before = list(session.game.scores)
    assert said(session, session.play(bid(15)), ev.BID) == (
        "%s bids 15 for the opening." % speaker)
    assert said(session, session.play(bid(25)), ev.BID) == "%s raises to 25." % jockey
    events = session.play(ACCEPT)
    assert said(session, events, ev.ACCEPTED) == (
        "%s accepts the bid of 25. %s pays 10 for the lead, after the jockey's discount"
        " of 15." % (speaker, jockey))
    assert said(session, events, ev.TRANSFER) == "%s takes 10 from %s." % (speaker, jockey)
    assert session.game.scores[first] == before[first] + 10
    assert session.to_move() == 1 - first  # the jockey opens


def test_a_raise_of_a_raise_accepted_costs_its_bidder_the_whole_bid():
    session = duel(1, PAIR)
    first = to_the_auction(session)
    names = ("Ann", "Bob")
    session.play(bid(15))
    session.play(bid(20))
    assert said(session, session.play(bid(30)), ev.BID) == "%s raises to 30." % names[first]
    assert said(session, session.play(ACCEPT), ev.ACCEPTED) == (
        "%s accepts the bid of 30. %s pays 30 for the lead." % (names[1 - first], names[first]))


def test_the_jockey_accepts_the_first_bid_at_its_full_price():
    session = duel(1, PAIR)
    first = to_the_auction(session)
    names = ("Ann", "Bob")
    session.play(bid(15))
    assert said(session, session.play(ACCEPT), ev.ACCEPTED) == (
        "%s accepts the bid of 15. %s pays 15 for the lead." % (names[1 - first], names[first]))


def you_speak_first():
    """A duel against the handheld at its first auction, where you speak first."""
    for seed in range(1, 40):
        session = duel(seed)
        if to_the_auction(session) == 0:
            return session
    raise AssertionError("the handheld spoke first in every seeded duel")


def test_declining_lets_the_jockey_lead_for_free():
    session = you_speak_first()
    before = list(session.game.scores)
    assert said(session, session.play(DECLINE), ev.DECLINED) == (
        "You decline. CPU leads for free, as the jockey.")
    assert session.game.scores == before and session.to_move() == 1
    session = duel(1, PAIR)
    first = to_the_auction(session)
    names = ("Ann", "Bob")
    assert said(session, session.play(DECLINE), ev.DECLINED) == (
        "%s declines. %s leads for free, as the jockey." % (names[first], names[1 - first]))


def test_you_bid_and_the_handheld_accepts():
    session = you_speak_first()
    assert said(session, session.play(bid(15)), ev.BID) == "You bid 15 for the opening."
    events = session.think()  # the handheld takes 15 rather than give you the lead
    assert said(session, events, ev.ACCEPTED) == (
        "CPU accepts the bid of 15. You pay 15 for the lead.")
    assert said(session, events, ev.TRANSFER) == "CPU takes 15 from you."


def test_running_out_of_time_loses_the_match():
    session = duel(1)
    play_until(session, kind_is(ev.SCORED))
    seat = session.to_move()
    events = session.tick(130000)
    assert events[0] == (ev.TIMED_OUT, seat, 130000, 0) and session.over
    out = "You run" if seat == 0 else "CPU runs"
    assert speech.event(session, events[0]) == out + " out of time: the match is lost."
    winner = ("You win", "CPU wins")[1 - seat]
    balances = session.game.scores
    assert speech.event(session, events[1]) == "%s the match, %d to %d." % (
        winner, balances[1 - seat], balances[seat])


def test_the_scores_are_the_balances_and_both_banks():
    session = duel(1, PAIR)
    assert speech.scores(session) == "Balances: Ann 150, Bob 150. Clocks: Ann 2:00, Bob 2:00."
    seat = session.to_move()
    session.elapsed = 12500  # the forced lead took 12.5 s: 2.5 s of the bank
    session.play(session.game.legal()[0])
    banks = ["2:00", "2:00"]
    banks[seat] = "1:58"  # 117.5 s left, shown rounded up
    assert speech.scores(session).endswith("Clocks: Ann %s, Bob %s." % tuple(banks))
    assert "playing to" not in speech.scores(session)


def test_clock_text_rounds_up_to_the_second():
    assert [narrate_bid.clock_text(ms) for ms in (0, 1, 999, 1000, 59001, 120000)] == [
        "0:00", "0:01", "0:01", "0:01", "1:00", "2:00"]


def test_all_fives_says_what_it_said():
    session = Session(Options(), 4, SOLO[:1] + ["handheld:tactics"])
    assert speech.event(session, (ev.DOMINO, 0, 0, 0)) == (
        "Domino! You are out; the tiles left count nothing.")
    assert speech.event(session, (ev.HAND_OVER, 1, 0, 0)) == (
        "Hand over. Score: You 0, CPU 0, playing to 100. CPU leads next.")
    assert speech.event(session, (ev.DEAL, 1, 2, -1)) == "Hand 2. CPU leads."
    assert speech.event(session, (ev.SCORED, 0, 10, 10)) == "Count 10: You score 10."

