"""When a table screen draws: the rule the All Fives and draw-and-block tables share.

A move is drawn on the frame it is made (`moved()`: the next draw is whole), and
saved on the next one, which draws nothing (`App.save_soon`): a save has its
time on a board (6-35 ms on the virtual Pico, with littlefs in RAM, and a real
flash's erase of 45 ms on some). Domino Poker, whose end of a match pays the
coins its last screen tells, saves on the frame of the move instead (`saved`):
that frame draws nothing, and the next draws the move. While the handheld
thinks only its dots move, so the screen redraws them alone, unless more of the
picture changed: the screen tells what may change meanwhile as its `look`, an
int (so nothing is allocated), and a frame that draws the picture whole takes
no search step.
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
