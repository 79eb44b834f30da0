"""Power cuts through the screens, for every game: a match is played once through
the buttons on a simulated flash (tests/core/check.py) that keeps, before each of
its storage steps, an image of what a power cut at that step leaves; before a
write chunk it also keeps that chunk half landed (a cut inside it). The handheld
then boots on sampled images: it must reach the main menu, Continue must bring
the match back as it was at a whole save no older than the last one finished,
and a match played on to its end must leave the save exactly as the match never
cut left it (its results counted once).

What a cut can interrupt, by file (`save`: save.bin and its older generation,
`journal`: the match's two copies, `summary`: the menu's cache) and by step:
`open`, `write` (a write's first chunk, nothing of it landed: between writes),
`chunk` (a later chunk: the write landed in part), `torn` (half a chunk landed),
`flush`, `close` and `remove`. With the match in a log on raw NOR flash
(Uncut(..., log=True): hw/flashlog.py on tests/core/norflash.py, as on a
board), its steps are `log`'s: `program` (a page, not begun), `torn-program`
(the page programmed in part), `erase` and `torn-erase`. `sampled()` picks
images of every (file, step) pair the match has, `make reliability` many more
(RELIABILITY=0: all of them).
"""

import collections
import contextlib
import os
import random

from check import Flash
from line_driver import respond_line, start_line
from norflash import NorFlash, PowerCut
from screens import poker
from ui import profiles
from ui_driver import Handheld, respond, start_match

SCALE = int(os.environ.get("RELIABILITY", "1"))  # samples of each kind times SCALE; 0: all
RESTORED = "The save was damaged: its copy before the last change is back."
LOG = "<log>"  # in an image's files: the bytes of the log's NOR flash
LOG_SECTORS = 4  # two halves of 8 KB: a match's saves fit in one


def file_of(path):
    if path is None:
        return "save"
    if path.endswith(".sum"):
        return "summary"
    return "journal" if ".match" in path else "save"


class ImagedFlash(Flash):
    """A flash that keeps an image (file, step, files, floor) before each step:
    `floor` is how many actions the journal held whole then, from `counted()`
    (the actions of the match on screen) at the close of each journal write."""

    def __init__(self, counted, log=False):
        super().__init__(16)
        self.counted = counted
        self.images = []
        self.floor = 0
        self._last = None
        self._path = None  # the file of the open, flush or close under way
        self._writing = False  # ... opened for writing
        self.nor = ImagedNor(self) if log else None

    def log_step(self, kind, step):
        """Images before a step of the log's flash (`step(flash)` does it): as it
        is, and with the step torn."""
        files = dict(self.files)
        files[LOG] = bytes(self.nor.data)
        self.images.append(("log", kind, files, self.floor))
        torn = self.nor.copy(cut=0, seed=len(self.images))
        with contextlib.suppress(PowerCut):
            step(torn)
        files = dict(self.files)
        files[LOG] = bytes(torn.data)
        self.images.append(("log", "torn-" + kind, files, self.floor))

    def saved(self):
        """A write of the log done: the actions it holds whole, as at a journal's close."""
        counted = self.counted()
        if counted is not None:
            self.floor = counted

    def open(self, path, mode):
        self._path, self._writing = path, "r" not in mode
        return super().open(path, mode)

    def remove(self, path):
        self._path = path
        super().remove(path)

    def step(self, what):
        path = self.writing[0] if self.writing else self._path
        where = file_of(path)
        kind = "chunk" if what == "write" and self._last == "write" else what
        self.images.append((where, kind, dict(self.files), self.floor))
        if self.writing is not None and len(self.writing[1]) > 1:
            torn = dict(self.files)
            piece = self.writing[1]
            torn[path] = torn.get(path, b"") + piece[:1 + len(self.images) % (len(piece) - 1)]
            self.images.append((where, "torn", torn, self.floor))
        self._last = what
        super().step(what)
        if what == "close" and self._writing and where == "journal":
            counted = self.counted()
            if counted is not None:
                self.floor = counted


class ImagedNor(NorFlash):
    """The log's NOR flash, imaged by its ImagedFlash before each page program
    and sector erase."""

    def __init__(self, imaged):
        super().__init__(LOG_SECTORS)
        self.imaged = imaged

    def _program(self, at, page):
        self.imaged.log_step("program", lambda flash: flash._program(at, page))
        super()._program(at, page)

    def erase(self, sector):
        self.imaged.log_step("erase", lambda flash: flash.erase(sector))
        super().erase(sector)


