"""Domino Poker's screen in the headless emulator: whole matches through the buttons,
refusals, and the turn timer's missed-turn states when the player does nothing."""

import pytest
from core import coins
from core.poker import MATCH_OVER
from core.pokerreplay import replay
from core.pokertimer import ACTIVE, AUTOPLAY, INACTIVE, WARNED
from core.tiles import name
from hw.journal import chunk
from screens import poker
from screens_support import Handheld
from ui import wallets
from ui.matchsave import pending
from ui_driver import redraws_checked


@pytest.fixture
def h(tmp_path):
    handheld = Handheld(tmp_path, first="menu")
    labels = handheld.screen.menu.labels
    for _ in range(labels.index("Domino Poker")):
        handheld.press("down")
    handheld.press("a")
    assert handheld.name == "poker" and handheld.screen.mode == poker.SETUP
    return handheld


def start(h, level_presses=0):
    if level_presses:
        h.press("down")  # the opponents' level
        for _ in range(level_presses):
            h.press("right")
        h.press("up")
    h.press("a")  # Start, first
    assert h.screen.mode == poker.COUNTDOWN


def test_a_whole_match_played_with_a_alone(h):
    start(h)
    screen = h.screen
    assert screen.level == "medium" and screen.game.hand_no == 1
    seen = set()
    for _ in range(20000):
        if screen.mode == poker.MATCH_END:
            break
        seen.add(screen.mode)
        if screen.mode in (poker.YOUR_BID, poker.YOUR_TILE, poker.YOUR_CALL, poker.HAND_END):
            h.press("a")  # bid 0, play the first playable tile, lead it as called
        elif screen.mode == poker.TRICK:
            h.press("a")  # A moves on from a taken trick
        else:
            h.idle()
    game = screen.game
    assert game.state == MATCH_OVER and game.hand_no == 5
    assert {poker.YOUR_BID, poker.YOUR_TILE, poker.THINKING, poker.TRICK, poker.HAND_END} <= seen
    assert screen.timer.state() == ACTIVE  # every turn was in time
    storage = h.app.storage
    assert pending(storage) < 0  # a finished match is retired
    # Its record, as the screen kept it, replays to the same end and writes back the same.
    text = screen.record.text()
    again, written = replay(text)
    assert again.scores == game.scores and again.standings() == game.standings()
    assert written.text() == text and text.startswith("game: poker\noptions: hands=5\n")
    place = game.standings().index(0) + 1
    earned = coins.reward(["medium"] * 3, place)
    assert screen.paid == earned and wallets.wallet(storage, screen.names[0])[0] == 5000 + earned
    # Had the top two tied, the match end would say how the tie was broken.
    game.scores = [50, 50, 10, 0]
    game.bid_sums = [9, 12, 3, 3]
    assert screen._tie_words() == "Tied: more bids, 12 to 9"
    game.bid_sums = [12, 12, 3, 3]
    game.trick_sums = [6, 8, 1, 1]
    assert screen._tie_words() == "Tied: more tricks, 8 to 6"
    assert any(s.startswith("Match over. 1. ") for s in h.spoken)
    h.press("a")
    assert h.name == "menu" and h.screen.menu.labels[h.screen.menu.cursor] == "Domino Poker"


def test_a_tile_that_may_not_be_played_is_refused_with_its_reason(h):
    start(h, level_presses=1)  # three hard players
    screen = h.screen
    assert screen.level == "hard"
    for _ in range(5000):
        if screen.mode == poker.YOUR_TILE and screen.game.led >= 0:
            game = screen.game
            dimmed = [i for i, t in enumerate(screen.tiles) if not game.playable(0) >> t & 1]
            if dimmed:
                break
        if screen.mode in (poker.YOUR_BID, poker.YOUR_TILE, poker.YOUR_CALL, poker.HAND_END):
            h.press("a")
        else:
            h.idle()
    else:
        pytest.fail("no turn with a tile that may not be played")
    before = (tuple(game.hands), game.trick_n, game.turn)
    while screen.choice != dimmed[0]:
        h.press("right")
    h.press("a")
    reason = game.check(screen.tiles[dimmed[0]] * 8 + 7)
    assert reason and h.spoken[-1] == reason and screen.notice_frames
    assert (tuple(game.hands), game.trick_n, game.turn) == before


