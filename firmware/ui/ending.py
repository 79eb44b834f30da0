"""What every match end screen does (screens.matchend for All Fives and the duel,
screens.lineover for the draw-and-block family): the results counted and the
match retired in one write (ui.session.finish), a tune, then A or B back to the
main menu."""

from hw.buttons import A, B

from ui import tunes
from ui.session import finish


class Ending:
    def __init__(self, app, session, record, human_lost):
        """`record()` puts the results into the profiles, unless a power cut came
        after they were saved; `human_lost`: the one human at the table lost."""
        self.app = app
        self.session = session
        finish(app.storage, session, record)
        app.sound.play(tunes.LOSE if human_lost else tunes.WIN)

    def update(self):
        buttons = self.app.buttons
        if buttons.just_pressed(A) or buttons.just_pressed(B):
            self.app.sound.play(tunes.SELECT)
            self.app.go("menu")
