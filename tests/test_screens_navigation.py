"""Walking the menus as a player does, in the headless emulator: every item opens
its screen and B comes back to it; matches start with the right seats and are
saved first; settings, rules options and profiles survive a restart; the pause
menu resumes, shows the rules, mutes and quits; and every screen says where the
player is for those who cannot see it."""

import pytest
from core.allfives import Options
from screens_support import Handheld
from ui import profiles
from ui.matchsave import pending
from ui.restore import resume
from ui.session import Session

MAIN_ITEMS = [
    ("All Fives vs handheld", "newmatch"),
    ("All Fives, two players", "newmatch"),
    ("All Fives demo", "newmatch"),
    ("Spectacular Bid", "newmatch"),
    ("Rules options", "options"),
    ("Settings", "settings"),
    ("Profiles", "profiles"),
    ("Records", "records"),
    ("Domino Poker", "poker"),
    ("Rules help", "help"),
    ("Online", "online"),  # no network in this emulator: it says so, B comes back
    ("More games", "games"),
]


@pytest.fixture
def h(tmp_path):
    return Handheld(tmp_path, first="menu")


def labels(h):
    return list(h.screen.menu.labels)


def cursor_label(h):
    menu = h.screen.menu
    return menu.labels[menu.cursor]


def test_the_splash_then_the_title_then_the_menu(tmp_path):
    h = Handheld(tmp_path)
    assert h.name == "title" and h.spoken == ["Pocket Dominoes."]
    h.press("left")  # any button skips the splash
    assert h.name == "title"
    assert h.spoken[-1] == "Dominoes: eight domino games. Press any button."
    h.press("down")
    assert h.name == "menu"
    assert h.spoken[-1] == "Main menu, playing as PLAYER 1. All Fives vs handheld."


def test_the_splash_moves_on_by_itself(tmp_path):
    h = Handheld(tmp_path)
    h.idle(60)
    assert h.name == "title" and "Press any button" in h.spoken[-1]
    h.press("b")
    assert h.name == "menu"


@pytest.mark.parametrize("n", range(len(MAIN_ITEMS)))
def test_each_main_item_opens_its_screen_and_b_comes_back_to_it(h, n):
    label, screen = MAIN_ITEMS[n]
    assert labels(h) == [item for item, _ in MAIN_ITEMS]
    for _ in range(n):
        h.press("down")
    assert cursor_label(h) == label and h.spoken[-1].endswith(label + ".")
    h.press("a")
    assert h.name == screen
    said = len(h.spoken)
    h.press("b")
    assert h.name == "menu" and cursor_label(h) == label
    assert len(h.spoken) > said  # the menu says where we are again


def test_b_on_the_main_menu_goes_back_to_the_title_without_the_splash(h):
    h.press("b")
    assert h.name == "title" and h.screen.frame >= 45


def test_the_cursor_wraps_round_and_left_right_change_nothing_on_plain_items(h):
    h.press("up")
    assert cursor_label(h) == "More games"
    assert h.screen.menu.top == len(MAIN_ITEMS) - 6  # scrolled to keep it in view
    h.press("down")
    assert cursor_label(h) == "All Fives vs handheld" and h.screen.menu.top == 0
    h.press("left", "right")
    assert h.name == "menu" and cursor_label(h) == "All Fives vs handheld"


def test_playing_the_handheld_deals_saves_and_goes_to_the_table(h):
    h.press("a", "a")  # All Fives vs handheld, Start
    [session] = h.started
    assert session.seats == ["human:PLAYER 1", "handheld:tactics"]
    assert session.game.hand_no == 1
    assert resume(h.app.storage)[0].encode() == session.encode()
    assert h.app.storage.get("matches") == 1
    assert h.name == "pause"  # the harness's stand-in for the table


