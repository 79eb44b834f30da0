"""Progress of a long run of matches, on stderr so that the result on stdout keeps
its format: matches done, the running win rate with its 95 % interval, the speed
and the time left.

    progress = Progress(1000, "bid arena", "bid")
    progress.add(matches=2, wins=1)      # after each finished piece of work
    progress.close()

On a terminal the line is rewritten in place; otherwise (a log, a pipe) a line is
written at most every `every` seconds, and the last one always.
"""

import sys
import time

from arena import wilson


class Progress:
    def __init__(self, total, label, player, stream=None, every=2.0, clock=time.monotonic):
        self.total = total
        self.label = label
        self.player = player  # whose wins are counted
        self.stream = stream or sys.stderr
        self.every = every
        self.clock = clock
        self.start = self.last = clock()
        self.done = self.wins = 0
        self.in_place = self.stream.isatty()

    def add(self, matches, wins):
        self.done += matches
        self.wins += wins
        now = self.clock()
        if now - self.last >= self.every or self.done >= self.total:
            self.last = now
            self.show(now)

    def line(self, now):
        low, high = wilson(self.wins, self.done)
        elapsed = max(now - self.start, 1e-9)
        speed = self.done / elapsed
        left = (self.total - self.done) / speed if speed else 0
        return (
            "%s: %d/%d matches, %s wins %.1f %% (95 %% %.1f-%.1f %%), %.2f matches/s, %s left"
            % (
                self.label,
                self.done,
                self.total,
                self.player,
                100 * self.wins / self.done,
                100 * low,
                100 * high,
                speed,
                duration(left),
            )
        )

    def show(self, now):
        if self.in_place:
            self.stream.write("\r\033[K" + self.line(now))
        else:
            self.stream.write(self.line(now) + "\n")
        self.stream.flush()

    def close(self):
        if self.in_place and self.done:
            self.stream.write("\n")
            self.stream.flush()


def duration(seconds):
    """'40 s', '12 min', '2.5 h'."""
    if seconds < 100:
        return "%d s" % round(seconds)
    if seconds < 6000:
        return "%d min" % round(seconds / 60)
    return "%.1f h" % (seconds / 3600)
