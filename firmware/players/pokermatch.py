"""Handheld players playing a whole Domino Poker match by themselves (arena, tests, bench)."""

from core.poker import HAND_OVER, MATCH_OVER, Poker
from core.pokerrecord import PokerRecord
from core.pokerview import PokerView
from core.rng import derive

from players import get
from players.poker_medium import choose as medium


def play_match(options, seed, names, on_events=None, late=None, max_actions=400):
    """Play a seeded match between the four named players (seat 1 first).

    Each decision gets a generator derived from the seed and the action number, as
    on the handheld. `late(n)`, when given, says whether the n-th action comes too
    late: the handheld then makes the medium level's choice for the seat, marked
    late. Returns (game, record); `on_events(game, events)` sees every batch.
    """
    game = Poker(options, seed)
    record = PokerRecord(options, seed, ["handheld:" + n for n in names])
    choosers = [get(n, "poker") for n in names]
    for _ in range(max_actions):
        if game.state == MATCH_OVER:
            return game, record
        if game.state == HAND_OVER:
            events = game.start_hand()
        else:
            n = len(record.actions)
            seat = game.turn
            was_late = late is not None and late(n)
            chooser = medium if was_late else choosers[seat]
            action = chooser(PokerView(game, seat), derive(seed, n))
            events = game.apply(action, was_late)
            record.add(action, was_late)
        if on_events is not None:
            on_events(game, events)
    raise RuntimeError("the match did not end within %d actions" % max_actions)
