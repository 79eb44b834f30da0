"""Online, from the main menu: connect to the room server (the board's network,
hw.net), then sign in. The active profile's device key says who the handheld
is (hw.netkeys.key_for); a guest may claim the profile's name on the server
(a registered player has coins and a rating) or play on as a guest. B leaves.

Comes back here from the lost-connection screen with the session to resume."""

from hw.buttons import B
from hw.netkeys import Keeper, key_for, token_of
from hw.roomclient import CONNECTING, FAILED, ONLINE, RETRYING, RoomClient
from ui import profiles, tunes
from ui.controls import BACK, Bubble, CHOSEN, Menu
from ui.online import refusal
from ui.widgets import centre, footer, title


class Screen:
    def __init__(self, app, client=None):
        self.app = app
        self.bubble = Bubble(app)
        self.menu = None
        self.asked = 0
        profile = profiles.active(app.storage)
        self.name = profile.replace(" ", "_")  # the server's names have no spaces
        net = app.hw.net
        self.client = client
        if net is None:
            self.bubble.show("This handheld has no network: a board with WiFi, the "
                             "emulator or the web page goes online.")
            return
        if client is None:
            storage = app.storage
            # The seat's token, kept in the save: a handheld that lost power in a
            # match sits down in it again.
            self.client = RoomClient(net, key_for(storage, profile, net.random),
                                     token=token_of(storage, profile),
                                     kept=Keeper(storage, profile))
            self.client.start()
        # What draw() shows, made here: drawing allocates nothing.
        self.address = net.server[5:] if net.server.startswith("ws://") else net.server
        self.status = "..."
        app.say("Online. Connecting to " + net.server + ".")

    def update(self):
        app = self.app
        if self.bubble.update():
            return
        client = self.client
        if client is None:
            app.go("menu", "online")
            return
        if self.menu is None and app.buttons.just_pressed(B):
            self._leave()
            return
        client.step(app.clock.last_ms)
        self.status = app.hw.net.status() or "..."
        if client.state in (RETRYING, FAILED):
            app.go("netlost", client)
            return
        if client.state != ONLINE:
            return
        if self.asked:
            self._registered()
            return
        player = client.player or {}
        if isinstance(player.get("name"), str) or client.room is not None:
            app.go("lobby", client)  # (which goes on to the room the player sits in)
            return
        if self.menu is None:
            self.menu = Menu(app, ["Sign in as " + self.name, "Play as guest"], rows=2,
                             y=28)
            self.menu.announce("Signed in as a guest.")
            return
        event = self.menu.update()
        if event == BACK:
            self._leave()
        elif event == CHOSEN and self.menu.cursor == 1:
            app.go("lobby", client)
        elif event == CHOSEN:
            self.asked = client.request("register", name=self.name)

    def _registered(self):
        answer = self.client.answer(self.asked)
        if answer is None:
            return
        self.asked = 0
        if answer.get("type") == "error":
            self.app.sound.play(tunes.ERROR)
            self.bubble.show(refusal(answer))
            return
        self.app.say("Signed in as %s." % self.name)
        self.app.go("lobby", self.client)

    def _leave(self):
        if self.client is not None:
            self.client.stop()
        self.app.sound.play(tunes.BACK)
        self.app.go("menu", "online")

    def draw(self):
        fb = self.app.fb
        fb.fill(0)
        title(fb, "Online", self.name)
        client = self.client
        if client is not None and self.menu is None:
            centre(fb, "Connecting to" if client.state == CONNECTING else "Online at", 18)
            centre(fb, self.address, 27)
            centre(fb, self.status, 38)
            footer(fb, "B back")
        elif self.menu is not None:
            centre(fb, "On the server you are", 12)
            centre(fb, "a guest: no coins.", 19)
            self.menu.draw()
            footer(fb, "A choose  B back")
        self.bubble.draw()
