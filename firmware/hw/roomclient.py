"""The handheld's session with the room server (docs/protocol.md), over a link
of hw/net.py, stepped once a frame like everything else.

    client = RoomClient(hw.net, key_for(hw.storage, "ANN", hw.net.random),
                        token=token_of(hw.storage, "ANN"), kept=...)   # hw/netkeys.py
    client.start()
    ...each frame: client.step(ms)
    asked = client.request("list", game="poker")
    answer = client.answer(asked)      # None until it comes: the message, or an error
    client.player, client.room, client.view, client.over, client.rooms, client.offer

It sends hello (with the device key, and the seat's reconnect token once it
has one) whenever a link opens, keeps the latest of everything the server
pushes (player and balance, room, view, the result), matches answers to
requests by their id, and when the link drops it tries again after 1, 2, 4, 8
then 15 seconds (a little random added, so that many handhelds do not all come
back at once), reconnecting with the token to the seat it had; `kept(token)`
hears each new token (and "" when the seat is gone), for the save to keep it
across a power cut. It decides nothing of the game: the server's views say
what is legal.

States: OFFLINE (not started, or stopped), CONNECTING (a link opening, hello
on its way), ONLINE (welcomed), RETRYING (the link dropped: waiting to try
again; `problem` says why), FAILED (the server will not have this client: a
bad key, another protocol, another connection took the identity).

A message that is not a JSON object, or has no string type, is dropped and
counted (`bad_messages`): the server's frames never crash the handheld.
"""

import json

from micropython import const

OFFLINE = "offline"
CONNECTING = "connecting"
ONLINE = "online"
RETRYING = "retrying"
FAILED = "failed"

PROTOCOL = const(1)
_BACKOFF_S = (1, 2, 4, 8, 15)  # (in ms a frozen module would keep 15000 as a big int: hw.sound)
_ANSWER_MS = const(10000)  # a request unanswered this long gets a no_answer error
_FATAL = ("bad_key", "protocol", "replaced")
_REPLACED = const(4001)  # the close code of a connection another one replaced
MESSAGE_CAP = const(8192)  # the biggest server message taken (a full lobby list)