def boot(files):
    """Power on again on `files` (and the log's flash, if they hold it): through
    the splash and the title to the main menu, and past what it says about a
    torn save."""
    flash = Flash(16)
    flash.files = dict(files)
    log = None
    if LOG in files:
        log = NorFlash(LOG_SECTORS)
        log.data[:] = flash.files.pop(LOG)
    handheld = Handheld(flash=flash, log=log)
    handheld.press("a")  # the splash
    handheld.press("a")  # the title
    assert handheld.screen_name() == "menu"
    if handheld.screen.bubble.open:  # a save of the settings was torn: said so
        assert handheld.said[-1] == RESTORED, handheld.said
        handheld.press("a")
    return handheld


def leave(handheld):
    """A on the match end, back to the main menu (a second A where the first only
    takes the control back from autoplay)."""
    for _ in range(2):
        handheld.press("a")
        if handheld.screen_name() == "menu":
            return
    raise AssertionError("the match end did not lead to the menu")


class Uncut:
    """A match played through the screens on an ImagedFlash, never cut: the
    images, the states seen after each number of actions, the save at its end."""

    def __init__(self, match, limit=60000, log=False):
        self.flash = ImagedFlash(lambda: self.counted(), log)
        self.handheld = handheld = Handheld(first=None, flash=self.flash, log=self.flash.nor)
        if log:  # the floor rises when a write of the log is done
            kept = handheld.app.storage.match
            add = kept._add

            def added(data, carry, match=True):
                done = add(data, carry, match)
                if match:  # the save's own writes hold no actions
                    self.flash.saved()
                return done

            kept._add = added
        handheld.app.draw = lambda: None  # the frames are not under test: most of the time
        match.prepare(handheld)
        self.match = match
        self.before = dict(handheld.app.storage._values)
        self.flash.images = []
        match.start(handheld)
        self.states = collections.defaultdict(set)
        for _ in range(limit):
            self.note()
            if not match.respond(handheld):
                break
        else:
            raise AssertionError("the match did not end")
        self.note()
        leave(handheld)
        self.final = dict(handheld.app.storage._values)
        images = self.flash.images
        self.last_floor = images[-1][3]
        # The match end: from the save of its last action on.
        self.end = next(i for i in range(len(images)) if images[i][3] == self.last_floor)

    def counted(self):
        now = self.match.now(self.handheld)
        return None if now is None else now[0]

    def note(self):
        now = self.match.now(self.handheld)
        if now is not None:
            self.states[now[0]].add(now[1])


def sampled(uncut, per_kind, seed):
    """Image numbers: `per_kind` (times SCALE) of each (file, step) pair before the
    match end and as many within it, spread at random (seeded); every image with
    RELIABILITY=0."""
    images = uncut.flash.images
    if SCALE == 0:
        return list(range(len(images)))
    rng = random.Random(seed)
    groups = collections.defaultdict(list)
    for i, (where, kind, _, _) in enumerate(images):
        groups[(where, kind, i >= uncut.end)].append(i)
    picks = set()
    for found in groups.values():
        picks.update(rng.sample(found, min(len(found), per_kind * SCALE)))
    return sorted(picks)


def cut_at(uncut, i):
    """Boot on image `i` and check what comes back; a cut within the match end is
    played on to the end. Returns (file, step) of the image."""
    return booted_at(uncut, i)[:2]


def booted_at(uncut, i):
    """cut_at(), and the handheld it booted last: (file, step, handheld)."""
    where, kind, files, floor = uncut.flash.images[i]
    match = uncut.match
    handheld = boot(files)
    storage = handheld.app.storage
    why = (i, where, kind)
    if handheld.screen.keys[0] == "continue":
        handheld.press("a")
        now = match.now(handheld)
        assert now is not None, (why, handheld.screen_name())
        count, state = now
        assert count >= floor, (why, count, floor)  # nothing whole is lost
        assert state in uncut.states[count], why  # as it was then
        if i >= uncut.end:
            for _ in range(5000):
                if not match.respond(handheld):
                    break
            leave(handheld)
            assert storage._values == uncut.final, why
    else:  # the match was never saved whole yet, or retired with its results
        assert floor == 0 or storage._values == uncut.final, why
    return where, kind, handheld


