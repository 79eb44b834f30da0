"""The match being played on the handheld: the engine, who sits where, the record,
and a save after every action so that a power cut loses nothing.

A seat is "human:NAME" or "handheld:LEVEL" (the names a record's `players:`
header holds). Handheld decisions take a generator derived from the match seed
and the action number, so a resumed match plays on exactly as it would have.
"""

from core.actions import DRAW
from core.allfives import AllFives, HAND_OVER, Illegal, MATCH_OVER, Options, PLAYING
from core.record import Record
from core.rng import derive
from core.view import View
from players import NAMES, thinker

SAVE_KEY = "match"
_SEPARATOR = b"\n---\n"


class Session:
    def __init__(self, options, seed, seats):
        self.options = options
        self.seed = seed
        self.seats = list(seats)
        self.game = AllFives(options, seed)
        self.record = Record(options, seed, self.seats)
        # A thinker (start, step, action) for every handheld seat.
        self._thinkers = {
            s: thinker(self.name(s)) for s in range(len(self.seats)) if not self.is_human(s)
        }
        self._thinking = -1
        self.events = []

    # --- who plays ------------------------------------------------------------

    def is_human(self, seat):
        return self.seats[seat].startswith("human:")

    def name(self, seat):
        return self.seats[seat].split(":", 1)[1]

    def humans(self):
        return sum(1 for s in range(len(self.seats)) if self.is_human(s))

    def to_move(self):
        """The seat whose decision the match waits for, or -1 between hands and at the end."""
        return self.game.turn if self.game.state == PLAYING else -1

    def waiting_for_human(self):
        seat = self.to_move()
        return seat >= 0 and self.is_human(seat)

    # --- moving the match on --------------------------------------------------

    def deal(self):
        """Deal the next hand (the first one too)."""
        self.events = self.game.start_hand()
        return self.events

    def play(self, action):
        """A human's action: applied, recorded and saved; raises Illegal and changes
        nothing when the rules refuse it."""
        if not self.waiting_for_human():
            raise Illegal("it is not your turn")
        return self._apply(action)

    def start_thinking(self):
        """The handheld seat to move starts deciding; then `think_step()` until it
        returns True, then `finish_thinking()` (the screen keeps drawing meanwhile)."""
        seat = self.to_move()
        if seat < 0 or self.is_human(seat):
            raise Illegal("no handheld player is to move")
        rng = derive(self.seed, len(self.record.actions))
        self._thinkers[seat].start(View(self.game, seat), rng)
        self._thinking = seat

    def think_step(self):
        """One bounded piece of the decision; True once it is made."""
        return self._thinkers[self._thinking].step()

    def finish_thinking(self):
        """Make the handheld's decided action; returns the events."""
        action = self._thinkers[self._thinking].action
        self._thinking = -1
        return self._apply(action)

    def think(self):
        """Decide and act in one go (demos, tests); returns the events."""
        self.start_thinking()
        while not self.think_step():
            pass
        return self.finish_thinking()

    def _apply(self, action):
        self.events = self.game.apply(action)
        self.record.add(action)
        return self.events

    @property
    def over(self):
        return self.game.state == MATCH_OVER

    @property
    def between_hands(self):
        return self.game.state == HAND_OVER

    def can_draw(self):
        return DRAW in self.game.legal()

    # --- saving ---------------------------------------------------------------

    def encode(self):
        """The save: the record's header as text (with the number of hands dealt,
        so a hand dealt but not yet played comes back dealt), then its actions,
        one byte each."""
        header = "options: %s\nseed: %d\nplayers: %s\nhands: %d" % (
            self.options.text(),
            self.seed,
            ",".join(self.seats),
            self.game.hand_no,
        )
        return header.encode() + _SEPARATOR + bytes(self.record.actions)

    def save(self, storage):
        storage.set(SAVE_KEY, self.encode())
        return storage.save()


def decode(data):
    """A session rebuilt from `Session.encode()` bytes, played up to where it was.
    Raises ValueError if the bytes are not a whole, legal match."""
    cut = data.find(_SEPARATOR)
    if cut < 0:
        raise ValueError("not a saved match")
    fields = {}
    for line in bytes(data[:cut]).decode().split("\n"):
        key, _, value = line.partition(": ")
        fields[key] = value
    try:
        options = Options.parse(fields["options"])
        seed = int(fields["seed"])
        seats = fields["players"].split(",")
        dealt = int(fields.get("hands", "0"))
    except KeyError:
        raise ValueError("the saved match lacks its header") from None
    if len(seats) != AllFives.SEATS or not all(_known(s) for s in seats):
        raise ValueError("the saved match names unknown players")
    session = Session(options, seed, seats)
    game = session.game
    for action in data[cut + len(_SEPARATOR) :]:
        if game.state == HAND_OVER:
            game.start_hand()
        try:
            session._apply(action)
        except Illegal as e:
            raise ValueError("the saved match does not replay: " + str(e)) from None
    if game.state == HAND_OVER and game.hand_no < dealt:
        game.start_hand()  # the seed deals the same tiles again
    session.events = []
    return session


def _known(seat):
    kind, _, name = seat.partition(":")
    return (kind == "human" and name) or (kind == "handheld" and name in NAMES)


def resume(storage):
    """The saved match, or None if there is none or it is damaged (then it is removed)."""
    data = storage.get(SAVE_KEY)
    if data is None:
        return None
    try:
        return decode(data)
    except ValueError:
        storage.delete(SAVE_KEY)
        storage.save()
        return None


def forget(storage):
    """Remove the saved match (it is over, or the player quit it) and save."""
    storage.delete(SAVE_KEY)
    storage.save()
