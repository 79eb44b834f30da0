"""The main menu's Continue summary (ui.matchsave, hw/journal.py's summary file),
for every game's saved match: the game, the opponents and the scores, read from
a small cached chunk, never by playing the match again; shown only when whole
and of the match the journal holds."""

from check import memory_storage
from core.allfives import Options
from core.blockrules import Options as LineOptions
from screens_support import Handheld
from ui.matchsave import summary, summary_lines
from ui.session import Session


def saved(session, storage):
    session.deal()
    assert session.save(storage)
    return summary_lines(storage)


def test_every_game_s_match_is_summed_up():
    storage = memory_storage()
    allfives = Session(Options(), 3, ["human:ANN", "handheld:tactics"])
    assert saved(allfives, storage) == ["All Fives vs CPU medium", "Scores 0, 0"]
    duel = Session(None, 3, ["human:ANN", "handheld:bid"], "bid")
    assert saved(duel, storage) == ["Spectacular Bid vs CPU", "Scores 150, 150"]
    kozel = Session(LineOptions.parse("kozel", "players=4"), 3,
                    ["human:ANN"] + ["handheld:hard"] * 3, "kozel")
    assert saved(kozel, storage) == ["Kozel vs 3 CPU hard", "Scores 0, 0, 0, 0"]
    two = Session(Options(), 3, ["human:ANN", "human:BOB"])
    assert saved(two, storage) == ["All Fives vs BOB", "Scores 0, 0"]


def test_the_summary_follows_the_scores_and_is_written_only_when_they_change():
    storage = memory_storage()
    session = Session(Options(), 5, ["human:ANN", "handheld:tactics"])
    session.deal()
    session.save(storage)
    flash = storage.flash
    writes = 0
    while session.game.scores == [0, 0]:
        if session.waiting_for_human():
            session.play(session.game.legal()[0])
        else:
            session.think()
        before = flash.files["/save.bin.match.sum"]
        session.save(storage)
        writes += flash.files["/save.bin.match.sum"] != before
    assert writes == 1  # only the move that scored rewrote it
    assert summary_lines(storage)[1] == "Scores %d, %d" % tuple(session.game.scores)


def test_a_torn_or_stale_summary_is_not_shown_and_the_menu_never_loads_the_match(tmp_path):
    h = Handheld(tmp_path, first=None)
    storage = h.app.storage
    session = Session(Options(), 5, ["human:ANN", "handheld:tactics"])
    session.deal()
    session.save(storage)

    def refuse():
        raise AssertionError("the menu read the whole match")

    storage.match.load = refuse
    h.go("menu")
    assert h.screen.summary == ["All Fives vs CPU medium", "Scores 0, 0"]
    assert h.spoken[-1] == "Continue: All Fives vs CPU medium. Scores 0, 0."
    path = tmp_path / "pico-spi.bin.match.sum"
    whole = path.read_bytes()
    path.write_bytes(whole[:-3])  # torn by a power cut
    h.go("menu")
    assert h.screen.keys[0] == "continue" and h.screen.summary is None
    storage.match.note(session.number + 1, b"Kozel vs hard\nScores 1, 2")  # another match's
    h.go("menu")
    assert h.screen.summary is None


def test_a_long_summary_is_cut_to_the_menu_s_width():
    first, second = summary("International", ["ANN", "WWWWWWWW", "MMMMMMMM", "hard"],
                            [100, -20, 35, 0], "Hand 10/10, ").decode().split("\n")
    assert first.endswith(".") and first.startswith("International vs WWWWWWWW")
    assert second.startswith("Hand 10/10, Scores 100, -20")
