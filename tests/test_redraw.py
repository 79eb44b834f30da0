"""ui.redraw: which frames of a handheld's thinking take a search step and what
they draw. A frame that draws the picture whole takes no step (the two together
came to 42-46 ms on a board)."""

from ui.redraw import DOTS, NOTHING, PARTS, Redraw, rehearse, REST, WHOLE


class _Clock:
    """What split() reads: the ms gone in the frame."""

    def __init__(self, gone=0):
        self.gone = gone

    def elapsed_ms(self):
        return self.gone


def test_while_the_look_holds_each_frame_steps_and_draws_only_the_dots():
    redraw = Redraw()
    assert not redraw.steady(0)  # the first frame of the decision
    assert redraw.what(True, 0) == WHOLE
    for _ in range(3):
        assert redraw.steady(0)
        assert redraw.what(True, 0) == DOTS


def test_a_changed_look_is_drawn_whole_on_a_frame_without_a_step():
    redraw = Redraw()
    redraw.steady(0)
    redraw.what(True, 0)
    assert not redraw.steady(1)
    assert redraw.what(True, 1) == WHOLE
    assert redraw.steady(1)


def test_the_frame_after_a_save_that_drew_nothing_draws_whole_and_takes_no_step():
    # The human's move is drawn (not thinking), the handheld's decision starts,
    # and the next frame saves the move and draws nothing (App.save_soon): the
    # look it saw has never been drawn, so the frame after draws whole, without
    # a step, and only then do the steps come.
    redraw = Redraw()
    assert redraw.what(False, 1) == WHOLE
    assert not redraw.steady(1)  # the frame that saves: no draw follows
    assert not redraw.steady(1)
    assert redraw.what(True, 1) == WHOLE
    assert redraw.steady(1)
    assert redraw.what(True, 1) == DOTS


def test_a_screen_run_without_drawing_thinks_on():
    redraw = Redraw()
    redraw.steady(0)
    assert all(redraw.steady(0) for _ in range(5))


def test_a_still_screen_draws_only_the_frames_whose_picture_changed():
    """Redraw(still=True): the look tells the whole picture between moves."""
    redraw = Redraw(still=True)
    assert redraw.what(False, 3) == WHOLE
    assert redraw.what(False, 3) == NOTHING  # nothing changed
    assert redraw.what(False, 4) == WHOLE  # the cursor moved
    redraw.moved()
    assert redraw.what(False, 4) == WHOLE  # a move, which the look does not show
    redraw.moved()
    redraw.saved = True
    assert redraw.what(False, 4) == NOTHING  # the move's frame saves it
    assert redraw.what(False, 4) == WHOLE  # and the next draws it
    assert redraw.what(True, 4) == DOTS  # the handheld thinks: its dots alone


def test_a_screen_that_is_not_still_draws_whole_off_the_handhelds_turn():
    redraw = Redraw()
    assert redraw.what(False, 3) == WHOLE
    assert redraw.what(False, 3) == WHOLE


class _Still:
    """A screen with a still look that draws a pixel where its look says."""

    def __init__(self, fb):
        self.fb = fb
        self.redraw = Redraw(still=True)
        self.look = 3
        self.drawn_on = []

    def draw(self):
        if self.redraw.what(False, self.look) == WHOLE:
            self.drawn_on.append(self.fb)
            self.fb.pixel(self.look, 0, 1)


def test_a_rehearsal_draws_nowhere_to_be_seen_and_the_next_draw_is_whole():
    import framebuf

    fb = framebuf.FrameBuffer(bytearray(128 * 8), 128, 64, framebuf.MONO_VLSB)
    screen = _Still(fb)
    rehearse(screen)
    assert screen.drawn_on and screen.drawn_on[0] is not fb  # drawn, not on the panel
    assert screen.fb is fb and fb.pixel(3, 0) == 0
    assert not screen.redraw.drawing  # as before it: a screen run undrawn thinks on
    screen.draw()  # the same look, yet drawn whole
    assert screen.drawn_on[-1] is fb and fb.pixel(3, 0) == 1


