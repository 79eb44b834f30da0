"""What the web page's Python costs, measured by the MicroPython it runs on: in the
page (tools/bench/bench_web.py imports this module there) and under the unix port:

    micropython tools/bench/mpy_web_figures.py SITE_DIR

SITE_DIR is laid out as the page's file system (bench_web.py writes the files of
handheld.json there, with a browser.py that stands in for the page's functions).
Under the unix port it prints `name value` lines: the table's frames per second
through sim/web/page.py (step and glass, the page less its canvas) and the
expert's decision time.

    to_the_table(page)        power-on to a match on the table, through the buttons
    table_us(page)            microseconds of TABLE_FRAMES frames, the cursor moving
    expert_decisions()        "DECISIONS MEAN_US WORST_US" of the expert (seat 1) in a
                              seeded match to 100 against defensive
"""

import sys
import time

A = 16
RIGHT = 8
LEFT = 4
# The buttons, frame by frame: the title, skipped; the menu; "All Fives vs handheld";
# Start; the deal.
ROUTE = [0] * 20 + ([A, A, 0, 0] + [0] * 15) * 4 + [0] * 30
HOLD = 75  # frames the cursor is held moving one way, then the other
TABLE_FRAMES = 4 * HOLD


def to_the_table(page):
    for mask in ROUTE:
        page.step(mask)


def table_us(page):
    start = time.ticks_us()
    for i in range(TABLE_FRAMES):
        page.step(RIGHT if (i // HOLD) % 2 == 0 else LEFT)
        page.glass()
    return time.ticks_diff(time.ticks_us(), start)


def expert_decisions(seed=1):
    from core.allfives import AllFives, HAND_OVER, MATCH_OVER, Options
    from core.rng import Rng
    from core.view import View
    from players import get

    expert, defensive = get("expert"), get("defensive")
    game = AllFives(Options(), seed)
    decisions = total = worst = 0
    while game.state != MATCH_OVER:
        if game.state == HAND_OVER:
            game.start_hand()
            continue
        view = View(game, game.turn)
        rng = Rng(seed * 1000 + len(game.log))
        if game.turn == 0:
            start = time.ticks_us()
            action = expert(view, rng)
            us = time.ticks_diff(time.ticks_us(), start)
            decisions += 1
            total += us
            worst = max(worst, us)
        else:
            action = defensive(view, rng)
        game.apply(action)
    return "%d %d %d" % (decisions, total // decisions, worst)


def main(site):
    import os

    os.chdir(site)
    sys.path[:0] = [site + "/firmware", site]
    import page

    page.start()
    to_the_table(page)
    us = table_us(page)
    print("table_frames_per_s %d" % (TABLE_FRAMES * 1000000 // us))
    decisions, mean, worst = expert_decisions().split()
    print("expert_decisions %s" % decisions)
    print("expert_decision_mean_us %s" % mean)
    print("expert_decision_worst_us %s" % worst)


if __name__ == "__main__" and len(getattr(sys, "argv", ())) > 1:
    main(sys.argv[1])