def test_the_same_presses_deal_the_same_match_and_each_new_match_another(tmp_path):
    seeds = []
    for run in ("one", "two"):
        h = Handheld(tmp_path / run, first="menu")
        h.press("a", "a")
        seeds.append(h.started[0].seed)
    assert seeds[0] == seeds[1]
    h.go("newmatch", "handheld")
    h.press("a", "right", "a")  # Start, and Yes: the match kept goes
    assert h.started[1].seed != seeds[0] and h.app.storage.get("matches") == 2


def test_the_level_and_the_player_are_remembered(tmp_path):
    h = Handheld(tmp_path, first="menu")
    profiles.add(h.app.storage, "ANN")
    profiles.set_active(h.app.storage, "PLAYER 1")
    h.press("a", "down", "right", "down", "left")  # Hard, and ANN (before PLAYER 1: wraps)
    assert h.spoken[-1] == "Player: ANN."
    again = Handheld(tmp_path, first="menu")
    assert again.spoken[-1] == "Main menu, playing as ANN. All Fives vs handheld."
    again.press("a", "a")
    assert again.started[0].seats == ["human:ANN", "handheld:defensive"]


def test_every_level_is_offered_and_expert_only_if_the_firmware_has_it(h):
    from players import NAMES

    h.press("a", "down")
    expected = ("Easy", "Medium", "Hard") + (("Expert",) if "expert" in NAMES else ())
    assert h.screen.menu.values[1] == expected


def test_two_players_need_two_different_profiles(h):
    h.go("newmatch", "two")
    h.press("down", "right")  # player 1 becomes PLAYER 2, like player 2
    h.press("up", "a")
    assert h.started == [] and h.spoken[-1] == "Pick two different players."
    h.press("a")  # closes the bubble
    h.press("down", "down", "right", "up", "up", "a")
    [session] = h.started
    assert session.seats == ["human:PLAYER 2", "human:PLAYER 1"]


def test_a_demo_seats_two_handheld_levels(h):
    h.go("newmatch", "demo")
    h.press("down", "left", "a")  # CPU 1: Medium -> Easy; A on a choice changes it too
    assert h.spoken[-1] == "CPU 1: Medium."
    h.press("up", "a")
    assert h.started[0].seats == ["handheld:tactics", "handheld:defensive"]


def test_spectacular_bid_against_the_handheld_deals_a_duel_and_saves_it(h):
    for _ in range(3):
        h.press("down")
    h.press("a")
    assert h.name == "newmatch" and h.spoken[-1] == "Spectacular Bid. Start."
    assert labels(h) == ["Start", "Player", "Opponent"]
    assert h.screen.menu.values[2] == ("Handheld", "PLAYER 1", "PLAYER 2")
    h.press("a")
    [session] = h.started
    assert session.kind == "bid" and session.seats == ["human:PLAYER 1", "handheld:bid"]
    assert session.game.scores == [150, 150] and session.options.target == 300
    assert session.game.hand_no == 1 and h.app.storage.get("matches") == 1
    assert resume(h.app.storage)[0].encode() == session.encode()
    assert resume(h.app.storage)[0].kind == "bid"


def test_spectacular_bid_between_two_players_remembers_the_opponent(tmp_path):
    h = Handheld(tmp_path, first="menu")
    profiles.add(h.app.storage, "ANN")
    profiles.set_active(h.app.storage, "PLAYER 1")
    h.go("newmatch", "bid")
    h.press("down", "down", "right", "right", "right")  # Handheld, PLAYER 1, PLAYER 2, ANN
    assert h.spoken[-1] == "Opponent: ANN."
    again = Handheld(tmp_path, first="menu")
    again.go("newmatch", "bid")
    assert again.screen.menu.value(2) == 3
    again.press("a")
    [session] = again.started
    assert session.kind == "bid" and session.seats == ["human:PLAYER 1", "human:ANN"]
    assert session.humans() == 2


