"""The draw-and-block family on the handheld (screens games, linesetup, linetable,
lineend, lineover): whole matches through the buttons that replay from their
saved record, resume after a power cut, refused moves, button mashing."""

import random

import pytest
from core import blockreplay, elo
from core.blockrules import GAMES
from line_driver import respond_line, start_line
from mash_support import Masher, SCALE
from powercut_support import check_reach, cut_and_count, report, sampled, SessionMatch, Uncut
from screens import linetable, pause
from ui import lineresults
from ui.restore import decode
from ui.session import LAST_KEY
from ui_driver import Handheld, redraws_checked, splits_checked

from sim.terminal import Terminal

MATCHES = [
    ("1x1", "", ["human:Ann", "handheld:easy"]),
    ("classic", "players=3", ["human:Ann", "handheld:easy", "handheld:medium"]),
    ("kozel", "players=4 pairs=yes", ["human:Ann", "handheld:easy", "human:Bob", "handheld:easy"]),
    ("yard", "players=2", ["human:Ann", "human:Bob"]),
    ("international", "players=4 pairs=no target=0", ["human:Ann"] + ["handheld:medium"] * 3),
    ("international", "players=4 pairs=yes target=50", ["human:Ann"] + ["handheld:easy"] * 3),
]


def play_out(h, limit=60000):
    for _ in range(limit):
        if not respond_line(h):
            return
    raise AssertionError("the match never ended")


@pytest.mark.parametrize(
    "game,options,seats", MATCHES, ids=["%s %s" % (m[0], m[1]) for m in MATCHES]
)
def test_a_whole_match_through_the_buttons_replays_from_its_saved_record(
    tmp_path, game, options, seats
):
    h = Handheld(first=None, save_dir=tmp_path)
    session = start_line(h, game, options, seats)
    play_out(h)
    assert session.over and h.screen_name() == "lineover"
    saved = decode(h.app.storage.get(LAST_KEY))
    assert saved.over and saved.game.scores == session.game.scores
    assert saved.game.winners == session.game.winners
    assert list(saved.record.actions) == list(session.record.actions)
    replayed, _ = blockreplay.replay(session.record.text())
    assert replayed.scores == session.game.scores and replayed.winners == session.game.winners
    # Ann's result is kept for this game, and in 1x1 her new rating.
    won = session.game.winners & 1
    storage = h.app.storage
    assert lineresults.results(storage)[("Ann", game)] == [won, 1 - won]
    if game == "1x1":
        assert lineresults.rating(storage, "Ann") == elo.rated(elo.START, 1000.0, won)
    # A power cut on the match end counts nothing twice, and shows the same ratings.
    shown = (list(h.screen.before), list(h.screen.after))
    again = Handheld(first=None, save_dir=tmp_path)
    again.app.go("lineover", session)
    assert lineresults.results(again.app.storage)[("Ann", game)] == [won, 1 - won]
    assert (again.screen.before, again.screen.after) == shown
    h.press("a")
    assert h.screen_name() == "menu"


@pytest.mark.parametrize("game,options,seats", MATCHES[:5], ids=[m[0] for m in MATCHES[:5]])
def test_a_match_resumes_after_a_power_cut_at_any_storage_step(game, options, seats):
    """tests/powercut_support.py: cut at a seeded sample of the steps of every kind
    (between writes, inside them, a chunk half written), each file, before the
    match end and within it; Continue brings back the match as it was at its last
    whole save, and the save at the end is the uncut match's (results counted once)."""
    uncut = Uncut(SessionMatch(game, options, seats, 7))
    counts, in_end = cut_and_count(uncut, sampled(uncut, 1, 7))
    report(game, uncut, counts, in_end)
    check_reach(uncut, counts, in_end)


