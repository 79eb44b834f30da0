"""Random legal play-outs of every engine, timed (tools/bench/playout.py runs it).

    micropython tools/bench/mpy_playout.py FIRMWARE_DIR HANDS ROUNDS [GAME ...]

Each GAME (every one of GAMES when none is named) deals HANDS seeded hands, each
on an engine made for it, and plays each hand to its end with random legal
actions, the way a play-out does: `legal(out)` into one list, an action picked
by core.rng's generator, `apply_legal` (core.drawgame). The draw-and-block
games (LINE_OPTIONS) are also played out the players' way, players.block_deal's
`play_out` on masks (`players_play_out`): the same deals (core.line's shuffle;
PLAYERS_ROUND times as many, so that a round is many of the unix port's clock
steps), the lead the rules name, then random legal plays. ROUNDS rounds of the
same hands are timed in CPU time (`time.process_time()` on CPython, `time.clock()` on
the unix port), and a line is printed per game as it is done:

    playout GAME HANDS_PER_SECOND ACTIONS_PER_HAND HEAP_BYTES_PER_HAND
    players GAME HANDS_PER_SECOND HANDS_OUT HEAP_BYTES_PER_HAND    (draw-and-block games)

the best round's rate, the actions made per hand (the players' way: the hands
that ended with a seat out, of PLAYERS_ROUND x HANDS), and under MicroPython the
heap allocated per hand (a shorter round with the collector off; -1 on
CPython). tools/bench/playout.py imports it to time the same play-outs on
CPython.
"""

import gc
import sys
import time

if __name__ == "__main__":
    sys.path.insert(0, sys.argv[1])

from core.allfives import AllFives  # noqa: E402
from core.bid import Bid  # noqa: E402
from core.blockrules import Options  # noqa: E402
from core.drawgame import HAND_OVER, MATCH_OVER  # noqa: E402
from core.line import LineGame  # noqa: E402
from core.poker import Poker  # noqa: E402
from core.rng import Rng  # noqa: E402
from players import block_deal  # noqa: E402

# The games and the hand each plays out: the draw-and-block games with their
# options (International in pairs is the setting of tools/bench/compare_abw333.py).
GAMES = ("allfives", "bid", "1x1", "classic", "kozel", "yard", "international", "poker")
LINE_OPTIONS = {
    "1x1": "",
    "classic": "players=4",
    "kozel": "players=4 pairs=yes",
    "yard": "players=4 pairs=yes",
    "international": "players=4 pairs=yes target=hand",
}
SETTINGS = {
    "allfives": "2 players, 7 tiles each, a stock of 14",
    "bid": "2 players, the first hand (no auction), 0 ms an action",
    "1x1": "2 players, 7 tiles each, a stock of 14 (2 locked)",
    "classic": "4 players, 5 tiles each, a stock of 8",
    "kozel": "4 players in pairs, 7 tiles each, no stock",
    "yard": "4 players in pairs, 7 tiles each, no stock",
    "international": "4 players in pairs, 7 tiles each, no stock",
    "poker": "4 players, 7 tiles each: bids, then 7 tricks",
}
HEAP_HANDS = 50  # hands of the round that counts the heap, the collector off
PLAYERS_ROUND = 4  # the players' rounds play HANDS times this many hands (the clock's ms steps)
_cpu = getattr(time, "process_time", None) or time.clock


class Maker:
    """A fresh engine of one game for each seed."""

    def __init__(self, game):
        self.game = game
        self.options = Options.parse(game, LINE_OPTIONS[game]) if game in LINE_OPTIONS else None

    def make(self, seed):
        if self.options is not None:
            return LineGame(self.game, self.options, seed)
        if self.game == "allfives":
            return AllFives(None, seed)
        if self.game == "bid":
            return Bid(seed)
        return Poker(None, seed)


def play_out(maker, hands):
    """Deal hands 1 .. `hands` and play each out at random; returns the actions made."""
    rng = Rng(1)
    out = []
    made = 0
    for seed in range(1, hands + 1):
        game = maker.make(seed)
        game.start_hand()
        while game.state != HAND_OVER and game.state != MATCH_OVER:
            game.legal(out)
            game.apply_legal(out[rng.below(len(out))])
            made += 1
    return made


class Dealer:
    """The players' play-outs of one draw-and-block game: its rules read from an
    engine made once, a deal's hands dealt into that engine's `hands`."""

    def __init__(self, game):
        self.game = game
        self.engine = Maker(game).make(1)
        rules = self.engine.rules
        self.players = self.engine.SEATS
        self.size = rules.hand_size(self.players)
        self.stock_end = 28 - rules.keep
        self.pairs = block_deal.pairs_rule(rules)
        self.order = bytearray(28)


_TILES = bytes(range(28))


def players_play_out(dealer, hands):
    """Deal hands 1 .. `hands` as core.line deals them from their seeds, and play
    each out at random through players.block_deal's play_out; returns the hands
    that ended with a seat out."""
    rng = Rng(1)
    shuffler = Rng(1)
    engine = dealer.engine
    dealt = engine.hands
    order = dealer.order
    players = dealer.players
    size = dealer.size
    out = 0
    for seed in range(1, hands + 1):
        shuffler.seed(seed)
        order[:] = _TILES
        shuffler.shuffle(order, 28)
        i = 0
        for s in range(players):
            hand = 0
            end = i + size
            while i < end:
                hand |= 1 << order[i]
                i += 1
            dealt[s] = hand
        leader, lead = engine.rules.lead(engine)
        if block_deal.play_out(dealt, players, leader, -1, 0, order, i, dealer.stock_end, rng,
                                  dealer.pairs, lead) >= 0:
            out += 1
    return out


def _best(play, thing, hands, rounds):
    """(hands per CPU second in the best of `rounds` rounds, what the last returned)."""
    best = 0.0
    made = 0
    for _ in range(rounds):
        start = _cpu()
        made = play(thing, hands)
        took = _cpu() - start
        if took > 0 and hands / took > best:
            best = hands / took
    return best, made


def rate(game, hands, rounds):
    """(hands per CPU second in the best round, actions per hand)."""
    best, made = _best(play_out, Maker(game), hands, rounds)
    return best, made / hands


def players_rate(game, hands, rounds):
    """(hands per CPU second of the players' play-outs in the best round, the
    hands that ended with a seat out)."""
    return _best(players_play_out, Dealer(game), hands, rounds)


def _heap(play, thing):
    """Bytes allocated per hand under MicroPython (-1 where gc cannot say)."""
    if not hasattr(gc, "mem_alloc"):
        return -1
    gc.collect()
    gc.disable()
    before = gc.mem_alloc()
    play(thing, HEAP_HANDS)
    allocated = gc.mem_alloc() - before
    gc.enable()
    return allocated // HEAP_HANDS


def heap_per_hand(game):
    return _heap(play_out, Maker(game))


def players_heap_per_hand(game):
    return _heap(players_play_out, Dealer(game))


def main():
    hands = int(sys.argv[2])
    rounds = int(sys.argv[3])
    for game in sys.argv[4:] or GAMES:
        per_second, actions = rate(game, hands, rounds)
        print("playout %s %d %.2f %d" % (game, per_second, actions, heap_per_hand(game)))
        if game in LINE_OPTIONS:
            per_second, out = players_rate(game, PLAYERS_ROUND * hands, rounds)
            print("players %s %d %d %d" % (game, per_second, out, players_heap_per_hand(game)))


if __name__ == "__main__":
    main()