def test_missed_turns_warn_mark_inactive_then_autoplay_until_a_press(h):
    start(h)
    screen = h.screen
    states = []
    for _ in range(6000):
        if screen.timer.state() == AUTOPLAY:
            break
        h.idle()
        if not states or states[-1] != screen.timer.state():
            states.append(screen.timer.state())
    assert states == [ACTIVE, WARNED, INACTIVE, AUTOPLAY]
    assert "Late: handheld played" in h.spoken and "Autoplay: press a key" in h.spoken
    # Under autoplay the handheld plays your turns at once; a press takes control back.
    played = screen.actions
    h.idle(60)
    assert screen.actions > played and screen.timer.state() == AUTOPLAY
    h.press("b")
    assert screen.timer.state() == ACTIVE and "You play again" in h.spoken


def test_a_match_cut_off_after_any_action_continues_exactly_where_it_was(tmp_path):
    first = Handheld(tmp_path, first="poker")
    first.press("a")  # Start
    screen = first.screen
    cuts = (3, 9, 14, 40)
    for _ in range(8000):
        if screen.actions in cuts and screen.mode != poker.SETUP:
            state = snapshot(screen)
            again = Handheld(tmp_path, first="poker")  # the power came back
            assert again.screen.menu.labels[0] == "Continue"
            again.press("a")
            assert snapshot(again.screen) == state
            game = again.screen.game
            for i in range(game.trick_n):  # the trick under way is back on the table
                assert again.screen.shown[(game.leader + i) % 4] == game.trick[i]
            cuts = cuts[1:]
            if not cuts:
                break
        if screen.mode in (poker.YOUR_BID, poker.YOUR_TILE, poker.YOUR_CALL, poker.HAND_END):
            first.press("a")
        else:
            first.idle()
    assert not cuts


def snapshot(screen):
    game = screen.game
    return (
        screen.level,
        tuple(game.hands),
        bytes(game.bids),
        bytes(game.taken),
        bytes(game.trick[: game.trick_n]),
        game.turn,
        game.hand_no,
        tuple(game.scores),
        screen.timer.missed,
        screen.record.text(),
    )


def test_a_damaged_save_is_retired_and_said(tmp_path):
    h = Handheld(tmp_path, first="menu")
    h.app.storage.match.start(3, b"game: poker\nhard ANN\n\x01\x05\x00\x00\x00\x07",
                              chunk(b"P", b"\x77\x00\x00"))  # a play while the bids are due
    h.go("menu")
    assert h.screen.keys[0] == "continue"
    h.press("a")
    assert h.name == "menu" and "continue" not in h.screen.keys
    assert h.screen.bubble.open and "damaged" in h.spoken[-1]


def test_the_pause_menu_stops_the_clock_shows_the_rules_and_keeps_the_match(h):
    start(h)
    screen = h.screen
    while screen.mode != poker.YOUR_BID:
        h.idle()
    h.idle(30)
    actions = screen.actions
    h.press("b")
    assert screen.paused is not None
    left = screen.timer.left(screen.now)
    assert h.spoken[-1] == "Paused. Scores: PLAYER 1 0, CPU 2 0, CPU 3 0, CPU 4 0. Resume."
    h.idle(400)  # longer than a turn: nothing moves while paused
    assert screen.actions == actions and screen.timer.left(screen.now) == left
    h.press("down", "a")  # Rules help
    assert h.spoken[-1].startswith("Domino Poker rules, page 1 of 10: Domino Poker. Four players")
    h.press("right")
    assert h.spoken[-1].startswith("Domino Poker rules, page 2 of 10: The table.")
    h.press("b")  # back to the pause menu, on Rules help
    assert screen.paused.pages is None and screen.paused.menu.cursor == 1
    h.press("up", "a")  # Resume
    assert screen.paused is None and screen.mode == poker.YOUR_BID
    assert screen.timer.left(screen.now) <= left and not screen.timer.overdue(screen.now)
    state = snapshot(screen)
    h.press("b", "up", "up", "a")  # Quit to menu (above Abandon): the match is kept
    assert h.name == "menu" and h.screen.keys[0] == "continue"
    assert h.screen.summary == ["Domino Poker vs 3 CPU medium", "Hand 1/5, Scores 0, 0, 0, 0"]
    h.press("a")  # Continue
    assert h.name == "poker" and snapshot(h.screen) == state