def test_a_tile_that_does_not_fit_is_refused_with_the_reason(tmp_path):
    h = Handheld(first=None, save_dir=tmp_path)
    session = start_line(h, "1x1", "", ["human:Ann", "handheld:easy"], seed=3)
    for _ in range(3000):
        screen = h.screen
        if h.screen_name() == "linetable" and screen.mode == linetable.CHOOSE_TILE:
            stuck = [t for t in screen.tiles if not screen.playable >> t & 1]
            if stuck and session.game.table.n:
                before = (list(session.game.hands), len(session.record.actions))
                while screen.tiles[screen.cursor] != stuck[0]:
                    h.press("right" if screen.tiles.index(stuck[0]) > screen.cursor else "left")
                h.press("a")
                assert screen.mode == linetable.MESSAGE and "does not match" in " ".join(
                    screen.message
                )
                assert (list(session.game.hands), len(session.record.actions)) == before
                return
        respond_line(h)
    raise AssertionError("never held a tile that did not fit")


def test_mashing_the_buttons_on_the_new_screens_never_breaks_them(tmp_path):
    """Each game's set-up in turn (and what the presses reach from it: its rules,
    the matches they start, their pause menus), counted: every game's set-up and rules are
    reached. Their tables, hand ends and match ends are mashed in
    tests/test_screens_mashing.py."""
    h = Handheld(first=None, save_dir=tmp_path)
    masher = Masher(h, random.Random(11))
    for game in GAMES:
        h.app.go("linesetup", game)
        start = h.emulator.frames
        wanted = {(game, "linesetup"), (game, "linehelp")}
        away = 0  # frames on a match the presses started, or on the menus
        while h.emulator.frames - start < 1200 * SCALE:
            if h.emulator.frames - start >= 200 * SCALE and wanted <= set(masher.reached):
                break
            away = 0 if h.screen_name() in ("linesetup", "linehelp") else away + 1
            if away > 60:
                h.app.go("linesetup", game)
            masher.step(0.4)
    print("\nthe new screens: %d frames, %d presses, reached %s" % (
        h.emulator.frames, masher.presses, sorted(masher.reached)))
    for game in GAMES:
        assert {(game, "linesetup"), (game, "linehelp")} <= set(masher.reached), game
    assert {"linetable", "pause"} <= masher.places()


def test_the_set_up_is_remembered(tmp_path):
    h = Handheld(first=None, save_dir=tmp_path)
    h.app.go("linesetup", "kozel")
    h.press("down")  # Rules
    h.press("down")  # Players
    h.press("right")  # 3
    h.press("b")
    h.press("b")
    h.app.go("linesetup", "kozel")
    assert h.screen.options.players == 3 and len(h.screen.items) == 2 + 1 + 3  # Start, Rules


def test_only_the_duel_offers_the_professional_and_it_plays_there(tmp_path):
    h = Handheld(first=None, save_dir=tmp_path)
    h.app.go("linesetup", "kozel")
    assert "handheld:professional" not in h.screen.seat_names
    h.app.go("linesetup", "1x1")
    assert h.screen.seat_labels[-1] == "CPU pro"
    for key in ("down", "down", "down", "right", "right", "b"):  # Seat 2: medium, hard, pro
        h.press(key)
    h.app.go("linesetup", "1x1")  # remembered
    assert h.screen.seats[1] == "handheld:professional"
    h.press("a")  # Start
    assert h.screen_name() == "linetable"
    for _ in range(3000):  # until the professional has moved
        if len(h.screen.session.record.actions) >= 2:
            break
        respond_line(h)
    assert len(h.screen.session.record.actions) >= 2
    assert decode(h.screen.session.encode()).seats[1] == "handheld:professional"


def test_the_terminal_offers_the_games_and_says_the_match(tmp_path):
    said = []
    terminal = Terminal(save_dir=tmp_path, write=said.append)
    # The title, then the main menu up (round) to "More games", Domino 1x1, Start.
    terminal.run(["a", "u", "a", "a", "a", "2", "3"])
    text = "\n".join(said)
    assert "More games. Domino 1x1." in text
    assert "Hand 1." in text and "Ends: West" in text and "stock 12, 2 locked" in text


