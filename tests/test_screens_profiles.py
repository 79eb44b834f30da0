"""ui.profiles: what the save keeps for each player, and the API the table screen
calls when a match ends."""

from hw import netkeys
from hw.storage import Storage
from ui import profiles


def store(tmp_path):
    return Storage(str(tmp_path / "save.bin"))


def test_two_default_profiles_until_the_player_makes_one(tmp_path):
    s = store(tmp_path)
    assert profiles.names(s) == ["PLAYER 1", "PLAYER 2"]
    assert profiles.active(s) == "PLAYER 1"
    assert profiles.stats(s, "PLAYER 2") == (0, 0, 0, 0)


def test_add_makes_the_new_profile_active_and_it_is_saved(tmp_path):
    s = store(tmp_path)
    assert profiles.add(s, "ANN") == ""
    again = store(tmp_path)
    assert profiles.names(again) == ["PLAYER 1", "PLAYER 2", "ANN"]
    assert profiles.active(again) == "ANN"


def test_names_that_cannot_be_profiles_are_refused_with_a_reason(tmp_path):
    s = store(tmp_path)
    assert profiles.problem(s, "") == "Type a name first."
    assert profiles.problem(s, "   ") == "Type a name first."
    for bad in ("ann", "A:B", "A,B", "NINECHARS", "É"):
        assert profiles.add(s, bad) == "Names use A-Z, 0-9 and spaces, 8 at most.", bad
    assert profiles.add(s, "PLAYER 1") == "PLAYER 1 is taken."
    for n in range(6):
        assert profiles.add(s, "P%d" % n) == ""
    assert profiles.add(s, "ONE MORE") == "There are 8 profiles already."
    assert len(profiles.names(s)) == profiles.MAX_PROFILES


def test_a_trailing_space_from_the_picker_is_trimmed(tmp_path):
    s = store(tmp_path)
    assert profiles.add(s, "AL ") == "" and profiles.names(s)[-1] == "AL"


def test_delete_keeps_two_profiles(tmp_path):
    s = store(tmp_path)
    profiles.add(s, "ANN")
    assert profiles.delete(s, "NOBODY") == "No such profile."
    assert profiles.delete(s, "ANN") == ""
    assert profiles.active(s) == "PLAYER 1"  # the active one went: the first is active
    assert profiles.delete(s, "PLAYER 2") == "Two profiles must stay, for two-player matches."
    assert profiles.names(store(tmp_path)) == ["PLAYER 1", "PLAYER 2"]


def test_deleting_a_profile_removes_its_device_key_and_seat_token(tmp_path):
    s = store(tmp_path)
    profiles.add(s, "ANN")
    key = netkeys.key_for(s, "ANN", lambda n: bytes(range(n)))
    bob = netkeys.key_for(s, "PLAYER 1", lambda n: bytes(n))
    netkeys.keep_token(s, "ANN", "T1")
    assert netkeys.token_of(store(tmp_path), "ANN") == "T1"  # kept across a reboot
    assert profiles.delete(s, "ANN") == ""
    again = store(tmp_path)
    assert netkeys.token_of(again, "ANN") == ""
    assert netkeys.key_for(again, "ANN", lambda n: b"\xff" * n) != key  # a new identity
    assert netkeys.key_for(again, "PLAYER 1", lambda n: b"\x01" * n) == bob  # others stay


def test_set_active_only_for_a_profile_that_exists(tmp_path):
    s = store(tmp_path)
    assert not profiles.set_active(s, "GHOST")
    assert profiles.set_active(s, "PLAYER 2") and profiles.active(store(tmp_path)) == "PLAYER 2"


def test_results_count_wins_losses_and_keep_the_biggest_win(tmp_path):
    s = store(tmp_path)
    assert profiles.record_result(s, "PLAYER 1", True, 102, 95)
    assert profiles.stats(s, "PLAYER 1") == (1, 0, 102, 95)
    profiles.record_result(s, "PLAYER 1", True, 100, 55)  # margin 45 beats 7
    profiles.record_result(s, "PLAYER 1", True, 150, 110)  # 40 does not beat 45
    profiles.record_result(s, "PLAYER 1", False, 60, 100)
    s.save()  # recording does not save: the match-end screen saves once for all
    assert profiles.stats(store(tmp_path), "PLAYER 1") == (3, 1, 100, 55)
    assert profiles.stats(s, "PLAYER 2") == (0, 0, 0, 0)


def test_results_of_unknown_names_are_ignored(tmp_path):
    s = store(tmp_path)
    assert not profiles.record_result(s, "GONE", True, 100, 0)
    assert profiles.stats(s, "GONE") is None
    assert s.get(profiles.KEY) is None  # nothing written


def test_a_damaged_profile_list_keeps_its_good_lines(tmp_path):
    s = store(tmp_path)
    s.set(profiles.KEY, "ANN:1:2:100:40\nbad line\nBOB:x:0:0:0\nANN:9:9:9:9\nCY:-1:0:0:0\n"
          "DEE:0:3:0:0")
    assert profiles.names(s) == ["ANN", "DEE"]
    assert profiles.stats(s, "ANN") == (1, 2, 100, 40)
    s.set(profiles.KEY, 5)  # not even a string
    assert profiles.names(s) == ["PLAYER 1", "PLAYER 2"]
    s.set(profiles.KEY, "")
    assert profiles.names(s) == ["PLAYER 1", "PLAYER 2"]