def test_a_duel_needs_two_different_players(h):
    h.go("newmatch", "bid")
    h.press("down", "down", "right", "up", "up", "a")  # PLAYER 1 against PLAYER 1
    assert h.started == [] and h.spoken[-1] == "Pick two different players."
    assert h.app.storage.get("matches") is None and pending(h.app.storage) < 0
    h.press("a", "down", "right", "up", "a")  # the player becomes PLAYER 2
    [session] = h.started
    assert session.seats == ["human:PLAYER 2", "human:PLAYER 1"] and session.kind == "bid"


def test_rules_options_are_saved_at_once_and_used_by_the_next_match(tmp_path):
    h = Handheld(tmp_path, first="options")
    h.press("right", "down", "right", "down", "right", "down", "right")
    assert h.app.options().text() == "target=150 draw=stuck keep=2 lead=double"
    again = Handheld(tmp_path, first="options")
    assert [again.screen.menu.value(i) for i in range(4)] == [1, 1, 1, 1]
    again.go("newmatch", "handheld")
    again.press("a")
    assert again.started[0].options.text() == "target=150 draw=stuck keep=2 lead=double"


def test_settings_apply_at_once_and_survive_a_restart(tmp_path):
    h = Handheld(tmp_path, first="settings")
    controller = h.emulator.controller
    assert controller.contrast == 207 and not controller.inverted
    h.press("a")  # sound off
    assert h.app.sound.muted and h.spoken[-1] == "Sound: off."
    h.press("down", "left", "left")
    assert controller.contrast == 111 and h.spoken[-1] == "Contrast: level 3 of 6."
    h.press("down", "right")
    assert controller.inverted
    again = Handheld(tmp_path, first="menu")
    assert again.app.sound.muted
    assert again.emulator.controller.contrast == 111 and again.emulator.controller.inverted
    again.go("settings")
    assert [again.screen.menu.value(i) for i in range(3)] == [1, 2, 1]


def type_name(h, presses):
    for press in presses:
        h.press(press)


def test_a_new_profile_is_typed_saved_made_active_and_kept(tmp_path):
    h = Handheld(tmp_path, first="profiles")
    h.press("down", "down", "a")  # New profile
    assert h.name == "newprofile"
    type_name(h, ["a", "right", "right", "a", "a"])  # A, C, C
    h.press("b")  # deletes the last C
    h.press("left", "left", "a")  # A again: "ACA"
    assert h.screen.name == "ACA"
    h.press("up", "left", "a")  # up from A wraps to the bottom row's last key: Done
    assert h.name == "profiles" and profiles.active(h.app.storage) == "ACA"
    again = Handheld(tmp_path, first="records")
    assert [row[0] for row in again.screen.rows] == ["PLAYER 1", "PLAYER 2", "ACA"]


def test_the_picker_refuses_long_names_leading_spaces_and_taken_names(tmp_path):
    h = Handheld(tmp_path, first="newprofile")
    h.press("down", "down", "left", "left", "left", "a")  # a space first: refused
    assert h.screen.name == "" and h.spoken[-1] == "No space here."
    h.press("up", "up", "a")  # the space's column, in the first row: K
    for _ in range(9):
        h.press("a")
    assert h.screen.name == "KKKKKKKK" and "8 characters at most" in h.spoken[-1]
    for _ in range(8):
        h.press("b")
    h.press("b")  # an empty name: B leaves
    assert h.name == "profiles" and profiles.names(h.app.storage) == list(profiles.DEFAULTS)
    h.go("newprofile")
    h.press("down", "a", "left", "left", "a")  # N, then Y (left wraps round the row)
    profiles.add(h.app.storage, "NY")
    h.press("down", "right", "a")  # from Y down to delete, right to Done
    assert h.spoken[-1] == "NY is taken." and h.name == "newprofile"


