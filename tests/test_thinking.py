"""ui.thinking: how many steps of a handheld's decision one frame takes."""

import pytest
from ui import thinking
from ui.thinking import think


@pytest.fixture(autouse=True)
def no_steps_before():
    thinking._longest[0] = 0


class FakeApp:
    """A frame's clock that each step moves on by its cost; a save may be due."""

    def __init__(self, costs, saving=False):
        self.clock = self
        self.now = 0
        self.costs = list(costs)
        self.steps = 0
        self.saving = saving

    def elapsed_ms(self):
        return self.now

    def saves_this_frame(self):
        return self.saving

    def step(self):
        self.now += self.costs[self.steps]
        self.steps += 1
        return self.steps == len(self.costs)


def test_a_frame_takes_steps_while_one_more_as_long_as_the_last_fits_in_26_ms():
    app = FakeApp([5] * 20)
    assert think(app.step, app) is False
    assert app.steps == 5 and app.now == 25  # a sixth would end at 30, past 26
    app = FakeApp([12] * 20)
    think(app.step, app)
    assert app.steps == 2  # 12 + 12 + 12 would overrun


def test_a_long_step_is_the_frames_only_one():
    app = FakeApp([20] * 5)
    think(app.step, app)
    assert app.steps == 1


def test_a_long_step_keeps_the_next_frames_careful():
    app = FakeApp([2, 30] + [2] * 12)
    think(app.step, app)
    assert app.steps == 2  # 2, then 30
    app.now = 0
    think(app.step, app)  # 15 ms (half the 30) expected of each step
    assert app.steps == 2 + 6  # at 12 ms, 12 + 15 is past 26


def test_the_decision_made_ends_the_frames_thinking():
    app = FakeApp([1, 1])
    assert think(app.step, app) is True and app.steps == 2


def test_a_frame_that_saves_takes_no_step_and_the_next_goes_on():
    app = FakeApp([1] * 20, saving=True)
    assert think(app.step, app) is False
    assert app.steps == 0
    app.saving = False
    think(app.step, app)
    assert app.steps == 8


def test_a_clock_that_stands_still_gets_eight_steps():
    app = FakeApp([0] * 20)
    think(app.step, app)
    assert app.steps == 8


def test_a_step_that_only_starts_the_decision_is_its_frames_last():
    """The start (None: the seat's view, the player's set-up) says nothing of how
    long a step takes: its frame takes no step after it, and the estimate of the
    frames before stands."""
    thinking._longest[0] = 8
    app = FakeApp([3, 20, 20])

    def step():
        starting = app.steps == 0
        done = app.step()
        return None if starting else done

    assert think(step, app) is False
    assert app.steps == 1 and thinking._longest[0] == 8


def test_a_frame_leaves_room_for_what_it_will_draw_beyond_the_dots():
    app = FakeApp([5] * 20)
    think(app.step, app, 10)
    assert app.steps == 3 and app.now == 15  # a fourth would end at 20, and 10 drawn after
    thinking._longest[0] = 0
    app = FakeApp([5] * 20)
    app.now = 12
    assert think(app.step, app, 18) is False and app.steps == 0  # no room even for one
