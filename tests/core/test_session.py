"""A match on the handheld: humans and handheld seats, saving and resuming."""

from check import memory_storage, raises
from core.actions import DRAW, PASS
from core.allfives import Illegal, Options, PLAYING
from core.rng import Rng
from hw.journal import chunk
from hw.storage import Storage
from ui import narrate, speech
from ui.matchsave import forget, pending
from ui.restore import decode, resume
from ui.session import DONE_KEY, LAST_KEY, retire, retired, Session


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
    storage = memory_storage()
    play_out(whole, storage, Rng(3))
    total = len(whole.record.actions)
    assert total > 20 and whole.over
    for cut in range(0, total + 1, 3):
        first = Session(options, 21, seats)
        storage = memory_storage()
        rng = Rng(3)
        play_out(first, storage, rng, cut)
        again, _ = resume(storage)
        assert again is not None
        assert again.game.scores == first.game.scores
        assert again.game.hands == first.game.hands
        assert again.game.table.played == first.game.table.played
        assert again.game.turn == first.game.turn and again.game.state == first.game.state
        play_out(again, storage, rng)
        assert again.game.scores == whole.game.scores
        assert again.record.actions == whole.record.actions


def test_a_hand_dealt_but_not_yet_played_comes_back_dealt():
    storage = memory_storage()
    session = Session(Options(), 8, ["human:Ann", "handheld:tactics"])
    session.deal()
    session.save(storage)
    again, _ = resume(storage)
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
    again, _ = resume(storage)
    assert again.game.hand_no == 2 and again.game.state == PLAYING
    assert again.game.hands == session.game.hands


def journal(storage):
    """The bytes of both copies of the match journal."""
    return [storage.flash.files.get(p) for p in ("/save.bin.match", "/save.bin.match.2")]


def test_illegal_human_actions_change_nothing_and_are_not_saved():
    session = Session(Options(), 4, ["human:Ann", "handheld:tactics"])
    session.deal()
    storage = memory_storage()
    session.save(storage)
    before = journal(storage)
    assert str(raises(Illegal, session.play, PASS)).startswith("you can play")
    assert session.record.actions == bytearray()
    assert raises(Illegal, session.think)
    session.save(storage)
    assert journal(storage) == before


def test_a_save_appends_only_what_is_new():
    session = Session(Options(), 4, ["human:Ann", "handheld:tactics"])
    session.deal()
    storage = memory_storage()
    session.save(storage)
    sizes = [len(journal(storage)[0])]
    rng = Rng(1)
    for _ in range(12):
        if session.waiting_for_human():
            session.play(human_choice(session, rng))
        else:
            session.think()
        session.save(storage)
        sizes.append(len(journal(storage)[0]))
    grown = [sizes[i + 1] - sizes[i] for i in range(12)]
    assert grown == [6] * 12  # one chunk of one action each time
    first, second = journal(storage)
    assert first == second


def test_a_damaged_match_is_retired_not_crashed_on():
    storage = memory_storage()
    assert resume(storage) == (None, "")
    header = b"game: allfives\nseed: 1\nplayers: human:A,handheld:"
    for number, bad in enumerate((
        b"garbage",
        header + b"nobody\noptions: target=100",
        header + b"random\noptions: target=7",
        b"game: allfives\nseed: x\nplayers: human:A,handheld:random\noptions: ",
        b"\xff\xfe" + header + b"random\noptions: ",
    ), 1):
        storage.match.start(number, bad)
        assert pending(storage) == number
        assert resume(storage) == (None, "The saved match was damaged and could not be restored.")
        assert pending(storage) == -1 and storage.get(DONE_KEY) == number
    # A play of "tile 28", which a byte can hold: refused, not an IndexError.
    storage.match.start(9, header + b"random\noptions: target=100", chunk(b"A", b"\xe4"))
    assert resume(storage)[0] is None and pending(storage) == -1
    raises(ValueError, decode, b"seed: 1\n---\n")
    raises(ValueError, decode, "seed: 1\n---\n")
    raises(ValueError, decode, 7)


