"""The All Fives table through the buttons of the headless emulator."""

import sys

import framebuf
import pytest
import ui
from core import events as ev
from core.actions import DRAW, PASS
from core.replay import replay
from core.rng import Rng
from core.table import LEAD
from players import get
from screens import auction, table
from ui import narrate, tableview
from ui.restore import decode
from ui.session import Session
from ui_driver import (
    Handheld,
    point_at,
    press_move,
    redraws_checked,
    respond,
    show,
    splits_checked,
    start_match,
)


def play_through(handheld, choose, limit=20000):
    """Answer every screen as a player would until the match-end screen."""
    tactics = get("tactics")
    for _ in range(limit):
        if not respond(handheld, lambda view: choose(tactics, view)):
            return
    raise AssertionError("the match did not end")


def test_a_whole_match_through_the_buttons_replays_from_its_saved_record():
    handheld = Handheld(first=None)
    seats = ["human:Ann", "handheld:defensive"]
    session = start_match(handheld, seats, seed=9, options="target=61")
    play_through(handheld, lambda player, view: player(view, Rng(1)))
    assert session.over
    saved = decode(handheld.app.storage.get("last"))
    assert saved.game.scores == session.game.scores and saved.over
    game, _ = replay(saved.record.text())
    assert game.scores == session.game.scores and game.winner == session.game.winner
    assert handheld.app.storage.get("match") is None  # the finished match is not resumable
    assert any("wins the match" in s or "win the match" in s for s in handheld.said)


def test_the_menus_helpers_are_let_go_while_a_match_is_played():
    handheld = Handheld(first="menu")
    handheld.press("a")  # All Fives vs handheld
    handheld.press("a")  # Start
    assert handheld.screen_name() == "table"
    for helper in ("widgets", "profiles"):
        assert "ui." + helper not in sys.modules and not hasattr(ui, helper)
    handheld.press("b")
    assert handheld.screen_name() == "pause"  # its menu is made with the widgets again


def test_a_continued_match_is_played_without_the_code_that_restored_it(tmp_path):
    handheld = Handheld(save_dir=tmp_path, first="menu")
    handheld.press("a")  # All Fives vs handheld
    handheld.press("a")  # Start
    assert handheld.screen_name() == "table"
    again = Handheld(save_dir=tmp_path, first="menu")  # the power comes back
    assert again.screen.keys[0] == "continue"
    again.press("a")
    assert again.screen_name() == "table"
    assert "ui.restore" not in sys.modules and not hasattr(ui, "restore")


def test_two_players_pass_the_handheld_and_never_see_each_others_tiles():
    handheld = Handheld(first=None)
    session = start_match(handheld, ["human:Ann", "human:Bob"], seed=3, options="target=61")
    handovers = 0
    for _ in range(400):
        screen = handheld.screen
        if handheld.screen_name() != "table":
            break
        if screen.mode == table.HANDOVER:
            handovers += 1
            # Nothing of either hand is on the glass: only the handover text.
            assert screen.viewer == -1
            handheld.press("a")
            assert screen.viewer == session.to_move()
        elif screen.mode == table.CHOOSE_TILE:
            seat = session.to_move()
            assert screen.viewer == seat
            assert screen.tiles == [t for t in range(28) if session.game.hands[seat] >> t & 1]
            press_move(handheld, session.game.legal()[0])
        else:
            handheld.press("a")
    assert handovers > 5


def test_illegal_moves_show_the_reason_and_change_nothing():
    handheld = Handheld(first=None)
    session = start_match(handheld, ["human:Ann", "handheld:tactics"], seed=5)
    handheld.frame()
    screen = handheld.screen
    press_move(handheld, session.game.legal()[0])  # the lead
    for _ in range(60):
        if screen.mode == table.CHOOSE_TILE:
            break
        handheld.press("a")
    before = bytes(session.record.actions)
    playable = session.game.playable(0)
    stuck = [t for t in screen.tiles if not playable >> t & 1]
    assert stuck, "this deal leaves Ann a tile that does not fit"
    while screen.cursor != screen.tiles.index(stuck[0]):
        handheld.press("left" if screen.cursor > screen.tiles.index(stuck[0]) else "right")
    handheld.press("a")
    assert screen.mode == table.MESSAGE
    assert "does not match the open ends" in " ".join(screen.message)
    assert bytes(session.record.actions) == before


