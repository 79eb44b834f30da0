"""What every match end screen does (screens.matchend for All Fives and the duel,
screens.lineover for the draw-and-block family): the results counted and the
match retired in one write (ui.session.retire, retired), a tune, then A or B
back to the main menu. The screen is made on a frame that draws nothing
(App.go_then_draw: the table's last picture stays), the write is made on the
next (App.save_soon), which draws nothing either, and the results are drawn on
the one after: on a board the making, the write (a flash erase or two) and the
first picture each take a good part of a frame (together 36 ms)."""

from hw.buttons import A, B

from ui import tunes
from ui.session import retire, retired


class Ending:
    def __init__(self, app, session, record, human_lost):
        """`record()` puts the results into the profiles, unless a power cut came
        after they were saved; `human_lost`: the one human at the table lost."""
        self.app = app
        self.session = session
        self._put = retire(app.storage, session, record)
        app.save_soon(self)  # the next frame writes them, and draws nothing
        app.sound.play(tunes.LOSE if human_lost else tunes.WIN)

    def save(self, storage):
        """For App.save_soon: the results and the retired match written."""
        return retired(storage, self._put)

    def update(self):
        buttons = self.app.buttons
        if buttons.just_pressed(A) or buttons.just_pressed(B):
            self.app.sound.play(tunes.SELECT)
            self.app.go("menu")
