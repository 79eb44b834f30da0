"""A private room's join code, entered with the arrows: LEFT / RIGHT pick one of
its five places, UP / DOWN turn that place through the code's letters and
digits (no 0, O, 1 or I: they read alike), A joins, B goes back to the lobby."""

from gfx import text
from hw.buttons import A, B, DOWN, LEFT, RIGHT, UP
from micropython import const
from ui import tunes
from ui.controls import Bubble
from ui.online import CODE_LENGTH, CODE_LETTERS, keep_up, refusal
from ui.widgets import centre, footer, title

_LETTERS = tuple(CODE_LETTERS)  # drawn by index: no string is made
_CELL = const(14)
_X = const(30)
_Y = const(22)


class Screen:
    def __init__(self, app, client, game):
        self.app = app
        self.client = client
        self.game = game
        self.bubble = Bubble(app)
        self.letters = bytearray(CODE_LENGTH)  # an index into CODE_LETTERS per place
        self.place = 0
        self.asked = 0
        app.say("Join by code. Up and down change a letter, left and right move. "
                "A joins. The code is " + self.code() + ".")

    def code(self):
        return "".join(CODE_LETTERS[i] for i in self.letters)

    def update(self):
        app = self.app
        client = self.client
        if not keep_up(app, client):
            return
        if client.room is not None and client.room.get("state") != "over":
            app.go("room", client)
            return
        if self.bubble.update():
            return
        if self.asked:
            answer = client.answer(self.asked)
            if answer is not None:
                self.asked = 0
                if answer.get("type") == "error":
                    app.sound.play(tunes.ERROR)
                    self.bubble.show(refusal(answer))
            return
        buttons = app.buttons
        if buttons.repeat(LEFT) or buttons.repeat(RIGHT):
            self.place = (self.place + (1 if buttons.repeat(RIGHT) else -1)) % CODE_LENGTH
            app.sound.play(tunes.MOVE)
            app.say("Place %d: %s" % (self.place + 1, self.code()[self.place]))
        elif buttons.repeat(UP) or buttons.repeat(DOWN):
            step = 1 if buttons.repeat(UP) else -1
            self.letters[self.place] = (self.letters[self.place] + step) % len(CODE_LETTERS)
            app.sound.play(tunes.MOVE)
            app.say(self.code()[self.place])
        elif buttons.just_pressed(A):
            app.sound.play(tunes.SELECT)
            self.asked = client.request("join", code=self.code())
        elif buttons.just_pressed(B):
            app.sound.play(tunes.BACK)
            app.go("lobby", client, self.game)

    def draw(self):
        fb = self.app.fb
        fb.fill(0)
        title(fb, "Join by code")
        for i in range(CODE_LENGTH):
            x = _X + i * _CELL
            lit = i == self.place
            if lit:
                fb.fill_rect(x, _Y, _CELL - 2, 12, 1)
                fb.hline(x + 3, _Y - 3, _CELL - 8, 1)  # the arrows' hint: up
                fb.hline(x + 3, _Y + 14, _CELL - 8, 1)  # and down
            else:
                fb.rect(x, _Y, _CELL - 2, 12, 1)
            letter = _LETTERS[self.letters[i]]
            text.draw(fb, letter, x + (_CELL - 2 - text.width(letter)) // 2, _Y + 3,
                      0 if lit else 1)
        centre(fb, "joining..." if self.asked else "5 letters from the host", 41)
        footer(fb, "A join  B back")
        self.bubble.draw()
