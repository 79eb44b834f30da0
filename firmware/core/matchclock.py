"""Spectacular Bid's match clock (docs/rules.md section 2): a bank per player, a delay per decision.

Times are integer milliseconds handed in by the caller (the time a decision took,
measured with the clocks stopped while deals, scores and handovers are shown), so
the clock is the same on every board and in every test. A decision may take up to
DELAY for free; past that the bank runs down; unused delay is lost and the bank is
never refilled. A decision is out of time once it has taken DELAY + bank.
"""

from micropython import const

BANK = const(120000)  # each player's bank for the whole match
DELAY = const(10000)  # free time of every decision


class MatchClock:
    def __init__(self):
        self.bank = [BANK, BANK]
        self.spent = 0  # time taken so far by the decision under way (its draws)

    def left(self, seat):
        """How long the decision under way may still take before `seat` loses on time."""
        return DELAY + self.bank[seat] - self.spent

    def shown_bank(self, seat, taken):
        """`seat`'s bank as its clock shows it once the decision under way has taken
        `taken` ms in all (0 when it is not `seat`'s): it runs after the delay."""
        over = taken - DELAY
        bank = self.bank[seat]
        return bank if over <= 0 else max(bank - over, 0)

    def shown_delay(self, taken):
        """The delay left to a decision that has taken `taken` ms in all."""
        return max(DELAY - taken, 0)

    def add(self, took):
        """Count time taken by an action of the decision under way."""
        self.spent += took

    def settle(self, seat):
        """The decision is made: charge the bank what it took beyond the delay."""
        over = self.spent - DELAY
        if over > 0:
            self.bank[seat] -= over
        self.spent = 0

    def run_out(self, seat):
        self.bank[seat] = 0
        self.spent = 0
