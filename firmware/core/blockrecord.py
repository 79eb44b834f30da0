"""Records of the draw-and-block family (RULES.md 3 and 5), in core.record's shape:

    game: kozel
    options: players=4 pairs=yes target=125
    seed: 7
    players: Ann, handheld:hard, Bob, handheld:medium
    deal: [0|0] [0|1] ... / ... / ... / ... / stock [4|5] ...
    ---
    2 play [1|1]
    3 play [1|3] W
    3 draw [4|5]
    4 pass
    1 play [2|2] W [5|5] E

`game:` is one of core.blockrules.GAMES; options are players, pairs and target
(Yard Kozel has no target). A deal lists every seat's hand in seat order, ` / `
between them, then `stock` and the stock in drawing order (empty when all 28
are dealt). Kozel's draws for the first lead are `draw` lines from seat 1 in
turn; what the handheld does by itself (the snot, the stock taken at a closed
line, the passes a fish would force) has no line. Reading them back:
core.blockreplay.
"""

from array import array

from core.blockrules import Options
from core.line import LineGame
from core.record import Record
from core.tiles import name


class BlockRecord(Record):
    def __init__(self, game, options=None, seed=1, players=None):
        self.options = options or Options.parse(game, "")
        if players is None:
            players = ["Player %d" % (s + 1) for s in range(self.options.players)]
        Record.__init__(self, self.options, seed, players, game)

    def set_game(self, game):
        self.game = game
        self.timed = False
        self.actions = array("H")  # a two-double play is above a byte
        self.times = array("I")

    def new_game(self):
        return LineGame(self.game, self.options, self.seed)

    def deal_text(self, deal):
        return block_deal_text(deal)


def block_deal_text(deal):
    hands, order = deal
    words = [" ".join(name(t) for t in range(28) if mask >> t & 1) for mask in hands]
    stock = " ".join(name(t) for t in order)
    return " / ".join(words) + " / stock" + (" " + stock if stock else "")