@pytest.mark.parametrize("game", ["1x1", "classic", "kozel", "yard", "international"])
def test_each_game_has_its_rules_pages_from_the_set_up(tmp_path, game):
    h = Handheld(first=None, save_dir=tmp_path)
    h.app.go("linesetup", game)
    h.press("down")
    h.press("a")
    assert h.screen_name() == "linehelp" and h.screen.game == game
    headings = set()
    for _ in range(len(h.screen.pages)):
        headings.add(h.screen.heading)
        h.press("right")
    assert len(headings) >= 4
    h.press("b")
    assert h.screen_name() == "linesetup"


def test_the_pause_menu_opens_the_games_rules_and_goes_back_to_its_table(tmp_path):
    h = Handheld(first=None, save_dir=tmp_path)
    session = start_line(h, "kozel", "players=3", ["human:Ann", "handheld:easy", "handheld:easy"])
    for _ in range(500):
        if h.screen_name() == "linetable" and h.screen.mode == linetable.CHOOSE_TILE:
            break
        respond_line(h)
    h.press("b")
    assert h.screen_name() == "pause"
    h.press("down")
    h.press("a")
    assert h.screen_name() == "linehelp" and h.screen.heading == "Kozel"
    h.press("b")  # back on the pause menu, on Rules help as All Fives' is
    assert h.screen_name() == "pause" and h.screen.menu.cursor == pause.HELP
    h.press("up")
    h.press("a")  # Resume
    assert h.screen_name() == "linetable" and h.screen.session is session


def _classic_at_two_doubles(tmp_path):
    """A Classic duel whose ends show 2 and 5 while the player holds [2|2] and [5|5]
    ([0|0] led by the handheld, then [0|2] on West and [0|5] on East)."""
    from core.blockrules import Options
    from core.table import E, W
    from core.tiles import tile
    from ui.session import Session
    from ui_driver import show

    mine = [(0, 2), (2, 2), (5, 5), (1, 3), (1, 4), (3, 4), (4, 4)]
    theirs = [(0, 0), (0, 5), (6, 6), (1, 6), (3, 6), (4, 6), (1, 1)]
    hands = [sum(1 << tile(a, b) for a, b in mine), sum(1 << tile(a, b) for a, b in theirs)]
    stock = bytes(t for t in range(28) if not (hands[0] | hands[1]) >> t & 1)
    session = Session(
        Options.parse("classic", "players=2"), 1, ["human:Ann", "handheld:easy"], "classic"
    )
    session.game.start_hand((hands, stock))
    for action in (tile(0, 0) * 8 + 4, tile(0, 2) * 8 + W, tile(0, 5) * 8 + E):
        session._apply(action)
    h = Handheld(first=None, save_dir=tmp_path)
    show(h, session)
    return h, session


def test_doubling_up_is_chosen_on_screen_after_the_first_double(tmp_path):
    from core.tiles import tile

    h, session = _classic_at_two_doubles(tmp_path)
    screen = h.screen
    assert screen.mode == linetable.CHOOSE_TILE
    while screen.tiles[screen.cursor] != tile(2, 2):
        h.press("right")
    h.press("a")
    assert screen.mode == linetable.CHOOSE_WAY and screen.way_words == ["West", "Both doubles"]
    h.press("right")
    h.press("a")
    table = session.game.table
    assert {table.outer_tile(0), table.outer_tile(1)} == {tile(2, 2), tile(5, 5)}
    assert session.record.actions[-1] >= 1024  # one action: the pair play


def test_b_goes_back_from_choosing_the_way_and_nothing_is_played(tmp_path):
    from core.tiles import tile

    h, session = _classic_at_two_doubles(tmp_path)
    screen = h.screen
    while screen.tiles[screen.cursor] != tile(5, 5):
        h.press("right")
    h.press("a")
    assert screen.mode == linetable.CHOOSE_WAY
    before = len(session.record.actions)
    h.press("b")
    assert screen.mode == linetable.CHOOSE_TILE and len(session.record.actions) == before


