"""A scripted match timed and weighed on a board: `make bench`'s device figures.

    micropython -c "import sys; sys.path.insert(0, DIR); import mpy_device" \
        SOURCE SCRATCH GAME OPPONENT SEED MOST_FRAMES [SLOW_MS]

GAME is one of GAMES below, OPPONENT the handheld level of every other seat.
SOURCE is a folder of modules (a `make build` tree), or "frozen" for a firmware
with them frozen in.
tools/bench/bench.py runs it in two places:
- on the virtual Pico (the frozen firmware's raw REPL, main.py interrupted and
  its objects dropped, sys.argv set first): the board's real display, bus and
  clock, times in device time, saves on the board's littlefs on its own flash
  (rp2.Flash, formatted afresh, and the match log on the flash's last 64 KB:
  CountedFlash and mount_flash below; the flash's write times,
  which the virtual Pico's chip does not take, are added from its counts);
- on the 32-bit unix port (the fake hardware of mpy_hardware.py, whose clock
  never waits), by bisection on -X heapsize: the smallest heap of the match.
The player is a scripted finger (RIGHT or LEFT, then A, twice every 40 frames,
sweeping the hand one way for 600 frames (280 in the
draw-and-block games) then back, which in time plays, draws,
passes, bids and goes on) against the handheld; Domino Poker's setup is first
gone through by the same finger (the level, Start). The screen that ends the
match is run for END_FRAMES frames more, untouched (it writes the results on its
second). Prints `progress FRAMES`
every PROGRESS_EVERY frames while it plays (a long match takes a while on the
virtual Pico), with SLOW_MS a `slow ...` line for every frame whose work, or
work with the flash's typical or longest write times, passes SLOW_MS ms (see
slow() below: what the frame did), then `name value` lines:

    frames, frame_ms_max, frame_ms_p99      each frame's work (the frame loop's
                                            wait left out), in ms (no p99 on the
                                            unix port: 0)
    frame_ms_max_thinking                   the longest frame while the handheld
                                            decides
    decisions, decision_ms_mean, _p90, _max from the handheld's start to its
                                            action, frames drawn meanwhile (no
                                            p90 on the unix port: 0)
    heap_base, heap_peak                    heap in use before the match, and the
                                            most after a collection (every 30
                                            frames and after each decision)
    panel_bytes_per_frame                   bytes sent to the panel, per frame
    saves, flash_erases                     frames that wrote to the flash, and
                                            the 4 KB blocks littlefs and the
                                            match log erased
    fs_saves                                frames that wrote to littlefs (whose
                                            writes may erase: the rest went to
                                            the log, which only programs)
    frame_ms_max_flash                      the longest frame with the flash's
                                            typical write times added (its
                                            pages programmed, its blocks erased)
    frame_ms_max_flash_worst                the same with the data sheet's
                                            longest times (3 ms a page, 400 ms
                                            an erase)
    save_failures                           frames after which the journal's or
                                            the save's last write had failed
                                            (bench.py then
                                            refuses the figures: a failed save
                                            re-encodes the whole match)
    final S1 S2 ...                         the match's scores, last (`unfinished`
                                            when MOST_FRAMES ran out first)
Poker's decisions are not timed (its screen holds the match, not a session).
"""

import gc
import sys
import time
from array import array

import machine

SOURCE, SCRATCH, GAME, OPPONENT = sys.argv[1:5]
SEED, MOST_FRAMES = int(sys.argv[5]), int(sys.argv[6])
SLOW_US = int(sys.argv[7]) * 1000 if len(sys.argv) > 7 else -1  # -1: tell no slow frame
if SOURCE != "frozen":
    sys.path.insert(0, SOURCE)

from hw.buttons import A, Buttons, DOWN, LEFT, RIGHT, UP  # noqa: E402
from ui.app import App  # noqa: E402