class RoomClient:
    def __init__(self, net, key, client="handheld", token="", kept=None):
        self.net = net
        self.key = key
        self.client = client
        self._kept = kept
        self.state = OFFLINE
        self.problem = ""
        self.link = None
        self.player = None  # the welcome's player, with its coins kept up to date
        self.room = None  # the latest room message (None: in the lobby)
        self.view = None  # the latest view of the table
        self.over = None  # the result of the match that ended
        self.rooms = None  # the last lobby list
        self.offer = None  # the quick match's offer of the handheld professional
        self.closed = None  # the last room that closed under the player ("closed")
        self.token = token or None  # the seat's reconnect token
        self.notices: list = []  # errors without an id, pushed by the server
        self.bad_messages = 0
        self.attempts = 0  # failed tries since the last welcome
        self.wait_ms = 0  # before the next try, while RETRYING
        self._next_id = 1
        self._pending: dict = {}  # id -> ms waited
        self._answers: dict = {}  # id -> the answer
        self._moves: dict = {}  # id -> the turn of an act (a control: -1) in flight
        self._hello = 0  # the id of the hello in flight

    # --- what the screens use -------------------------------------------------------

    def start(self):
        """Connect (or reconnect at once, out of a wait or a failure)."""
        self.attempts = 0
        self._connect()

    def stop(self):
        """Close the link and forget the session's room state."""
        if self.link is not None:
            self.link.close()
            self.link.step(0)
        self.link = None
        self.state = OFFLINE
        self._fail_pending("offline")

    def request(self, kind, **fields):
        """Send a request; its id (to ask answer() with), or 0 when offline. An
        act made (or a control) has no answer of its own: the first view past
        its turn answers it, or its refusal does."""
        if self.state != ONLINE:
            return 0
        asked = self._send(kind, fields)
        if kind in ("act", "control") and asked in self._pending:
            turn = fields.get("turn")
            self._moves[asked] = turn if isinstance(turn, int) else -1
        return asked

    def answer(self, asked):
        """The answer to request `asked` once it came (the message, or an error
        with its code), else None. Each answer is given once."""
        return self._answers.pop(asked, None)

    def pending(self, asked):
        return asked in self._pending

    # --- each frame -----------------------------------------------------------------------

    def step(self, ms):
        if self.state == RETRYING:
            self.wait_ms -= ms
            if self.wait_ms <= 0:
                self._connect()
            return
        link = self.link
        if link is None:
            return
        link.step(ms)
        if self.state == CONNECTING and not self._hello and link.state == "open":
            fields = {"protocol": PROTOCOL, "key": self.key, "client": self.client}
            if self.token:
                fields["token"] = self.token
            self._hello = self._send("hello", fields)
        text = link.receive()
        while text is not None:
            self._take(text)
            text = link.receive()
        for asked in list(self._pending):
            self._pending[asked] += ms
            if self._pending[asked] > _ANSWER_MS:
                self._error(asked, "no_answer", "the server did not answer")
        if link.state == "closed" and self.state in (CONNECTING, ONLINE):
            self._dropped(link)

    # --- inside ------------------------------------------------------------------------------

    def _connect(self):
        self.problem = ""
        try:
            self.link = self.net.open(cap=MESSAGE_CAP)
        except ValueError as e:
            self.state = FAILED
            self.problem = str(e)
            return
        self._hello = 0
        self.state = CONNECTING

    def _dropped(self, link):
        self._fail_pending("offline")
        if link.close_code == _REPLACED:
            self.state = FAILED
            self.problem = "another connection signed in with this key"
            return
        self.problem = link.problem or "the link closed"
        self.state = RETRYING
        backoff = 1000 * _BACKOFF_S[min(self.attempts, len(_BACKOFF_S) - 1)]
        self.wait_ms = backoff + backoff * self.net.random(1)[0] // 1024  # up to +25 %
        self.attempts += 1

    def _send(self, kind, fields):
        asked = self._next_id
        self._next_id += 1
        fields["type"] = kind
        fields["id"] = asked
        link = self.link
        if link is None or not link.send(json.dumps(fields)):
            self._answers[asked] = {"type": "error", "id": asked, "code": "offline",
                                    "message": "not sent: the link is busy or down"}
            return asked
        self._pending[asked] = 0
        return asked

    def _error(self, asked, code, message):
        self._pending.pop(asked, None)
        self._moves.pop(asked, None)
        self._answers[asked] = {"type": "error", "id": asked, "code": code, "message": message}

    def _fail_pending(self, code):
        for asked in list(self._pending):
            self._error(asked, code, "the link dropped before the answer came")

    def _take(self, text):
        try:
            message = json.loads(text)
        except ValueError:
            message = None
        if not isinstance(message, dict) or not isinstance(message.get("type"), str):
            self.bad_messages += 1
            return
        kind = message["type"]
        asked = message.get("id")
        if kind == "error" and asked == self._hello and self._hello:
            self._hello_refused(message)
            return
        if kind == "welcome":
            self._welcome(message)
        elif kind in ("player", "balance", "room", "view", "over", "rooms", "left", "closed",
                      "offer"):
            if not self._keep(kind, message):
                self.bad_messages += 1
                return
        elif kind == "error" and asked is None:
            self.notices.append(message)
        if asked is not None and asked in self._pending:
            del self._pending[asked]
            self._moves.pop(asked, None)
            self._answers[asked] = message

    def _hello_refused(self, message):
        self._pending.pop(self._hello, None)
        code = message.get("code")
        if code in _FATAL:
            self.problem = str(message.get("message") or code)
            self.state = FAILED
            if self.link is not None:
                self.link.close()
        elif code in ("bad_token", "forfeited", "no_room"):
            # Welcomed already, the token answers for no seat: the seat is gone
            # (or was given up), and the lobby is where the player is.
            self._token(None)

    def _welcome(self, message):
        self._pending.pop(self._hello, None)
        self.state = ONLINE
        self.attempts = 0
        self.problem = ""
        player = message.get("player")
        if isinstance(player, dict):
            self.player = player
        if not isinstance(message.get("room"), str):  # seated nowhere
            self.room = self.view = None
            self._token(None)

    def _token(self, token):
        if token != self.token:
            self.token = token
            if self._kept is not None:
                self._kept(token or "")

    def _keep(self, kind, message):
        """Keep a pushed message; False when it is malformed."""
        if kind == "player":
            player = message.get("player")
            if not isinstance(player, dict):
                return False
            self.player = player
        elif kind == "balance":
            coins = message.get("coins")
            if not isinstance(coins, int) or self.player is None:
                return False
            self.player["coins"] = coins
        elif kind == "room":
            if not isinstance(message.get("seats"), list):
                return False
            self.room = message
            token = message.get("token")
            if message.get("state") == "over":
                token = None
            elif not isinstance(token, str):
                token = self.token
            self._token(token)
        elif kind == "view":
            turn = message.get("turn")
            if not isinstance(message.get("table"), dict) or not isinstance(turn, int):
                return False
            self.view = message
            for asked in list(self._moves):
                if turn > self._moves[asked]:
                    del self._moves[asked]
                    self._pending.pop(asked, None)
                    self._answers[asked] = message
        elif kind == "over":
            self.over = message
        elif kind == "rooms":
            if not isinstance(message.get("rooms"), list):
                return False
            self.rooms = message
        elif kind == "offer":
            self.offer = message
        elif kind in ("left", "closed"):
            if kind == "closed":
                self.closed = message
            self.room = self.view = None
            self._token(None)
        return True
