"""Plain-text game records (docs/rules.md section 5): the format, and writing them.

    game: allfives
    options: target=100 draw=optional keep=0 lead=continue
    seed: 1234
    players: Ann, handheld:tactics
    deal: [0|0] [1|4] ... / [2|3] ... / stock [5|6] [0|2] ...
    ---
    1 play [1|4]
    2 play [1|1] W
    1 draw [2|5]
    2 pass

The header's `deal:` (optional: the seed deals when it is absent) is the first
hand's; a `deal ...` line in the body gives the next hand's. Seats count from 1,
the lead needs no end and its first half faces W, `draw` may name the tile drawn
(the replay checks it), blank lines and `#` comments are ignored. The header
starts with `game:` and gives each key once; numbers are ASCII digits (a seed
from 0 to 4294967295); the file is UTF-8, a byte-order mark allowed. A record
that this module writes replays to the same states and writes back to the same text.

Spectacular Bid's records (`game: bid`, no options) add the calls `bid 20`,
`accept` and `decline`, `timeout` (the clock ran out: the late action was not
made), and end every action line with the time it took since the previous action
of the same decision (its start, for the first; at most 999999.999s), which
replays the clocks:

    game: bid
    seed: 5
    players: Ann, handheld:bid
    ---
    1 play [6|6] +4.2s
    2 draw [0|3] +1.5s
    2 play [0|3] W +0.83s
    ...
    1 bid 20 +12.05s
    2 accept +3s
"""

from array import array

from core import events as ev
from core.actions import describe, DRAW, TIMEOUT
from core.drawgame import HAND_OVER
from core.tiles import name

GAMES = ("allfives", "bid")


class Record:
    """A match as its header and its actions, one byte each (compact enough to save
    after every action on a device; a bid's actions take 16 bits, with 32 for the
    time each took); `text()` writes it out as a record."""

    def __init__(self, options=None, seed=1, players=("Player 1", "Player 2"), game="allfives"):
        if options is None:
            from core.allfives import Options  # not loaded for the other games' records

            options = Options()
        self.options = options
        self.seed = seed
        self.players = list(players)
        self.deals = {}  # hand number -> explicit deal, for hands the seed did not deal
        self.set_game(game)

    def set_game(self, game):
        """Which game this records (one of GAMES), before any action is added."""
        self.game = game
        self.timed = game == "bid"
        self.actions = array("H") if self.timed else bytearray()
        self.times = array("I")  # milliseconds per action (timed games only)

    def new_game(self):
        if self.timed:
            from core.bid import Bid  # only a bid record needs it

            return Bid(self.seed)
        from core.allfives import AllFives

        return AllFives(self.options, self.seed)

    def start_hand(self, hand_no, deal=None):
        """Note that hand `hand_no` (from 1) begins, with its explicit deal if any."""
        if deal is not None:
            self.deals[hand_no] = deal

    def add(self, action, took=0):
        """Note an action, just made by the seat whose turn it was (`took`: its time
        in milliseconds, in a timed game)."""
        self.actions.append(action)
        if self.timed:
            self.times.append(took)

    def lines(self):
        """The body of the record: a line per action, a comment where a hand begins."""
        game = self.new_game()
        out = []
        for i, action in enumerate(self.actions):
            if game.state == HAND_OVER:
                hand_no = game.hand_no + 1
                deal = self.deals.get(hand_no)
                game.start_hand(deal)
                if hand_no > 1:
                    out.append("# hand %d" % hand_no)
                    if deal is not None:
                        out.append("deal " + self.deal_text(deal))
            seat = game.turn
            if not self.timed:
                events = game.apply(action)
            else:
                events = game.apply(action, self.times[i])
                if events[0][0] == ev.TIMED_OUT:
                    action = TIMEOUT  # the late action was not made
            line = "%d %s" % (seat + 1, describe(action))
            if action == DRAW:
                line += " " + name(events[0][2])  # the DREW event comes first
            if self.timed:
                line += " +" + seconds(self.times[i])
            out.append(line)
        return out

    def deal_text(self, deal):
        return deal_text(deal)

    def text(self):
        out = ["game: " + self.game]
        if not self.timed:
            out.append("options: " + self.options.text())
        out += [
            "seed: %d" % self.seed,
            "players: " + ", ".join(self.players),
        ]
        if 1 in self.deals:
            out.append("deal: " + self.deal_text(self.deals[1]))
        out.append("---")
        out.extend(self.lines())
        return "\n".join(out) + "\n"


def seconds(ms):
    """Milliseconds as a record writes them: "8.2s", "12s", "0.083s"."""
    text = "%d.%03d" % (ms // 1000, ms % 1000)
    return text.rstrip("0").rstrip(".") + "s"


def deal_text(deal):
    hands = []
    for mask in deal[:2]:
        hands.append(" ".join(name(t) for t in range(28) if mask >> t & 1))
    stock = " ".join(name(t) for t in deal[2])
    return " / ".join(hands) + " / stock " + stock
