"""Domino Poker's game records (RULES.md section 5): the format, and writing them.

    game: poker
    options: hands=5
    seed: 12
    players: Ann, handheld:hard, handheld:medium, handheld:hard
    deal: [0|0] [0|1] ... / ... / ... / ...
    ---
    1 bid 3
    2 bid 2
    3 bid 0
    4 bid 3
    1 lead [2|5] 5
    2 play [1|4]
    3 play [0|5] timeout

Seats count from 1. `lead [a|b] N` names the called number (none for a double or
a trump); `timeout` marks an action the handheld made for a late player. The
header's `deal:` (optional: the seed deals when it is absent) is the first
hand's, each hand's seven tiles, seat 1 first; a `deal ...` line in the body gives
the next hand's. Blank lines and `#` comments are ignored. A record that this
module writes replays to the same states and writes back to the same text
(core.pokerreplay reads them; the handheld saves the compact PokerRecord).
"""

from core.poker import BID, HAND_OVER, NO_CALL, Options, Poker
from core.tiles import name


class PokerRecord:
    """A match as its header and its actions, one byte each (and a byte per action
    saying whether it was late); `text()` writes it out as a record."""

    def __init__(self, options=None, seed=1, players=("P1", "P2", "P3", "P4")):
        self.options = options or Options()
        self.seed = seed
        self.players = list(players)
        self.deals = {}  # hand number -> explicit deal (four masks)
        self.actions = bytearray()
        self.late = bytearray()

    def start_hand(self, hand_no, deal=None):
        """Note that hand `hand_no` (from 1) begins, with its explicit deal if any."""
        if deal is not None:
            self.deals[hand_no] = deal

    def add(self, action, late=False):
        self.actions.append(action)
        self.late.append(1 if late else 0)

    def lines(self):
        """The body of the record: a line per action, a comment where a hand begins."""
        game = Poker(self.options, self.seed)
        out = []
        for i, action in enumerate(self.actions):
            if game.state == HAND_OVER:
                hand_no = game.hand_no + 1
                deal = self.deals.get(hand_no)
                game.start_hand(deal)
                if hand_no > 1:
                    out.append("# hand %d" % hand_no)
                    if deal is not None:
                        out.append("deal " + deal_text(deal))
            line = "%d %s" % (game.turn + 1, describe(game, action))
            if self.late[i]:
                line += " timeout"
            out.append(line)
            game.apply(action, self.late[i])
        return out

    def text(self):
        out = [
            "game: poker",
            "options: " + self.options.text(),
            "seed: %d" % self.seed,
            "players: " + ", ".join(self.players),
        ]
        if 1 in self.deals:
            out.append("deal: " + deal_text(self.deals[1]))
        out.append("---")
        out.extend(self.lines())
        return "\n".join(out) + "\n"


def describe(game, action):
    """The action of the seat to move as a record writes it after the seat."""
    if action >= BID:
        return "bid %d" % (action - BID)
    t = action >> 3
    called = action & 7
    if game.led >= 0:
        return "play " + name(t)
    if called == NO_CALL:
        return "lead " + name(t)
    return "lead %s %d" % (name(t), called)


def deal_text(deal):
    return " / ".join(" ".join(name(t) for t in range(28) if m >> t & 1) for m in deal)
