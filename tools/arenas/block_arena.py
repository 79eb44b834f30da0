"""Seeded matches of a draw-and-block game between two handheld levels, seats rotated.

    python tools/arenas/block_arena.py GAME A B [--players N] [--pairs] [--matches N]
        [--seed S] [--json]
    make arena GAME=kozel A=hard B=medium N=1000 [PLAYERS=4] [PAIRS=yes]

GAME is 1x1, classic, kozel, yard or international; A and B are levels (easy,
medium, hard, and in 1x1 professional) or `solver`, the sampling solver the
levels are measured against (players.block_solver). With 2 players every deal
(seeds S, S+1, ...) is played twice, seats swapped. With more, A takes one seat
and B every other, and every deal is played once with A in each seat; in pairs
A and its partner play B and its partner, every deal played with A's side in
seats 1 and 3, then in 2 and 4. A match counts 1 for A when A (its side) wins and
B does not, 0 the other way round, and a half when both or neither do (Kozel's
goats crossing together). Prints A's wins, the win rate with a 95 % Wilson
interval, hands and actions per match, and the hard level's work per decision
(evaluations: one move played out on one sampled deal); stderr shows progress.
"""

import argparse
import json
import pathlib
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1]))  # tools/
import paths  # noqa: F401  (firmware/ and the rooms of tools/ on sys.path)
from arena import play_all, progress, wilson
from core.blockrules import GAMES, Options
from players import BLOCK_ARENA_NAMES
from players.autoplay import play_line_match


def hard_work():
    """(decisions, evaluations) of the hard level in this process so far."""
    module = sys.modules.get("players.block_hard")
    return tuple(module.stats) if module else (0, 0)


def seatings(a, b, options):
    """The players per seat for every match of a deal, and A's seats in each."""
    n = options.players
    if options.pairs:
        return [([a, b, a, b], 0b0101), ([b, a, b, a], 0b1010)]
    out = []
    for seat in range(n):
        out.append(([a if s == seat else b for s in range(n)], 1 << seat))
    return out


def play_deal(job):
    """Every match of one deal; returns [(A's result 0, 0.5 or 1, hands, actions,
    hard decisions, hard evaluations)]."""
    game, a, b, options_text, seed = job
    options = Options.parse(game, options_text)
    results = []
    for names, mine in seatings(a, b, options):
        before = hard_work()
        match, record = play_line_match(game, options, seed, names)
        after = hard_work()
        won = match.winners & mine != 0
        lost = match.winners & ~mine != 0
        result = 1.0 if won and not lost else 0.0 if lost and not won else 0.5
        results.append(
            (
                result,
                match.hand_no,
                len(record.actions),
                after[0] - before[0],
                after[1] - before[1],
            )
        )
    return results


def run(game, a, b, matches, options_text="", seed=0, workers=None):
    options = Options.parse(game, options_text)
    per_deal = len(seatings(a, b, options))
    deals = max(1, matches // per_deal)
    jobs = [(game, a, b, options_text, seed + i) for i in range(deals)]
    tally = [0, 0.0]

    def on_result(rows):
        for r in rows:
            tally[0] += 1
            tally[1] += r[0]
            progress(tally[0], deals * per_deal, a, tally[1], max(10, deals // 25 * per_deal))

    rows = [r for deal in play_all(play_deal, jobs, workers, on_result) for r in deal]
    n = len(rows)
    a_score = sum(r[0] for r in rows)
    low, high = wilson(a_score, n)
    decisions = sum(r[3] for r in rows)
    return {
        "game": game,
        "a": a,
        "b": b,
        "options": options.text(),
        "matches": n,
        "deals": deals,
        "a_wins": sum(1 for r in rows if r[0] == 1.0),
        "b_wins": sum(1 for r in rows if r[0] == 0.0),
        "halves": sum(1 for r in rows if r[0] == 0.5),
        "a_rate": a_score / n,
        "a_rate_95": [low, high],
        "hands_per_match": sum(r[1] for r in rows) / n,
        "actions_per_match": sum(r[2] for r in rows) / n,
        "hard_decisions": decisions,
        "hard_evaluations_per_decision": sum(r[4] for r in rows) / max(1, decisions),
    }


def report(r):
    print(
        "arena: %s, %s vs %s, %d matches (%d deals, seats rotated), %s"
        % (r["game"], r["a"], r["b"], r["matches"], r["deals"], r["options"])
    )
    print("%-10s %6s %6s %9s %16s" % ("player", "wins", "halves", "win rate", "95% interval"))
    low, high = r["a_rate_95"]
    for name, wins, rate, lo, hi in (
        (r["a"], r["a_wins"], r["a_rate"], low, high),
        (r["b"], r["b_wins"], 1 - r["a_rate"], 1 - high, 1 - low),
    ):
        print(
            "%-10s %6d %6d %8.1f%% %7.1f-%5.1f%%"
            % (name, wins, r["halves"], 100 * rate, 100 * lo, 100 * hi)
        )
    if r["hard_decisions"]:
        print(
            "hard work: %.1f evaluations per decision (%.1f decisions per match)"
            % (r["hard_evaluations_per_decision"], r["hard_decisions"] / r["matches"])
        )
    print(
        "hands per match %.2f, actions per match %.1f"
        % (r["hands_per_match"], r["actions_per_match"])
    )


def main(argv):
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("game", choices=GAMES)
    parser.add_argument("a", choices=BLOCK_ARENA_NAMES)
    parser.add_argument("b", choices=BLOCK_ARENA_NAMES)
    parser.add_argument("--players", type=int)
    parser.add_argument("--pairs", choices=("yes", "no"))
    parser.add_argument("--target")
    parser.add_argument("--matches", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--workers", type=int)
    parser.add_argument("--json", action="store_true", help="print the result as one JSON line")
    args = parser.parse_args(argv)
    words = []
    if args.players:
        words.append("players=%d" % args.players)
    if args.pairs:
        words.append("pairs=" + args.pairs)
    if args.target:
        words.append("target=" + args.target)
    options_text = " ".join(words)
    try:
        Options.parse(args.game, options_text)
    except ValueError as e:
        parser.error(str(e))
    if args.game != "1x1" and "professional" in (args.a, args.b):
        parser.error("the professional plays Domino 1x1 only")
    result = run(args.game, args.a, args.b, args.matches, options_text, args.seed, args.workers)
    if args.json:
        print(json.dumps(result))
    else:
        report(result)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