def test_b_goes_back_from_the_called_number_not_to_the_pause_menu(h):
    start(h)
    screen = h.screen
    for _ in range(4000):
        if screen.mode == poker.YOUR_CALL:
            break
        if screen.mode in (poker.YOUR_BID, poker.YOUR_TILE, poker.HAND_END):
            h.press("a")
        else:
            h.idle()
    assert screen.mode == poker.YOUR_CALL
    h.press("b")
    assert screen.mode == poker.YOUR_TILE and screen.paused is None


def test_while_a_handheld_thinks_the_table_left_as_drawn_is_the_table_drawn_whole(h, monkeypatch):
    frames = redraws_checked(h, monkeypatch, "screens.poker")
    start(h, level_presses=1)  # hard: a search of many steps
    screen = h.screen
    for _ in range(3000):
        if screen.mode in (poker.YOUR_BID, poker.YOUR_TILE, poker.YOUR_CALL, poker.HAND_END,
                           poker.TRICK):
            h.press("a")
        else:
            h.idle()
    assert frames[0] > 300


def test_the_set_up_starts_first_and_comes_back_as_it_was_left(h, tmp_path):
    menu = h.screen.menu
    assert menu.labels == ("Start", "Opponents", "Hands") and menu.cursor == 0
    assert menu.values[1] == ("Easy", "Medium", "Hard")
    assert menu.values[1][menu.value(1)] == "Medium" and menu.values[2][menu.value(2)] == "5"
    h.press("down", "right", "down", "right", "right")  # Hard, 10 hands
    again = Handheld(tmp_path, first="poker")  # the power went and came back
    assert (again.screen.menu.value(1), again.screen.menu.value(2)) == (2, 2)
    h.go("menu")
    h.go("poker")  # a fresh set-up screen remembers them, before any match
    menu = h.screen.menu
    assert (menu.value(1), menu.value(2)) == (2, 2)
    h.press("a")  # Start: A A from the menu replays that set-up
    screen = h.screen
    assert screen.level == "hard" and screen.game.options.hands == 10


def test_the_hand_is_shown_from_the_countdown_on(h):
    start(h)
    screen = h.screen
    assert screen.mode == poker.COUNTDOWN and len(screen.tiles) == 7
    assert sorted(screen.tiles) == [t for t in range(28) if screen.game.hands[0] >> t & 1]


def test_a_taken_trick_says_who_took_it_then_the_table_is_cleared(h):
    start(h)
    screen = h.screen
    seen = []
    for _ in range(6000):
        mode = screen.mode
        if mode == poker.TRICK:
            taker = screen.taker
            words = "You take the trick" if taker == 0 else "CPU %d takes the trick" % (taker + 1)
            assert screen.trick_words == words
            assert all(t < 28 for t in screen.shown) and screen.led >= 0  # the whole trick
            while screen.mode == poker.TRICK:
                h.idle()
            assert all(t == 255 for t in screen.shown) and screen.led == -1
            seen.append(taker)
            if screen.mode == poker.YOUR_TILE:  # you lead: on a bare table
                assert screen.game.trick_n == 0 and taker == 0
                break
        elif mode in (poker.YOUR_BID, poker.YOUR_TILE, poker.YOUR_CALL, poker.HAND_END):
            h.press("a")
        else:
            h.idle()
    else:
        pytest.fail("you never led after taking a trick")
    assert seen


def test_the_lead_keeps_what_it_called_for_the_whole_trick(h):
    start(h)
    screen = h.screen
    for _ in range(6000):
        if screen.mode == poker.YOUR_CALL:
            t = screen.tiles[screen.choice]
            h.press("right")  # the other half
            called = screen.call
            assert called in (poker.LOW[t], poker.HIGH[t])
            h.press("a")
            assert screen.led == called and screen.led_by == 0
            assert h.app.ask("ends") == "The trick: PLAYER 1 %s as %d." % (name(t), called)
            while screen.mode != poker.TRICK:
                assert screen.led == called  # as each other seat follows
                h.idle()
            return
        if screen.mode in (poker.YOUR_BID, poker.YOUR_TILE, poker.HAND_END):
            h.press("a")
        else:
            h.idle()
    pytest.fail("you never led a two-number tile")


def test_up_or_down_held_shows_the_totals_and_lets_go_of_them(h):
    start(h)
    screen = h.screen
    for _ in range(2):  # a pin's change counts from its second poll (contact bounce)
        h.emulator.step({"up"})
    assert screen.totals and screen.totals_words == "Hand 1 of 5: totals"
    h.idle(2)
    assert not screen.totals
    for _ in range(2):
        h.emulator.step({"down"})
    assert screen.totals
