"""Domino 1x1's quick match, from the lobby: the server pairs you with a waiting
registered player of a close rating (the window widens as you both wait), or
after a while offers the handheld professional (its strongest level, rated
1600). Waiting, the screen shows your rating and the seconds gone; the offer
is a choice: play the professional now, or wait on. B stops waiting (the
server takes you off its queue) and goes back to the lobby. As soon as a duel
starts, its table takes over. A guest may not play rated duels: the server's
refusal is said, then the lobby comes back."""

from gfx import text
from hw.buttons import B
from micropython import const
from ui import tunes
from ui.controls import BACK, Bubble, CHOSEN, Menu
from ui.online import keep_up, refusal, table_screen
from ui.widgets import centre, footer, title

_WAITING = const(0)
_REFUSED = const(1)  # the refusal is said: the lobby next
_LEAVING = const(2)  # off the queue, on the way to the lobby


class Screen:
    def __init__(self, app, client):
        self.app = app
        self.client = client
        self.bubble = Bubble(app)
        self.menu = None  # the professional's offer, once made
        self.state = _WAITING
        client.offer = None
        self.asked = client.request("quick")
        self.waited_ms = 0
        elo = (client.player or {}).get("elo")
        self.rating = "rating %d" % round(elo) if isinstance(elo, (int, float)) else ""
        self.seconds = ""  # the time waited, made when it changes: draw() allocates nothing
        self._tick()
        app.say("Quick match: looking for an opponent near your rating.")

    def update(self):
        app = self.app
        client = self.client
        if not keep_up(app, client):
            return
        room = client.room
        if room is not None and room.get("state") == "playing" and client.view is not None:
            app.go(table_screen("1x1"), client)
            return
        if self.bubble.update():
            return
        if self.state == _REFUSED:
            app.go("lobby", client, "1x1")
            return
        answer = client.answer(self.asked) if self.asked else None
        if answer is not None:
            self.asked = 0
            if self.state == _LEAVING:
                app.go("lobby", client, "1x1")
                return
            if answer.get("type") == "error":
                app.sound.play(tunes.ERROR)
                self.bubble.show(refusal(answer))
                self.state = _REFUSED
                return
        if self.state == _LEAVING:
            return
        self.waited_ms += app.clock.last_ms
        self._tick()
        offer = client.offer
        if offer is not None and self.menu is None:
            elo = offer.get("elo")
            label = "Play the pro (%d)" % round(elo) if isinstance(elo, (int, float)) else \
                "Play the pro"
            self.menu = Menu(app, [label, "Wait on"], rows=2, y=33)
            self.menu.announce("Nobody near your rating yet. The handheld professional "
                               "offers a duel.")
            app.sound.play(tunes.SELECT)
            return
        if self.menu is not None:
            event = self.menu.update()
            if event == CHOSEN and self.menu.cursor == 0:
                self.asked = client.request("quick", bot=True)
                return
            if event == CHOSEN:  # wait on
                self.menu = None
                client.offer = None
            elif event == BACK:
                self._leave()
            return
        if app.buttons.just_pressed(B):
            self._leave()

    def _leave(self):
        self.app.sound.play(tunes.BACK)
        self.state = _LEAVING
        self.asked = self.client.request("unqueue")
        if not self.asked:
            self.app.go("lobby", self.client, "1x1")

    def _tick(self):
        seconds = "%d s" % (self.waited_ms // 1000)
        if seconds != self.seconds:
            self.seconds = seconds

    def draw(self):
        fb = self.app.fb
        fb.fill(0)
        title(fb, "Quick match", self.rating)
        centre(fb, "Looking for an opponent", 13)
        centre(fb, "near your rating", 20)
        text.draw(fb, self.seconds, 64 - text.width(self.seconds) // 2, 26)
        if self.menu is not None:
            self.menu.draw()
        if self.state == _LEAVING:
            footer(fb, "leaving...")
        else:
            footer(fb, "A choose  B stop" if self.menu is not None else "B: stop waiting")
        self.bubble.draw()