def test_a_profiles_page_shows_each_games_wins_losses_and_the_rating_change(tmp_path):
    h = Handheld(first=None, save_dir=tmp_path)
    storage = h.app.storage
    lineresults.record(storage, "PLAYER 2", "kozel", True)
    lineresults.record(storage, "PLAYER 2", "kozel", False)
    lineresults.record(storage, "PLAYER 2", "kozel", True)
    lineresults.record(storage, "PLAYER 2", "1x1", False)
    lineresults.set_rating(storage, "PLAYER 2", 1216.4)
    lineresults.set_rating(storage, "PLAYER 2", 1190.2)
    h.app.go("profiles")
    for key in ("down", "a", "down", "down", "a"):  # PLAYER 2's menu: More games
        h.press(key)
    assert h.screen_name() == "linerecords" and h.screen.heading == "PLAYER 2"
    assert h.screen.rows[0] == ("Domino 1x1", "0", "1")
    assert h.screen.rows[2] == ("Kozel", "2", "1")
    assert h.screen.rating == "1x1 rating 1216 → 1190"
    h.press("right")  # the next profile (round to the first): nothing played yet
    assert h.screen.heading == "PLAYER 1" and h.screen.rating == "1x1 rating 1200"
    assert all(row[1:] == ("0", "0") for row in h.screen.rows)
    h.press("b")
    assert h.screen_name() == "profiles"


def test_more_games_records_open_the_active_profiles_page(tmp_path):
    h = Handheld(first=None, save_dir=tmp_path)
    h.app.go("games")
    for _ in range(5):
        h.press("down")
    h.press("a")
    assert h.screen_name() == "linerecords" and h.screen.heading == "PLAYER 1"
    h.press("a")
    assert h.screen_name() == "games"


def test_a_damaged_rating_starts_again_and_an_old_one_has_no_change(tmp_path):
    h = Handheld(first=None, save_dir=tmp_path)
    storage = h.app.storage
    storage.set(lineresults.RATINGS_KEY, "ANN=12x,BOB=1210.5")
    assert lineresults.change(storage, "ANN") == (elo.START, elo.START)
    assert lineresults.change(storage, "BOB") == (1210.5, 1210.5)


def _first_hand_played(game, options, seats, seed):
    """A session at the end of its first hand, played without the screens."""
    from core.blockrules import Options
    from ui.session import Session

    session = Session(Options.parse(game, options), seed, seats, game)
    session.deal()
    while not session.between_hands:
        seat = session.to_move()
        if session.is_human(seat):
            session.play(session.game.legal()[0])
        else:
            session.think()
    return session


def test_a_hand_end_and_the_next_hand_are_drawn_a_frame_after_they_are_made_then_saved(
        tmp_path):
    # The change's frames on a board: the hand end's making, its first picture,
    # the next hand's table, its first picture and the deal's save each have one.
    h = Handheld(first=None, save_dir=tmp_path)
    session = start_line(h, "1x1", "", ["human:Ann", "handheld:easy"], seed=3)
    # By frame: (the screen, hands dealt, hands in the journal, the panel).
    frames = []
    step = h.emulator.step

    def watched(buttons=frozenset()):
        step(buttons)
        frames.append((h.screen_name(), session.game.hand_no, session._kept_hands, h.glass()))

    h.emulator.step = watched
    while h.screen_name() != "lineend":
        respond_line(h)
    h.frame()
    h.frame()
    ended = next(i for i in range(len(frames)) if frames[i][0] == "lineend")
    assert frames[ended][3] == frames[ended - 1][3]  # made: the table stays in view
    assert frames[ended + 1][3] == frames[ended][3]  # its words made (prepare)
    assert frames[ended + 2][3] != frames[ended][3]  # the hands' page
    while h.screen_name() == "lineend":
        h.press("a")
    h.frame()
    h.frame()
    dealt = next(i for i in range(ended, len(frames)) if frames[i][0] != "lineend")
    name, hand, kept, glass = frames[dealt]
    assert name == "linetable" and hand == 2 and kept < hand
    assert glass == frames[dealt - 1][3]  # made: the words stay in view a frame more
    assert frames[dealt + 1][3] != glass  # the new hand shows before it is saved
    assert frames[dealt + 1][2] < hand
    assert frames[dealt + 2][2] == hand  # the next frame saves it
    assert frames[dealt + 2][3] == frames[dealt + 1][3]  # and draws nothing