# --- the end of a hand, scores, passes and the handheld's draws --------------------


def glass_buffer(handheld):
    return framebuf.FrameBuffer(bytearray(handheld.glass()), 128, 64, framebuf.MONO_VLSB)


def first_play(view):
    return view.legal[0]


def until(handheld, done, choose=first_play, limit=20000):
    for _ in range(limit):
        if done(handheld):
            return
        respond(handheld, choose)
    raise AssertionError("never reached")


@pytest.mark.parametrize(
    "seats, seed, game",
    [
        (["human:Ann", "handheld:random"], 1234, "allfives"),  # a domino
        (["human:Ann", "handheld:bid"], 3, "bid"),  # a duel's domino
        (["human:Ann", "human:Bob"], 10, "bid"),  # two players: a blocked hand, then a domino
    ],
    ids=["allfives", "bid", "two-players"],
)
def test_the_last_play_of_a_hand_is_drawn_with_its_score_before_the_hand_end(seats, seed, game):
    h = Handheld(first=None)
    session = start_match(h, seats, seed, game=game)
    until(h, lambda h: h.screen_name() == "table" and h.screen.mode == table.LAST_PLAY)
    screen = h.screen
    events = session.events
    mover, last = [(e[1], e[2]) for e in events if e[0] == ev.PLAYED][0]
    assert session.between_hands and screen.last_tile == last
    assert last not in screen.tiles  # on the board, no longer in the hand shown
    h.frame()
    # The cross on the glass is the table with that tile, lit, and no bubble on it.
    expected = framebuf.FrameBuffer(bytearray(1024), 128, 64, framebuf.MONO_VLSB)
    tableview.cross(expected, session.game.table, -1, last)
    shown = glass_buffer(h)
    for y in range(14, 39):
        for x in range(34, 51):  # the centre column of the cross
            assert shown.pixel(x, y) == expected.pixel(x, y), (x, y)
    assert any(
        last in (session.game.table.outer_tile(end), session.game.table.centre) for end in range(4)
    )
    scored = [e for e in events if e[0] == ev.SCORED]
    assert bool(scored) == bool(screen.popup_frames)
    if scored:
        assert screen.scorer == mover
    # Then the message (with nothing pressed), then the hand's end screen.
    for _ in range(60):
        h.frame()
        if screen.mode != table.LAST_PLAY:
            break
    assert screen.mode == table.MESSAGE and screen.message
    h.press("a")
    assert h.screen_name() == "handend"


def test_a_score_says_who_won_it_lasts_until_the_next_move_and_hides_no_turn():
    h = Handheld(first=None)
    session = start_match(h, ["human:Ann", "handheld:random"], 1234)
    until(h, lambda h: h.screen_name() == "table" and h.screen.popup_frames)
    screen = h.screen
    assert screen.scorer in (0, 1)
    scorer, made = screen.scorer, len(session.record.actions)
    assert screen.payer == -1  # All Fives: nobody pays
    # The next move (whoever makes it) ends it, scoring or not.
    until(h, lambda h: len(session.record.actions) > made)
    if not [e for e in session.events if e[0] == ev.SCORED]:
        assert not h.screen.popup_frames
    else:
        assert h.screen.scorer == scorer or h.screen.scorer == 1 - scorer


def test_a_duels_score_says_who_took_it_from_whom():
    h = Handheld(first=None)
    session = start_match(h, ["human:Ann", "handheld:bid"], 3, game="bid")
    until(h, lambda h: h.screen_name() == "table" and h.screen.popup_frames)
    screen = h.screen
    [transfer] = [e for e in session.events if e[0] == ev.TRANSFER]
    assert (screen.scorer, screen.payer, screen.gain) == (transfer[1], 1 - transfer[1], transfer[2])


def test_the_turn_is_shown_while_a_score_is():
    h = Handheld(first=None)
    start_match(h, ["human:Ann", "handheld:random"], 1234)
    until(
        h,
        lambda h: (
            h.screen_name() == "table"
            and h.screen.popup_frames
            and h.screen.mode == table.CHOOSE_TILE
        ),
    )
    h.frame()
    with_popup = glass_buffer(h)
    h.screen.popup_frames = 0
    h.frame()
    without = glass_buffer(h)
    for y in range(40, 53):  # the status, bottom right of the cross
        for x in range(48, 85):
            assert with_popup.pixel(x, y) == without.pixel(x, y)


