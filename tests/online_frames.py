"""Online screens shown from messages made here, for golden frames that are the
same at every run: the views come from the server's own match code
(server/games.py, with a fixed seed), the room, result and offer messages are
written as docs/protocol.md has them, and a StillClient hands them to the
screens as a session (hw/roomclient.py) would, sending nothing anywhere.

    match = Match("poker", "hands=5", seed=7, seats=("You", "bot", "bot", "bot"))
    match.play_until(lambda m: m.to_move() == 0)
    client = StillClient(room("poker", ...), match.view(0))
    h.app.go("onlinepoker", client)
"""

from hw.roomclient import ONLINE

import server  # noqa: F401  (firmware/ on the path, as the server has it)
from server import games

POKER_SEATS = ["You", "Ann", "bot", "Bob"]


def room(game, seats, you=0, options="", fee=0, pot=0, state="playing", private=False):
    """A room message; `seats` as "You", "Ann" (a player), "bot" or "" (empty)."""
    rows = []
    for s in seats:
        if s == "bot":
            rows.append({"kind": "bot", "level": "easy"})
        elif s:
            rows.append({"kind": "human", "name": "PLAYER_1" if s == "You" else s,
                         "status": "active", "connected": True})
        else:
            rows.append({"kind": "empty"})
    return {"type": "room", "room": "r7", "game": game, "options": options, "fee": fee,
            "pot": pot, "private": private, "code": "K7Q2P" if private else None, "host": 0,
            "state": state, "expires_ms": 3412000, "you": you, "token": "T1", "seats": rows}


def with_status(message, seat, status):
    """The room message with one human's status changed."""
    seats = [dict(s) for s in message["seats"]]
    seats[seat]["status"] = status
    return dict(message, seats=seats)


class Match:
    """A match of the server's, played on from its deal with the first legal action
    of each turn, or the action given."""

    def __init__(self, game, options, seed, seats):
        self.match = games.Match(game, games.parse_options(game, options), seed,
                                 ["guest"] * len(seats))
        self.last = None

    def act(self, action=None, late=False):
        m = self.match
        if action is None:
            action = m.legal()[0][0]
        self.last = m.apply(action, late)

    def play_until(self, done, most=2000):
        for _ in range(most):
            if done(self.match):
                return
            self.act()
        raise AssertionError("the match never got there")

    def view(self, seat, deadline_ms=9000, countdown_ms=0):
        """The seat's view as the server sends it (server/room.py's Room.view)."""
        m = self.match
        to = m.to_move()
        return {"type": "view", "room": "r7", "game": m.kind, "you": seat, "turn": m.n,
                "to_move": to, "deadline_ms": deadline_ms if to == seat else None,
                "countdown_ms": countdown_ms, "last": self.last,
                "legal": m.legal() if to == seat else [], "table": m.table(seat)}


def hand_over(match, seat):
    """Play on to the action that ends a hand: (the seat's view before it, after it)."""
    m = match.match
    hand = m.game.hand_no
    while True:
        before = match.view(seat)
        match.act()
        if m.over or m.game.hand_no != hand:
            return before, match.view(seat)


class StillClient:
    """What the screens read of a session, holding the messages a test gives it;
    requests are kept in `sent` (their ids count from 1), answered only by what
    the test puts in `answers` (id -> message)."""

    state = ONLINE
    problem = ""

    def __init__(self, room=None, view=None, player=None):
        self.room = room
        self.view = view
        self.over = None
        self.rooms = None
        self.offer = None
        self.closed = None
        self.token = "T1"
        self.player = player or {"name": "PLAYER_1", "guest": False, "coins": 4900,
                                 "elo": 1200.0, "rewarded_today": 0}
        self.sent = []
        self.answers = {}

    def step(self, ms):
        pass

    def request(self, kind, **fields):
        self.sent.append(dict(fields, type=kind))
        return len(self.sent)

    def answer(self, asked):
        return self.answers.pop(asked, None)

    def pending(self, asked):
        return False

    def stop(self):
        pass
