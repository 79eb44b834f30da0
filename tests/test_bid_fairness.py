"""The Spectacular Bid player decides from its seat's view only (docs/rules.md section 6).

At its decisions in seeded matches (every auction call, and tile plays while the
hand is young), the hidden tiles are re-dealt consistently with what the seat has
seen; its view and its decision must not change.
"""

import random

from core.allfives import HAND_OVER, MATCH_OVER
from core.bid import AUCTION, Bid
from core.rng import Rng
from core.view import BidView
from players import bidder
from test_fairness import consistent_redeal


def test_bid_decisions_do_not_depend_on_hidden_tiles():
    shuffler = random.Random(11)
    calls = plays = changed = 0
    for seed in range(12):
        game = Bid(seed)
        while game.state != MATCH_OVER and game.hand_no <= 12:
            if game.state == HAND_OVER:
                game.start_hand()
                continue
            seat = game.turn
            view = BidView(game, seat)
            action = bidder.choose(view, Rng(seed))
            auction = game.state == AUCTION
            other = consistent_redeal(game, seat, shuffler) if auction or game.table.n < 3 else None
            if other is not None:
                assert bidder.choose(BidView(other, seat), Rng(seed)) == action
                calls += auction
                plays += not auction
                changed += other.hands[1 - seat] != game.hands[1 - seat]
            game.apply(action)
    assert calls > 20 and plays > 100 and changed > (calls + plays) // 2