FORCED_SEED = 19  # Ann (first legal play) must pass late in the first hand


def test_forced_passes_happen_by_themselves_without_a_button():
    h = Handheld(first=None)
    session = start_match(h, ["human:Ann", "handheld:random"], FORCED_SEED)
    for _ in range(5000):
        if h.screen_name() == "table" and h.screen.mode == table.CHOOSE_TILE:
            assert PASS not in session.game.legal()  # never asked to press for a pass
        if list(session.record.actions[-1:]) == [PASS] and session.game.turn == 1:
            break  # Ann passed
        respond(h, first_play)
    else:
        raise AssertionError("Ann never had to pass")
    screen = h.screen
    assert screen.mode == table.MESSAGE and screen.message == ["You pass."]
    assert h.said.count("You pass.") == 1
    for _ in range(40):  # nothing pressed: the short message goes by itself
        h.frame()
        if screen.mode != table.MESSAGE:
            break
    assert screen.mode != table.MESSAGE and h.screen_name() == "table"


DRAW_SEED = 9  # the handheld (random) draws early in the first hand


def test_each_tile_the_handheld_draws_leaves_the_stock_and_a_or_b_hurry_it():
    h = Handheld(first=None)
    session = start_match(h, ["human:Ann", "handheld:random"], DRAW_SEED)
    until(h, lambda h: h.screen_name() == "table" and h.screen.mode == table.DRAWING)
    screen = h.screen
    assert session.record.actions[-1] == DRAW and not session.is_human(session.game.turn)
    before = glass_buffer(h)
    h.frame()
    h.frame()
    after = glass_buffer(h)
    moved = [
        (x, y) for y in range(0, 14) for x in range(85) if before.pixel(x, y) != after.pixel(x, y)
    ]
    assert moved, "the drawn tile moves along the top"
    h.press("b")  # hurried: not the pause menu, and on at once
    assert h.screen_name() == "table" and screen.mode != table.DRAWING
    assert screen.hurry == 1 or screen.mode == table.CHOOSE_TILE
    # The handheld's moves go on without waiting until it is Ann's turn again.
    waited = 0
    while screen.mode == table.THINKING or screen.mode == table.DRAWING:
        h.frame()
        waited += 1
        assert waited < 40
    if screen.mode == table.CHOOSE_TILE:
        assert screen.hurry == -1


def test_a_press_hurries_the_handhelds_play():
    h = Handheld(first=None)
    session = start_match(h, ["human:Ann", "handheld:random"], 1234)
    until(h, lambda h: h.screen_name() == "table" and h.screen.mode == table.THINKING)
    made = len(session.record.actions)
    h.frame("a")
    h.frame()
    assert len(session.record.actions) > made  # well before its 18 frames of thinking


# --- narration ----------------------------------------------------------------------


@pytest.mark.parametrize(
    "seats, seed, game, options, until_screen",
    [
        (["human:Ann", "handheld:random"], 1234, "allfives", "target=61", "matchend"),
        (["human:Ann", "human:Bob"], 10, "bid", "", "auction"),  # a blocked hand, then on
    ],
    ids=["allfives", "two-players-bid"],
)
def test_no_sentence_is_said_twice_for_one_move(seats, seed, game, options, until_screen):
    h = Handheld(first=None)
    session = start_match(h, seats, seed, options, game)
    said = []  # (actions made so far, sentence)
    h.app.speak = lambda s: said.append((len(session.record.actions), s))
    for _ in range(20000):
        if h.screen_name() == until_screen or not respond(h, first_play):
            break
    for moment in {n for n, _ in said}:
        sentences = [s for n, s in said if n == moment]
        assert len(sentences) == len(set(sentences)), sentences
    assert any(s.startswith(("Domino!", "Blocked.")) for _, s in said)
    if session.over:
        assert len([s for _, s in said if " the match, " in s]) == 1


def test_the_turn_announcement_says_where_the_cursor_is():
    h = Handheld(first=None)
    start_match(h, ["human:Ann", "handheld:random"], 1234)
    until(h, lambda h: h.screen_name() == "table" and h.screen.mode == table.CHOOSE_TILE)
    screen = h.screen
    t = screen.tiles[screen.cursor]
    fits = "" if screen.playable >> t & 1 else ", does not fit"
    assert h.said[-1] == "On %s%s." % (narrate.tile_at(t, LEAD), fits)


