"""The shared widgets and the tunes, on their own: text wrapping and measuring, the
menu's choices and scrolling, the bubble and the yes/no question."""

import framebuf
import pytest
from gfx import text
from gfx.text import number_width, wrap
from hw.buttons import A, B, DOWN, LEFT, RIGHT, UP
from hw.sound import REST
from ui import tunes
from ui.controls import (
    BACK,
    Bubble,
    CHANGED,
    CHOSEN,
    Confirm,
    Menu,
    NO,
    NONE,
    YES,
)


class FakeButtons:
    def __init__(self):
        self.now = 0
        self.before = 0

    def hold(self, mask):
        self.before, self.now = self.now, mask

    def just_pressed(self, mask):
        return bool(self.now & ~self.before & mask)

    repeat = just_pressed


class FakeSound:
    def __init__(self):
        self.played = []

    def play(self, tune):
        self.played.append(tune)


class FakeApp:
    def __init__(self):
        self.fb = framebuf.FrameBuffer(bytearray(1024), 128, 64, framebuf.MONO_VLSB)
        self.buttons = FakeButtons()
        self.sound = FakeSound()
        self.spoken = []

    def say(self, s):
        self.spoken.append(s)

    def tap(self, widget, mask):
        """Press and release; what update() returned on the press."""
        self.buttons.hold(mask)
        event = widget.update()
        self.buttons.hold(0)
        widget.update()
        return event


def test_wrap_keeps_every_word_in_order_within_the_width():
    s = "The spinner counts both halves until both its sides have a tile.\nThen nothing."
    lines = wrap(s, 60)
    assert " ".join(lines).split() == s.split()
    assert lines[-1] == "Then nothing."
    assert all(text.width(line) <= 60 for line in lines)
    assert wrap("Supercalifragilistic word", 20)[0] == "Supercalifragilistic"  # never cut


@pytest.mark.parametrize("n", [0, 1, 7, 10, 99, 100, 1234, 65535])
def test_number_width_is_what_text_number_takes(n):
    fb = framebuf.FrameBuffer(bytearray(1024), 128, 64, framebuf.MONO_VLSB)
    assert number_width(n) == text.number(fb, n, 0, 0) - 1 == text.width(str(n))


def test_menu_choices_wrap_both_ways_and_notes_do_not_change():
    app = FakeApp()
    menu = Menu(app, ("Start", "Level", "Who"), (None, ("Easy", "Hard"), "ANN"))
    assert app.tap(menu, LEFT) == NONE  # a plain item has nothing to change
    assert app.tap(menu, A) == CHOSEN and app.sound.played[-1] == tunes.SELECT
    app.tap(menu, DOWN)
    assert app.spoken[-1] == "Level: Easy."
    assert app.tap(menu, LEFT) == CHANGED and menu.value(1) == 1
    assert app.tap(menu, A) == CHANGED and menu.value(1) == 0  # A changes a choice too
    app.tap(menu, DOWN)
    assert app.tap(menu, RIGHT) == NONE and app.spoken[-1] == "Who: ANN."
    assert app.tap(menu, B) == BACK and app.sound.played[-1] == tunes.BACK
    menu.set_value(1, 5)  # out of range: ignored
    assert menu.value(1) == 0


def test_menu_scrolls_to_keep_the_cursor_in_view():
    app = FakeApp()
    menu = Menu(app, tuple("ABCDEFGHIJ"), rows=4, cursor=9)
    assert menu.top == 6
    app.tap(menu, DOWN)
    assert menu.cursor == 0 and menu.top == 0
    app.tap(menu, UP)
    assert menu.cursor == 9 and menu.top == 6
    menu.draw()
    assert Menu(app, ("A",), cursor=7).cursor == 0  # a cursor out of range starts at the top


def test_the_bubble_takes_the_buttons_until_a_or_b_or_its_time():
    app = FakeApp()
    bubble = Bubble(app)
    assert not bubble.update()
    bubble.show("Pick two different players.")
    assert app.spoken == ["Pick two different players."]
    assert app.tap(bubble, LEFT) and bubble.open
    assert app.tap(bubble, B) and not bubble.open
    bubble.show("Hello", frames=3)
    for _ in range(3):
        bubble.update()
    assert not bubble.open


def test_the_question_starts_on_no_and_b_always_means_no():
    app = FakeApp()
    confirm = Confirm(app)
    assert confirm.update() == NONE
    confirm.ask("Quit?")
    assert app.tap(confirm, A) == NO
    confirm.ask("Quit?")
    assert app.tap(confirm, RIGHT) == NONE and app.spoken[-1] == "Yes."
    assert app.tap(confirm, B) == NO
    confirm.ask("Quit?")
    app.tap(confirm, UP)
    assert app.tap(confirm, A) == YES and not confirm.open


TUNES = ["MOVE", "SELECT", "BACK", "ERROR", "PLAYED", "DRAW", "PASS", "WIN", "LOSE"]


@pytest.mark.parametrize("name", TUNES)
def test_every_tune_is_notes_and_frames(name):
    tune = getattr(tunes, name)
    assert isinstance(tune, bytes) and len(tune) % 2 == 0
    notes, frames = tune[0::2], tune[1::2]
    assert all(n == REST or 36 <= n <= 108 for n in notes) and all(0 < f <= 30 for f in frames)
    assert sum(frames) <= 60  # two seconds at most: nobody waits for a tune


def test_bigger_scores_sound_longer_and_higher():
    fanfares = [tunes.score(points) for points in range(5, 35, 5)]
    assert [len(f) for f in fanfares] == sorted({len(f) for f in fanfares})
    assert [f[-2] for f in fanfares] == sorted(f[-2] for f in fanfares)
    assert tunes.score(0) == tunes.score(5) and tunes.score(90) == tunes.score(30)
    for fanfare in fanfares:  # rising notes of 3 frames, the last held for 8
        notes, frames = fanfare[0::2], fanfare[1::2]
        assert list(notes) == sorted(set(notes)) and notes[0] == 72
        assert frames == bytes([3] * (len(frames) - 1) + [8])
    assert tunes.score(20) is tunes.score(20)  # made once: playing one allocates nothing


def test_the_screens_that_only_show_a_hand_or_a_match_end_leave_the_controls_out():
    """A hand's end is a draw-and-block match's busiest moment for the heap: its
    screens draw a title bar and a footer (ui.widgets) without loading the menu, the
    bubble and the question (ui.controls, 1.3 KB of a board's heap)."""
    from test_heap_narration import module_level_imports

    for screen in ("screens.linetable", "screens.lineend", "screens.lineover"):
        reached, todo = set(), [screen]
        while todo:
            for imported in module_level_imports(todo.pop()) - reached:
                reached.add(imported)
                todo.append(imported)
        assert "ui.controls" not in reached, screen
    assert "ui.widgets" in module_level_imports("screens.lineend")
    assert "ui.controls" in module_level_imports("screens.pause")
