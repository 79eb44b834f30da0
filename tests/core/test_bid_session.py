"""A Spectacular Bid match on the handheld: its clock fed by the frames, saving and resuming."""

from check import memory_storage, raises
from core import events as ev
from core.actions import DRAW, TIMEOUT
from core.allfives import Illegal, Options
from core.bid import AUCTION
from core.matchclock import BANK, DELAY
from core.rng import Rng
from ui.restore import decode, resume
from ui.session import Session

SEATS = ["human:Ann", "handheld:bid"]
HUMANS = ["human:Ann", "human:Bob"]  # quick to play: nobody searches


def bid_session(seed=11, seats=SEATS):
    session = Session(None, seed, seats, game="bid")
    session.deal()
    return session


def play_out(session, storage, rng, stop_after=-1):
    """Move the match on as the screens do: some time passes before every action
    (the handheld's too), and the match is saved after every step. Humans play
    their first legal play; in an auction they bid the least a third of the time,
    else decline or accept."""
    session.save(storage)
    while not session.over and len(session.record.actions) != stop_after:
        if session.to_move() < 0:
            session.deal()
        elif session.tick(rng.below(12000)) is not None:
            pass  # the mover lost on time: the tick made the TIMEOUT action
        elif session.waiting_for_human():
            legal = session.game.legal()
            plays = [a for a in legal if a < DRAW]
            if plays:
                session.play(plays[0])
            elif session.auction and len(legal) > 1 and rng.below(3) == 0:
                session.play(legal[1])
            else:
                session.play(legal[0])
        else:
            session.think()
        session.save(storage)


def test_a_saved_duel_resumes_exactly_with_its_clocks():
    whole = bid_session(seats=HUMANS)
    play_out(whole, memory_storage(), Rng(5), 200)
    total = len(whole.record.actions)
    assert total == 200 and whole.game.jockey >= 0  # a hand has ended in a domino
    assert min(whole.game.clock.bank) < BANK  # some decisions took more than the delay
    for cut in (0, 1, 57, 133, 199):
        first = bid_session(seats=HUMANS)
        storage = memory_storage()
        rng = Rng(5)
        play_out(first, storage, rng, cut)
        again, _ = resume(storage)
        assert again is not None and again.kind == "bid"
        game, was = again.game, first.game
        assert game.scores == was.scores and game.hands == was.hands
        assert game.clock.bank == was.clock.bank and game.clock.spent == was.clock.spent
        assert (game.state, game.turn, game.jockey, game.high_bid) == (
            was.state, was.turn, was.jockey, was.high_bid)
        play_out(again, storage, rng, 200)
        assert again.record.text() == whole.record.text()


def test_the_frames_run_the_clock_of_the_player_to_move_only():
    session = bid_session()
    me = session.to_move()
    assert session.tick(8000) is None
    assert (session.bank(me), session.delay(me)) == (BANK, DELAY - 8000)
    assert (session.bank(1 - me), session.delay(1 - me)) == (BANK, -1)  # not running
    session.tick(5000)
    # The delay is used up: the bank runs.
    assert (session.bank(me), session.delay(me)) == (BANK - 3000, 0)


def test_a_decision_costs_its_time_past_the_delay_illegal_attempts_included():
    session = bid_session(seats=HUMANS)
    me = session.to_move()
    session.tick(6000)
    raises(Illegal, session.play, 27 * 8)  # not a legal lead: nothing happens ...
    session.tick(6000)  # ... and the clock goes on running
    session.play(session.game.legal()[0])
    assert session.game.clock.bank[me] == BANK - 2000
    assert session.record.times[0] == 12000


def test_a_decision_at_9_9_seconds_costs_nothing():
    session = bid_session(seats=HUMANS)
    me = session.to_move()
    session.tick(9900)
    session.play(session.game.legal()[0])
    assert session.game.clock.bank[me] == BANK


def test_running_out_of_time_loses_at_that_frame():
    session = bid_session()
    me = session.to_move()
    assert session.tick(DELAY + BANK - 1) is None
    events = session.tick(1)
    assert events[0][:2] == (ev.TIMED_OUT, me)
    assert session.over and session.game.winner == 1 - me
    assert session.record.actions[-1] == TIMEOUT
    assert session.tick(1000) is None  # nothing runs once the match is over
    assert decode(session.encode()).game.winner == 1 - me
    assert session.record.text().rstrip().endswith("timeout +130s")


def test_all_fives_has_no_clock():
    session = Session(Options(), 3, SEATS[:1] + ["handheld:tactics"])
    session.deal()
    assert session.tick(10**9) is None and not session.over


def test_the_auction_is_waited_for_like_a_turn():
    session = bid_session(seed=2, seats=HUMANS)
    rng = Rng(1)
    storage = memory_storage()
    while session.game.state != AUCTION:
        if session.between_hands:
            session.deal()  # the auction begins with the deal
        else:
            play_out(session, storage, rng, len(session.record.actions) + 1)
    assert session.auction and session.to_move() == 1 - session.game.jockey
    assert session.view(session.to_move()).state == AUCTION  # what a bid player sees


def test_a_damaged_duel_save_is_refused():
    session = bid_session(seats=HUMANS)
    session.play(session.game.legal()[0])
    data = session.encode()
    assert decode(data).record.text() == session.record.text()
    raises(ValueError, decode, data[:-1])  # an action cut short
    raises(ValueError, decode, data.replace(b"game: bid", b"game: chess"))
    raises(ValueError, decode, data.replace(b"human:Bob", b"handheld:expert"))