def test_left_at_the_left_end_and_right_at_the_stock_say_so():
    h = Handheld(first=None)
    start_match(h, ["human:Ann", "handheld:random"], 1234)
    until(h, lambda h: h.screen_name() == "table" and h.screen.mode == table.CHOOSE_TILE)
    screen = h.screen
    point_at(h, 0)
    h.press("left")
    assert screen.cursor == 0 and h.said[-1].startswith("At the left end, on [")
    point_at(h, len(screen.tiles))
    h.press("right")
    assert h.said[-1] == "At the right end, on the stock: %d to draw." % (
        screen.session.game.drawable()
    )


# --- two players ----------------------------------------------------------------------


def test_two_players_come_back_from_the_pause_menu_and_the_rules_without_a_handover():
    h = Handheld(first=None)
    session = start_match(h, ["human:Ann", "human:Bob"], 3)
    until(h, lambda h: h.screen_name() == "table" and h.screen.mode == table.HANDOVER)
    h.press("a")
    holder = session.to_move()
    assert h.screen.mode == table.CHOOSE_TILE and h.screen.viewer == holder
    h.press("b")
    h.press("a")  # Resume
    assert h.screen_name() == "table" and h.screen.mode == table.CHOOSE_TILE
    assert h.screen.viewer == holder
    h.press("b")
    h.press("down")
    h.press("a")  # Rules help
    assert h.screen_name() == "help"
    h.press("b")
    assert h.screen_name() == "pause" and h.screen.menu.cursor == 1  # on "Rules help"
    h.press("up")
    h.press("a")
    assert h.screen_name() == "table" and h.screen.mode == table.CHOOSE_TILE
    assert h.screen.viewer == holder


def test_two_players_in_an_auction_come_back_from_the_pause_menu_without_a_handover():
    from test_bid_screens import DUO, engine_until_auction

    h = Handheld(first=None)
    show(h, engine_until_auction(5, DUO, 1))
    h.press("a")  # Bob takes the handheld
    assert h.screen_name() == "auction" and h.screen.viewer == 1
    h.press("b")
    h.press("a")  # Resume: through the table, back to the auction
    assert h.screen_name() == "auction" and h.screen.mode == auction.CALL
    assert h.screen.viewer == 1


@pytest.mark.parametrize("seats, seed, game, options", [
    (["human:Ann", "handheld:tactics"], 4, "allfives", "target=61"),
    (["human:Ann", "handheld:bid"], 6, "bid", ""),
])
def test_a_picture_too_long_for_its_frame_is_drawn_over_two_and_reaches_the_panel_whole(
        monkeypatch, seats, seed, game, options):
    """On a board the duel's table drawn whole late in a hand takes a frame's time.
    When its rest would not fit in the frame (here the clock says 30 ms of it are
    gone), its first part is drawn and held back from the panel, and the next
    frame draws the rest (tests/ui_driver.py's splits_checked), while the handheld
    thinks too; with 30 ms gone, no frame has room for a step beside a rest."""
    h = Handheld(first=None)
    counts = splits_checked(h, monkeypatch, "screens.table")
    session = start_match(h, seats, seed, options, game)
    counts["stepping"](session)
    tactics = get("tactics")
    for _ in range(600):
        if session.over or not respond(h, lambda view: tactics(view, Rng(1))):
            break
    assert counts["held"] > 20 and counts["checked"] > 20 and counts["steps"] > 20, counts


@pytest.mark.parametrize("seats, seed, game, options", [
    (["human:Ann", "handheld:expert"], 4, "allfives", "target=61"),
    (["human:Ann", "handheld:bid"], 6, "bid", ""),  # the thinking seat's clock runs
])
def test_while_the_handheld_thinks_the_screen_left_as_drawn_is_the_screen_drawn_whole(
        monkeypatch, seats, seed, game, options):
    # Every frame of a match while the handheld thinks: what the table leaves on
    # the screen (its dots redrawn, the rest as the frame before drew it) must be
    # exactly what drawing it whole gives.
    handheld = Handheld(first=None)
    frames = redraws_checked(handheld, monkeypatch, "screens.table")
    session = start_match(handheld, seats, seed, options, game)
    tactics = get("tactics")
    for _ in range(4000):
        if session.over or not respond(handheld, lambda view: tactics(view, Rng(1))):
            break
    assert frames[0] > 100


