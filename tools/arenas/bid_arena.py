"""Spectacular Bid: the handheld bid player against itself when it always declines.

    python tools/arenas/bid_arena.py [--matches N] [--seed S] [--json]
    python tools/arenas/bid_arena.py --calibrate [--matches N]
    make bid-arena N=500

--calibrate measures the handheld's valuation of the opening instead: on N
seeded auctions at 150-150, the real deal is played out by the expert once led
by the seat to speak and once by the jockey. It prints what leading moved in the
hand, how often the leader and the follower went out first (becoming the jockey,
who leads the next hand for nothing against a decliner), the worth of leading
with that counted in, how fast that worth rises with the sampled estimate of
players.opening, and how often `opening.value` would pay the least bid of 15.

N matches are N/2 deals (seeds S, S+1, ...), each played twice with the seats
swapped. Both players play their tiles the same way (the expert level); they
differ only in the auction, where `declining` never bids. Prints the bidder's win
rate with a 95 % Wilson interval, and what happened in its auctions; while it runs,
stderr shows the matches done, the running win rate and interval, and the time left.
"""

import argparse
import multiprocessing
import pathlib
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1]))  # tools/
import paths  # noqa: F401  (firmware/ and the rooms of tools/ on sys.path)
from arena import print_result, wilson
from core import events as ev
from core.actions import DECLINE
from core.allfives import HAND_OVER, PLAYING
from core.bid import Bid, MIN_BID, START
from core.rng import derive
from core.view import BidView
from players import bidder, opening
from players.autoplay import play_bid_match
from progress import Progress


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


def run(matches, seed=0, workers=None, progress_to=None):
    """The result of N matches; with `progress_to` (a stream), their progress as
    they finish."""
    deals = max(1, matches // 2)
    rows = []
    progress = Progress(2 * deals, "bid arena", "bid", progress_to) if progress_to else None
    with multiprocessing.Pool(workers) as pool:
        # One deal per task: a match takes a second or two, so progress stays fresh.
        for pair in pool.imap(play_deal, range(seed, seed + deals)):
            rows.extend(pair)
            if progress is not None:
                progress.add(len(pair), sum(1 for r in pair if r[0]))
    if progress is not None:
        progress.close()
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


def calibrate_deal(seed):
    """(sampled estimate, value, balance gained in the hand by leading rather than
    following, who went out first when leading, and when following: -1 for
    nobody) for seat 0 speaking first in a seeded auction; the real deal is played
    out both ways by the expert, as in matches."""
    games = []
    for jockey in (0, 1):  # the jockey's opponent declines: the jockey leads
        game = Bid(seed)
        game.jockey = jockey
        game.start_hand()
        games.append(game)
    view = BidView(games[1], 0)
    estimate = opening.estimate(view, derive(seed, 0))
    worth = opening.value(view, derive(seed, 0))
    gained = []
    out = []
    for game in games:
        game.apply(DECLINE)
        n = 0
        while game.state == PLAYING:
            game.apply(bidder.choose(BidView(game, game.turn), derive(seed, n)))
            n += 1
        gained.append(game.scores[0] - START)
        out.append(game.jockey if game.state == HAND_OVER else -1)
    return estimate, worth, gained[0] - gained[1], out[0], out[1]


def calibrate(deals, seed=0, workers=None):
    """What leading is worth on the real deals of N seeded auctions at 150-150,
    against the valuation."""
    with multiprocessing.Pool(workers) as pool:
        rows = pool.map(calibrate_deal, range(seed, seed + deals), chunksize=8)
    n = len(rows)
    hand = [r[2] for r in rows]
    mean_hand = sum(hand) / n
    sd_hand = (sum((h - mean_hand) ** 2 for h in hand) / n) ** 0.5
    # Going out first makes the jockey, who leads the next hand for nothing when
    # the other declines: that is worth half the opening W, and the opponent's
    # going out costs as much, so W = hand + W / 2 * the swing in who goes out.
    swings = [(r[3] == 0) - (r[4] == 0) - (r[3] == 1) + (r[4] == 1) for r in rows]
    worth = mean_hand / (1 - sum(swings) / n / 2)
    totals = [r[2] + s * worth / 2 for r, s in zip(rows, swings, strict=True)]
    estimates = [r[0] for r in rows]
    mean_e = sum(estimates) / n
    cov = sum((e - mean_e) * (t - worth) for e, t in zip(estimates, totals, strict=True))
    var = sum((e - mean_e) ** 2 for e in estimates)
    bids = [t for r, t in zip(rows, totals, strict=True) if r[1] > MIN_BID]
    return {
        "deals": n,
        "estimate": mean_e,
        "value": sum(r[1] for r in rows) / n,
        "hand": mean_hand,
        "hand_se": sd_hand / n**0.5,
        "out_leading": sum(r[3] == 0 for r in rows) / n,
        "out_following": sum(r[4] == 0 for r in rows) / n,
        "worth": worth,
        "slope": cov / var,
        "value_above_min_bid": len(bids),
        "worth_there": sum(bids) / len(bids) if bids else None,
    }


def calibration_report(r):
    print(
        "%d deals: leading moves %.1f points (se %.1f) in the hand and goes out first "
        "%.0f %% of the time (following %.0f %%), the jockey next hand: worth %.1f in all"
        % (
            r["deals"],
            r["hand"],
            r["hand_se"],
            100 * r["out_leading"],
            100 * r["out_following"],
            r["worth"],
        )
    )
    print(
        "the estimate averages %.1f and the worth rises %.2f per point of it; "
        "value averages %.1f and is above %d on %d of them%s"
        % (
            r["estimate"],
            r["slope"],
            r["value"],
            MIN_BID,
            r["value_above_min_bid"],
            "" if r["worth_there"] is None else " (worth %.1f there)" % r["worth_there"],
        )
    )


def main(argv):
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--matches", type=int, default=500)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--json", action="store_true", help="print the result as one JSON line")
    parser.add_argument("--calibrate", action="store_true", help="measure the valuation")
    args = parser.parse_args(argv)
    if args.calibrate:
        print_result(calibrate(args.matches, args.seed), args.json, calibration_report)
        return 0
    print_result(run(args.matches, args.seed, progress_to=sys.stderr), args.json, report)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