def test_every_word_of_a_long_hand_end_is_read_on_its_pages(tmp_path, monkeypatch):
    from gfx import text

    h = Handheld(first=None, save_dir=tmp_path)
    seats = ["human:Ann", "handheld:easy", "handheld:easy"]
    for seed in range(1, 40):
        session = _first_hand_played("kozel", "players=3", seats, seed)
        h.app.go("lineend", session)
        if h.screen.pages > 2:  # the words take two pages or more
            break
    else:
        raise AssertionError("no hand end long enough")
    h.frame()  # its first words made (prepare)
    screen = h.screen
    drawn = []
    draw = text.draw
    monkeypatch.setattr(text, "draw", lambda fb, s, *rest: drawn.append(s) or draw(fb, s, *rest))
    for page in range(1, screen.pages):
        h.press("a")
        assert h.screen_name() == "lineend" and screen.page == page
    assert all(line in drawn for line in screen.lines)
    h.press("left")  # back a page, and round from the first to the last
    assert screen.page == screen.pages - 2
    h.press("a")
    h.press("a")
    assert h.screen_name() == "linetable"  # A on the last page deals the next hand


def test_deleting_a_profile_forgets_its_results_and_rating_in_the_same_save(tmp_path):
    from ui import profiles

    h = Handheld(first=None, save_dir=tmp_path)
    storage = h.app.storage
    profiles.add(storage, "ANN")
    lineresults.record(storage, "ANN", "kozel", True)
    lineresults.record(storage, "PLAYER 1", "kozel", False)
    lineresults.set_rating(storage, "ANN", 1216.0)
    storage.save()
    h.app.go("profiles")
    for key in ("down", "down", "a", "down", "a", "left", "a"):  # ANN: Delete, Yes
        h.press(key)
    again = Handheld(first=None, save_dir=tmp_path).app.storage
    assert profiles.names(again) == ["PLAYER 1", "PLAYER 2"]
    assert lineresults.results(again) == {("PLAYER 1", "kozel"): [0, 1]}
    assert lineresults.change(again, "ANN") == (elo.START, elo.START)


@pytest.mark.parametrize("game, options, seats", [
    ("kozel", "players=4 pairs=yes", ["human:Ann"] + ["handheld:hard"] * 3),
    ("1x1", "", ["human:Ann", "handheld:hard"]),
])
def test_while_the_handheld_thinks_the_line_left_as_drawn_is_the_line_drawn_whole(
        monkeypatch, game, options, seats):
    handheld = Handheld(first=None)
    frames = redraws_checked(handheld, monkeypatch, "screens.linetable")
    session = start_line(handheld, game, options, seats, seed=3)
    for _ in range(3000):
        if session.over or not respond_line(handheld):
            break
    assert frames[0] > 60


def _rects_drawn(monkeypatch, screen, part):
    """The rectangles (x, y, w, h) that a drawing method of the table, `part`,
    draws in: its text and numbers, its fills, frames and pixels, the goat."""
    from gfx import text
    from ui import lineview

    fb = screen.fb
    found = []
    rect = {"on": False}

    def noting(name, shape):
        real = getattr(target[name], name)

        def call(*args):
            if rect["on"]:
                found.append(shape(*args))
            return real(*args)

        return call

    target = {"draw": text, "number": text, "goat": lineview}
    for name, shape in (
        ("draw", lambda _fb, s, x, y, *c: (x, y, text.width(s) + 1, 6)),
        ("number", lambda _fb, n, x, y, *c: (x, y, text.number_width(n) + 1, 6)),
        ("goat", lambda _fb, x, y: (x, y, lineview.GOAT_W, 8)),
    ):
        monkeypatch.setattr(target[name], name, noting(name, shape))
    target = {"fill_rect": fb, "rect": fb, "pixel": fb}
    for name, shape in (
        ("fill_rect", lambda x, y, w, h, c: (x, y, w, h)),
        ("rect", lambda x, y, w, h, c: (x, y, w, h)),
        ("pixel", lambda x, y, *c: (x, y, 1, 1)),
    ):
        monkeypatch.setattr(fb, name, noting(name, shape))
    real = getattr(screen, part)

    def drawing(*args):
        rect["on"] = True
        try:
            return real(*args)
        finally:
            rect["on"] = False

    monkeypatch.setattr(screen, part, drawing)
    return found