def test_a_move_is_saved_on_its_frame_which_leaves_the_screen_as_it_was_and_drawn_on_the_next():
    handheld = Handheld(first=None)
    session = start_match(handheld, ["human:Ann", "handheld:defensive"], seed=5)
    until(handheld, lambda h: h.screen_name() == "table" and h.screen.mode == table.CHOOSE_TILE)
    # By frame: (moves made, moves in the journal, the panel).
    frames = [(len(session.record.actions), session._kept, handheld.glass())]
    step = handheld.emulator.step

    def watched(buttons=frozenset()):
        step(buttons)
        frames.append((len(session.record.actions), session._kept, handheld.glass()))

    handheld.emulator.step = watched
    press_move(handheld, first_play(session.view(0)))
    handheld.frame()
    moved = next(i for i in range(1, len(frames)) if frames[i][0] > frames[i - 1][0])
    assert frames[moved][1] == frames[moved][0]  # saved at once
    assert frames[moved][2] == frames[moved - 1][2]  # on a frame that draws nothing
    assert frames[moved + 1][2] != frames[moved][2]  # the next frame shows the move


@pytest.mark.parametrize("seats, seed, game, kept_frames", [
    (["human:Ann", "handheld:random"], 1234, "allfives", 2),
    # A duel's domino: on to the auction.
    (["human:Ann", "handheld:bid"], 3, "bid", 3),
], ids=["allfives", "bid"])
def test_the_next_hand_is_made_drawn_and_saved_on_frames_of_their_own(seats, seed, game,
                                                                       kept_frames):
    # On a board the change's frame has the table's making (and the auction's),
    # the next ones its prepare (App.prepare: the auction's words, then the
    # picture drawn unseen), the next its first picture and the one after the
    # deal's save.
    h = Handheld(first=None)
    session = start_match(h, seats, seed, game=game)
    until(h, lambda h: h.screen_name() == "handend")
    # By frame: (the screen, hands dealt, hands in the journal, the panel).
    frames = []
    step = h.emulator.step

    def watched(buttons=frozenset()):
        step(buttons)
        frames.append((h.screen_name(), session.game.hand_no, session._kept_hands, h.glass()))

    watched()
    h.emulator.step = watched
    h.press("a")
    for _ in range(kept_frames + 1):
        h.frame()
    dealt = next(i for i in range(len(frames)) if frames[i][0] != "handend")
    name, hand, kept, glass = frames[dealt]
    assert name in ("table", "auction") and kept < hand
    assert glass == frames[dealt - 1][3]  # the hand's end stays in view ...
    shown = dealt + kept_frames
    assert all(frames[i][3] == glass for i in range(dealt, shown))  # ... while it is made
    assert frames[shown][3] != glass  # the new hand
    assert frames[shown][2] < hand  # not saved yet
    assert frames[shown + 1][2] == hand  # the next frame saves it
    assert frames[shown + 1][3] == frames[shown][3]  # and draws nothing


def test_while_the_handheld_calls_the_auction_left_as_drawn_is_the_auction_drawn_whole(
        monkeypatch):
    handheld = Handheld(first=None)
    frames = redraws_checked(handheld, monkeypatch, "screens.auction")
    # A seed whose auctions take more than 60 frames of thought within the loop.
    session = Session(None, 11, ["human:Ann", "handheld:bid"], "bid")
    session.game.jockey = 0  # the handheld calls first: an auctioned opening
    session.deal()
    assert session.auction
    show(handheld, session)
    tactics = get("tactics")
    for _ in range(3000):
        if session.over or not respond(handheld, lambda view: tactics(view, Rng(1))):
            break
    assert frames[0] > 60


@pytest.mark.parametrize("mode", [table.THINKING, table.DRAWING])
def test_b_leaves_a_demo_at_once_whatever_the_handheld_does(mode):
    h = Handheld(first=None)
    session = start_match(h, ["handheld:random", "handheld:random"], DRAW_SEED)
    until(h, lambda h: h.screen_name() == "table" and h.screen.mode == mode)
    moves = len(session.record.actions)
    h.press("b")
    assert h.screen_name() == "pause" and len(session.record.actions) == moves
    h.press("a")  # Resume: the demo goes on
    assert h.screen_name() == "table"
    until(h, lambda h: len(session.record.actions) > moves)
    h.press("b")
    for key in ("up", "a", "left", "a"):  # Quit match, Yes
        h.press(key)
    assert h.screen_name() == "menu" and "continue" not in h.screen.keys
