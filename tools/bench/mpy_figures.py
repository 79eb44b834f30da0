"""The per-frame figures of tools/bench/bench.py under the MicroPython unix port (see
mpy_bench.py for how it is run): `name value` lines, the bytes allocated per frame
on the table while the player chooses (cursor moving) and over a whole demo match;
the bytes sent to the panel per frame over that match and for a full frame; the
microseconds of one table frame (bench.py relates it to mpy_cost.py's reference
workload); the bytes allocated per frame on Spectacular Bid's table (clocks
running) and auction (the player changing the call), on Domino Poker's table
(your turn, and a handheld player thinking), and on a 4-player draw-and-block
table (Classic, the player choosing); and, as the count's own
check, what a screen that allocates is counted.
"""

import gc
import time

from mpy_bench import App, Frames, fresh_hardware, IMAGE_HEAP, play_demo

DEMO = ["handheld:tactics", "handheld:defensive"]


def start(seats, seed=1234):
    # Imported here: SOURCE is on the path once mpy_bench is imported.
    from core.allfives import Options
    from ui.session import Session

    hw = fresh_hardware()
    app = App(hw, None)
    session = Session(Options(), seed, seats)
    session.deal()
    session.save(hw.storage)
    app.go("table", session)
    return app, session


def start_duel(at_auction):
    """A duel of the player against the handheld on the table, at its first hand
    or (at_auction) at an auction where the player speaks; both seats play their
    first legal action to get there."""
    from ui.session import Session

    hw = fresh_hardware()
    app = App(hw, None)
    session = Session(None, 5, ["human:ANN", "handheld:bid"], game="bid")
    session.deal()
    while at_auction and not (session.auction and session.waiting_for_human()):
        if session.between_hands:
            session.deal()
        else:
            session._apply(session.game.legal()[0])
    session.save(hw.storage)
    app.go("table", session)
    return app, session


def start_line4():
    """A 4-player Classic match, the player against three handheld levels."""
    from core.blockrules import Options
    from ui.session import Session

    hw = fresh_hardware()
    app = App(hw, None)
    seats = ["human:ANN", "handheld:easy", "handheld:medium", "handheld:hard"]
    session = Session(Options.parse("classic", "players=4"), 1234, seats, "classic")
    session.deal()
    session.save(hw.storage)
    app.go("linetable", session)
    return app, session


def choosing_frames(app, session, moves, frames=240):
    """Frames of the player pressing `moves` in turn, from when they are to act."""
    warm = Frames(app)
    while not session.waiting_for_human() or warm.count < 20:
        warm.run("")
    choosing = Frames(app)
    for i in range(frames):
        choosing.run(moves[i % len(moves)])
    return choosing


def poker_figures():
    """Domino Poker's table against three hard players: frames of your turn with its
    timer running, and frames of a handheld player thinking."""
    app = App(fresh_hardware(), None)
    app.go("poker")
    frames = Frames(app)
    for held in ("a", "a", "", ""):  # Start
        frames.run(held)
    while app.screen.mode != 3 or frames.count < 20:  # screens.poker.YOUR_TILE
        frames.run("a" if app.screen.mode == 2 and frames.count & 3 == 0 else "")
    turn = Frames(app)
    for _ in range(120):  # 4 s of the 10
        turn.run("")
    print("poker_table_alloc_per_frame", turn.per_frame())
    frames.run("a")
    frames.run("a")
    while app.screen.mode != 5:  # screens.poker.THINKING
        frames.run("")
    thinking = Frames(app)
    while app.screen.frames < 10:  # it thinks; the move itself comes after 12 frames
        thinking.run("")
    print("poker_thinking_alloc_per_frame", thinking.per_frame())


class Leaky:
    """A screen whose every frame allocates: the allocation count's own check."""

    def update(self):
        pass

    def draw(self):
        return [0] * 4


def figures():
    print("image_heap", IMAGE_HEAP)
    gc.disable()  # no collection inside a frame being counted
    # The whole demo match: allocations, panel traffic.
    app, session = start(DEMO)
    frames = Frames(app)
    play_demo(frames)
    spi = app.hw.display._spi
    print("match_frames", frames.count)
    print("match_alloc_per_frame", frames.per_frame())
    print("match_display_bytes_per_frame", spi.sent // frames.count)
    spi.sent = 0
    for colour in (1, 0):
        app.hw.display.fill(colour)
        app.hw.display.show()
    print("full_frame_bytes", spi.sent // 2)
    gc.collect()
    # The table while the player chooses a tile: the cursor goes right and back.
    app, session = start(["human:ANN", "handheld:tactics"])
    frames = Frames(app)
    while not session.waiting_for_human() or frames.count < 20:
        frames.run("")
    moves = ("right", "", "", "", "left", "", "", "")
    choosing = Frames(app)
    for i in range(480):
        choosing.run(moves[i & 7])
    print("table_alloc_per_frame", choosing.per_frame())
    gc.collect()
    app, session = start_duel(False)
    print("bid_table_alloc_per_frame", choosing_frames(app, session, moves).per_frame())
    gc.collect()
    app, session = start_duel(True)
    calls = ("right", "", "", "", "left", "", "", "", "down", "", "", "", "up", "", "", "")
    print("auction_alloc_per_frame", choosing_frames(app, session, calls).per_frame())
    gc.collect()
    poker_figures()
    gc.collect()
    app, session = start_line4()
    line4 = choosing_frames(app, session, moves)
    print("line4_table_alloc_per_frame", line4.per_frame())
    gc.collect()
    gc.enable()
    gc.collect()
    best = 1 << 30
    for _ in range(5):  # the best of five rounds: other programs share the machine
        start_us = time.ticks_us()
        for i in range(96):
            choosing.run(moves[i & 7])
        best = min(best, time.ticks_diff(time.ticks_us(), start_us) // 96)
    print("table_frame_us", best)
    best = 1 << 30
    for _ in range(5):
        start_us = time.ticks_us()
        for i in range(96):
            line4.run(moves[i & 7])
        best = min(best, time.ticks_diff(time.ticks_us(), start_us) // 96)
    print("line4_table_frame_us", best)
    app.screen = Leaky()
    leaky = Frames(app)
    gc.disable()
    for _ in range(8):
        leaky.run("")
    gc.enable()
    print("leaky_alloc_per_frame", leaky.per_frame())


figures()