def _overlap(a, b):
    return a[0] < b[0] + b[2] and b[0] < a[0] + a[2] and a[1] < b[1] + b[3] and b[1] < a[1] + a[3]


@pytest.mark.parametrize("game,options,seats", [
    ("1x1", "", ["human:Ann", "handheld:easy"]),
    ("classic", "players=3", ["human:WWWWWWWW", "handheld:easy", "handheld:easy"]),
    ("kozel", "players=4 pairs=yes", ["human:Ann"] + ["handheld:easy"] * 3),
    ("yard", "players=4", ["human:WWWWWWWW"] + ["handheld:easy"] * 3),
], ids=["1x1", "three", "four in pairs", "yard four"])
def test_no_message_covers_a_seats_name_or_figures(tmp_path, monkeypatch, game, options, seats):
    """Every message of seeded matches is drawn where no seat's text is: the
    rectangles the seats are drawn in do not meet the message box's, and every
    pixel in them is the same with the message up as without it."""
    h = Handheld(first=None, save_dir=tmp_path)
    start_line(h, game, options, seats, seed=5)
    checked = []
    for _ in range(20000):
        screen = h.screen
        if h.screen_name() == "linetable" and screen.message and screen.message is not (
            checked and checked[-1]
        ):
            checked.append(screen.message)
            with monkeypatch.context() as m:
                seats_drawn = _rects_drawn(m, screen, "_draw_seats")
                mine = _rects_drawn(m, screen, "_draw_status")
                box = _rects_drawn(m, screen, "_draw_message")
                screen.redraw.moved()
                screen.draw()
            assert seats_drawn and mine and box
            texts = seats_drawn + mine
            assert not [(r, b) for r in texts for b in box if _overlap(r, b)], screen.message
            shown = [[screen.fb.pixel(x, y) for x in range(128)] for y in range(64)]
            message = screen.message
            screen.message = []
            screen.redraw.moved()
            screen.draw()
            screen.message = message
            for x0, y0, w, ht in texts:
                for y in range(max(y0, 0), min(y0 + ht, 64)):
                    for x in range(max(x0, 0), min(x0 + w, 128)):
                        assert screen.fb.pixel(x, y) == shown[y][x], (x, y, message)
        if not respond_line(h):
            break
    assert len(checked) >= 3, checked  # (a domino or fish, and passes or draws)


def _at_my_turn(h, tiles_down):
    for _ in range(5000):
        screen = h.screen
        if (
            h.screen_name() == "linetable"
            and screen.mode == linetable.CHOOSE_TILE
            and screen.session.game.table.n >= tiles_down
        ):
            return screen
        respond_line(h)
    raise AssertionError("never my turn")


