"""Starting a match while another is kept: never without asking.

The save keeps one match in progress, whatever its game (hw/journal.py), so a
new match replaces it. Each set-up screen starts its match through a Replacing:
with nothing kept it starts at once; else a yes/no question names the kept
match (its game and where it stands, from the summary Continue shows) and only
Yes starts the new one, after the kept match is retired (ui.matchsave.forget).
No leaves the kept match as it was.

    self.replacing = Replacing(app, self._start)  # in the set-up screen
    if self.replacing.update(): return    # first in update(): the question's press
    self.replacing.start()                # where Start is chosen
    self.replacing.draw()                 # last in draw()
"""

from ui.controls import Confirm, NO, YES
from ui.matchsave import forget, game_of, pending, summary_lines

_TITLES = {"allfives": "All Fives", "bid": "Spectacular Bid", "poker": "Domino Poker"}


def question(storage):
    """What to ask before a new match replaces the kept one, or "" when none is kept."""
    if pending(storage) < 0:
        return ""
    lines = summary_lines(storage)
    if lines is not None:
        kept = "A match is kept: %s; %s." % (lines[0], lines[1])
    else:  # no summary (torn by a power cut): the game alone
        kept = "A %s match is kept." % title(game_of(storage))
    return kept + " Start anew and lose it?"


def title(game):
    """A game's name as the menus show it."""
    if game in _TITLES:
        return _TITLES[game]
    from ui.narrate_line import GAME_TITLES  # (a draw-and-block game's)

    return GAME_TITLES.get(game, "saved")


class Replacing:
    def __init__(self, app, start):
        """`start()` starts the screen's new match."""
        self.app = app
        self.confirm = Confirm(app)
        self._start = start

    def start(self):
        """Start the new match now if no match is kept, else once the player says Yes."""
        asked = question(self.app.storage)
        if asked:
            self.confirm.ask(asked)
        else:
            self._start()

    def update(self):
        """True while the question is open, and on the frame it is answered: that
        press is not also for the screen."""
        answer = self.confirm.update()
        if answer == YES:
            forget(self.app.storage)
            self._start()
            return True
        if answer == NO:
            self.app.say("The kept match stays.")
            return True
        return self.confirm.open

    def draw(self):
        self.confirm.draw()
