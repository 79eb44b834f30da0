"""Power cuts through the screens of All Fives and Spectacular Bid
(tests/powercut_support.py): a whole match is played once through the buttons on
a simulated flash that keeps an image of what a power cut at each of its storage
steps leaves (each open, write chunk, a chunk half written, flush, close and
remove, of the save, the match journal and its summary). The handheld boots
again on a seeded sample of images of every kind, before the match end and
within it: it must reach the main menu, Continue must bring the match back as it
was at its last whole save, the match must end as if never cut, and the
player's record must count the match exactly once."""

import pytest
from powercut_support import boot, check_reach, cut_and_count, report, sampled, SessionMatch, Uncut
from ui import profiles
from ui_driver import Handheld

MATCHES = {
    "allfives": SessionMatch("allfives", "target=61", ["human:ANN", "handheld:defensive"], 9),
    "bid": SessionMatch("bid", "", ["human:ANN", "handheld:bid"], 5),
}


def reboot(save_dir):
    """Power on again on a save folder, and Continue the match it holds."""
    handheld = boot_on(save_dir)
    assert handheld.screen.keys[0] == "continue"
    handheld.press("a")
    return handheld


def boot_on(save_dir):
    """Power on again on a save folder: through the splash and the title to the menu."""
    handheld = Handheld(save_dir=save_dir)
    handheld.press("a")  # the splash
    handheld.press("a")  # the title
    assert handheld.screen_name() == "menu"
    return handheld


def with_a_win(handheld):
    """ANN's profile, with a win already."""
    storage = handheld.app.storage
    profiles.add(storage, "ANN")
    profiles.record_result(storage, "ANN", True, 61, 20)
    storage.save()


for match in MATCHES.values():
    match.prepare = with_a_win


@pytest.fixture(scope="module", params=sorted(MATCHES))
def uncut(request):
    return Uncut(MATCHES[request.param])


def test_a_match_cut_at_any_storage_step_resumes_and_counts_once(uncut):
    counts, in_end = cut_and_count(uncut, sampled(uncut, 2, 9))
    report(uncut.match.game, uncut, counts, in_end)
    check_reach(uncut, counts, in_end)
    if uncut.match.game == "allfives":  # the duel keeps no wins and losses
        assert profiles.stats(uncut.handheld.app.storage, "ANN")[:2] != (1, 0)


def test_a_cut_after_the_results_are_written_does_not_count_them_again():
    """The match-end screen's one write is done, its journal not yet cleared: the
    reboot finds a match retired already, and neither shows nor counts it."""
    uncut = Uncut(MATCHES["allfives"])
    images = uncut.flash.images
    first_remove = next(i for i in range(uncut.end, len(images)) if images[i][1] == "remove")
    handheld = boot(images[first_remove][2])
    assert "continue" not in handheld.screen.keys
    assert profiles.stats(handheld.app.storage, "ANN")[:2] == (1, 1)