def test_up_shows_the_whole_line_in_play_order_with_its_ends_and_b_goes_back(tmp_path):
    from core.actions import DRAW
    from core.table import E, LEAD, W
    from core.tiles import HIGH, LOW
    from screens import lineviewer

    h = Handheld(first=None, save_dir=tmp_path)
    seats = ["human:Ann", "handheld:easy", "handheld:medium", "handheld:hard"]
    session = start_line(h, "kozel", "players=4 pairs=yes", seats, seed=11)
    _at_my_turn(h, 7)
    line = session.game.table
    actions = len(session.record.actions)
    h.press("up")
    assert h.screen_name() == "lineviewer"
    viewer = h.screen
    assert h.said[-1].startswith("The line in play order, %d tiles: 1, " % line.n)
    # Laid from West to East by where each went, every tile touches the next with
    # equal halves, each showing on its West side the half the viewer says.
    order = [i for i in reversed(range(line.n)) if line.placed[i] == W]
    order += [i for i in range(line.n) if line.placed[i] >= LEAD]
    order += [i for i in range(line.n) if line.placed[i] == E]
    halves = [(viewer.first[i], LOW[line.played[i]] + HIGH[line.played[i]] - viewer.first[i])
              for i in order]
    assert all(halves[k][1] == halves[k + 1][0] for k in range(len(halves) - 1))
    assert (halves[0][0], halves[-1][1]) == (line.value[W], line.value[E])
    # Who played each tile, as the hand's log says, and the two ends marked.
    plays = [entry & 3 for entry in session.game.log if entry >> 2 < DRAW]
    assert list(viewer.seat) == plays  # (no two doubles at once in this hand)
    marked = {line.played[i]: viewer.mark[i] for i in range(line.n) if viewer.mark[i] >= 0}
    assert marked == {line.outer_tile(W): 0, line.outer_tile(E): 1}
    for _ in range(line.n):
        h.press("down")
    assert viewer.top == line.n - lineviewer.ROWS
    h.press("b")
    assert h.screen_name() == "linetable" and h.screen.mode == linetable.CHOOSE_TILE
    assert h.screen.session is session and len(session.record.actions) == actions


def test_up_on_an_empty_table_stays_on_the_table(tmp_path):
    for seed in range(1, 30):
        h = Handheld(first=None, save_dir=tmp_path)
        session = start_line(h, "1x1", "", ["human:Ann", "handheld:easy"], seed=seed)
        h.frame()
        if h.screen.mode == linetable.CHOOSE_TILE and session.game.table.n == 0:
            h.press("up")
            assert h.screen_name() == "linetable" and h.screen.mode == linetable.CHOOSE_TILE
            return
    raise AssertionError("the handheld led every first hand")


def test_a_match_end_in_pairs_shows_the_two_pairs_with_both_names_under_labels(
        tmp_path, monkeypatch):
    from gfx import text

    h = Handheld(first=None, save_dir=tmp_path)
    seats = ["human:PLAYER 1", "handheld:easy", "human:PLAYER 3", "handheld:easy"]
    start_line(h, "kozel", "players=4 pairs=yes", seats, seed=11)
    for _ in range(60000):
        if not respond_line(h):
            break
    assert h.screen_name() == "lineover"
    drawn = []
    draw = text.draw
    monkeypatch.setattr(text, "draw", lambda fb, s, *rest: drawn.append(s) or draw(fb, s, *rest))
    h.screen.draw()
    assert h.screen.labels == ["PLAYER 1+PLAYER 3", "CPU 2+CPU 4"]
    assert {"Pair", "Goat", "Points", "PLAYER 1+PLAYER 3", "CPU 2+CPU 4"} <= set(drawn)


def test_a_picture_too_long_for_its_frame_is_drawn_over_two_and_reaches_the_panel_whole(
        monkeypatch):
    """On a board a Kozel table drawn whole takes most of a frame. When its rest
    would not fit in the frame (here the clock says 30 ms of it are gone), its
    first part is drawn and held back from the panel, and the next frame draws
    the rest, taking no thinking step (tests/ui_driver.py's splits_checked)."""
    h = Handheld(first=None)
    counts = splits_checked(h, monkeypatch, "screens.linetable")
    seats = ["human:Ann"] + ["handheld:medium"] * 3
    session = start_line(h, "kozel", "players=4 pairs=yes", seats, seed=3)
    counts["stepping"](session)
    for _ in range(600):
        if session.over or not respond_line(h):
            break
    assert counts["held"] > 20 and counts["checked"] > 20 and counts["steps"] > 20, counts


