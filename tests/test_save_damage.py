"""What start-up does with a damaged save, through the real app in the emulator:
every field of the wrong type or out of range goes back to its default and is
named; a damaged generation or match is said plainly; a full flash is told once
and the last good save kept."""

import pytest
from check import Flash
from core import elo
from core.allfives import Options
from line_driver import respond_line, start_line
from ui import profiles
from ui.matchsave import pending
from ui.restore import resume
from ui.session import Session
from ui_driver import Handheld, respond, start_match

SEATS = ["human:PLAYER 1", "handheld:random"]


def flash_with(**values):
    """A flash whose save holds `values` as they are, unchecked."""
    flash = Flash(64)
    storage = Handheld(first=None, flash=flash).app.storage
    for key, value in values.items():
        storage.set(key, value)
    storage.save()
    return flash


def boot(flash):
    h = Handheld(flash=flash.copy())
    h.press("a")  # the splash
    h.press("a")  # the title
    assert h.screen_name() == "menu"
    return h


def told(h):
    """The start-up message the menu shows, or "" (and closes it)."""
    if not h.screen.bubble.open:
        return ""
    h.press("a")
    return h.said[-1]


@pytest.mark.parametrize("key, value, named", [
    ("contrast", "207", "contrast"),
    ("contrast", 900, "contrast"),
    ("invert", b"\x01", "colours"),
    ("mute", "yes", "sound"),
    ("rules", 5, "rules options"),
    ("rules", b"target=61", "rules options"),
    ("rules", "target=7", "rules options"),
    ("profiles", 7, "profiles"),
    ("profiles", "ANN:1:0:61:20\nB@D:x", "profiles"),
    ("player", b"ANN", "player"),
    ("matches", "many", "match count"),
    ("done", -4, "match count"),
    ("last", "a match", "last match"),
    ("match", 12, "saved match"),
    ("level", 3, "level"),
    ("level", "grandmaster", "level"),
    ("demo1", "medium", "demo"),
    ("player2", "b@d", "players"),
    ("opponent", "human:", "opponent"),
    ("elo", 12, "ratings"),
    ("elo", "ANN=nan/1200.0", "ratings"),
    ("elo", "ANN=inf", "ratings"),
    ("elo", "ANN=1216.0/1e400", "ratings"),
    ("elo", "ANN=" + "9" * 400, "ratings"),
    ("elo", "ANN=-3.5/1200.0", "ratings"),
    ("elo", "=1216.0/1200.0", "ratings"),
    ("line_results", b"ANN:kozel=1-0", "game results"),
    ("line_results", "ANN:kozel=1-x", "game results"),
    ("line_results", "ANN:chess=1-0", "game results"),
    ("line_results", "ANN:1x1=" + "9" * 400 + "-0", "game results"),
    ("line_game", "chess", "last game"),
    ("line_game", 2, "last game"),
    ("setup_kozel", "players=9 seats=human:ANN", "set-ups"),
    ("setup_classic", "players=2 seats=human:B@D,handheld:easy", "set-ups"),
    ("setup_1x1", "players=2 seats=handheld:godlike,handheld:easy", "set-ups"),
    ("setup_yard", "players=4 pairs=yes seats=" + ",".join(["handheld:easy"] * 5), "set-ups"),
    ("setup_international", b"players=2", "set-ups"),
    ("coins", 7, "coins"),
    ("coins", "ANN:-5:0:0", "coins"),
    ("coins", "ANN:5000:-1:99", "coins"),
    ("coins", "ANN:" + "9" * 400 + ":0:0", "coins"),
    ("coins", "ANN:5000:x:0", "coins"),
    ("netkeys", b"ANN:00ff", "online keys"),
    ("netkeys", "ANN", "online keys"),
    ("nettokens", 3, "online seat"),
    ("nettokens", "ANN:T1\n:T2", "online seat"),
])
def test_a_field_of_the_wrong_type_or_range_is_reset_and_named(key, value, named):
    h = boot(flash_with(**{key: value}))
    assert told(h) == "Damaged settings are back to their defaults: " + named + "."
    storage = h.app.storage
    assert storage.get(key) is None or key == "profiles"
    assert profiles.names(storage)  # the menus read on
    Options.parse(storage.get("rules", ""))
    h.press("down")
    assert boot_again_quietly(h)