# GAME: (engine, options, players besides the human, the screen that ends it,
# frames of a sweep one way: short where a tile that does not fit is refused).
GAMES = {
    "allfives": ("allfives", None, 1, "matchend", 600),
    "bid": ("bid", None, 1, "matchend", 600),
    "block": ("1x1", "", 1, "lineover", 280),
    "block4": ("kozel", "players=4 pairs=yes", 3, "lineover", 280),
    "poker": ("poker", None, 3, "menu", 600),
}
# Domino Poker's setup: down to the level, one to the right (medium to hard), up
# to Start (first), A on the frame it always had: the same seed.
POKER_SETUP = {5: DOWN, 10: RIGHT, 15: UP, 20: A}
HEAP_EVERY = 30
# The end screen's own frames count too: it writes the results on its second.
END_FRAMES = 3
# The typical write times of the Pico's flash (Winbond W25Q16JV data sheet: a
# 256-byte page programmed in 0.4 ms, a 4 KB sector erased in 45 ms, at most 3 ms
# and 400 ms), for the frame times with the flash's writes added.
BLOCK = 4096
PAGE = 256
PROGRAM_US = 400
ERASE_US = 45000
PROGRAM_US_MAX = 3000
ERASE_US_MAX = 400000
PROGRESS_EVERY = 250
ON_BOARD = hasattr(machine, "Pin")  # else the unix port
ticks_us = time.ticks_us
ticks_diff = time.ticks_diff


def hardware():
    """The board's own hardware on a device, the fake one on the unix port."""
    if not ON_BOARD:  # the unix port: an empty save (runs share SCRATCH)
        from mpy_hardware import fresh_hardware

        return fresh_hardware(SCRATCH)
    import board_config  # type: ignore[import-not-found]
    from hw import board

    mount_flash()
    return board.build(board_config.BOARD, machine, time, log=disk[1])


class CountedFlash:
    """The board's own block device, rp2.Flash (C: a read is a copy from the
    memory-mapped flash through the XIP cache; an erase or a program is the boot
    ROM's, on the virtual Pico's flash chip in sim/vpico/vpico.mjs), with what it
    writes counted: the blocks erased and the pages programmed. Its reads are
    the C method itself (an attribute of this object: littlefs calls it without
    Python in between); its writes pass through Python here, a few calls a save.
    The virtual Pico's chip finishes an erase or a program at once, so the
    flash's own write times are added from these counts (write_us). With
    `counts` (another CountedFlash) they are counted there: one tally for the
    littlefs and the match log (hw/flashlog.py) on the rest of the flash."""

    def __init__(self, flash, counts=None):
        self.flash = flash
        self.readblocks = flash.readblocks
        self.counts = counts if counts is not None else self
        self.erased = 0
        self.pages = 0
        self.own = 0  # pages this device programmed itself (the rest: `counts`'s others)

    def writeblocks(self, block, buf, offset=None):
        if offset is None:  # erase, then program
            self.counts.erased += (len(buf) + BLOCK - 1) // BLOCK
            self.flash.writeblocks(block, buf)
        else:
            self.flash.writeblocks(block, buf, offset)
        self.counts.pages += (len(buf) + PAGE - 1) // PAGE
        self.own += (len(buf) + PAGE - 1) // PAGE

    def ioctl(self, op, arg):
        if op == 6:  # erase a block
            self.counts.erased += 1
        return self.flash.ioctl(op, arg)

    def written(self):
        """(blocks erased, pages programmed) so far."""
        return self.erased, self.pages

    def write_us(self, worst=False):
        """The flash's typical (or, `worst`, its data sheet's longest) time for
        what was written so far, in us."""
        if worst:
            return self.erased * ERASE_US_MAX + self.pages * PROGRAM_US_MAX
        return self.erased * ERASE_US + self.pages * PROGRAM_US


disk = [None, None]  # the counted flash: littlefs's, the match log's


