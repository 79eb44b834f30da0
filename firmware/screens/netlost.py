"""The link to the room server is down. The session tries again by itself (1, 2,
4, 8, then every 15 seconds) and this screen says so, with why and when; once
it is back, with the seat's reconnect token, the player returns to the room
(or the lobby) as it was: nothing is lost. A tries at once, B gives up and goes
back to the main menu. When the server will not have this handheld (another
connection took its identity, a refused key) the screen says why, and A or B
go back to the main menu."""

from gfx import text
from hw.buttons import A, B
from hw.roomclient import FAILED, ONLINE
from ui import tunes
from ui.widgets import centre, footer, title


class Screen:
    def __init__(self, app, client):
        self.app = app
        self.client = client
        self.lines = ()
        self.said = ""
        self._words()

    def update(self):
        app = self.app
        client = self.client
        buttons = app.buttons
        if buttons.just_pressed(B) or client.state == FAILED and buttons.just_pressed(A):
            client.stop()
            app.sound.play(tunes.BACK)
            app.go("menu", "online")
            return
        if buttons.just_pressed(A):
            app.sound.play(tunes.SELECT)
            client.start()
        client.step(app.clock.last_ms)
        if client.state == ONLINE:
            app.say("Connected again.")
            player = client.player or {}
            if client.room is not None:
                app.go("room", client)
            elif isinstance(player.get("name"), str):
                app.go("lobby", client)
            else:
                app.go("online", client)
            return
        self._words()

    def _words(self):
        client = self.client
        problem = client.net.status() or client.problem or "the link is down"
        if client.state == FAILED:
            said = "Cannot go online: " + problem + "."
        elif client.link is not None and client.state != "retrying":
            said = "Connecting again, try %d." % (client.attempts + 1)
        else:
            said = "Connection lost: %s. Trying again in %d s." % (
                problem, (max(client.wait_ms, 0) + 999) // 1000)
        if said != self.said:
            # Speech only when the sentence changes by more than its seconds.
            if said.split(".")[0] != self.said.split(".")[0]:
                self.app.say(said)
            self.said = said
            self.lines = text.wrap(said, 124)

    def draw(self):
        fb = self.app.fb
        fb.fill(0)
        title(fb, "Offline" if self.client.state == FAILED else "Connection lost")
        for i in range(min(len(self.lines), 5)):
            centre(fb, self.lines[i], 12 + i * text.LINE)
        footer(fb, "A or B: menu" if self.client.state == FAILED else "A try now  B menu")
