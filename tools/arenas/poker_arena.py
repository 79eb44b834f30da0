"""Domino Poker: seeded matches between two handheld levels, seats rotated on the same deals.

    python tools/arenas/poker_arena.py A B [--hands N] [--length 5|7|10] [--seed S] [--json]
    make arena GAME=poker A=hard B=medium N=1000

Each seed's match is played four times, A in one seat and B in the other three,
A moving round the table, so every seat of every deal is played by A once and
by B three times and the luck of the deals cancels out. N is the number of hands
played in all (seeds = N / (4 x the match length)). Prints the average points
per hand of each level, the share of its hands in which it took exactly its bid,
how often A finished first, and, for the hard level, its work per decision
(play-outs: one candidate played out on one sampled deal). Progress goes to stderr.
"""

import argparse
import multiprocessing
import pathlib
import sys
import time

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1]))  # tools/
import paths  # noqa: F401  (firmware/ and the rooms of tools/ on sys.path)
from arena import print_result, wilson
from core import events as ev
from core.poker import Options, SEATS
from players import POKER_NAMES
from players.pokermatch import play_match


def hard_work():
    module = sys.modules.get("players.poker_hard")
    return tuple(module.stats) if module else (0, 0)


def exact_counter(exact):
    """An on_events that counts, per seat, the hands in which it took exactly its bid."""

    def watch(game, events):
        for kind, seat, _points, taken in events:
            if kind == ev.SCORED and game.bids[seat] == taken:
                exact[seat] += 1

    return watch


def play_seed(job):
    """The four matches of one seed: per match (A's seat, per-seat points, per-seat
    exact bids, hands, A first?, hard decisions, hard play-outs)."""
    a, b, length, seed = job
    rows = []
    for a_seat in range(SEATS):
        names = [a if s == a_seat else b for s in range(SEATS)]
        exact = [0] * SEATS
        before = hard_work()
        game, _ = play_match(Options(length), seed, names, exact_counter(exact))
        after = hard_work()
        rows.append(
            (
                a_seat,
                list(game.scores),
                exact,
                game.hand_no,
                game.winner == a_seat,
                after[0] - before[0],
                after[1] - before[1],
            )
        )
    return rows


def run(a, b, hands, length=5, seed=0, workers=None, progress=sys.stderr):
    seeds = max(1, hands // (SEATS * length))
    jobs = [(a, b, length, seed + i) for i in range(seeds)]
    rows = []
    start = time.time()
    with multiprocessing.Pool(workers) as pool:
        for i, four in enumerate(pool.imap(play_seed, jobs, chunksize=2), 1):
            rows.extend(four)
            if progress and (i % max(1, seeds // 20) == 0 or i == seeds):
                print(
                    "poker arena: %d/%d seeds, %d hands, %.0f s"
                    % (i, seeds, i * SEATS * length, time.time() - start),
                    file=progress,
                    flush=True,
                )
    totals = {a: [0, 0, 0], b: [0, 0, 0]}  # points, exact bids, seat-hands
    for a_seat, scores, exact, played, _first, _d, _w in rows:
        for s in range(SEATS):
            t = totals[a if s == a_seat else b] if a != b else totals[a]
            t[0] += scores[s]
            t[1] += exact[s]
            t[2] += played
    firsts = sum(1 for r in rows if r[4])
    low, high = wilson(firsts, len(rows))
    decisions = sum(r[5] for r in rows)
    return {
        "a": a,
        "b": b,
        "options": Options(length).text(),
        "seeds": seeds,
        "matches": len(rows),
        "hands": sum(r[3] for r in rows),
        "a_points_per_hand": totals[a][0] / totals[a][2],
        "b_points_per_hand": totals[b][0] / totals[b][2],
        "a_exact_share": totals[a][1] / totals[a][2],
        "b_exact_share": totals[b][1] / totals[b][2],
        "a_first_rate": firsts / len(rows),
        "a_first_rate_95": [low, high],
        "hard_decisions": decisions,
        "hard_playouts_per_decision": sum(r[6] for r in rows) / max(1, decisions),
        "seconds": time.time() - start,
    }


def report(r):
    print(
        "poker arena: %s vs %s, %d hands (%d seeds x 4 seatings, 1 %s and 3 %s), %s"
        % (r["a"], r["b"], r["hands"], r["seeds"], r["a"], r["b"], r["options"])
    )
    print("%-8s %12s %12s" % ("level", "points/hand", "exact bids"))
    for side in ("a", "b"):
        print(
            "%-8s %12.2f %11.1f%%"
            % (r[side], r[side + "_points_per_hand"], 100 * r[side + "_exact_share"])
        )
    low, high = r["a_first_rate_95"]
    print(
        "%s finished first in %.1f%% of %d matches (95%% interval %.1f-%.1f%%; 25%% is par)"
        % (r["a"], 100 * r["a_first_rate"], r["matches"], 100 * low, 100 * high)
    )
    if r["hard_decisions"]:
        print(
            "hard work: %.1f play-outs per decision (%d decisions)"
            % (r["hard_playouts_per_decision"], r["hard_decisions"])
        )
    print("%.0f s" % r["seconds"])


def main(argv):
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("a", choices=POKER_NAMES)
    parser.add_argument("b", choices=POKER_NAMES)
    parser.add_argument("--hands", type=int, default=1000)
    parser.add_argument("--length", type=int, choices=(5, 7, 10), default=5)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--json", action="store_true", help="print the result as one JSON line")
    args = parser.parse_args(argv)
    print_result(run(args.a, args.b, args.hands, args.length, args.seed), args.json, report)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
