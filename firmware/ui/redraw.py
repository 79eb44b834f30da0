"""When a table screen draws: the rule the game tables share.

All Fives' table draws a move on the frame it is made (`moved()`: the next draw
is whole), and saves it on the next one, which draws nothing (`App.save_soon`):
a save has its time on a board (6-35 ms on the virtual Pico, with littlefs in
RAM, and a real flash's erase of 45 ms on some). Domino Poker, whose end of a
match pays the coins its last screen tells, and the draw-and-block table, whose
picture drawn whole is most of a frame, save on the frame of the move instead
(`saved`): that frame draws nothing, and the next draws the move. While the handheld
thinks only its dots move, so the screen redraws them alone, unless more of the
picture changed: the screen tells what may change meanwhile as its `look`, an
int (so nothing is allocated), and a frame that draws the picture whole takes
no search step.

A screen whose look tells its whole picture between moves (`Redraw(still=True)`:
the cursor, a blink, as well as what changes while the handheld thinks) draws
nothing on a frame whose look is the one last drawn, the handheld's turn or
not: most frames of a player's turn then cost nothing (a table drawn whole is
25-30 ms of a frame on a board), and on a slow bus (I2C) the frame that does
draw leaves the panel's pages to the next. Such a screen (both tables) calls
`moved()` for every change its look does not show, and draws apart what it
keeps apart (a message's box or bubble over the picture).

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
    def __init__(self, still=False):
        self.still = still  # the look tells the whole picture (see above)
        self.saved = False  # this frame saved
        # The look of the last frame, as the screen's update saw it while the
        # handheld thinks, and the look the picture was last drawn whole with.
        self.seen = -1
        self.drawn = -1
        self.drawing = False  # what() has been asked: the screen is drawn

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
        return same

    def what(self, thinking, look):
        """For the screen's draw: what this frame draws, NOTHING, DOTS or WHOLE."""
        self.drawing = True
        if self.saved or not (thinking or self.still):
            self.drawn = self.seen = -1
            if self.saved:
                self.saved = False
                return NOTHING
            return WHOLE
        if look == self.drawn:
            return DOTS if thinking else NOTHING
        self.drawn = look
        return WHOLE
