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

    def act(n):
        seat = game.turn
        action = choosers[seat](View(game, seat), derive(seed, n))
        return action, 0, game.apply(action)

    return _run(game, record, act, on_events, max_actions)


def play_bid_match(seed, choosers, names, times=None, on_events=None, max_actions=20000):
    """Play a seeded Spectacular Bid match between two choose functions (seat 1 first).

    `times(n)` gives the milliseconds the n-th action takes (0 when absent), which
    drives the match clock. Returns (game, record) as play_match does.
    """
    from core.bid import Bid
    from core.view import BidView

    game = Bid(seed)
    record = Record(None, seed, names, "bid")

    def act(n):
        seat = game.turn
        action = choosers[seat](BidView(game, seat), derive(seed, n))
        took = times(n) if times else 0
        return action, took, game.apply(action, took)

    return _run(game, record, act, on_events, max_actions)


def play_line_match(game_name, options, seed, names, on_events=None, max_actions=20000):
    """Play a seeded draw-and-block match (core.line) between the named players,
    one per seat. Returns (game, record) as play_match does."""
    from core.blockrecord import BlockRecord
    from core.blockview import LineView
    from core.line import LineGame

    game = LineGame(game_name, options, seed)
    record = BlockRecord(game_name, game.options, seed, ["handheld:" + n for n in names])
    choosers = [get(n, "block") for n in names]

    def act(n):
        seat = game.turn
        action = choosers[seat](LineView(game, seat), derive(seed, n))
        return action, 0, game.apply(action)

    return _run(game, record, act, on_events, max_actions)


def _run(game, record, act, on_events, max_actions):
    """Deal and act until the match is over. `act(n)` makes the n-th action and
    returns (action, its time in ms, events)."""
    for _ in range(max_actions):
        if game.state == MATCH_OVER:
            return game, record
        if game.state == HAND_OVER:
            events = game.start_hand()
        else:
            action, took, events = act(len(record.actions))
            record.add(action, took)
        if on_events is not None:
            on_events(game, events)
    raise RuntimeError("the match did not end within %d actions" % max_actions)
