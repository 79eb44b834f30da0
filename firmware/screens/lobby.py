"""The lobby: the public rooms waiting for players of one game, and the ways in.

    Game      ← Poker →      LEFT / RIGHT: which game's rooms are listed
    Fee       ← free →       what each seat of a room you create pays (a pot)
    Create public            a room anyone in the lobby sees
    Create private           a room joined only with its code
    Join by code
    Quick match              1x1 only: a rated duel (screens/quick.py)
    Ann  2/4         100c    a listed room: A takes a seat (and pays its fee)

The list is asked for again every few seconds. Whatever the server refuses is
said in a bubble in its own words; a seat kept in another room (the server
refuses with in_room) is offered to be left. A room closed under the player
(the host deleted it, its hour ran out) is said on coming back here. B goes
back to the main menu, offline.
"""

from micropython import const
from ui import tunes
from ui.controls import BACK, Bubble, CHANGED, CHOSEN, Confirm, Menu, YES
from ui.online import game_index, GAMES, keep_up, refusal
from ui.widgets import footer, title

_REFRESH = const(150)  # frames between two lists (5 s)
_FEES = (0, 10, 50, 100, 500)
_FEE_WORDS = ("free", "10c", "50c", "100c", "500c")
_FIXED = ("Game", "Fee", "Create public", "Create private", "Join by code")
_QUICK = "Quick match"
_CLOSED = {"deleted": "The host deleted the room: every fee came back.",
           "expired": "The room's hour ran out: every fee came back.",
           "abandoned": "The room closed: everyone had left."}


class Screen:
    def __init__(self, app, client, game="poker"):
        self.app = app
        self.client = client
        self.bubble = Bubble(app)
        self.confirm = Confirm(app)  # leave the seat the server says is kept elsewhere
        self.game = game_index(game)
        self.fee = 0  # the Fee item's choice
        self.fixed = len(_FIXED)  # the menu's items before the listed rooms
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
        self._words()
        self.menu.announce("Lobby")
        closed = client.closed
        if closed is not None:
            client.closed = None
            self.bubble.show(_CLOSED.get(closed.get("reason"), "The room closed."))

    def _menu(self, cursor):
        labels = list(_FIXED)
        values: list = [tuple(label for _, label, _ in GAMES), _FEE_WORDS, None, None, None]
        if GAMES[self.game][0] == "1x1":
            labels.append(_QUICK)
            values.append(None)
        self.fixed = len(labels)
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
        menu.set_value(1, self.fee)
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
        decided = self.confirm.update()
        if decided == YES:
            self.asked = client.request("leave")
        if decided or self.confirm.open:
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
        elif event == CHANGED and self.menu.cursor == 1:
            self.fee = self.menu.value(1)
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
        if i == 2 or i == 3:
            self.asked = client.request("create", game=game, private=i == 3,
                                        fee=_FEES[self.fee])
        elif i == 4:
            self.app.go("joincode", client, game)
        elif i == 5 and self.fixed > 5:
            self.app.go("quick", client)
        elif i >= self.fixed:
            self.asked = client.request("join", room=self.listed[i - self.fixed])

    def _answers(self):
        client = self.client
        if self.listing:
            answer = client.answer(self.listing)
            if answer is not None:
                self.listing = 0
                if answer.get("type") == "rooms":
                    self.shown = answer
                    cursor = self.menu.cursor
                    self.menu = self._menu(cursor if cursor < self.fixed + len(
                        answer.get("rooms") or ()) else 0)
        if self.asked:
            answer = client.answer(self.asked)
            if answer is not None:
                self.asked = 0
                if answer.get("code") == "in_room":
                    self.confirm.ask("You still have a seat in another room. Leave it? "
                                     "During a match that is a forfeit.")
                elif answer.get("type") == "error":
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
        self.confirm.draw()
        self.bubble.draw()
