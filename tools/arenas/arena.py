"""Seeded matches between two handheld players, seats swapped on the same deals.

    python tools/arenas/arena.py A B [--matches N] [--options "target=100 ..."] [--seed S] [--json]
    make arena A=defensive B=tactics N=1000

N matches are N/2 deals (seeds S, S+1, ...), each played twice with the seats
swapped, so neither player profits from the luck of a deal. Prints the wins, the
win rate with a 95 % Wilson interval, and the average points per hand; for a
searching player (expert), its work per decision, mean, 90th percentile and
most (nodes of its search: a level entered or one tile tried on one end, counted
alike on every Python; a decision with one choice takes none).
While it runs, stderr shows the matches done and the running win rate with its
interval.

The draw-and-block games have their own arena, tools/arenas/block_arena.py (`make arena
GAME=kozel ...`), which shares `wilson` and `progress` from here.
"""

import argparse
import json
import math
import multiprocessing
import pathlib
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1]))  # tools/
import paths  # noqa: F401  (firmware/ and the rooms of tools/ on sys.path)
from core.allfives import Options
from players import NAMES
from players.autoplay import play_match


def wilson(wins, n, z=1.96):
    """The 95 % Wilson score interval of a win rate."""
    if n == 0:
        return 0.0, 0.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return centre - half, centre + half


def progress(done, total, name, rate_wins, every):
    """Print the matches done and the running win rate of `name` on stderr, every
    `every` matches and at the end."""
    if done % every and done != total:
        return
    low, high = wilson(rate_wins, done)
    print(
        "arena: %d/%d matches, %s %.1f%% (95%% %.1f-%.1f%%)"
        % (done, total, name, 100 * rate_wins / done, 100 * low, 100 * high),
        file=sys.stderr,
        flush=True,
    )


def play_all(job_function, jobs, workers, on_result):
    """Run the jobs in a pool of workers; `on_result` sees every job's result as it
    comes (in job order), and the results are returned in order."""
    results = []
    with multiprocessing.Pool(workers) as pool:
        for result in pool.imap(job_function, jobs, chunksize=4):
            results.append(result)
            on_result(result)
    return results


def expert_work():
    """(decisions, nodes) of the expert players in this process so far."""
    module = sys.modules.get("players.expert")
    return tuple(module.stats) if module else (0, 0)


class WorkLog:
    """The nodes of each expert decision of a match, read from the expert's stats
    after every action (an `on_events` of play_match)."""

    def __init__(self):
        self.work = []
        self.last = expert_work()

    def __call__(self, game, events):
        now = expert_work()
        if now[0] > self.last[0]:  # the action was an expert's decision
            self.work.append(now[1] - self.last[1])
        self.last = now


def play_deal(job):
    """Both matches of one deal; returns
    [(a wins?, a points, b points, hands, decisions, [nodes of each expert decision])]."""
    a, b, options_text, seed = job
    options = Options.parse(options_text)
    results = []
    for a_seat in (0, 1):
        names = (a, b) if a_seat == 0 else (b, a)
        log = WorkLog()
        game, record = play_match(options, seed, names, log)
        results.append(
            (
                game.winner == a_seat,
                game.scores[a_seat],
                game.scores[1 - a_seat],
                game.hand_no,
                len(record.actions),
                log.work,
            )
        )
    return results


def percentile(values, share):
    """The value that `share` (0-1) of the sorted values do not exceed (0 if none)."""
    if not values:
        return 0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, math.ceil(share * len(ordered)) - 1))]


def run(a, b, matches, options_text="", seed=0, workers=None):
    deals = max(1, matches // 2)
    jobs = [(a, b, options_text, seed + i) for i in range(deals)]
    tally = [0, 0]  # matches done, a's wins

    def on_result(pair):
        for r in pair:
            tally[0] += 1
            tally[1] += r[0]
            progress(tally[0], 2 * deals, a, tally[1], max(10, deals // 25 * 2))

    per_deal = play_all(play_deal, jobs, workers, on_result)
    rows = [r for pair in per_deal for r in pair]
    n = len(rows)
    a_wins = sum(1 for r in rows if r[0])
    hands = sum(r[3] for r in rows)
    low, high = wilson(a_wins, n)
    work = [nodes for r in rows for nodes in r[5]]
    return {
        "a": a,
        "b": b,
        "options": Options.parse(options_text).text(),
        "matches": n,
        "deals": deals,
        "a_wins": a_wins,
        "b_wins": n - a_wins,
        "a_rate": a_wins / n,
        "a_rate_95": [low, high],
        "a_points_per_hand": sum(r[1] for r in rows) / hands,
        "b_points_per_hand": sum(r[2] for r in rows) / hands,
        "hands_per_match": hands / n,
        "actions_per_match": sum(r[4] for r in rows) / n,
        "expert_decisions": len(work),
        "expert_nodes_per_decision": sum(work) / max(1, len(work)),
        "expert_nodes_p90": percentile(work, 0.9),
        "expert_nodes_max": max(work, default=0),
    }


def report(result):
    r = result
    print(
        "arena: %s vs %s, %d matches (%d deals, seats swapped), %s"
        % (r["a"], r["b"], r["matches"], r["deals"], r["options"])
    )
    print("%-10s %6s %9s %16s %12s" % ("player", "wins", "win rate", "95% interval", "points/hand"))
    low, high = r["a_rate_95"]
    print(
        "%-10s %6d %8.1f%% %7.1f-%5.1f%% %12.2f"
        % (r["a"], r["a_wins"], 100 * r["a_rate"], 100 * low, 100 * high, r["a_points_per_hand"])
    )
    print(
        "%-10s %6d %8.1f%% %7.1f-%5.1f%% %12.2f"
        % (
            r["b"],
            r["b_wins"],
            100 - 100 * r["a_rate"],
            100 - 100 * high,
            100 - 100 * low,
            r["b_points_per_hand"],
        )
    )
    print(
        "hands per match %.2f, actions per match %.1f"
        % (r["hands_per_match"], r["actions_per_match"])
    )
    if r["expert_decisions"]:
        print(
            "expert work per decision: %.1f nodes on average, %d at the 90th percentile,"
            " %d at most (%.1f decisions per match)"
            % (
                r["expert_nodes_per_decision"],
                r["expert_nodes_p90"],
                r["expert_nodes_max"],
                r["expert_decisions"] / r["matches"],
            )
        )


def print_result(result, as_json, report):
    """The result as one JSON line (--json), or as `report` prints it."""
    if as_json:
        print(json.dumps(result))
    else:
        report(result)


def main(argv):
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("a", choices=NAMES)
    parser.add_argument("b", choices=NAMES)
    parser.add_argument("--matches", type=int, default=1000)
    parser.add_argument("--options", default="")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--json", action="store_true", help="print the result as one JSON line")
    args = parser.parse_args(argv)
    try:
        Options.parse(args.options)
    except ValueError as e:
        parser.error(str(e))
    print_result(run(args.a, args.b, args.matches, args.options, args.seed), args.json, report)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
