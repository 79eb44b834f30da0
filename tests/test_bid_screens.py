"""Spectacular Bid through the buttons of the headless emulator (tests/ui_driver.py):
a whole duel between two players passing the handheld, the match clocks (stopped
during a handover, run out, what a slow decision costs), the auction's controls,
a power cut in the auction, and golden frames of the Bid screens, compared byte
for byte with tests/bid/golden/.

The frame clock feeds the match clock: in the emulator every frame is 1000 // fps
ms of match time (33 ms at the handheld's 30 frames a second).

After a deliberate change to a Bid screen, rewrite the goldens, look at the x4
previews left in build/golden-bid/, then commit the goldens:
    UPDATE_GOLDEN=1 .venv/bin/python -m pytest tests/test_bid_screens.py
"""

import pathlib
import sys

import framebuf
import pytest
from core import events as ev
from core.actions import ACCEPT, bid, DECLINE, DRAW, is_bid, PASS, TIMEOUT
from core.allfives import MATCH_OVER, PLAYING
from core.bid import AUCTION, DISCOUNT, MIN_BID, price, RAISE, TOTAL
from core.matchclock import BANK, DELAY
from core.replay import replay
from core.rng import derive
from core.table import N, S
from gfx import domino
from golden_support import golden_tests
from players import bidder
from screens import auction, table
from test_resume_ui import reboot
from ui import auctionview, redraw, speech, tableview
from ui.restore import decode
from ui.session import Session
from ui_driver import (
    Handheld,
    point_at,
    press_call,
    press_move,
    redraws_checked,
    respond,
    show,
    start_match,
)

from sim import render

ROOT = pathlib.Path(__file__).resolve().parent.parent
GOLDEN = ROOT / "tests" / "bid" / "golden"
PREVIEWS = ROOT / "build" / "golden-bid"

DUO = ["human:Ann", "human:Bob"]
SOLO = ["human:Ann", "handheld:bid"]
SEED = 3
DUEL_SEED = 82  # a short duel for its policy: a raise, a decline and a blocked hand
# The seats of the auction tests: the handheld in seat 1, Ann in seat 2.
AGAINST = ["handheld:bid", "human:Ann"]
HANDHELD, HUMAN = 0, 1
HUMAN_SPEAKS = 5  # AGAINST on this seed: Ann is first to call in hand 3's auction
HANDHELD_SPEAKS = 11  # ... and here the handheld speaks first (it declines: see below)
# Between two players: Bob speaks first in an auction on this seed, Ann is the jockey.
# (The bid player values leading at about 8 points, so it never bids 15 at even
# balances: a standing bid to answer comes from a second player.)
ANN, BOB = 0, 1
BOB_SPEAKS = 5
BLOCKED_SEED = 10  # DUO's first hand is blocked (both play their first legal play)
PASS_SEED = 98  # ... and here Bob passes in the first hand


# --- moving a match on -----------------------------------------------------------


def clock(session, seat):
    """(bank, delay) as the seat's clock shows them (delay -1: not running)."""
    return session.bank(seat), session.delay(seat)


def first_play(view):
    return view.legal[0]  # the engine lists plays first, then draw and pass


def sometimes_bidding(session):
    """The duel's two players: the first legal play; in an auction the least bid
    (or raise) on two decisions out of three, else decline or accept."""

    def choose(view):
        legal = view.legal
        if view.state == AUCTION and len(legal) > 1 and len(session.record.actions) % 3 != 1:
            return legal[1]  # after DECLINE or ACCEPT come the bids, least first
        return legal[0]

    return choose


def play_until(h, done, choose=first_play, limit=20000):
    for _ in range(limit):
        if done(h):
            return
        respond(h, choose)
    raise AssertionError("never reached")


def idle(h, frames):
    for _ in range(frames):
        h.frame()