def test_the_hand_end_draws_a_page_once_and_again_only_when_it_changes(monkeypatch):
    """A page drawn whole takes most of a frame on a board: the hand end draws it
    when it comes (a page of words the frame after its lines' images are made),
    or when a failed save's note comes or goes, not on every frame."""
    from gfx import text

    h = Handheld(first=None)
    session = _first_hand_played("kozel", "players=4 pairs=yes",
                                 ["human:Ann"] + ["handheld:easy"] * 3, 3)
    h.app.go("lineend", session)
    drawn = []
    draw = text.draw
    monkeypatch.setattr(text, "draw", lambda fb, s, *rest: drawn.append(s) or draw(fb, s, *rest))
    h.frame()  # its words made
    h.frame()  # the hands' page
    assert drawn and h.screen.page == 0
    first = h.glass()
    del drawn[:]
    for _ in range(5):
        h.frame()
    assert not drawn and h.glass() == first
    h.frame("a")  # the words' page: its lines' images made first, drawn on the next frame
    assert h.screen.page == 1 and not drawn and h.glass() == first
    h.frame("a")
    assert drawn and h.glass() != first
    del drawn[:]
    h.app.failure_frames = 2  # a failed save's note, over the page, then gone
    h.frame()
    h.frame()
    h.frame()
    assert drawn and not h.app.failure_frames


def test_a_message_drawn_a_frame_late_is_not_put_away_before_it_shows(monkeypatch):
    """A or B puts a message away only once it has been drawn: where the picture
    is drawn over two frames (a board's clock, here one that says 30 ms are gone),
    a press on the frame that draws its first half leaves the message up."""
    h, screen = _choosing_a_tile_in_kozel()
    monkeypatch.setattr(h.app.clock, "elapsed_ms", lambda: 30)
    for _ in range(30):
        h.frame()  # the lit tile gone out: the picture stays as it is
    screen.redraw.saved = True  # as on a move's frame: laid out at once, drawn later
    screen._show("A word over the table.", 45, say=False)
    h.frame()  # the frame after the move's draws nothing
    h.frame("a")  # the first half, held back from the panel
    assert h.app.held and screen.mode == linetable.MESSAGE and screen.message
    h.frame()  # the rest, with the message
    assert not h.app.held and screen.line_drawn == 0
    h.frame()  # (A let go: the buttons read a change after a poll's pause)
    h.press("a")
    assert not screen.message


def test_a_moves_frame_short_of_room_lays_its_message_out_on_the_next(monkeypatch):
    """A move's frame draws nothing, so its message is laid out there (13 ms on a
    board), unless the move and its save have taken the frame's room: then the
    next frame lays it out, before it draws the picture."""
    h, screen = _choosing_a_tile_in_kozel()
    gone = [0]
    monkeypatch.setattr(h.app.clock, "elapsed_ms", lambda: gone[0])
    for ms, at_once in ((linetable._LAY_OUT_BY_MS, True), (linetable._LAY_OUT_BY_MS + 1, False)):
        screen.mode = linetable.CHOOSE_TILE
        screen.redraw.saved = True  # as on a move's frame
        gone[0] = ms
        screen._show("A word over the table.", 45, say=False)
        assert bool(screen.message) == at_once and bool(screen.laying_out) != at_once
        h.frame()
        assert screen.message == ["A word over the table."] and not screen.laying_out


def _choosing_a_tile_in_kozel():
    """A handheld at Kozel in pairs where the human (Ann) chooses a tile."""
    h = Handheld(first=None)
    seats = ["human:Ann"] + ["handheld:easy"] * 3
    start_line(h, "kozel", "players=4 pairs=yes", seats, seed=3)
    for _ in range(2000):
        if h.screen_name() == "linetable" and h.screen.mode == linetable.CHOOSE_TILE:
            break
        respond_line(h)
    assert h.screen.mode == linetable.CHOOSE_TILE
    return h, h.screen
