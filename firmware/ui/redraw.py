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
        self.look = -1  # while the handheld thinks, the look last drawn whole

    def steady(self, look):
        """Nothing but the dots changed since the picture was drawn whole: the
        frame's time is the search's."""
        return look == self.look

    def what(self, thinking, look):
        """What this frame draws: NOTHING, DOTS or WHOLE."""
        if self.saved:
            self.saved = False
            self.look = -1
            return NOTHING
        if not thinking:
            self.look = -1
            return WHOLE
        if look == self.look:
            return DOTS
        self.look = look
        return WHOLE
