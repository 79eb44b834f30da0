"""What every online table shares (screens/onlinepoker.py, onlineline.py,
onlinecross.py): the server's latest view, read once when it comes, and what
the player sends back.

    play = Play(app, client, poker)
    ...each frame:
    if not play.update(): return       # another screen is on its way
    play.changed                       # a new view came this frame
    play.hand, play.legal, play.texts  # your tiles; your legal actions, their words
    play.mine                          # it is your turn, the countdown is over
    play.seconds(), play.countdown()   # your turn's seconds left (-1: none), the countdown's
    play.state                         # your missed turns: core.pokertimer's ACTIVE .. AUTOPLAY
    play.choice                        # the buttons' choice among play.legal (ui/onlinechoice.py)
    play.act(action)                   # sent once; play.legal is emptied until the next view
    play.notice                        # a sentence to show (late, autoplay, a refusal), or ""
    play.pressed                       # this frame's button went to `control`: no other use

The server decides everything: what is legal, the timers, the late plays. The
times shown count down from the view's deadline_ms with the frames' own time.
Under autoplay any button sends `control` (the player takes the seat back); a
refused act says why, but for `countdown` (the server's countdown ran a little
longer than the handheld's: the act is sent again) and the refusals of an act
overtaken by the match (`stale`, `late`, `not_your_turn`: the next view tells).
"""

from core.pokertimer import ACTIVE, AUTOPLAY, STATE_NAMES
from hw.buttons import ALL
from micropython import const

from ui import tunes
from ui.online import keep_up, refusal, seat_name
from ui.onlinechoice import Choice

_RETRY_MS = const(200)  # an act refused in the countdown goes again after this
_QUIET = ("stale", "late", "not_your_turn", "no_answer", "offline")
# What a change of your missed turns tells (by the new state), as offline.
_STATE_NOTICES = ("You play again.", "Late: the server played for you.",
                  "Late again: inactive.", "Autoplay: press a key to play.")


class Play:
    def __init__(self, app, client, poker):
        self.app = app
        self.client = client
        self.choice = Choice(app, poker)
        room = client.room
        self.game = room.get("game")
        you = room.get("you")
        self.you = you if isinstance(you, int) else 0
        self.seats = len(room.get("seats") or ())
        self.names = [seat_name(room, s) for s in range(self.seats)]
        self.room = None
        self.state = ACTIVE
        self.view = None
        self.table: dict = {}
        self.before: dict = {}  # the table of the view before this one
        self.last = None  # the action that made the view, or None
        self.hand: list = []
        self.legal: list = []
        self.texts: list = []
        self.turn = -1
        self.to_move = -1
        self.left_ms = -1  # your decision's time left (-1: not your turn)
        self.countdown_ms = 0
        self.changed = False
        self.pressed = False  # this frame's button took the seat back from autoplay
        self.notice = ""
        self.asked = 0  # the act (or control) on its way
        self.action = -1  # the act sent, for a retry
        self.retry_ms = -1
        self._room(room)
        if client.view is not None:
            self._view(client.view)

    # --- each frame ------------------------------------------------------------------

    def update(self):
        """Step the session and follow it; False when this screen stops (the lost
        connection, the lobby after a leave or a closed room)."""
        app = self.app
        client = self.client
        if not keep_up(app, client):
            return False
        if client.room is None:
            app.go("lobby", client, self.game)
            return False
        ms = app.clock.last_ms
        if self.left_ms > 0:
            self.left_ms = max(self.left_ms - ms, 0)
        if self.countdown_ms > 0:
            self.countdown_ms = max(self.countdown_ms - ms, 0)
        if client.room is not self.room:
            self._room(client.room)
        self.changed = client.view is not self.view and client.view is not None
        if self.changed:
            self._view(client.view)
        self._answered(ms)
        # Under autoplay a button takes the seat back, and is used up doing so.
        self.pressed = self.state == AUTOPLAY and app.buttons.just_pressed(ALL)
        if self.pressed and not self.asked:
            self.asked = client.request("control")
            app.sound.play(tunes.SELECT)
        return True

    @property
    def mine(self):
        """Your decision runs: the view gave you actions and the countdown is over."""
        return bool(self.legal) and self.countdown_ms == 0 and self.state != AUTOPLAY

    def seconds(self):
        return (self.left_ms + 999) // 1000 if self.left_ms >= 0 else -1

    def countdown(self):
        return (self.countdown_ms + 999) // 1000

    def act(self, action):
        self.action = action
        self.asked = self.client.request("act", turn=self.turn, action=action)
        del self.legal[:]  # nothing more to choose until the next view
        del self.texts[:]
        self.choice.reset(self.hand, self.legal)
        self.app.sound.play(tunes.PLAYED)

    def tell(self, words):
        self.notice = words
        self.app.say(words)

    # --- what came -------------------------------------------------------------------

    def _room(self, room):
        self.room = room
        seats = room.get("seats") or ()
        seat = seats[self.you] if self.you < len(seats) and isinstance(seats[self.you],
                                                                        dict) else {}
        status = seat.get("status")
        state = STATE_NAMES.index(status) if status in STATE_NAMES else ACTIVE
        if state != self.state:
            self.state = state
            self.tell(_STATE_NOTICES[state])
            if state:
                self.app.sound.play(tunes.ERROR)

    def _view(self, view):
        self.view = view
        self.before = self.table
        table = view.get("table")
        self.table = table if isinstance(table, dict) else {}
        hand = self.table.get("hand")
        self.hand = sorted(t for t in hand if isinstance(t, int) and 0 <= t < 28) if isinstance(
            hand, list) else []
        self._legal(view)
        turn = view.get("turn")
        self.turn = turn if isinstance(turn, int) else -1
        mover = view.get("to_move")
        self.to_move = mover if isinstance(mover, int) else -1
        last = view.get("last")
        self.last = last if isinstance(last, dict) else None
        deadline = view.get("deadline_ms")
        countdown = view.get("countdown_ms")
        self.countdown_ms = countdown if isinstance(countdown, int) and countdown > 0 else 0
        mine = self.to_move == self.you and isinstance(deadline, int)
        self.left_ms = max(deadline - self.countdown_ms, 0) if mine else -1
        if self.legal:
            self.app.say("Your turn.")

    def _legal(self, view):
        del self.legal[:]
        del self.texts[:]
        for pair in view.get("legal") or ():
            if isinstance(pair, list) and len(pair) == 2 and isinstance(pair[0], int):
                self.legal.append(pair[0])
                self.texts.append(str(pair[1]))
        self.choice.reset(self.hand, self.legal)

    def _answered(self, ms):
        client = self.client
        if self.asked:
            answer = client.answer(self.asked)
            if answer is not None:
                self.asked = 0
                if answer.get("type") == "error":
                    code = answer.get("code")
                    if code == "countdown":
                        self.retry_ms = _RETRY_MS
                    elif code not in _QUIET:
                        self.app.sound.play(tunes.ERROR)
                        self.tell(refusal(answer))
                        self._legal(self.view)  # choose again
        if self.retry_ms >= 0:
            self.retry_ms -= ms
            if self.retry_ms < 0 and self.to_move == self.you:
                self.asked = client.request("act", turn=self.turn, action=self.action)
