"""Spectacular Bid: the handheld bid player against itself when it always declines.

    python tools/bid_arena.py [--matches N] [--seed S] [--json]
    python tools/bid_arena.py --calibrate [--matches N]
    make bid-arena N=500

--calibrate measures the handheld's valuation of the opening instead: on N
seeded first deals, the raw sampled estimate against the value of leading on
the real deal (the same greedy playout with the real hidden tiles), giving
their averages and the slope of the second on the first.

N matches are N/2 deals (seeds S, S+1, ...), each played twice with the seats
swapped. Both players play their tiles the same way (the expert level); they
differ only in the auction, where `declining` never bids. Prints the bidder's win
rate with a 95 % Wilson interval, and what happened in its auctions.
"""

import argparse
import multiprocessing
import sys

import firmware_path  # noqa: F401  (puts firmware/ on sys.path)
from arena import print_result, wilson
from core import events as ev
from players import bidder
from players.autoplay import play_bid_match


def play_deal(seed):
    """Both matches of one deal, the bidder in either seat."""
    return [play_one(seed, 0), play_one(seed, 1)]


def play_one(seed, me):
    """(bidder won?, hands, bids it made, bids it won, points it paid for
    openings, points it was paid for them) of one match, the bidder in seat `me`."""
    players = [bidder.choose, bidder.declining]
    names = ["bid", "declining"]
    if me:
        players.reverse()
        names.reverse()
    tally = [0, 0, 0, 0]

    def watch(game, events):
        for kind, seat, _a, b in events:
            if kind == ev.BID and seat == me:
                tally[0] += 1
            elif kind == ev.ACCEPTED and seat != me:  # the bidder's bid was accepted
                tally[1] += 1
                tally[2] += b
            elif kind == ev.ACCEPTED:
                tally[3] += b

    game, _ = play_bid_match(seed, players, names, None, watch)
    return (game.winner == me, game.hand_no) + tuple(tally)


def run(matches, seed=0, workers=None):
    deals = max(1, matches // 2)
    with multiprocessing.Pool(workers) as pool:
        per_deal = pool.map(play_deal, range(seed, seed + deals), chunksize=4)
    rows = [r for pair in per_deal for r in pair]
    n = len(rows)
    wins = sum(1 for r in rows if r[0])
    low, high = wilson(wins, n)
    return {
        "matches": n,
        "deals": deals,
        "bidder_wins": wins,
        "bidder_rate": wins / n,
        "bidder_rate_95": [low, high],
        "hands_per_match": sum(r[1] for r in rows) / n,
        "bids_per_match": sum(r[2] for r in rows) / n,
        "openings_bought_per_match": sum(r[3] for r in rows) / n,
        "paid_per_match": sum(r[4] for r in rows) / n,
        "received_per_match": sum(r[5] for r in rows) / n,
    }


def report(r):
    low, high = r["bidder_rate_95"]
    print(
        "bid arena: bid vs declining, %d matches (%d deals, seats swapped)"
        % (r["matches"], r["deals"])
    )
    print(
        "bid wins %d: %.1f %% (95 %% interval %.1f-%.1f %%)"
        % (r["bidder_wins"], 100 * r["bidder_rate"], 100 * low, 100 * high)
    )
    print(
        "per match: %.1f hands, %.2f bids made, %.2f openings bought for %.1f points, "
        "%.1f points received for openings sold"
        % (
            r["hands_per_match"],
            r["bids_per_match"],
            r["openings_bought_per_match"],
            r["paid_per_match"],
            r["received_per_match"],
        )
    )


def calibrate(deals):
    """(average estimate, average real value, slope of real on estimate) of the
    opening's value over seeded first deals, before any shrinking."""
    from core.bid import Bid
    from core.rng import derive
    from core.view import BidView
    from players import opening

    estimates = []
    reals = []
    for seed in range(deals):
        game = Bid(seed)
        game.start_hand()
        view = BidView(game, 0)
        estimates.append(2 * opening.value(view, derive(seed, 0)) - opening.AVERAGE)
        hidden = [t for t in range(28) if game.hands[1] >> t & 1] + list(game.stock[:14])
        opening._order[:21] = bytes(hidden)
        me = game.hands[0]
        them = game.hands[1]
        reals.append(
            opening._playout(me, them, 150, 150, 0, 7, 21)
            - opening._playout(me, them, 150, 150, 1, 7, 21)
        )
    n = len(estimates)
    mean_e = sum(estimates) / n
    mean_r = sum(reals) / n
    cov = sum((e - mean_e) * (r - mean_r) for e, r in zip(estimates, reals, strict=True))
    var = sum((e - mean_e) ** 2 for e in estimates)
    return mean_e, mean_r, cov / var


def main(argv):
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--matches", type=int, default=500)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--json", action="store_true", help="print the result as one JSON line")
    parser.add_argument("--calibrate", action="store_true", help="measure the valuation")
    args = parser.parse_args(argv)
    if args.calibrate:
        mean_e, mean_r, slope = calibrate(args.matches)
        print(
            "%d deals: estimate %.1f on average, real value %.1f, slope %.2f"
            % (args.matches, mean_e, mean_r, slope)
        )
        return 0
    print_result(run(args.matches, args.seed), args.json, report)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