def cut_and_count(uncut, cuts):
    """cut_at() every image of `cuts`: (the (file, step) pairs cut, counted; how
    many of the cuts fell within the match end)."""
    counts = collections.Counter()
    for i in cuts:
        counts[cut_at(uncut, i)] += 1
    return counts, sum(1 for i in cuts if i >= uncut.end)


def kinds(uncut):
    """The (file, step) pairs of the uncut match's storage, counted."""
    return collections.Counter((where, kind) for where, kind, _, _ in uncut.flash.images)


def report(name, uncut, counts, in_end):
    """What a run with -s prints: the steps of the match and those cut."""
    every = kinds(uncut)
    steps = sum(n for (_, kind), n in every.items() if not kind.startswith("torn"))
    images = len(uncut.flash.images)
    print("\n%s: %d storage steps (%d images with the torn chunks), %d cut; %d images in"
          " the match end, %d cut" % (name, steps, images, sum(counts.values()),
                                      images - uncut.end, in_end))
    for key in sorted(every):
        print("    %-8s %-7s %5d cut of %d" % (key[0], key[1], counts[key], every[key]))


def check_reach(uncut, counts, in_end):
    """Every kind of step of every file the match has was cut (the torn chunks
    among them), and within the match end, each of its kinds."""
    assert set(counts) == set(kinds(uncut)), set(kinds(uncut)) - set(counts)
    end = {(where, kind) for where, kind, _, _ in uncut.flash.images[uncut.end:]}
    assert in_end >= len(end) * min(1, SCALE or 1), (in_end, end)


class SessionMatch:
    """All Fives, Spectacular Bid or a draw-and-block game through its screens,
    each human move the first legal one. `prepare(handheld)` sets the save up
    before the match (a profile's results, say); by default the save is written
    once, as a handheld that has been used holds one."""

    def __init__(self, game, options, seats, seed, prepare=None):
        self.game, self.options, self.seats, self.seed = game, options, seats, seed
        self.prepare = prepare or (lambda handheld: handheld.app.storage.save())
        self.line = game not in ("allfives", "bid")

    def start(self, handheld):
        if self.line:
            start_line(handheld, self.game, self.options, self.seats, self.seed)
        else:
            start_match(handheld, self.seats, self.seed, self.options, self.game)

    def respond(self, handheld):
        if self.line:
            return respond_line(handheld)
        return respond(handheld, lambda view: view.legal[0])

    def now(self, handheld):
        """(actions, state) of the match on screen, or None."""
        session = getattr(handheld.screen, "session", None)
        if session is None:
            return None
        game = session.game
        table = game.table
        return len(session.record.actions), (
            tuple(game.hands), tuple(game.scores), game.state, session.to_move(),
            bytes(table.played[: table.n]), tuple(session.record.actions),
        )


class PokerMatch:
    """A Domino Poker match of 7 hands against medium, as the player who never
    presses a key plays it: the turns run out, and from the third the handheld
    plays them at once; A at the end of each hand."""

    def __init__(self, name="WWWWWWWW"):
        self.name = name  # the widest name a profile can have

    def prepare(self, handheld):
        storage = handheld.app.storage
        profiles.add(storage, self.name)
        profiles.set_active(storage, self.name)
        storage.set("setup_poker", "medium 7")  # as set up last time: 7 hands, medium
        storage.save()

    def start(self, handheld):
        handheld.app.go("poker")
        for _ in range(12):  # Start when the old set-up's presses reached it: the same seed
            handheld.frame()
        handheld.press("a")

    def respond(self, handheld):
        screen = handheld.screen
        if handheld.screen_name() != "poker" or screen.mode == poker.MATCH_END:
            return False
        if screen.mode == poker.HAND_END:
            handheld.press("a")
        else:
            handheld.frame()
        return True

    def now(self, handheld):
        screen = handheld.screen
        if handheld.screen_name() != "poker" or screen.mode == poker.SETUP:
            return None
        game = screen.game
        return screen.actions, (
            tuple(game.hands), bytes(game.bids), bytes(game.taken),
            bytes(game.trick[: game.trick_n]), game.turn, game.state, game.hand_no,
            tuple(game.scores), screen.timer.missed, bytes(screen.record.actions),
            bytes(screen.record.late),
        )
