"""Power cuts through the screens with the match in a log on raw NOR flash, as
on a board whose littlefs leaves the flash's end to hw/flashlog.py: a match is
played once through the buttons (tests/powercut_support.py, the log on
tests/core/norflash.py), imaged before every page program of its saves, as it
was and torn. The handheld boots on every one of those images: Continue brings
the match back as at its last whole save, and a cut within the match end
plays on to an end that counts the match once. No save of the match erases,
and none writes a file: the save's writes (the profiles, the match end's
results with the match cleared, in one chunk) go into the log too, folded into
save.bin at the next power-on (hw/fold.py), which a cut at any of its steps
leaves counting the match once as well."""

import pytest
from powercut_support import boot, booted_at, cut_and_count, LOG, report, SessionMatch, Uncut
from test_hw_savelog import Board, FilesCut, LogCut
from test_resume_ui import with_a_win

MATCHES = {
    "allfives": SessionMatch("allfives", "target=61", ["human:ANN", "handheld:defensive"], 9,
                             with_a_win),
    "1x1": SessionMatch("1x1", "", ["human:ANN", "handheld:easy"], 7, with_a_win),
}


@pytest.fixture(scope="module", params=sorted(MATCHES))
def uncut(request):
    return Uncut(MATCHES[request.param], log=True)


def test_the_match_s_saves_go_to_the_log_and_only_program_pages(uncut):
    images = uncut.flash.images
    log = [kind for where, kind, _, _ in images if where == "log"]
    assert log.count("program") >= 10 and log.count("torn-program") == log.count("program")
    assert "erase" not in log and uncut.flash.nor.erases == 0
    files = set(uncut.flash.files)
    assert not any(".match" in path for path in files), files  # no journal file at all


def test_a_cut_at_every_program_of_the_log_resumes_as_the_last_whole_save(uncut):
    images = uncut.flash.images
    cuts = [i for i in range(len(images)) if images[i][0] == "log"]
    counts, in_end = cut_and_count(uncut, cuts)
    report(uncut.match.game, uncut, counts, in_end)
    assert in_end > 0 and sum(counts.values()) == len(cuts)


def test_no_save_of_the_match_writes_a_file(uncut):
    """The match start's, its moves', its end's: all in the log (no littlefs
    write in a frame, where it could erase)."""
    assert {where for where, _, _, _ in uncut.flash.images} == {"log"}
    assert uncut.flash.files == {}  # the save before the match, too, is in the log


def results(values):
    """What a match's end counts: the profiles' records, the draw-and-block results
    and ratings, the number of the match retired last."""
    return [values.get(key) for key in ("profiles", "line_results", "elo", "done")]


def test_a_cut_at_every_program_of_the_match_end_counts_its_results_once(uncut):
    """Every page program of the match end's write (its results, the finished
    match, its number and the match's clear: one chunk), whole and torn: the
    handheld boots, ends the match if it was not ended, and the results are
    counted once, then and at every power-on after (each folding the log into
    save.bin)."""
    images = uncut.flash.images
    assert results(uncut.final) != results(uncut.before)
    end = range(uncut.end, len(images))
    assert len(end) >= 2
    for i in end:
        handheld = booted_at(uncut, i)[2]  # the match ended again if it was not
        for _ in range(2):
            assert results(handheld.app.storage._values) == results(uncut.final), i
            handheld = boot(dict(handheld.flash.files, **{LOG: bytes(handheld.log.data)}))
            assert handheld.screen.keys[0] != "continue", i
        assert results(handheld.app.storage._values) == results(uncut.final), i


def test_a_cut_at_every_step_of_the_fold_after_the_match_counts_it_once(uncut):
    """The power-on after the match folds the log's changes into save.bin (both
    files, then a chunk in the log), on littlefs (a file written lands whole at
    its close, or not at all): a cut at every step of it, files and log, and
    the power-on after finds the match ended, counted once."""
    final = dict(uncut.flash.files, **{LOG: bytes(uncut.flash.nor.data)})
    whole = Board(uncut.flash.files, uncut.flash.nor.data, atomic=True)
    whole.power_on()
    steps = whole.power.steps
    assert set(whole.flash.files) == {"/save.bin", "/save.bin.2"} and steps > 10
    for cut in range(steps):
        board = Board(uncut.flash.files, uncut.flash.nor.data, atomic=True)
        board.power.cut = board.log.seed = cut
        with pytest.raises((FilesCut, LogCut)):
            board.power_on()
        handheld = boot(dict(board.flash.files, **{LOG: bytes(board.log.data)}))
        assert handheld.screen.keys[0] != "continue", cut
        assert handheld.app.storage._values == uncut.final, cut
    assert boot(final).app.storage._values == uncut.final