def test_a_picture_that_would_end_late_is_drawn_over_two_frames_the_panel_held():
    clock = _Clock(gone=20)  # 20 ms gone when the first part is drawn: the rest (18) would end late
    redraw = Redraw(still=True)
    assert redraw.rest_ms == 18  # until a rest is timed
    assert redraw.what(True, 1) == WHOLE
    assert redraw.split(clock) and redraw.half
    assert not redraw.steady(1)  # the rest's frame takes no step
    assert redraw.what(True, 1) == REST
    started = redraw.rest_from(clock)
    assert not redraw.half
    clock.gone = started + 9
    redraw.rested(clock, started)
    assert redraw.rest_ms == 18  # the longest rest yet
    clock.gone = started + 21
    redraw.rested(clock, started)
    assert redraw.rest_ms == 21
    assert redraw.steady(1) and redraw.what(True, 1) == DOTS


def test_no_picture_is_split_three_times_running_and_a_frame_with_room_draws_it_all():
    clock = _Clock(gone=20)
    redraw = Redraw(still=True)
    redraw.what(False, 1)
    assert redraw.split(clock)
    assert redraw.what(False, 2) == WHOLE  # the look changed: drawn anew,
    assert redraw.split(clock)  # split again,
    assert redraw.what(False, 7) == WHOLE  # and changed again:
    assert not redraw.split(clock)  # whole this time
    redraw.rest_from(clock)
    assert not redraw.half and redraw.what(False, 7) == NOTHING
    clock.gone = 5
    assert redraw.what(False, 3) == WHOLE and not redraw.split(clock)
    clock.gone = 20
    assert redraw.what(False, 4) == WHOLE and redraw.split(clock)
    redraw.moved()
    redraw.saved = True  # a move's frame while a rest is owed: it draws nothing, still held
    assert redraw.what(False, 4) == NOTHING and redraw.half
    assert redraw.what(False, 4) == WHOLE  # then the picture anew, split again
    assert redraw.split(clock)


def test_a_change_of_its_parts_alone_draws_them_alone_after_a_rest_owed():
    """Redraw(parts=MASK): the look's bits in MASK (here bit 0 and those from 4
    up, as the duel's lit tile and clock) are parts that the screen draws again
    alone (PARTS, `changed` saying which), on a frame that steady() keeps from
    stepping (leave_ms() tells the room beside them instead); a change of another
    bit is drawn whole; a rest still owed is drawn before the parts."""
    clock = _Clock(gone=20)
    redraw = Redraw(still=True, parts=1 | -1 << 4)
    redraw.steady(0x35)
    assert redraw.what(True, 0x35) == WHOLE
    assert not redraw.steady(0x45)  # the clock ticked: not steady ...
    assert redraw.what(True, 0x45) == PARTS and redraw.changed == 0x70  # ... the clock
    assert redraw.steady(0x45) and redraw.what(True, 0x45) == DOTS
    assert redraw.what(True, 0x44) == PARTS and redraw.changed == 1  # the tile unlit
    assert not redraw.steady(0x46) and redraw.what(True, 0x46) == WHOLE  # the picture
    assert redraw.what(False, 0x56) == PARTS  # on a player's turn too
    redraw.moved()
    assert redraw.what(False, 0x56) == WHOLE and redraw.split(clock)  # held, rest owed
    assert redraw.what(False, 0x66) == REST  # the parts wait for the rest ...
    redraw.rest_from(clock)
    assert redraw.what(False, 0x66) == PARTS  # ... and come on the next frame
    plain = Redraw(still=True)  # a screen without parts: every change is whole
    plain.what(False, 0x35)
    assert plain.what(False, 0x45) == WHOLE


def test_a_thinking_frame_leaves_room_for_a_rest_or_parts_and_none_drawn_whole():
    clock = _Clock(gone=20)
    redraw = Redraw(still=True, parts=1 | -1 << 4)
    assert redraw.leave_ms(0x35) == -1  # never drawn: whole
    assert redraw.what(True, 0x35) == WHOLE and redraw.split(clock)
    assert redraw.leave_ms(0x35) == redraw.rest_ms  # the rest owed, drawn next
    assert redraw.what(True, 0x35) == REST
    redraw.rest_from(clock)
    assert redraw.leave_ms(0x35) == 0  # only the dots
    assert redraw.what(True, 0x35) == DOTS
    assert redraw.leave_ms(0x45) == 5  # the clock alone
    assert redraw.what(True, 0x45) == PARTS
    assert redraw.leave_ms(0x47) == -1  # the picture: whole
