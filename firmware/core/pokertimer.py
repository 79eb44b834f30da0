"""Domino Poker's turn timer and missed turns (RULES.md section 4), on an injected clock.

Times are integer milliseconds handed in by the caller (`now`, from any origin),
so the timer behaves the same on every board and in every test. A human bid or
play has TURN ms; a countdown of COUNTDOWN ms precedes the first bid of a match.
When a turn runs out the handheld acts for the player (the medium level's
choice, marked late); missed turns in a row make the player WARNED, then
INACTIVE, then AUTOPLAY: the handheld then plays every turn for them until they
press a button. Acting in time resets the count.
"""

from micropython import const

TURN = const(10000)
COUNTDOWN = const(10000)

ACTIVE = const(0)
WARNED = const(1)  # one missed turn in a row
INACTIVE = const(2)  # two
AUTOPLAY = const(3)  # three: the handheld plays until a button is pressed

STATE_NAMES = ("active", "warned", "inactive", "autoplay")


class TurnTimer:
    def __init__(self, turn=TURN, countdown=COUNTDOWN):
        self.turn = turn  # the room server shortens both in its tests
        self.wait = countdown
        self.missed = 0  # turns missed in a row, at most AUTOPLAY
        self.deadline = -1  # when the turn under way runs out; -1: no turn runs
        self.ready_at = -1  # when the countdown before the first bid ends

    def state(self):
        return self.missed

    def countdown(self, now):
        """The match begins: its first bid waits the countdown (COUNTDOWN ms by default)."""
        self.ready_at = now + self.wait

    def counting_down(self, now):
        """The ms of the countdown still to run (0 when it is over)."""
        return max(self.ready_at - now, 0)

    def start(self, now):
        """It is really the human's turn now: the timer starts (after any countdown)."""
        self.deadline = max(now, self.ready_at) + self.turn

    def left(self, now):
        """The ms the turn under way still has (at most TURN; 0 when none runs)."""
        if self.deadline < 0:
            return 0
        return min(max(self.deadline - now, 0), self.turn)

    def overdue(self, now):
        """The handheld must act for the player now: its time ran out, or it plays for them."""
        if self.missed >= AUTOPLAY:
            return True
        return self.deadline >= 0 and now >= self.deadline

    def acted(self, now):
        """The player acted; in time, that resets the missed turns. Returns whether
        it was in time (an action after the deadline is refused by the caller)."""
        if self.missed >= AUTOPLAY or self.deadline < 0 or now >= self.deadline:
            return False
        self.missed = 0
        self.deadline = -1
        return True

    def timed_out(self):
        """The handheld acted for the player; returns the new state."""
        if self.deadline >= 0 and self.missed < AUTOPLAY:
            self.missed += 1
        self.deadline = -1
        return self.missed

    def press(self):
        """A button was pressed: under autoplay, the player takes control back (the
        caller then starts the turn under way afresh). Returns whether it did."""
        if self.missed < AUTOPLAY:
            return False
        self.missed = 0
        return True