def frames_for(h, ms):
    """Frames of match time that make at least `ms`."""
    return -(-ms // h.app.clock.frame_ms)


def mode_is(h, name, mode):
    return h.screen_name() == name and h.screen.mode == mode


def handing_over(h):
    return mode_is(h, "table", table.HANDOVER) or mode_is(h, "auction", auction.HANDOVER)


def my_turn(h, tiles_down=0):
    return mode_is(h, "table", table.CHOOSE_TILE) and h.screen.session.game.table.n >= tiles_down


def until_mode(h, name, mode, limit=300):
    for _ in range(limit):
        if mode_is(h, name, mode):
            return
        h.frame()
    raise AssertionError("the %s screen never came to mode %d" % (name, mode))


def engine_until_auction(seed, seats, speaker, took=0):
    """A duel moved on by the engine alone, every decision the bid player's (a
    human's too, each after `took` ms), up to the auction of a hand just dealt in
    which seat `speaker` calls first."""
    session = Session(None, seed, seats, game="bid")
    session.deal()
    while not session.over:
        if session.between_hands:
            session.deal()
            if session.auction and session.to_move() == speaker:
                return session
            continue
        seat = session.to_move()
        if session.is_human(seat):
            assert session.tick(took) is None
            rng = derive(session.seed, len(session.record.actions))
            session.play(bidder.choose(session.view(seat), rng))
        else:
            session.think()
    raise AssertionError("the match ended before such an auction")


def balances_hold(game):
    return sum(game.scores) == TOTAL and min(game.scores) >= 0


# --- a whole duel ------------------------------------------------------------------


def test_a_duel_between_two_players_keeps_its_300_points_hides_the_hands_and_replays(tmp_path):
    h = Handheld(first=None, save_dir=tmp_path)
    session = start_match(h, DUO, DUEL_SEED, game="bid")
    choose = sometimes_bidding(session)
    h.frame()  # the first handover drawn
    covers = {}  # the handover frame shown for each player
    handed_to = -1  # the player the handheld was last handed to
    made = 0
    while True:
        if handing_over(h):
            assert h.screen.viewer == -1
            handed_to = session.to_move()
            frame = render.pbm(h.emulator.controller)
            # The same frame every time: nothing of either hand shows through.
            assert covers.setdefault(handed_to, frame) == frame
        mover = session.to_move()
        if not respond(h, choose):
            break
        if len(session.record.actions) > made:
            made = len(session.record.actions)
            assert mover == handed_to, "action %d made without a handover" % made
            assert balances_hold(session.game), session.game.scores
    assert sorted(session.game.scores) == [0, TOTAL]  # won on points, nobody was slow
    actions = session.record.actions
    assert ACCEPT in actions and DECLINE in actions
    assert any(is_bid(a) and is_bid(b) for a, b in zip(actions, actions[1:], strict=False))
    saved = decode(h.app.storage.get("last"))
    text = saved.record.text()
    game, again = replay(text)
    assert game.state == MATCH_OVER and game.scores == session.game.scores
    assert game.clock.bank == session.game.clock.bank
    assert again.text() == text
    assert h.app.storage.get("match") is None


# --- the match clock ---------------------------------------------------------------


def handover_on_the_table(h):
    session = start_match(h, DUO, SEED, game="bid")
    play_until(h, lambda h: handing_over(h) and session.game.table.n > 0)
    return session


def handover_in_the_auction(h):
    session = show(h, engine_until_auction(SEED, DUO, 0))
    assert handing_over(h)
    h.press("a")  # Ann takes the handheld ...
    press_call(h, bid(MIN_BID))  # ... and bids; now Bob is to take it
    assert session.game.bidder == 0
    return session


@pytest.mark.parametrize("reach", [handover_on_the_table, handover_in_the_auction])
def test_the_clocks_stand_still_while_the_handheld_is_handed_over(reach, tmp_path):
    h = Handheld(first=None, save_dir=tmp_path)
    session = reach(h)
    seat = session.to_move()
    assert handing_over(h) and clock(session, seat) == (BANK, DELAY)
    idle(h, frames_for(h, 20000))
    assert handing_over(h) and clock(session, seat) == (BANK, DELAY)
    h.press("a")
    assert not handing_over(h)
    bank, delay = clock(session, seat)
    assert bank == BANK and DELAY - 4 * h.app.clock.frame_ms <= delay < DELAY  # running now


def lit(draw):
    """The pixels of the cross's part of the panel (x < 85, y < 54) that draw(fb) lights."""
    fb = framebuf.FrameBuffer(bytearray(1024), 128, 64, framebuf.MONO_VLSB)
    draw(fb)
    return {(x, y) for x in range(85) for y in range(54) if fb.pixel(x, y)}


def cross_alone(screen, fb):
    """Every tile the cross may show on this frame: its tiles, and on choosing an end
    the tile previewed at each end it may go to, with their arrows."""
    cross = screen.session.game.table
    tableview.cross(fb, cross)
    if screen.mode == table.CHOOSE_END:
        for end in screen.ends:
            tableview.preview(fb, cross, screen.tiles[screen.cursor], end, domino.NORMAL)
            tableview.end_arrow(fb, end, False)


def clocks_alone(screen, fb):
    drawn_on = screen.fb
    screen.fb = fb
    screen._draw_clocks(1 - max(screen.viewer, 0))
    screen.fb = drawn_on


def test_the_running_clocks_keep_a_pixel_clear_of_every_tile_of_the_cross(tmp_path, monkeypatch):
    """The other player's clock (under its tile count) and yours (above the count)
    with their gauges running: never on nor against a tile, beside a north or south
    arm too (their seconds are left out there), and with their seconds where the
    arm is empty. Checked on every frame drawn of a whole duel against the handheld."""
    h = Handheld(first=None, save_dir=tmp_path)
    session = start_match(h, SOLO, SEED, game="bid")
    app = h.app
    draw = app.draw
    seen = set()

    def check():
        draw()
        screen = app.screen
        if (type(screen).__module__ != "screens.table" or screen.message
                or screen.mode not in (table.CHOOSE_TILE, table.CHOOSE_END, table.THINKING)
                or session.game.state != PLAYING or session.delay(session.to_move()) < 0):
            return
        clocks = lit(lambda fb: clocks_alone(screen, fb))
        tiles = lit(lambda fb: cross_alone(screen, fb))
        near = {(x + dx, y + dy) for x, y in clocks for dx in (-1, 0, 1) for dy in (-1, 0, 1)}
        assert not near & tiles, "a clock against a tile"
        cross = session.game.table
        widest = max(x for x, _ in clocks)
        assert widest <= tableview.CLOCK_RIGHT  # what a tick clears (screens.table)
        seconds = widest > tableview.CLOCK_RIGHT_BY_ARM
        seen.add((screen.mode, cross.outer_tile(N) >= 0, cross.outer_tile(S) >= 0, seconds))

    monkeypatch.setattr(app, "draw", check)
    while respond(h, first_play):
        pass
    assert any(mode == table.THINKING and north for mode, north, _, _ in seen), seen
    assert any(mode == table.CHOOSE_END and south for mode, _, south, _ in seen), seen
    assert (table.THINKING, False, False, True) in seen, seen
    assert (table.CHOOSE_TILE, False, False, True) in seen, seen


def test_a_clock_that_ticks_or_a_tile_no_longer_lit_is_drawn_alone(tmp_path, monkeypatch):
    """When only the running clock changes (a second gone), or the tile played last
    stops showing lit, the table draws that part alone, on your turn and while the
    handheld thinks (a frame that takes the steps of its decision that fit beside
    it, where one drawn whole takes none): every frame leaves the panel as drawing
    it whole would (ui_driver.redraws_checked)."""
    h = Handheld(first=None, save_dir=tmp_path)
    checked = redraws_checked(h, monkeypatch, "screens.table")
    parts = []  # (part, mode, steps taken on the frame) of each frame that drew parts
    steps = [0, 0]  # the handheld's steps: all, and all as the last frame drew
    what = redraw.Redraw.what

    def counted(self, thinking, look):
        answer = what(self, thinking, look)
        if answer == redraw.PARTS:
            part = "clock" if self.changed >> 4 else "unlit" if self.changed == 1 else "?"
            parts.append((part, h.screen.mode, steps[0] - steps[1]))
        steps[1] = steps[0]
        return answer

    monkeypatch.setattr(redraw.Redraw, "what", counted)
    session = start_match(h, SOLO, SEED, game="bid")
    until_mode(h, "table", table.CHOOSE_TILE)
    idle(h, frames_for(h, 3500))  # you think for 3.5 s
    assert [part for part, _, _ in parts] == ["unlit"] + ["clock"] * 3  # the handheld's tile
    decide = session.think_step
    slow = [0]

    def slow_step():  # the handheld thinks for more than a second of frames
        steps[0] += 1
        slow[0] += 1
        return decide() if slow[0] > 400 else False

    monkeypatch.setattr(session, "think_step", slow_step)
    press_move(h, first_play(session.view(0)))
    until_mode(h, "table", table.THINKING)
    until_mode(h, "table", table.CHOOSE_TILE)
    thinking = [(part, taken) for part, mode, taken in parts if mode == table.THINKING]
    assert {part for part, _ in thinking} == {"clock", "unlit"}
    assert all(taken for _, taken in thinking)
    assert checked[0] > 100


def test_a_tick_of_your_clock_under_a_message_draws_nothing(tmp_path, monkeypatch):
    h = Handheld(first=None, save_dir=tmp_path)
    session = start_match(h, SOLO, SEED, game="bid")
    until_mode(h, "table", table.CHOOSE_TILE)
    assert session.game.playable(h.screen.viewer)
    h.press("down")  # drawing while a tile fits: refused, and your clock runs on ...
    assert mode_is(h, "table", table.MESSAGE) and len(h.screen.message) == 3
    idle(h, 25)  # (the table, the bubble alone, the tile played last no longer lit)
    ticks = []
    what = redraw.Redraw.what
    monkeypatch.setattr(redraw.Redraw, "what", lambda self, thinking, look: (
        ticks.append(what(self, thinking, look)), ticks[-1])[1])
    panel = h.glass()
    fb = h.app.fb
    fill = fb.fill
    drawn = []
    monkeypatch.setattr(fb, "fill", lambda c: (drawn.append(c), fill(c)))
    idle(h, 45)  # ... under the bubble, which hides it
    assert ticks.count(redraw.PARTS) == 2 and not drawn and h.glass() == panel
    assert mode_is(h, "table", table.MESSAGE)


def test_a_forced_pass_between_two_players_needs_no_button_nor_handover(tmp_path):
    """Bob must pass: the pass is made by itself as Ann's play leaves him stuck, the
    message goes by itself, and Ann, who still holds the handheld, plays on. Her
    clock waits while the message is shown."""
    h = Handheld(first=None, save_dir=tmp_path)
    session = start_match(h, DUO, PASS_SEED, game="bid")
    play_until(h, lambda h: list(session.record.actions[-1:]) == [PASS])
    assert mode_is(h, "table", table.MESSAGE) and h.screen.viewer == ANN
    assert session.to_move() == ANN and clock(session, ANN) == (BANK, DELAY)
    for _ in range(100):  # no button pressed
        if not mode_is(h, "table", table.MESSAGE):
            break
        assert clock(session, ANN) == (BANK, DELAY)
        h.frame()
    assert mode_is(h, "table", table.CHOOSE_TILE) and h.screen.viewer == ANN
    assert "Bob passes." in h.said


HANDHELD_PASSES = 68  # SOLO: the handheld passes early in the first hand


def test_your_clock_waits_while_a_message_tells_the_handhelds_move(tmp_path):
    """Against the handheld: the bubble that says it passed is not your time."""
    h = Handheld(first=None, save_dir=tmp_path)
    session = start_match(h, SOLO, HANDHELD_PASSES, game="bid")
    play_until(h, lambda h: list(session.record.actions[-1:]) == [PASS])
    assert mode_is(h, "table", table.MESSAGE) and session.waiting_for_human()
    me = session.to_move()
    assert clock(session, me) == (BANK, DELAY)
    idle(h, 20)  # a pass's bubble stays 30 frames unless skipped
    assert mode_is(h, "table", table.MESSAGE) and clock(session, me) == (BANK, DELAY)


def test_your_clock_waits_while_the_handhelds_call_is_told(tmp_path):
    h = Handheld(first=None, save_dir=tmp_path)
    session = show(h, engine_until_auction(HANDHELD_SPEAKS, AGAINST, HANDHELD))
    until_mode(h, "auction", auction.MESSAGE)  # "CPU declines ...": you lead now
    assert session.to_move() == HUMAN and clock(session, HUMAN) == (BANK, DELAY)
    idle(h, 40)
    assert clock(session, HUMAN) == (BANK, DELAY)


def test_your_clock_runs_while_you_read_why_your_move_was_refused(tmp_path):
    h = Handheld(first=None, save_dir=tmp_path)
    session = start_match(h, SOLO, SEED, game="bid")
    play_until(h, lambda h: my_turn(h, 1) and session.game.playable(h.screen.viewer))
    me = session.to_move()
    h.press("down")  # drawing while a tile fits: refused
    assert mode_is(h, "table", table.MESSAGE) and h.screen.refused
    _, before = clock(session, me)
    idle(h, 30)
    _, after = clock(session, me)
    assert after == before - 30 * h.app.clock.frame_ms


def test_the_pause_menu_does_not_stop_your_clock(tmp_path):
    """docs/rules.md section 2 stops the clocks for deals, scores and handovers only."""
    h = Handheld(first=None, save_dir=tmp_path)
    session = start_match(h, SOLO, SEED, game="bid")
    play_until(h, lambda h: my_turn(h, 1))
    me = session.to_move()
    h.press("b")
    assert h.screen_name() == "pause" and h.screen.heading == "Paused, clock runs"
    _, before = clock(session, me)
    idle(h, 60)
    _, after = clock(session, me)
    assert after == before - 60 * h.app.clock.frame_ms
    h.press("a")  # Resume
    assert mode_is(h, "table", table.CHOOSE_TILE) and clock(session, me)[1] < after


def test_quit_and_continue_gives_a_decision_back_the_time_it_had_taken(tmp_path):
    """Putting the match away does not hand the player to move a fresh delay."""
    h = Handheld(first=None, save_dir=tmp_path)
    session = start_match(h, SOLO, SEED, game="bid")
    play_until(h, lambda h: my_turn(h, 1))
    me = session.to_move()
    idle(h, 150)  # 5 s of the delay gone
    h.press("b")
    for button in ("down", "down", "down"):  # onto Quit to menu
        h.press(button)
    taken = clock(session, me)
    assert taken[1] <= DELAY - 150 * h.app.clock.frame_ms
    h.press("a")
    assert h.screen_name() == "menu"
    again = reboot(tmp_path)
    assert mode_is(again, "table", table.CHOOSE_TILE)
    resumed = again.screen.session
    assert resumed.to_move() == me
    bank, delay = clock(resumed, me)
    # Quit's press and the reboot's frames on the table may run the clock on a little.
    assert bank == taken[0] and taken[1] - 6 * again.app.clock.frame_ms <= delay <= taken[1]


def test_running_out_of_time_in_the_pause_menu_loses_the_match(tmp_path):
    h = Handheld(first=None, save_dir=tmp_path)
    session = start_match(h, SOLO, SEED, game="bid")
    play_until(h, lambda h: my_turn(h, 1))
    h.press("b")
    assert h.screen_name() == "pause"
    me = session.to_move()
    session.tick(clock(session, me)[0] + clock(session, me)[1] - 200)  # 0.2 s left
    idle(h, 10)
    assert h.screen_name() == "matchend" and h.screen.how == "You ran out of time"
    assert session.game.winner == 1 - me and session.record.actions[-1] == TIMEOUT


def test_a_player_who_lets_the_time_run_out_loses_at_that_frame(tmp_path):
    # 10 frames a second: the same frame clock, 130 s in a third of the frames.
    h = Handheld(first=None, save_dir=tmp_path, fps=10)
    session = start_match(h, SOLO, SEED, game="bid")
    play_until(h, my_turn)
    me = session.to_move()
    left = session.game.clock.left(me) - session.elapsed
    assert left > BANK + DELAY - 1000  # the first decision: about 130 s
    frames = 0
    while not session.over:
        assert my_turn(h)
        h.frame()
        frames += 1
    assert frames == frames_for(h, left)  # the very frame the time ran out
    assert session.game.events[0][:2] == (ev.TIMED_OUT, me) and session.game.winner == 1 - me
    assert session.game.clock.bank[me] == 0
    h.press("a")  # the message that says so
    assert h.screen_name() == "matchend" and h.screen.how == "You ran out of time"
    storage = h.app.storage
    assert storage.get("match") is None  # nothing left to continue
    last = decode(storage.get("last"))
    assert last.record.actions[-1] == TIMEOUT and last.game.winner == 1 - me
    assert last.record.text().splitlines()[-1].startswith("%d timeout +13" % (me + 1))


def test_a_decision_made_in_13_seconds_through_the_buttons_costs_3_seconds_of_bank(tmp_path):
    h = Handheld(first=None, save_dir=tmp_path)
    session = start_match(h, SOLO, SEED, game="bid")
    play_until(h, lambda h: my_turn(h, 2))
    me = session.to_move()
    assert session.game.clock.bank[me] == BANK  # a turn taken in less than its delay
    legal = session.view(me).legal
    # A tile that fits one end only: A plays it at once.
    action = next(a for a in legal if a < DRAW and [b >> 3 for b in legal].count(a >> 3) == 1)
    point_at(h, h.screen.tiles.index(action >> 3))
    frame_ms = h.app.clock.frame_ms
    while session.elapsed < 13000 - frame_ms:
        h.frame()
    h.press("a")
    took = session.record.times[-1]
    assert session.record.actions[-1] == action and abs(took - 13000) <= 2 * frame_ms
    assert session.game.clock.bank[me] == BANK - (took - DELAY)  # about 3 s


# --- the auction through the buttons --------------------------------------------------


def call_row(h, monkeypatch):
    """What the auction screen shown writes on its call row from now on, draw by
    draw: (words, number), the number None for words alone. (The app imports a
    screen's module afresh when it is shown: the spies go into that module.)"""
    drawing = sys.modules[type(h.screen).__module__].auctionview
    view = drawing.tableview
    centre, centre_number = view.centre, drawing.centre_number
    written = []

    def spy_centre(fb, s, y):
        if y == auctionview.CALL_Y:
            written.append((s, None))
        centre(fb, s, y)

    def spy_centre_number(fb, s, n, y):
        if y == auctionview.CALL_Y:
            written.append((s.strip(), n))
        centre_number(fb, s, n, y)

    monkeypatch.setattr(view, "centre", spy_centre)
    monkeypatch.setattr(drawing, "centre_number", spy_centre_number)
    h.frame()
    return written


def press_counting(h, button, times):
    """Press `button` `times` times; the amount shown after each press."""
    amounts = []
    for _ in range(times):
        h.press(button)
        amounts.append(h.screen.calls.amount)
    return amounts


def the_human_calls_first(h):
    session = show(h, engine_until_auction(HUMAN_SPEAKS, AGAINST, HUMAN))
    assert mode_is(h, "auction", auction.CALL) and h.screen.viewer == HUMAN
    return session


def test_left_and_right_set_a_bid_between_the_least_and_what_the_player_can_pay(
    tmp_path, monkeypatch
):
    h = Handheld(first=None, save_dir=tmp_path)
    session = the_human_calls_first(h)
    middle = call_row(h, monkeypatch)
    game, screen = session.game, h.screen
    least, most = game.least(), game.most(HUMAN)
    assert least == MIN_BID and most == game.scores[HUMAN]  # no discount: not the jockey
    # The call that costs nothing comes first: A pressed once too often declines.
    assert (screen.calls.choice, screen.calls.amount) == (auctionview.OTHER, least)
    h.press("up")
    assert (screen.calls.choice, screen.calls.amount) == (auctionview.BID, least)
    assert middle[-1] == ("pay", least)
    top = most - most % RAISE
    steps = (top - least) // RAISE
    raised = press_counting(h, "right", steps + 2)
    assert raised == [least + RAISE * i for i in range(1, steps + 1)] + [top, top]
    assert middle[-1] == ("pay", price(top, False)) and "you pay %d" % top in h.said[-1]
    lowered = press_counting(h, "left", steps + 2)
    assert lowered == list(range(top - RAISE, least - 1, -RAISE)) + [least, least]
    assert middle[-1] == ("pay", least) and "you pay %d" % least in h.said[-1]
    h.press("down")
    assert screen.calls.choice == auctionview.OTHER and middle[-1] == (screen.free_lead, None)
    assert h.said[-1].startswith("Decline")
    assert press_counting(h, "right", 1) == [least]  # the amount waits for a bid
    h.press("up")
    assert screen.calls.choice == auctionview.BID and middle[-1] == ("pay", least)
    assert session.record.actions[-1] != bid(least)  # nothing called yet
    assert game.state == AUCTION and game.bidder < 0


def test_a_bid_called_with_a_is_the_engines_and_the_handhelds_answer_is_shown(tmp_path):
    h = Handheld(first=None, save_dir=tmp_path)
    session = the_human_calls_first(h)
    game, screen = session.game, h.screen
    h.press("up")
    press_counting(h, "right", 2)
    was = list(game.scores)
    h.press("a")
    assert session.record.actions[-1] == bid(25)
    assert (game.high_bid, game.bidder) == (25, HUMAN) and screen.mode == auction.THINKING
    until_mode(h, "auction", auction.MESSAGE)
    answer = session.events[0]
    assert answer[:2] == (ev.ACCEPTED, HANDHELD)  # the handheld takes the 25
    assert " ".join(screen.message) == speech.event(session, answer)
    assert game.scores[HUMAN] == was[HUMAN] - price(25, False)
    assert game.state == PLAYING and game.turn == HUMAN  # the bidder opens
    h.press("a")
    assert my_turn(h)


def test_a_player_who_cannot_pay_the_least_bid_is_told_and_may_only_decline(tmp_path):
    h = Handheld(first=None, save_dir=tmp_path)
    session = engine_until_auction(HUMAN_SPEAKS, AGAINST, HUMAN)
    session.game.scores[HUMAN], session.game.scores[HANDHELD] = 10, TOTAL - 10
    show(h, session)
    assert mode_is(h, "auction", auction.CALL)
    assert "You cannot pay the least bid of 15." in h.said
    for button in ("up", "down", "right"):
        h.press(button)
        assert h.screen.calls.choice == auctionview.OTHER
    h.press("a")
    assert session.record.actions[-1] == DECLINE


def test_a_at_once_declines_and_the_jockey_leads_for_nothing(tmp_path):
    h = Handheld(first=None, save_dir=tmp_path)
    session = the_human_calls_first(h)
    game = session.game
    was = list(game.scores)
    h.press("a")
    assert session.record.actions[-1] == DECLINE
    assert game.scores == was and game.state == PLAYING and game.turn == game.jockey == HANDHELD
    assert mode_is(h, "table", table.THINKING)


def bob_bids_before_the_jockey(h, took=0):
    """Between two players: Bob, first to speak, bids the least; then Ann, the
    jockey, takes the handheld to answer."""
    session = show(h, engine_until_auction(BOB_SPEAKS, DUO, BOB, took))
    assert session.game.jockey == ANN
    assert mode_is(h, "auction", auction.HANDOVER) and h.screen.viewer == -1
    h.press("a")  # Bob shows his tiles ...
    assert mode_is(h, "auction", auction.CALL) and h.screen.viewer == BOB
    h.press("up")  # ... and bids the least
    h.press("a")
    assert session.record.actions[-1] == bid(MIN_BID)
    assert mode_is(h, "auction", auction.HANDOVER) and h.screen.viewer == -1
    h.press("a")
    assert mode_is(h, "auction", auction.CALL) and h.screen.viewer == ANN
    return session


def test_the_handheld_declines_when_it_speaks_first_and_says_so(tmp_path):
    h = Handheld(first=None, save_dir=tmp_path)
    session = show(h, engine_until_auction(HANDHELD_SPEAKS, AGAINST, HANDHELD))
    assert mode_is(h, "auction", auction.THINKING) and h.screen.viewer == HUMAN
    until_mode(h, "auction", auction.MESSAGE)
    call = session.events[0]
    assert call[:2] == (ev.DECLINED, HANDHELD)
    assert " ".join(h.screen.message) == speech.event(session, call)
    assert h.app.ask("last") == speech.event(session, call)
    h.press("a")
    assert session.game.state == PLAYING and session.game.turn == HUMAN  # the jockey leads
    assert mode_is(h, "table", table.CHOOSE_TILE)


@pytest.mark.parametrize("answer", ["accept", "raise"])
def test_the_jockey_accepts_or_raises_a_standing_bid(answer, tmp_path, monkeypatch):
    h = Handheld(first=None, save_dir=tmp_path)
    session = bob_bids_before_the_jockey(h)
    middle = call_row(h, monkeypatch)
    game, screen = session.game, h.screen
    standing = game.high_bid
    assert game.most(ANN) == game.scores[ANN] + DISCOUNT
    # Accepting comes first (it costs nothing) ...
    assert (screen.calls.choice, screen.calls.amount) == (auctionview.OTHER, standing + RAISE)
    assert middle[-1] == ("get", price(standing, False))
    assert "pays you %d" % standing in h.said[-1]
    h.press("up")
    # ... and the jockey's own bid costs 15 less.
    assert middle[-1] == ("pay", price(standing + RAISE, True)) == ("pay", standing + RAISE - 15)
    assert "you pay %d" % (standing + RAISE - 15) in h.said[-1]
    was = list(game.scores)
    if answer == "accept":
        h.press("down")
        h.press("a")
        assert session.record.actions[-1] == ACCEPT
        assert game.scores[ANN] == was[ANN] + standing
        assert game.state == PLAYING and game.turn == BOB  # the bidder opens
    else:
        h.press("right")
        raised = standing + 2 * RAISE
        assert middle[-1] == ("pay", price(raised, True))
        assert "you pay %d" % (raised - DISCOUNT) in h.said[-1]
        h.press("a")
        assert session.record.actions[-1] == bid(raised)
        assert mode_is(h, "auction", auction.HANDOVER)
        h.press("a")  # Bob takes the handheld back and accepts
        h.press("a")
        assert session.record.actions[-1] == ACCEPT
        assert game.scores[ANN] == was[ANN] - (raised - DISCOUNT)
        assert game.state == PLAYING and game.turn == ANN
    assert mode_is(h, "table", table.HANDOVER)  # the opener takes the handheld


def auction_state(session):
    """What a power cut must not lose of an auction under way."""
    game = session.game
    return {
        "state": game.state,
        "turn": game.turn,
        "jockey": game.jockey,
        "bid": (game.high_bid, game.bidder),
        "balances": list(game.scores),
        "hands": list(game.hands),
        "banks": list(game.clock.bank),
        "spent": game.clock.spent,
    }


def test_a_power_cut_in_the_auction_comes_back_with_the_same_bid_and_clocks(tmp_path):
    h = Handheld(first=None, save_dir=tmp_path)
    # Every action took 4 s: turns that drew have cost bank when the auction comes.
    session = bob_bids_before_the_jockey(h, took=4000)
    before = auction_state(session)
    assert before["banks"][ANN] < BANK and before["bid"] == (MIN_BID, BOB)
    clocks = [clock(session, s) for s in range(2)]
    shown = h.glass()
    again = reboot(tmp_path)
    # Between two players the hands stay hidden until the one to call takes it.
    assert mode_is(again, "auction", auction.HANDOVER) and again.screen.viewer == -1
    again.press("a")
    assert mode_is(again, "auction", auction.CALL) and again.screen.viewer == ANN
    resumed = again.screen.session
    assert auction_state(resumed) == before
    assert [clock(resumed, s)[0] for s in range(2)] == [bank for bank, _ in clocks]
    assert clock(resumed, BOB) == clocks[BOB]  # not running: (bank, -1)
    assert again.glass() == shown  # the same stacks, bid, clocks and hand


# --- golden frames ------------------------------------------------------------------


def auction_call(h):
    """Ann to call first, no bid yet: Decline chosen (it costs nothing), the least bid beside it."""
    the_human_calls_first(h)
    idle(h, 30)


def auction_accept(h):
    """Bob's bid stands; Ann, the jockey, is offered to accept it first."""
    bob_bids_before_the_jockey(h)


def auction_raise(h):
    """... or to raise it, 15 cheaper as the jockey."""
    bob_bids_before_the_jockey(h)
    h.press("up")
    h.press("right")


def auction_thinking(h):
    show(h, engine_until_auction(HANDHELD_SPEAKS, AGAINST, HANDHELD))
    idle(h, 11)  # three dots
    assert mode_is(h, "auction", auction.THINKING)


def auction_message(h):
    """The handheld's call (it declines) in a bubble, a frame after it was made (the
    frame that made it saved it and drew nothing)."""
    show(h, engine_until_auction(HANDHELD_SPEAKS, AGAINST, HANDHELD))
    until_mode(h, "auction", auction.MESSAGE)
    h.frame()


def bid_table(h):
    """Mid-hand against the handheld, both clocks shown: Ann's runs, half her delay gone."""
    session = start_match(h, SOLO, SEED, game="bid")
    play_until(h, lambda h: my_turn(h, 4) and not h.screen.popup_frames)
    idle(h, frames_for(h, 5000) - session.elapsed // h.app.clock.frame_ms)


def bid_table_score(h):
    """A count scored in a duel: what the scorer took (+N) and the payer gave (-N)."""
    start_match(h, SOLO, SEED, game="bid")
    play_until(h, lambda h: h.screen_name() == "table" and h.screen.popup_frames)
    idle(h, 2)
    assert h.screen.payer == 1 - h.screen.scorer


def bid_last_play(h):
    """The domino's last tile on the board, with its count's transfer ..."""
    start_match(h, SOLO, SEED, game="bid")
    play_until(h, lambda h: mode_is(h, "table", table.LAST_PLAY))
    idle(h, 2)


def bid_domino(h):
    """... then the message (the longest the table shows) over the cross."""
    start_match(h, SOLO, SEED, game="bid")
    play_until(h, lambda h: mode_is(h, "table", table.LAST_PLAY))
    h.press("a")
    assert mode_is(h, "table", table.MESSAGE)


def bid_handover(h):
    handover_on_the_table(h)


def bid_hand_end(h):
    start_match(h, SOLO, SEED, game="bid")
    play_until(h, lambda h: h.screen_name() == "handend")
    assert h.screen.title == "Domino!"


def bid_hand_end_blocked(h):
    start_match(h, DUO, BLOCKED_SEED, game="bid")
    play_until(h, lambda h: h.screen_name() == "handend")
    assert h.screen.title == "Blocked"


def bid_match_end_on_time(h):
    """Lost on time after a few plays (the clock runs out in one go: the frames
    that do it are the timeout test's)."""
    session = Session(None, SEED, SOLO, game="bid")
    session.deal()
    while len(session.record.actions) < 12 or not session.waiting_for_human():
        if session.waiting_for_human():
            session.play(first_play(session.view(session.to_move())))
        else:
            session.think()
    assert session.tick(BANK + DELAY) is not None and session.over
    h.app.go("matchend", session)
    idle(h, 40)  # the title has stopped bouncing
    assert h.screen.how == "You ran out of time"


SCRIPTS = [
    auction_call,
    auction_accept,
    auction_raise,
    auction_thinking,
    auction_message,
    bid_table,
    bid_table_score,
    bid_last_play,
    bid_domino,
    bid_handover,
    bid_hand_end,
    bid_hand_end_blocked,
    bid_match_end_on_time,
]


(
    test_frame_equals_the_checked_in_golden,
    test_every_golden_has_its_script,
    test_the_pngs_show_the_goldens,
) = golden_tests(SCRIPTS, GOLDEN, PREVIEWS)
