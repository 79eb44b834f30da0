"""A match on the handheld: humans and handheld seats, saving and resuming."""

from check import MemoryStorage, raises
from core.actions import DRAW, PASS
from core.allfives import Illegal, Options, PLAYING
from core.rng import Rng
from ui import narrate, speech
from ui.session import decode, forget, resume, SAVE_KEY, Session


def human_choice(session, rng):
    """A human who plays a random legal move, preferring plays."""
    legal = session.game.legal()
    plays = [a for a in legal if a < DRAW]
    return plays[rng.below(len(plays))] if plays else legal[0]


def play_out(session, storage, rng, stop_after=-1):
    """Move the match on, saving after every step; stop after `stop_after` actions."""
    session.save(storage)
    while not session.over and len(session.record.actions) != stop_after:
        if session.to_move() < 0:
            session.deal()
        elif session.waiting_for_human():
            session.play(human_choice(session, rng))
        else:
            session.think()
        session.save(storage)


def test_a_saved_match_resumes_exactly_at_every_action():
    options = Options.parse("target=61")
    seats = ["human:Ann", "handheld:defensive"]
    whole = Session(options, 21, seats)
    storage = MemoryStorage()
    play_out(whole, storage, Rng(3))
    total = len(whole.record.actions)
    assert total > 20 and whole.over
    for cut in range(0, total + 1, 3):
        first = Session(options, 21, seats)
        storage = MemoryStorage()
        rng = Rng(3)
        play_out(first, storage, rng, cut)
        again = resume(storage)
        assert again is not None
        assert again.game.scores == first.game.scores
        assert again.game.hands == first.game.hands
        assert again.game.table.played == first.game.table.played
        assert again.game.turn == first.game.turn and again.game.state == first.game.state
        play_out(again, storage, rng)
        assert again.game.scores == whole.game.scores
        assert again.record.actions == whole.record.actions


def test_a_hand_dealt_but_not_yet_played_comes_back_dealt():
    storage = MemoryStorage()
    session = Session(Options(), 8, ["human:Ann", "handheld:tactics"])
    session.deal()
    session.save(storage)
    again = resume(storage)
    assert again.game.state == PLAYING and again.game.hands == session.game.hands
    rng = Rng(2)
    while not session.between_hands:  # play the first hand out
        if session.waiting_for_human():
            session.play(human_choice(session, rng))
        else:
            session.think()
    assert not session.over
    session.deal()  # A on the hand-end screen deals hand 2, then a power cut
    session.save(storage)
    again = resume(storage)
    assert again.game.hand_no == 2 and again.game.state == PLAYING
    assert again.game.hands == session.game.hands


def test_illegal_human_actions_change_nothing_and_are_not_saved():
    session = Session(Options(), 4, ["human:Ann", "handheld:tactics"])
    session.deal()
    storage = MemoryStorage()
    session.save(storage)
    before = storage.get(SAVE_KEY)
    assert str(raises(Illegal, session.play, PASS)).startswith("you can play")
    assert session.record.actions == bytearray()
    assert raises(Illegal, session.think)
    session.save(storage)
    assert storage.get(SAVE_KEY) == before


def test_a_damaged_save_is_dropped_not_crashed_on():
    storage = MemoryStorage()
    assert resume(storage) is None
    for bad in (
        b"garbage",
        b"options: target=100\nseed: 1\nplayers: human:A,handheld:nobody\n---\n",
        b"options: target=100\nseed: 1\nplayers: human:A,handheld:random\n---\n\xf1",
        b"options: target=7\nseed: 1\nplayers: human:A,handheld:random\n---\n",
        # A play of "tile 28", which a byte can hold: refused, not an IndexError.
        b"options: target=100\nseed: 1\nplayers: human:A,handheld:random\n---\n\xe4",
    ):
        storage.set(SAVE_KEY, bad)
        assert resume(storage) is None
        assert storage.get(SAVE_KEY) is None
    raises(ValueError, decode, b"seed: 1\n---\n")


def test_forget_removes_the_saved_match():
    storage = MemoryStorage()
    session = Session(Options(), 4, ["human:Ann", "handheld:tactics"])
    session.deal()
    session.save(storage)
    forget(storage)
    assert storage.get(SAVE_KEY) is None


def test_narration_speaks_of_you_against_one_handheld():
    session = Session(Options(), 4, ["human:Ann", "handheld:tactics"])
    deal = session.deal()
    assert speech.event(session, deal[0]) == "Hand 1. You lead."
    legal = session.game.legal()
    events = session.play(legal[0])
    sentence = speech.event(session, events[0])
    assert sentence.startswith("You lead [") and sentence.endswith("].")
    assert narrate.ends(session).startswith("Open ends: West ")
    assert narrate.counts(session) == "Tiles: You 6, CPU 7; stock 14."
    assert speech.scores(session).endswith("playing to 100.")
    events = session.think()
    assert speech.event(session, events[0]).startswith("CPU ")
    assert narrate.hand(session, 0).startswith("Your tiles: [")


def test_narration_hides_what_others_draw():
    session = Session(Options(), 4, ["human:Ann", "human:Bob"])
    session.deal()
    assert speech.event(session, (3, 1, 5, 0)) == "Bob draws a tile."
    solo = Session(Options(), 4, ["human:Ann", "handheld:random"])
    assert speech.event(solo, (3, 0, 5, 0)) == "You draw [0|5]."
    assert speech.event(solo, (3, 1, 5, 0)) == "CPU draws a tile."
    assert speech.event(solo, (6, -1, 0, 0)) == "Blocked. The hands are equal: no score."