def mount_flash():
    """The board's flash as the handheld lays it out, formatted afresh (the
    match starts from an empty save): littlefs (256-byte pages, as the rp2
    port's _boot.py mounts it) on all of rp2.Flash but its last LOG_BYTES,
    which hold the match log (hw/flashlog.py), blank."""
    import os

    import rp2  # type: ignore[import-not-found]
    from hw.flashlog import LOG_BYTES

    os.umount("/")
    size = rp2.Flash().ioctl(4, 0) * BLOCK
    device = CountedFlash(rp2.Flash(start=0, len=size - LOG_BYTES))
    os.VfsLfs2.mkfs(device, progsize=PAGE)
    os.mount(os.VfsLfs2(device, progsize=PAGE), "/")
    os.chdir("/")
    log = rp2.Flash(start=size - LOG_BYTES, len=LOG_BYTES)
    for block in range(LOG_BYTES // BLOCK):  # blank, as a board's first power-on leaves it
        log.ioctl(6, block)
    disk[0] = device
    disk[1] = CountedFlash(log, device)


class Finger:
    """A button pin the script presses (active low, as on the boards)."""

    def __init__(self, bit):
        self.bit = bit

    def value(self):
        return 0 if held & self.bit else 1


held = 0
gc.collect()
hw = hardware()
hw.buttons = Buttons([Finger(1 << i) for i in range(6)])
# The frame loop's wait is left out of a frame's time.
waited = [0]
_wait = hw.clock.wait


def timed_wait():
    start = ticks_us()
    _wait()
    waited[0] = ticks_diff(ticks_us(), start)


hw.clock.wait = timed_wait
# Bytes to the panel, on either bus.
sent = [0]


def counting(write):
    def counted(buf):
        sent[0] += len(buf)
        write(buf)
    return counted


hw.display._write_commands = counting(hw.display._write_commands)
hw.display._write_data = counting(hw.display._write_data)

engine, options, others, last_screen, sweep = GAMES[GAME]
seats = ["human:ANN"] + ["handheld:" + OPPONENT] * others
app = App(hw, None)
thinking = [False, 0]  # a decision under way, since when
# The decisions' times: each kept on a board (for the p90); on the unix port, whose
# times are the desktop's, only their count, sum and longest (a list that grew
# there would count in the heap bisected, and once set its figure).
decisions = []
timed = [0, 0, 0]  # decisions, their ms in all, the longest


def started():
    thinking[0] = True
    thinking[1] = ticks_us()


def finished():
    if thinking[0]:
        ms = ticks_diff(ticks_us(), thinking[1]) // 1000
        timed[0] += 1
        timed[1] += ms
        timed[2] = max(timed[2], ms)
        if ON_BOARD:
            decisions.append(ms)
        thinking[0] = False


def before(owner, name, call):
    """Decisions are timed from their start to their action: call() runs first."""
    method = getattr(owner, name)

    def wrapped(*args):
        call()
        return method(*args)

    setattr(owner, name, wrapped)


def begin():
    """The match under way, its decisions timed; returns what holds its scores."""
    global held
    if engine == "poker":
        app.go("poker")
        frame = 0
        while app.screen.mode == 0:  # SETUP, through the buttons
            frame += 1
            held = POKER_SETUP.get(frame, 0)
            hw.run_frame(app)
        screen = app.screen
        before(screen.thinker, "start", started)
        before(screen, "_act", finished)
        return screen
    # Imported here, so that the harness loads no engine or session that the
    # game itself does not (Domino Poker's screen holds its own match).
    from ui.session import Session

    if engine == "allfives":
        from core.allfives import Options

        rules = Options()
    elif engine == "bid":
        rules = None
    else:
        from core.blockrules import Options as LineOptions

        rules = LineOptions.parse(engine, options)
    session = Session(rules, SEED, seats, game=engine)
    session.deal()
    before(session, "start_thinking", started)
    before(session, "finish_thinking", finished)
    app.go(session.table_screen, session)  # the table may start a decision at once
    return session


def slow(frame, work, flash_us, worst_us, erased, module, was_thinking):
    """A frame over SLOW_MS: `slow FRAME WORK_MS FLASH_MS FLASH_WORST_MS ERASES
    PAGES DID SCREEN MODE MEM_FREE`, the times in ms (FLASH_MS and
    FLASH_WORST_MS with the flash's typical and longest write times added),
    ERASES and PAGES what it wrote, DID what it did (`+`-joined:
    `change` of the screen from SCREEN, the screen's module before the frame, to
    another, `save`, `thinking` when a decision was under way before or after
    it, `-` none of these), MODE the screen's `mode` attribute if it has one
    (else `-`)."""
    did = []
    if app._module != module:
        did.append("change")
    if flash_us:
        did.append("save")
    if was_thinking or thinking[0]:
        did.append("thinking")
    mode = getattr(app.screen, "mode", "-")
    print("slow", frame, work // 1000, (work + flash_us) // 1000, (work + worst_us) // 1000,
          erased[0], erased[1], "+".join(did) or "-", (module or "-").split(".")[-1],
          mode, gc.mem_free() if hasattr(gc, "mem_free") else 0)


def percentile(counts, total, share):
    """The smallest ms that `share` per mille of the frames do not exceed."""
    seen = 0
    for ms in range(len(counts)):
        seen += counts[ms]
        if seen * 1000 >= total * share:
            return ms + 1
    return len(counts)


def play():
    """The match, frame by frame, then its figures. A function, so that its state is
    in locals: new globals would grow the harness's dictionary in the middle of the
    match, an allocation of the bench that no board makes."""
    global held
    match = begin()
    # Frames per ms of work, the last one "1000+": on a board only. On the unix port the
    # times are the desktop's, and its 2 KB would count in the heap bisected there.
    histogram = array("H", bytes(2 * 1001) if ON_BOARD else b"")
    longest = longest_thinking = longest_flash = longest_flash_worst = 0
    saves = 0  # frames that wrote to the flash
    fs_saves = 0  # ... to littlefs
    save_failures = 0  # frames whose save the disk refused (then no figure is true)
    gc.collect()
    base = peak = gc.mem_alloc()
    frames = 0
    decided = 0
    ending = "screens." + last_screen
    tail = END_FRAMES  # frames of the screen that ends the match, untouched
    while tail and frames < MOST_FRAMES:
        if app._module == ending:
            tail -= 1
            held = 0
        else:
            step = frames % 40
            way = RIGHT if frames // sweep % 2 == 0 else LEFT  # sweeps the hand and the stock
            held = way if step in (0, 20) else A if step in (10, 30) else 0
        was_thinking = thinking[0]
        written = disk[0].write_us() if disk[0] else 0
        written_worst = disk[0].write_us(True) if disk[0] else 0
        counts = disk[0].written() if disk[0] else (0, 0)
        own = disk[0].own if disk[0] else 0
        module = app._module
        start = ticks_us()
        hw.run_frame(app)
        work = ticks_diff(ticks_us(), start) - waited[0]
        frames += 1
        flash_us = disk[0].write_us() - written if disk[0] else 0
        worst_us = disk[0].write_us(True) - written_worst if disk[0] else 0
        if flash_us:
            saves += 1
            if disk[0].own != own:
                fs_saves += 1
            longest_flash = max(longest_flash, work + flash_us)
            longest_flash_worst = max(longest_flash_worst, work + worst_us)
        if SLOW_US >= 0 and work + worst_us > SLOW_US:
            now = disk[0].written() if disk[0] else (0, 0)
            slow(frames, work, flash_us, worst_us, [now[i] - counts[i] for i in range(2)],
                 module, was_thinking)
        if app.storage.match.failed or app.storage.status == "failed":
            save_failures += 1
        ms = work // 1000
        if ON_BOARD:
            histogram[min(ms, 1000)] += 1
        longest = max(longest, work)
        if was_thinking or thinking[0]:
            longest_thinking = max(longest_thinking, work)
        if frames % HEAP_EVERY == 0 or timed[0] != decided:
            decided = timed[0]
            gc.collect()
            peak = max(peak, gc.mem_alloc())
        if frames % PROGRESS_EVERY == 0:
            print("progress", frames)

    decisions.sort()
    count = timed[0]
    print("frames", frames)
    print("frame_ms_max", longest // 1000)
    print("frame_ms_p99", percentile(histogram, frames, 990))
    print("frame_ms_max_thinking", longest_thinking // 1000)
    print("decisions", count)
    print("decision_ms_mean", timed[1] // max(count, 1))
    print("decision_ms_p90", decisions[len(decisions) * 9 // 10] if decisions else 0)
    print("decision_ms_max", timed[2])
    print("heap_base", base)
    print("heap_peak", peak)
    print("panel_bytes_per_frame", sent[0] // max(frames, 1))
    print("saves", saves)
    print("flash_erases", disk[0].erased if disk[0] else 0)
    print("fs_saves", fs_saves)
    print("frame_ms_max_flash", max(longest, longest_flash) // 1000)
    print("frame_ms_max_flash_worst", max(longest, longest_flash_worst) // 1000)
    print("save_failures", save_failures)
    ended = app._module == ending
    print("final" if ended else "unfinished", " ".join(str(n) for n in match.game.scores))


play()
