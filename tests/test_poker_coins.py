"""Coins on the profile screen: the welcome bonus, what a Domino Poker finish
paid, how rewards are paid on a handheld that keeps no date, and a deleted
profile's coins going with it."""

from core import coins
from screens_support import Handheld
from ui import profiles, wallets


def open_profile(h, name):
    h.go("profiles", name)
    h.press("a")  # its small menu
    h.press("down", "down", "down", "a")  # Coins
    assert h.screen.bubble.open
    return h.spoken[-1]


def test_a_new_profile_shows_its_welcome_bonus_and_the_rules_plainly(tmp_path):
    h = Handheld(tmp_path, first="menu")
    said = open_profile(h, "PLAYER 1")
    assert said.startswith("PLAYER 1: 5000 coins.")
    assert "medium 50, hard 100, expert 300" in said
    assert "does not know the date, so rewards have no daily limit" in said


def test_rewards_are_paid_once_and_kept(tmp_path):
    h = Handheld(tmp_path, first="menu")
    storage = h.app.storage
    assert wallets.pay(storage, "PLAYER 1", ["hard"] * 3, 1) == 100
    assert wallets.pay(storage, "PLAYER 1", ["easy"] * 3, 1) == 0
    assert wallets.pay(storage, "PLAYER 1", ["medium"] * 3, 3) == 0
    storage.save()
    again = Handheld(tmp_path, first="menu")  # the welcome bonus is not given twice
    assert wallets.wallet(again.app.storage, "PLAYER 1") == (5100, -1, 0)
    assert open_profile(again, "PLAYER 1").startswith("PLAYER 1: 5100 coins.")
    assert wallets.wallet(again.app.storage, "PLAYER 2") == coins.new_wallet()


def test_a_deleted_profile_takes_its_coins(tmp_path):
    h = Handheld(tmp_path, first="menu")
    storage = h.app.storage
    profiles.add(storage, "ANN")
    wallets.pay(storage, "ANN", ["hard"] * 3, 2)
    storage.save()
    h.go("profiles", "ANN")
    h.press("a", "down", "a")  # Delete
    h.press("left", "a")  # Yes
    assert "ANN" not in profiles.names(storage)
    assert "ANN" not in (storage.get(wallets.KEY) or "")


def test_damaged_coins_go_back_to_the_welcome_bonus(tmp_path):
    h = Handheld(tmp_path, first="menu")
    storage = h.app.storage
    storage.set(wallets.KEY, "PLAYER 1:lots:0:0\nANN:7")
    assert wallets.wallet(storage, "PLAYER 1") == coins.new_wallet()
    storage.set(wallets.KEY, 17)
    storage.save()
    again = Handheld(tmp_path, first=None)
    assert again.app.notice == "Damaged settings are back to their defaults: coins."
