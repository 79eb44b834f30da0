"""A room, as the server's latest room message has it: its seats (the host
marked *), and what the player may do there.

While it waits, the host's controls follow the seats: A on an empty seat puts
a bot of the level shown in "Bots" there, A on a bot takes it off again,
"Fill with bots" fills every free seat, "Start" starts a full room, "Delete"
gives every fee back and ends it. Everyone may "Leave" (a waiting room refunds
the fee; in play leaving is a forfeit, asked first). A private room shows its
join code in the title. Once the match is on (its first view came) the table
takes over (ui.online.table_screen), and at its end the payout. Refusals are
said in a bubble, in the server's words.
"""

from ui import tunes
from ui.controls import BACK, Bubble, CHANGED, CHOSEN, Confirm, Menu, NONE, YES
from ui.online import (
    game_index,
    game_label,
    GAMES,
    keep_up,
    minutes,
    refusal,
    seat_words,
    table_screen,
)
from ui.widgets import footer, title


class Screen:
    def __init__(self, app, client):
        self.app = app
        self.client = client
        self.bubble = Bubble(app)
        self.confirm = Confirm(app)
        self.asked = 0
        self.leaving = False  # the request on its way is a leave or a delete
        self.shown = client.room  # the room message the menu was made from
        self.actions: tuple = ()
        levels = GAMES[game_index(self.shown.get("game"))][2]
        self.level = len(levels) // 2  # the Bots item's choice, kept as the room changes
        self.menu = self._make_menu(0)
        self.status = self._status()  # the footer, made in update(): draw() allocates nothing
        self.menu.announce("Room " + game_label(client.room.get("game")))

    def _make_menu(self, cursor):
        room = self.shown
        seats = room.get("seats") or ()
        labels = []
        values: list = []
        for i in range(len(seats)):
            label, note = seat_words(room, i)
            labels.append(label)
            values.append(note)
        actions = []
        waiting = room.get("state") == "waiting"
        if waiting and room.get("host") == room.get("you"):
            actions = ["bots", "fill", "start", "delete"]
        actions.append("leave" if room.get("state") != "over" else "lobby")
        words = {"bots": "Bots", "fill": "Fill with bots", "start": "Start",
                 "delete": "Delete room", "leave": "Leave", "lobby": "Back to lobby"}
        levels = GAMES[game_index(room.get("game"))][2]
        for action in actions:
            labels.append(words[action])
            values.append(levels if action == "bots" else None)
        self.actions = tuple(actions)
        menu = Menu(self.app, labels, values, cursor=min(cursor, len(labels) - 1), rows=4)
        if "bots" in actions:
            menu.set_value(len(seats) + actions.index("bots"), self.level)
        return menu

    def update(self):
        app = self.app
        client = self.client
        if not keep_up(app, client):
            return
        if client.room is None:  # left, deleted: the lobby again
            app.go("lobby", client, self.shown.get("game"))
            return
        if client.room is not self.shown:
            self.shown = client.room
            self.menu = self._make_menu(self.menu.cursor)
        state = self.shown.get("state")
        if state == "playing" and client.view is not None:
            app.go(table_screen(self.shown.get("game")), client)  # the match is on
            return
        if state == "over" and client.over is not None:
            app.go("payout", client)
            return
        status = self._status()
        if status != self.status:
            self.status = status
        if self.bubble.update():
            return
        answer = client.answer(self.asked) if self.asked else None
        if answer is not None:
            self.asked = 0
            if answer.get("type") == "error":
                app.sound.play(tunes.ERROR)
                self.bubble.show(refusal(answer))
            elif self.leaving:
                client.room = client.view = None
            return
        if self.asked:
            return
        decided = self.confirm.update()
        if decided == YES:
            self._ask("leave")
        if decided != NONE or self.confirm.open:
            return
        event = self.menu.update()
        if event == CHANGED:
            self.level = self.menu.value(self.menu.cursor)
        elif event == BACK:
            self._choose("leave" if self.shown.get("state") != "over" else "lobby")
        elif event == CHOSEN:
            self._chosen(self.menu.cursor)

    def _chosen(self, i):
        room = self.shown
        seats = room.get("seats") or ()
        if i >= len(seats):
            self._choose(self.actions[i - len(seats)])
            return
        if room.get("state") != "waiting" or room.get("host") != room.get("you"):
            return
        kind = seats[i].get("kind") if isinstance(seats[i], dict) else None
        if kind == "empty":
            self._ask("bot", level=self._level(), seat=i)
        elif kind == "bot":
            self._ask("unbot", seat=i)

    def _level(self):
        return GAMES[game_index(self.shown.get("game"))][2][self.level]

    def _choose(self, action):
        if action == "fill":
            self._ask("bot", level=self._level())
        elif action in ("start", "delete"):
            self._ask(action)
        elif action == "leave" and self.shown.get("state") == "playing":
            self.confirm.ask("Leave the match? It counts as a forfeit: the fee stays in the pot.")
        elif action == "leave":
            self._ask("leave")
        elif action == "lobby":
            self.client.room = self.client.view = None

    def _ask(self, kind, **fields):
        self.leaving = kind in ("leave", "delete")
        self.asked = self.client.request(kind, **fields)

    def draw(self):
        fb = self.app.fb
        fb.fill(0)
        room = self.shown
        note = room.get("code")  # a private room's code, else its id
        if not isinstance(note, str):
            note = room.get("room")
        title(fb, game_label(room.get("game")), note if isinstance(note, str) else "")
        self.menu.draw()
        footer(fb, self.status)
        self.confirm.draw()
        self.bubble.draw()

    def _status(self):
        room = self.shown
        state = room.get("state")
        if self.asked:
            return "asking..."
        if state == "waiting":
            pot = room.get("pot")
            return "waiting, %s left%s" % (minutes(room.get("expires_ms")),
                                          ", pot %d" % pot if isinstance(pot, int) and pot
                                          else "")
        return "the match is over" if state == "over" else "the match starts..."