def test_set_ups_ratings_results_and_coins_that_read_are_kept():
    kept = {
        "setup_kozel": "players=4 pairs=yes target=125 seats=human:ANN,handheld:easy,"
        "handheld:hard,handheld:medium",
        "line_game": "kozel",
        "elo": "ANN=1216.0/1200.0",
        "line_results": "ANN:kozel=3-1,ANN:1x1=1-0",
        "coins": "ANN:5100:-1:0",
        "profiles": "ANN:1:0:61:20",
        "netkeys": "ANN:" + "0f" * 16,
        "nettokens": "ANN:Qm9iIHRva2Vu",
    }
    h = boot(flash_with(**kept))
    assert told(h) == ""
    assert {key: h.app.storage.get(key) for key in kept} == kept
    # One bad entry beside good ones: only it is dropped.
    h = boot(flash_with(elo="ANN=1216.0/1200.0,BOB=nan", coins="ANN:5100:-1:0\nBOB:1:2"))
    assert told(h) == "Damaged settings are back to their defaults: coins, ratings."
    assert h.app.storage.get("elo") == "ANN=1216.0/1200.0"
    assert h.app.storage.get("coins") == "ANN:5100:-1:0"


def boot_again_quietly(h):
    return told(boot(h.flash)) == ""


def test_profiles_that_still_read_are_kept():
    h = boot(flash_with(profiles="ANN:1:0:61:20\nB@D:x\nBOB:0:2:0:0"))
    assert "profiles" in told(h)
    assert profiles.names(h.app.storage) == ["ANN", "BOB"]


def test_a_match_kept_by_an_older_firmware_moves_into_the_journal():
    session = Session(Options(), 4, SEATS)
    session.deal()
    session._apply(session.game.legal()[0])
    h = boot(flash_with(match=session.encode()))
    assert h.screen.keys[0] == "continue"
    h.press("a")
    assert h.screen_name() == "table"
    assert h.screen.session.record.actions == session.record.actions
    assert h.app.storage.get("match") is None and pending(h.app.storage) >= 0


# What may happen to the newest generation's file: (its bytes) -> its bytes, or None: gone.
NEWEST_DAMAGE = {
    "last byte": lambda data: data[:-1] + bytes((data[-1] ^ 4,)),
    "magic": lambda data: b"Q" + data[1:],
    "version": lambda data: data[:4] + b"\x00" + data[5:],
    "zeroed byte 8": lambda data: data[:8] + b"\x00" + data[9:],
    "cut to 12 bytes": lambda data: data[:12],
    "cut to 3 bytes": lambda data: data[:3],
    "emptied": lambda data: b"",
    "missing": lambda data: None,
}


def newest_generation_damaged(damage="last byte"):
    flash = flash_with(contrast=15)
    storage = Handheld(first=None, flash=flash).app.storage
    storage.set("contrast", 31)
    storage.save()  # the second generation, the newest
    data = NEWEST_DAMAGE[damage](flash.files["/save.bin.2"])
    if data is None:
        del flash.files["/save.bin.2"]
    else:
        flash.files["/save.bin.2"] = data
    return flash


@pytest.mark.parametrize("damage", sorted(NEWEST_DAMAGE))
def test_a_damaged_newest_save_brings_the_one_before_back_and_says_so(damage):
    flash = newest_generation_damaged(damage)
    h = boot(flash)
    assert told(h) == "The save was damaged: its copy before the last change is back."
    assert h.app.storage.get("contrast") == 15
    assert boot_again_quietly(h)  # said once: the next save goes on from it


def test_both_generations_damaged_lose_only_the_save_and_say_so():
    flash = flash_with(contrast=15)
    session = start_match(Handheld(first=None, flash=flash), SEATS, 4)
    for path in ("/save.bin", "/save.bin.2"):
        flash.files[path] = b"PDKV\x02garbage"
    h = boot(flash)
    assert told(h) == "The save was damaged: profiles, records and settings are lost."
    assert h.screen.keys[0] == "continue"  # the match is apart: not lost
    assert resume(h.app.storage)[0].record.actions == session.record.actions


def journal_damaged(cut):
    """A match of a few actions whose journal copies are both damaged `cut` bytes
    from their end."""
    flash = Flash(64)
    h = Handheld(first=None, flash=flash)
    start_match(h, SEATS, 4)
    for _ in range(80):
        respond(h, lambda view: h.screen.session.game.legal()[0])
    for path in ("/save.bin.match", "/save.bin.match.2"):
        data = flash.files[path]
        flash.files[path] = data[:-cut] + bytes((data[-cut] ^ 1,)) + data[len(data) - cut + 1:]
    return flash


def test_a_match_damaged_in_both_copies_goes_on_from_before_the_damage():
    h = boot(journal_damaged(3))
    assert told(h) == ""
    h.press("a")  # Continue
    note = told(h)
    assert note.startswith("Part of the saved match was damaged: it goes on from move ")
    assert h.screen_name() in ("table", "handend")


