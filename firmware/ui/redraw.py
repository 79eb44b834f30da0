"""When a table screen draws: the rule the game tables share.

The game tables save a move on the frame it is made (`saved`): that frame draws
nothing, and the next draws the move (`moved()`: the next draw is whole). A
picture drawn whole is most of a frame on a board (25-33 ms at the duel's
table), and a move's work, its save and its words 5-18 ms; a save only
programs a page of the match log (hw/flashlog.py), whose erases wait for spare
time. While the handheld thinks only its dots move, so the screen redraws them
alone, unless more of the picture changed: the screen tells what may change
meanwhile as its `look`, an int (so nothing is allocated), and a frame that
draws the picture whole takes no search step.

A screen whose look tells its whole picture between moves (`Redraw(still=True)`:
the cursor, a blink, as well as what changes while the handheld thinks) draws
nothing on a frame whose look is the one last drawn, the handheld's turn or
not: most frames of a player's turn then cost nothing (a table drawn whole is
25-30 ms of a frame on a board), and on a slow bus (I2C) the frame that does
draw leaves the panel's pages to the next. Such a screen (both tables) calls
`moved()` for every change its look does not show, and draws apart what it
keeps apart (a message's box or bubble over the picture).

Parts of a picture that a screen can draw again alone are bits of its look
named in `Redraw(parts=MASK)`: the duel's clock, whose face is the look's high
bits and ticks every second, and the tile played last, lit for a moment. When
only they changed since the picture was drawn whole, `what()` says PARTS and
`changed` which bits: the screen draws those parts alone (3-5 ms on a board,
where the duel's table drawn whole took 30-34 ms, the longest frames while the
handheld thought). Such a frame takes only the steps that leave room for them
(`leave_ms()`, which the cross table asks instead of `steady()`; a step that filled
the frame made 35 ms frames in a trial), as does the frame of a picture's rest:
that table splits its pictures while the handheld thinks too.

A picture drawn whole that would not fit in its frame is drawn over two (`split`,
both tables'): the screen draws its first part, and when the clock
says that the rest (the longest it has taken yet) would end past _DRAWN_BY_MS,
the panel is held (`App.held` says so: hw.board sends no page) and the next frame draws
the rest (`what()` says REST), taking no search step. The panel only ever gets
whole pictures, a frame or two later: a picture that changes while its rest is
owed (a message shown after a hand's last play, whose words took 11 ms to lay
out) may be split again, but not a third time running, so a picture that moves
on every frame still shows (drawn whole in the second frame after a hold, such
pictures made 40-44 ms frames at the duel's table; a move's save may add a held
frame between two splits). Under the tests' virtual time (a clock
that stands still within a frame) nothing is split. (While the handheld
thinks, a rest's frame takes the steps that fit beside it: `leave_ms()`. Before
the duel's clock was a part of its own, it redrew the picture whole every
second, and split, those frames taken from the thinking made the duel's
decisions longer than their budget.)

A screen's first picture after another screen ran a while can be drawn once
unseen first (`rehearse`, from the screen's `prepare`, ui.app): on a board the
code of a picture not drawn lately comes from the flash, not the processor's
cache, and the first picture of the auction after a hand's end took 36-39 ms
where its next ones took 25 (the virtual Pico's cache model).
"""

import framebuf
from micropython import const

NOTHING = const(0)  # the screen stays as it is
DOTS = const(1)  # only the thinking dots are drawn again
WHOLE = const(2)
REST = const(3)  # the rest of a picture whose first part the frame before drew
PARTS = const(4)  # only the look's parts changed: they alone are drawn again
_DRAWN_BY_MS = const(28)  # a picture drawn by then leaves room for the panel's push
_MOST_HOLDS = const(2)  # pictures split running, at most
# A picture's rest on a board until one is timed: 13-19 ms at Kozel's table, and
# a first rest of 17 ms, expected to take 16, ran a frame to 35 ms.
_REST_MS = const(18)
# A picture's parts drawn alone (a duel's clock, a tile no longer lit): 3-5 ms.
_PARTS_MS = const(5)

# Where rehearse() draws: a pixel, so that all but the drawing code is clipped.
_UNSEEN = framebuf.FrameBuffer(bytearray(1), 1, 1, framebuf.MONO_VLSB)