def test_profiles_are_chosen_and_deleted_with_confirmation(tmp_path):
    h = Handheld(tmp_path, first="profiles")
    profiles.add(h.app.storage, "ANN")
    h.go("profiles")
    h.press("a", "a")  # PLAYER 1: Play as this
    assert profiles.active(h.app.storage) == "PLAYER 1"
    assert h.name == "profiles" and h.screen.list.values[0] == "✓"
    h.press("down", "down", "a", "down", "a")  # ANN: Delete
    assert h.screen.confirm.open and "Delete ANN" in h.spoken[-1]
    h.press("a")  # No is chosen first
    assert profiles.names(h.app.storage) == ["PLAYER 1", "PLAYER 2", "ANN"]
    h.press("a", "down", "a", "right", "a")
    assert profiles.names(Handheld(tmp_path).app.storage) == ["PLAYER 1", "PLAYER 2"]


def test_the_last_two_profiles_stay_and_nobody_is_asked_first(h):
    h.go("profiles")
    h.press("a", "down", "a")  # PLAYER 1: Delete
    assert h.spoken[-1] == "Two profiles must stay, for two-player matches."
    assert not h.screen.confirm.open
    assert not any(s.startswith("Delete PLAYER 1") for s in h.spoken)
    h.press("a")  # the bubble goes; the list is back, nothing deleted
    assert profiles.names(h.app.storage) == list(profiles.DEFAULTS)
    assert h.name == "profiles" and not h.screen.picked


def test_records_show_each_profile(h):
    storage = h.app.storage
    profiles.record_result(storage, "PLAYER 2", True, 150, 60)
    h.go("records")
    assert h.screen.rows == [("PLAYER 1", "0", "0", "-"), ("PLAYER 2", "1", "0", "150-60")]
    assert "PLAYER 2: 1 won, 0 lost, best win 150 to 60." in h.spoken[-1]
    h.press("a")
    assert h.name == "menu" and cursor_label(h) == "Records"


def save_a_match(h):
    session = Session(Options(), 99, ["human:PLAYER 1", "handheld:random"])
    session.deal()
    session._apply(session.game.legal()[0])
    session.save(h.app.storage)
    return session


def test_continue_resumes_the_saved_match(tmp_path):
    h = Handheld(tmp_path, first="menu")
    saved = save_a_match(h)
    again = Handheld(tmp_path, first="menu")
    assert labels(again)[0] == "Continue" and len(labels(again)) == len(MAIN_ITEMS) + 1
    again.press("a")
    [session] = again.started
    assert session.encode() == saved.encode()


def test_pause_resumes_shows_the_rules_and_mutes(h):
    session = save_a_match(h)
    h.go("pause", session)
    assert h.spoken[-1].startswith("Paused. Score: You 0, CPU ")
    h.press("down", "a")
    assert h.name == "help"
    h.press("b")
    assert h.name == "pause" and h.screen.session is session
    assert h.screen.menu.cursor == 1  # back on "Rules help", where it was
    h.press("down", "right")
    assert h.app.sound.muted
    h.press("b")
    assert h.started == [session]


def test_quit_to_menu_keeps_the_match_for_continue(h):
    session = save_a_match(h)
    h.go("pause", session)
    h.press("up", "up", "a")  # round to the last item, Abandon, then Quit to menu
    assert h.name == "menu" and cursor_label(h) == "Continue"
    assert resume(h.app.storage)[0].encode() == session.encode()


def test_abandoning_asks_first_and_then_abandons_the_match(h):
    session = save_a_match(h)
    h.go("pause", session)
    h.press("up", "a")
    assert "It will be lost, not saved." in h.spoken[-1]
    h.press("b")  # no
    assert h.name == "pause" and resume(h.app.storage)[0] is not None
    h.press("a", "right", "a")
    assert h.name == "menu" and pending(h.app.storage) < 0
    assert "Continue" not in labels(h)


