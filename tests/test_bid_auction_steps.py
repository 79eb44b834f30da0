"""The handheld's auction call spread over frames (players.opening.Estimator,
players.bidder.Thinker): the same estimate and the same call as in one go, each
step bounded to TURNS_PER_STEP turns of the playouts."""

from core.bid import AUCTION, Bid
from core.rng import derive
from core.view import BidView
from players import bidder, opening


def auction_view(seed):
    """The first call of an auctioned opening (as after a domino by seat seed % 2)."""
    game = Bid(seed)
    game.jockey = seed & 1
    game.start_hand()
    assert game.state == AUCTION
    return BidView(game, game.turn)


def test_the_estimate_is_the_same_whatever_the_size_of_the_steps():
    for seed in range(12):
        view = auction_view(seed)
        whole = opening.estimate(view, derive(seed, 0))
        for turns in (1, 5, 12):
            estimator = opening.Estimator()
            estimator.start(view, derive(seed, 0))
            steps = 1
            while not estimator.step(turns):
                steps += 1
            assert estimator.estimate == whole
            # 64 playouts of a turn at least, never more than `turns` a step.
            assert steps * turns >= 64


def test_the_thinker_makes_the_call_of_choose_over_many_steps():
    for seed in range(12):
        view = auction_view(seed)
        thinker = bidder.Thinker()
        thinker.start(view, derive(seed, 3))
        steps = 1
        while not thinker.step():
            steps += 1
        assert thinker.action == bidder.choose(view, derive(seed, 3))
        assert thinker.action in view.legal
        assert steps > 20  # about 1,000 turns, 12 a step