def rehearse(screen):
    """Draw `screen` (which draws on `screen.fb`, and has a Redraw as
    `screen.redraw`) once where nothing shows; its next draw is whole."""
    fb = screen.fb
    redraw = screen.redraw
    drawing = redraw.drawing  # (not drawn on the screen: a screen run undrawn thinks on)
    screen.fb = _UNSEEN
    try:
        screen.draw()
    finally:
        screen.fb = fb
    redraw.moved()
    redraw.drawing = drawing


class Redraw:
    def __init__(self, still=False, parts=0):
        self.still = still  # the look tells the whole picture (see above)
        self._whole = ~parts  # the look's bits that only a picture drawn whole shows
        self.changed = 0  # the look's bits that changed, when what() says PARTS
        self.saved = False  # this frame saved
        # The look of the last frame, as the screen's update saw it while the
        # handheld thinks, and the look the picture was last drawn whole with.
        self.seen = -1
        self.drawn = -1
        self.drawing = False  # what() has been asked: the screen is drawn
        self.half = False  # a picture's first part is drawn, its rest owed (split)
        self.holds = 0  # pictures split running (a move's save may come between)
        self.rest_ms = _REST_MS  # the longest a picture's rest has taken

    def moved(self):
        """A move changed the picture beyond its look: the next draw is whole."""
        self.drawn = self.seen = -1

    def steady(self, look):
        """For the screen's update: nothing but the dots changed since the last
        frame, and the picture was drawn whole with this look, so this frame draws
        only them and its time is the search's. (A frame that saved drew nothing:
        the look it saw may be drawn whole only on the next, which then takes no
        step. A screen run without drawing thinks on.)"""
        same = look == self.seen and (look == self.drawn or not self.drawing)
        self.seen = look
        return same and not self.half

    def leave_ms(self, look):
        """For the screen's update while the handheld thinks, instead of steady():
        -1 when this frame takes no step (it draws the picture whole, or saved),
        else the ms of drawing beyond the dots that its steps must leave room for:
        0, a picture's rest owed, or its parts."""
        if self.steady(look):
            return 0
        if not self.drawing or self.drawn < 0 or self.saved:
            return -1
        if look != self.drawn and not self._only_parts(look):
            return -1  # drawn whole (or split again)
        return self.rest_ms if self.half else _PARTS_MS

    def _only_parts(self, look):
        """The picture was drawn whole, and `look` differs from it in parts only."""
        return self.drawn >= 0 and (look ^ self.drawn) & self._whole == 0

    def what(self, thinking, look):
        """For the screen's draw: what this frame draws, NOTHING, DOTS, PARTS, WHOLE
        or REST. (A frame that saves draws nothing, and a picture half drawn then
        stays held: the next is drawn anew.)"""
        self.drawing = True
        if self.saved or not (thinking or self.still):
            self.drawn = self.seen = -1
            if self.saved:
                self.saved = False
                return NOTHING
            return WHOLE
        if look == self.drawn:
            if self.half:
                return REST
            return DOTS if thinking else NOTHING
        if self._only_parts(look):
            if self.half:
                return REST  # the picture's rest first, the parts on the next frame
            self.changed = look ^ self.drawn
            self.drawn = look
            return PARTS
        self.drawn = look
        return WHOLE

    def split(self, clock):
        """After a picture's first part: True when its rest is left to the next
        frame (the panel held meanwhile), False when the screen draws it now."""
        if self.holds < _MOST_HOLDS and clock.elapsed_ms() + self.rest_ms > _DRAWN_BY_MS:
            self.half = True
            self.holds += 1
            return True
        self.holds = 0
        return False

    def release(self):
        """The picture is drawn whole: the panel may have it."""
        self.half = False
        self.holds = 0

    def rest_from(self, clock):
        """Before a picture's rest is drawn: the clock's ms, for rested()."""
        self.half = False
        self.holds = 0
        return clock.elapsed_ms()

    def rested(self, clock, started):
        """After it: the longest rest (it grows with what is on the table, and
        the code of a picture not drawn lately comes slowly from the flash)."""
        took = clock.elapsed_ms() - started
        if took > self.rest_ms:
            self.rest_ms = took