def test_a_match_whose_header_is_damaged_in_both_copies_is_said_lost():
    flash = journal_damaged(1)
    for path in ("/save.bin.match", "/save.bin.match.2"):
        flash.files[path] = flash.files[path][:5] + b"?" + flash.files[path][6:]
    h = boot(flash)
    assert told(h) == "The saved match was damaged and is lost."
    assert "continue" not in h.screen.keys and boot_again_quietly(h)


def test_a_full_flash_is_told_once_and_the_last_good_save_kept():
    flash = Flash(64)
    h = Handheld(first=None, flash=flash)
    start_match(h, SEATS, 4)
    for _ in range(10):
        respond(h, lambda view: h.screen.session.game.legal()[0])
    kept = resume(Handheld(first=None, flash=flash.copy()).app.storage)[0].record.actions
    flash.room = 0
    for _ in range(60):
        respond(h, lambda view: h.screen.session.game.legal()[0])
    failed = [s for s in h.said if s.startswith("Saving failed")]
    assert failed == ["Saving failed: flash full or failing. The last good save is kept."]
    assert len(h.screen.session.record.actions) > len(kept)
    again = resume(boot(flash).app.storage)[0]
    assert again.record.actions == kept


def test_any_byte_damaged_costs_at_most_that_file_and_the_menu_is_reached():
    """One bit of every byte (bit n % 8 of byte n) flipped in turn, in the newest
    generation of the save and in the match journal's first copy: each boot
    reaches the menu with the profiles (or those of the save before) and the
    match whole."""
    flash = flash_with(profiles="ANN:1:0:61:20\nBOB:0:1:0:0")
    h = Handheld(first=None, flash=flash)
    storage = h.app.storage
    profiles.record_result(storage, "ANN", True, 100, 5)
    storage.save()  # the newest generation: ANN won twice
    session = start_match(h, ["human:ANN", "handheld:random"], 4)
    for _ in range(30):
        respond(h, lambda view: h.screen.session.game.legal()[0])
    actions = bytes(session.record.actions)
    for path in ("/save.bin.2", "/save.bin.match"):
        data = flash.files[path]
        for n in range(len(data)):
            damaged = flash.copy()
            damaged.files[path] = data[:n] + bytes((data[n] ^ 1 << n % 8,)) + data[n + 1:]
            again = boot(damaged)
            told(again)
            storage = again.app.storage
            assert profiles.stats(storage, "ANN")[0] in ((1, 2) if "match" not in path else (2,))
            assert bytes(resume(storage)[0].record.actions) == actions, (path, n)


def a_1x1_match_over_with_a_rating_of(bad):
    """A Domino 1x1 match played to its last move, PLAYER 1's rating `bad` in
    the save (set past the start-up check); the flash as a power cut before the
    match end leaves it (the match over, not retired), and the handheld."""
    flash = Flash(64)
    h = Handheld(first=None, flash=flash)
    session = start_line(h, "1x1", "", ["human:PLAYER 1", "handheld:easy"], seed=3)
    h.app.storage.set("elo", "PLAYER 1=%s/1200.0" % bad)
    h.app.storage.save()
    for _ in range(5000):
        if session.over:
            h.frame()  # the last move saved
            return flash.copy(), h
        respond_line(h)
    raise AssertionError("the match never ended")


@pytest.mark.parametrize("bad", ["nan", "inf", "-inf", "1e400", "9" * 400])
def test_a_rating_that_is_no_number_never_stops_the_1x1_match_end(bad):
    cut, h = a_1x1_match_over_with_a_rating_of(bad)
    # The match end reads it as no rating at all: from the start.
    for _ in range(200):
        if h.screen_name() == "lineover":
            break
        respond_line(h)
    assert h.screen.before[0] == elo.START
    won = h.screen.session.game.winners & 1
    assert h.screen.after[0] == elo.rated(elo.START, elo.LEVELS["easy"], won)
    h.press("a")
    assert h.screen_name() == "menu"
    # Start-up drops it and says so; Continue shows the match end and retires the match.
    again = boot(cut)
    assert told(again) == "Damaged settings are back to their defaults: ratings."
    assert again.screen.keys[0] == "continue"
    again.press("a")
    for _ in range(200):
        if again.screen_name() == "lineover":
            break
        respond_line(again)
    assert again.screen.before[0] == elo.START
    again.press("a")
    assert again.screen_name() == "menu" and "continue" not in again.screen.keys
    last = boot(again.flash)
    assert told(last) == "" and "continue" not in last.screen.keys