def test_help_pages_turn_round_and_scroll_within_a_page(h):
    from screens.help import PAGES

    h.go("help")
    h.press("left")
    assert h.screen.page == len(PAGES) - 1
    assert h.spoken[-1].startswith("Rules, page %d of %d: %s." % (
        len(PAGES), len(PAGES), PAGES[-1][0]))
    h.press("right", "a", "a", "a")  # to page 4: Counting, longer than the screen
    assert h.screen.page == 3
    lines = len(h.screen.lines)
    for _ in range(lines + 3):
        h.press("down")
    assert h.screen.top == lines - 7
    h.press("up")
    assert h.screen.top == lines - 8


def test_the_rules_open_at_spectacular_bid_from_a_duel_and_at_page_1_from_the_menu(h):
    from screens.help import BID_PAGE, PAGES

    session = Session(Options(), 5, ["human:PLAYER 1", "handheld:bid"], game="bid")
    session.deal()
    session.save(h.app.storage)
    h.go("pause", session)
    assert h.spoken[-1].startswith(
        "Paused, clock runs. Balances: You 150, CPU 150. Clocks: You 2:00, CPU 2:00.")
    h.press("down", "a")
    assert h.name == "help" and h.screen.page == BID_PAGE
    assert h.spoken[-1].startswith("Rules, page %d of %d: Bid: chips. " % (
        BID_PAGE + 1, len(PAGES)))
    h.press("left")
    assert PAGES[h.screen.page][0] == "Buttons"  # All Fives' pages come first
    h.press("b")
    assert h.name == "pause" and h.screen.session is session
    h.go("menu", "help")
    h.press("a")
    assert h.name == "help" and h.screen.page == 0


def test_spectacular_bid_s_pages_follow_all_fives_s():
    from screens.help import BID_PAGE, PAGES

    headings = [heading for heading, _ in PAGES]
    assert not any(heading.startswith("Bid") for heading in headings[:BID_PAGE])
    assert all(heading.startswith("Bid: ") for heading in headings[BID_PAGE:])
    calling = " ".join(body for heading, body in PAGES if heading == "Bid: calling")
    assert "LEFT / RIGHT change the amount" in calling and "A makes the call" in calling


def test_every_help_line_fits_the_screen():
    from gfx import text
    from gfx.text import wrap
    from screens.help import PAGES

    number = "%d/%d" % (len(PAGES), len(PAGES))
    for heading, body in PAGES:
        assert text.width(heading) + text.width(number) + 8 <= 128
        assert all(text.width(line) <= 120 for line in wrap(body, 120))
        assert "?" not in body  # the font has every character (missing ones draw as ?)


SPEAKING = [("title",), ("menu",), ("newmatch", "handheld"), ("newmatch", "two"),
            ("newmatch", "demo"), ("newmatch", "bid"), ("options",), ("settings",),
            ("profiles",), ("newprofile",), ("records",), ("help",), ("pause",)]


@pytest.mark.parametrize("start", SPEAKING, ids="-".join)
def test_every_screen_says_what_it_is_and_every_move_is_said(h, start):
    if start == ("pause",):
        start = ("pause", save_a_match(h))
    said = len(h.spoken)
    h.go(*start)
    assert len(h.spoken) == said + 1 and h.spoken[-1]
    if start[0] in ("title", "records"):
        return  # nothing to move on: any button leaves, and records are said whole
    h.press("down" if start[0] != "help" else "right")
    assert len(h.spoken) == said + 2 and h.spoken[-1] not in h.spoken[:-1]


def test_the_title_drops_seven_tiles_each_with_a_click_and_starts_again(tmp_path):
    from screens import title
    from ui import tunes

    h = Handheld(tmp_path)
    played = []
    real_play = h.app.sound.play
    h.app.sound.play = lambda tune: (played.append(tune), real_play(tune))
    h.idle(title.SPLASH_FRAMES)
    assert played == []  # the splash is quiet
    cycle = title._CYCLE
    h.idle(cycle)
    assert played == [tunes.PLAYED] * 7
    first = h.pbm()
    h.idle(cycle)
    assert played == [tunes.PLAYED] * 14 and h.pbm() == first
