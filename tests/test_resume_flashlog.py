"""Power cuts through the screens with the match in a log on raw NOR flash, as
on a board whose littlefs leaves the flash's end to hw/flashlog.py: a match is
played once through the buttons (tests/powercut_support.py, the log on
tests/core/norflash.py), imaged before every page program of its saves, as it
was and torn. The handheld boots on every one of those images: Continue brings
the match back as at its last whole save, and a cut within the match end
plays on to an end that counts the match once. No save of the match erases."""

import pytest
from powercut_support import cut_and_count, report, SessionMatch, Uncut
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