def test_forget_retires_the_saved_match():
    storage = memory_storage()
    session = Session(Options(), 4, ["human:Ann", "handheld:tactics"])
    session.deal()
    session.save(storage)
    assert pending(storage) == session.number == 1
    forget(storage)
    assert pending(storage) == -1 and journal(storage) == [None, None]
    again = Session(Options(), 4, ["human:Ann", "handheld:tactics"])
    again.deal()
    again.save(storage)
    assert again.number == 2 and pending(storage) == 2  # never the retired number


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


def test_finishing_a_match_twice_counts_it_once():
    storage = memory_storage()
    session = Session(Options.parse("target=61"), 21, ["human:Ann", "handheld:defensive"])
    play_out(session, storage, Rng(3))
    counted = []
    assert retire(storage, session, lambda: counted.append(1))
    # Nothing written yet: a power cut now brings the match back to end again.
    flash = storage.flash.copy()
    assert pending(Storage("/save.bin", flash, flash.open)) == session.number
    assert retired(storage, True)
    assert pending(storage) == -1 and storage.get(DONE_KEY) == session.number
    assert decode(storage.get(LAST_KEY)).record.actions == session.record.actions
    # Shown again (its journal copied back, as a power cut could leave it): nothing counted.
    session.save(storage)
    assert not retire(storage, session, lambda: counted.append(1))
    assert retired(storage, False) and pending(storage) == -1
    assert counted == [1]


def _ends_after(plays):
    """What the narration says of the ends after `plays` ((a, b), where) of All Fives."""
    from core.tiles import tile

    session = Session(Options(), 4, ["human:Ann", "handheld:tactics"])
    for (a, b), where in plays:
        session.game.table.place(tile(a, b), where)
    return narrate.ends(session)


def test_the_ends_say_why_the_count_is_not_their_sum():
    from core.table import E, LEAD, N, W

    # The spinner [4|4] with both main sides played on: the branches are open, empty.
    said = _ends_after((((4, 4), LEAD), ((4, 0), W), ((4, 0), E)))
    assert said == (
        "Open ends: West 0, East 0, North 4, South 4. The count is 0: "
        "North and South have no tile yet and count nothing."
    )
    # One branch played on: only the other counts nothing.
    said = _ends_after((((4, 4), LEAD), ((4, 0), W), ((4, 1), E), ((4, 5), N)))
    assert said.endswith("The count is 6: South has no tile yet and counts nothing.")
    # A main side still empty: the spinner counts both its halves.
    said = _ends_after((((4, 4), LEAD), ((4, 2), W)))
    assert said == (
        "Open ends: West 2, East 4. The count is 10: "
        "the spinner counts both halves while East is empty."
    )
    # A double lying at an end counts both its halves; plain ends need no reason.
    said = _ends_after((((4, 4), LEAD), ((4, 2), W), ((4, 1), E), ((2, 2), W)))
    assert said.endswith("The count is 5: North and South have no tile yet and count "
                         "nothing; the double on West counts both halves.")
    plain = _ends_after((((1, 4), LEAD), ((4, 6), E)))
    assert plain == "Open ends: West 1, East 6. The count is 7."


def test_seats_of_one_level_share_a_thinker_and_decide_as_their_own_would():
    """Kozel's three hard seats share one thinker (two more held 5 KB of a board's
    heap): every decision, the sampler's and the endgame's, is the one a thinker
    made afresh for it takes on the same view and generator."""
    from core.blockrules import Options as LineOptions
    from core.rng import derive
    from players import thinker

    options = LineOptions.parse("kozel", "players=4 pairs=yes")
    session = Session(options, 5, ["human:Ann"] + ["handheld:hard"] * 3, game="kozel")
    shared = session._thinkers[1]
    assert session._thinkers[2] is shared and session._thinkers[3] is shared
    rng = Rng(7)
    seats_seen, endgames = set(), 0
    while session.game.hand_no < 3 and not session.over:
        if session.to_move() < 0:
            session.deal()
        elif session.waiting_for_human():
            session.play(human_choice(session, rng))
        else:
            seat = session.to_move()
            fresh = thinker("hard", "block")
            fresh.start(session.view(seat), derive(session.seed, len(session.record.actions)))
            while not fresh.step():
                pass
            session.start_thinking()
            while not session.think_step():
                pass
            assert shared.action == fresh.action
            seats_seen.add(seat)
            endgames += shared.now is shared.solver
            session.finish_thinking()
    assert seats_seen == {1, 2, 3} and endgames > 5
