"""Buttons: debouncing, edges, simultaneous presses, hold and auto-repeat, joysticks."""

import pytest
from hw.buttons import A, ALL, B, Buttons, DOWN, LEFT, RIGHT, UP


class FakePin:
    def __init__(self, level=1):
        self.level = level

    def value(self):
        return self.level


def make(**options):
    pins = [FakePin() for _ in range(6)]
    return Buttons(pins, **options), pins


def run(buttons, pins, index, levels):
    """Feed one pin a level per poll; return just_pressed/just_released per poll."""
    bit = 1 << index
    seen = []
    for level in levels:
        pins[index].level = level
        buttons.poll()
        seen.append((buttons.just_pressed(bit), buttons.just_released(bit)))
    return seen


def test_a_clean_press_is_seen_at_once_and_once():
    buttons, pins = make()
    seen = run(buttons, pins, 4, [1, 0, 0, 0, 1, 1])
    assert seen == [(False, False), (True, False), (False, False), (False, False),
                    (False, True), (False, False)]


def test_bounce_on_press_and_release_gives_one_press_and_one_release():
    buttons, pins = make(debounce=2)
    levels = [1, 0, 1, 0, 0, 0, 0, 1, 0, 1, 1, 1, 1]
    seen = run(buttons, pins, 0, levels)
    assert sum(p for p, _ in seen) == 1 and sum(r for _, r in seen) == 1
    assert seen[1] == (True, False)
    assert seen[7] == (False, True)
    assert not buttons.pressed(UP)


def test_a_glitch_longer_than_the_lockout_is_a_press():
    buttons, pins = make(debounce=1)
    seen = run(buttons, pins, 0, [1, 0, 0, 1, 1, 1])
    assert [p for p, _ in seen] == [False, True, False, False, False, False]
    assert [r for _, r in seen] == [False, False, False, True, False, False]


def test_simultaneous_presses_are_all_reported():
    buttons, pins = make()
    buttons.poll()
    pins[0].level = pins[3].level = pins[4].level = 0  # up, right and A together
    buttons.poll()
    assert buttons.pressed(UP | RIGHT | A)
    assert not buttons.pressed(UP | LEFT)
    assert buttons.just_pressed(UP) and buttons.just_pressed(RIGHT) and buttons.just_pressed(A)
    assert buttons.any_pressed(LEFT | A) and not buttons.any_pressed(LEFT | DOWN | B)
    assert buttons.state == UP | RIGHT | A
    buttons.poll()  # still held: no new edges
    assert not buttons.just_pressed(UP | RIGHT | A) and buttons.pressed(UP | RIGHT | A)
    pins[3].level = 1
    buttons.poll()
    assert buttons.just_released(RIGHT) and not buttons.just_released(UP)
    assert buttons.pressed(UP | A)


def test_held_for_and_repeat():
    buttons, pins = make(repeat_delay=5, repeat_interval=3)
    pins[2].level = 0
    repeats = []
    for _ in range(16):
        buttons.poll()
        repeats.append(buttons.repeat(LEFT))
    # Press at poll 1, nothing until the delay is over, then every 3 polls.
    assert [i + 1 for i, r in enumerate(repeats) if r] == [1, 6, 9, 12, 15]
    assert buttons.held_frames(LEFT) == 16
    assert buttons.held_for(LEFT, 16) and not buttons.held_for(LEFT, 17)
    pins[2].level = 1
    buttons.poll()
    assert buttons.held_frames(LEFT) == 0 and not buttons.repeat(LEFT)


def test_active_high_buttons():
    pins = [FakePin(0) for _ in range(6)]
    buttons = Buttons(pins, active_low=False)
    buttons.poll()
    assert not buttons.any_pressed(ALL)
    pins[5].level = 1
    buttons.poll()
    assert buttons.just_pressed(B)


def test_missing_buttons_never_press():
    pins = [FakePin(0), None, FakePin(1), FakePin(1), FakePin(1), None]
    buttons = Buttons(pins)
    buttons.poll()
    assert buttons.state == UP


def test_joystick_centre_tap_is_a_and_hold_is_b():
    pins = [FakePin() for _ in range(5)] + [None]
    buttons = Buttons(pins, b_from_long_a=4)
    log = []
    for level in [1, 0, 0, 1, 1, 0, 0, 0, 0, 0, 0, 1, 1]:
        pins[4].level = level
        buttons.poll()
        log.append((buttons.just_pressed(A), buttons.pressed(A), buttons.just_pressed(B),
                    buttons.pressed(B), buttons.just_released(B)))
    # Tap (2 polls down): A on release, for one poll, never B.
    assert log[3] == (True, True, False, False, False)
    assert log[4] == (False, False, False, False, False)
    # Hold from poll 5: B once the 4th poll is reached, released with the centre, no A.
    assert [i for i, entry in enumerate(log) if entry[2]] == [8]
    assert all(entry[3] for entry in log[8:11])
    assert log[11][4] and not any(entry[0] for entry in log[5:])


def test_wrong_pin_count_and_empty_masks_are_refused():
    with pytest.raises(ValueError):
        Buttons([FakePin()] * 5)
    buttons, _ = make()
    with pytest.raises(ValueError):
        buttons.held_frames(0)
