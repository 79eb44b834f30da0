"""Handheld players playing a whole match by themselves (demo, arena, tests, bench)."""

from core.allfives import AllFives, HAND_OVER, MATCH_OVER
from core.record import Record
from core.rng import derive
from core.view import View

from players import get


def play_match(options, seed, names, on_events=None, max_actions=5000):
    """Play a seeded All Fives match between the named players (seat 1 first).

    Each decision gets a generator derived from the seed and the action number,
    as on the handheld (see core.rng.derive).
    Returns (game, record). `on_events(game, events)` sees every batch of events.
    """
    game = AllFives(options, seed)
    record = Record(options, seed, ["handheld:" + n for n in names])
    choosers = [get(n) for n in names]
    for _ in range(max_actions):
        if game.state == MATCH_OVER:
            return game, record
        if game.state == HAND_OVER:
            events = game.start_hand()
        else:
            seat = game.turn
            action = choosers[seat](View(game, seat), derive(seed, len(record.actions)))
            events = game.apply(action)
            record.add(action)
        if on_events is not None:
            on_events(game, events)
    raise RuntimeError("the match did not end within %d actions" % max_actions)
