"""When a table screen draws: the rule the All Fives and draw-and-block tables share.

A frame that saves has a save's time in it on a board (10-30 ms on the virtual
Pico, with littlefs in RAM; a real flash adds its own write times), so it draws
nothing and the next frame draws the move. While the handheld thinks only its
dots move, so the screen redraws them alone, unless more of the picture changed:
the screen tells what may change meanwhile as its `look`, an int (so nothing is
allocated), and a frame that draws the picture whole takes no search step.
"""

from micropython import const

NOTHING = const(0)  # the screen stays as it is
DOTS = const(1)  # only the thinking dots are drawn again
WHOLE = const(2)


class Redraw:
    def __init__(self):
        self.saved = False  # this frame saved
        # While the handheld thinks: the look of the last frame, as the screen's
        # update saw it, and the look the picture was last drawn whole with.
        self.seen = -1
        self.drawn = -1

    def steady(self, look):
        """For the screen's update: nothing but the dots changed since the last
        frame, so this frame draws only them and its time is the search's. (It
        does not wait for a draw: a screen run without drawing thinks on.)"""
        same = look == self.seen
        self.seen = look
        return same

    def what(self, thinking, look):
        """For the screen's draw: what this frame draws, NOTHING, DOTS or WHOLE."""
        if self.saved or not thinking:
            self.drawn = self.seen = -1
            if self.saved:
                self.saved = False
                return NOTHING
            return WHOLE
        if look == self.drawn:
            return DOTS
        self.drawn = look
        return WHOLE
