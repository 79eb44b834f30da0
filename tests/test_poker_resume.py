"""Power cuts in a Domino Poker match through the screens (tests/powercut_support.py):
a match of 7 hands against medium is played once on a simulated flash that keeps
an image of what a power cut at each of its storage steps leaves (each open,
write chunk, a chunk half written, flush, close and remove, of the save, the
match journal and its summary). The handheld boots again on a seeded sample of
images of every kind, before the match end and within it: Continue must bring
the match back exactly as it was after a whole save, and the coins of its
finish must be paid once (the save at the end is the uncut match's)."""

from core.coins import new_wallet
from powercut_support import check_reach, cut_and_count, PokerMatch, report, sampled, Uncut
from ui import wallets


def test_a_cut_at_any_storage_step_continues_exactly_and_pays_once():
    match = PokerMatch()
    uncut = Uncut(match)
    paid = wallets.wallet(uncut.handheld.app.storage, match.name)[0] - new_wallet()[0]
    assert paid > 0  # this seed's match pays: "paid once" can fail
    counts, in_end = cut_and_count(uncut, sampled(uncut, 2, 21))
    report("poker", uncut, counts, in_end)
    check_reach(uncut, counts, in_end)
