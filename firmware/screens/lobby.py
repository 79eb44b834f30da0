"""The lobby: the public rooms waiting for players of one game, and the ways in.

    Game      ← Poker →      LEFT / RIGHT: which game's rooms are listed
    Create public            a room anyone in the lobby sees
    Create private           a room joined only with its code
    Join by code
    Ann  2/4         100c    a listed room: A takes a seat (and pays its fee)

The list is asked for again every few seconds. Whatever the server refuses is
said in a bubble in its own words; B goes back to the main menu, offline.
"""

from micropython import const
from ui import tunes
from ui.online import game_index, GAMES, keep_up, refusal
from ui.widgets import BACK, Bubble, CHANGED, CHOSEN, footer, Menu, title

_REFRESH = const(150)  # frames between two lists (5 s)
_FIXED = ("Game", "Create public", "Create private", "Join by code")


class Screen:
    def __init__(self, app, client, game="poker"):
        self.app = app
        self.client = client
        self.bubble = Bubble(app)
        self.game = game_index(game)
        self.listed = []  # the room ids of the menu's rows after the fixed ones
        self.shown = None  # the rooms message the menu shows
        self.asked = 0  # a create or a join on its way
        self.listing = 0
        self.frames = 0
        # The title's coins and the footer, made in update(): draw() allocates nothing.
        self.note = ""
        self.foot = ""
        self.menu = self._menu(0)
        self._list()
        self.menu.announce("Lobby")

    def _menu(self, cursor):
        labels = list(_FIXED)
        values: list = [tuple(label for _, label, _ in GAMES), None, None, None]
        self.listed = []
        rooms = self.shown.get("rooms") if self.shown is not None else None
        for room in rooms if isinstance(rooms, list) else ():
            if not isinstance(room, dict) or not isinstance(room.get("room"), str):
                continue
            host = room.get("host")
            labels.append("%s %s/%s" % (host if isinstance(host, str) else "Guest",
                                        room.get("taken", "?"), room.get("seats", "?")))
            fee = room.get("fee")
            values.append("%dc" % fee if isinstance(fee, int) and fee else "free")
            self.listed.append(room["room"])
        menu = Menu(self.app, labels, values, cursor=cursor, rows=4)
        menu.set_value(0, self.game)
        return menu

    def _list(self):
        self.listing = self.client.request("list", game=GAMES[self.game][0])
        self.frames = 0

    def update(self):
        app = self.app
        client = self.client
        if not keep_up(app, client):
            return
        if client.room is not None and client.room.get("state") != "over":
            app.go("room", client)  # seated (a create, a join, or a seat found on reconnect)
            return
        if self.bubble.update():
            return
        self._answers()
        self._words()
        self.frames += 1
        if self.frames >= _REFRESH and not self.listing:
            self._list()
        if self.asked:
            return
        event = self.menu.update()
        if event == BACK:
            client.stop()
            app.go("menu", "online")
        elif event == CHANGED:
            self.game = self.menu.value(0)
            self.shown = None
            self.menu = self._menu(0)
            self._list()
        elif event == CHOSEN:
            self._choose(self.menu.cursor)

    def _choose(self, i):
        client = self.client
        game = GAMES[self.game][0]
        if i == 1 or i == 2:
            self.asked = client.request("create", game=game, private=i == 2)
        elif i == 3:
            self.app.go("joincode", client, game)
        elif i >= len(_FIXED):
            self.asked = client.request("join", room=self.listed[i - len(_FIXED)])

    def _answers(self):
        client = self.client
        if self.listing:
            answer = client.answer(self.listing)
            if answer is not None:
                self.listing = 0
                if answer.get("type") == "rooms":
                    self.shown = answer
                    cursor = self.menu.cursor
                    self.menu = self._menu(cursor if cursor < len(_FIXED) + len(
                        answer.get("rooms") or ()) else 0)
        if self.asked:
            answer = client.answer(self.asked)
            if answer is not None:
                self.asked = 0
                if answer.get("type") == "error":
                    self.app.sound.play(tunes.ERROR)
                    self.bubble.show(refusal(answer))

    def _words(self):
        player = self.client.player or {}
        coins = player.get("coins")
        note = "%dc" % coins if isinstance(coins, int) and not player.get("guest") else "guest"
        rooms = len(self.listed)
        foot = "asking..." if self.asked else "%d room%s waiting" % (
            rooms, "" if rooms == 1 else "s")
        if note != self.note or foot != self.foot:
            self.note, self.foot = note, foot

    def draw(self):
        fb = self.app.fb
        fb.fill(0)
        title(fb, "Lobby", self.note)
        self.menu.draw()
        footer(fb, self.foot)
        self.bubble.draw()
