"""The draw-and-block players: legal, deterministic, and playing as each level promises."""

from blockcheck import position
from check import tile
from core.actions import pair
from core.blockrules import Options
from core.blockview import LineView
from core.rng import Rng
from core.table import E, W
from players import BLOCK_NAMES, get
from players.autoplay import play_line_match


def choice(name, game):
    return get(name, "block")(LineView(game, game.turn), Rng(1))


def test_every_level_finishes_matches_of_every_game_with_legal_moves():
    for i, (game_name, options) in enumerate(
        (("1x1", ""), ("classic", "players=3"), ("kozel", "players=4 pairs=yes"), ("yard", ""))
    ):
        o = Options.parse(game_name, options)
        for name in BLOCK_NAMES:
            names = [name if s % 2 == 0 else "easy" for s in range(o.players)]
            game, record = play_line_match(game_name, o, i, names)
            assert game.state == 2 and len(record.actions) > 10


def test_players_are_deterministic():
    o = Options.parse("kozel", "players=3")
    for name in BLOCK_NAMES:
        a, ra = play_line_match("kozel", o, 3, [name, name, name])
        b, rb = play_line_match("kozel", o, 3, [name, name, name])
        assert a.scores == b.scores and ra.actions == rb.actions


def test_medium_plays_its_heaviest_tile():
    game = position("international", "", ["[1|2] [2|6] [0|2]", "[3|3]"], line="[2|4]")
    assert choice("medium", game) == tile("[2|6]") * 8 + W


def test_medium_doubles_up_and_otherwise_keeps_its_doubles_in_classic():
    game = position("classic", "", ["[2|2] [5|5] [1|2]", "[0|1] [2|6]"], line="[2|5]")
    assert choice("medium", game) == pair(2, 5)
    # [5|5] on E would be heavier, but with two doubles in hand it keeps them.
    game = position("classic", "", ["[3|3] [5|5] [2|4]", "[0|1] [2|6]"], line="[2|5]")
    assert choice("medium", game) == tile("[2|4]") * 8 + W


def test_medium_closes_the_line_against_numbers_the_opponent_lacks():
    # Seat 2 passed on ends 1 and 3 with nothing to draw: it lacks 1 and 3.
    # [3|4] on E (ends 1 and 4) is heavier, [1|3] on E leaves 1 and 1: a block.
    hands = ["[1|3] [3|4] [1|5]", "[6|6] [0|2]"]
    game = position("kozel", "", hands, line="[1|6], [3|6] E", turn=1)
    game.apply(game.legal()[0])  # seat 2 passes
    assert game.lacks[1] == 0b1010
    assert choice("medium", game) in (tile("[1|3]") * 8 + W, tile("[1|3]") * 8 + E)


def test_medium_sheds_double_six_first_in_kozel():
    game = position("kozel", "", ["[6|6] [5|6] [4|6]", "[1|1]"], line="[3|6]")
    assert choice("medium", game) == tile("[6|6]") * 8 + E
    game = position("international", "", ["[6|6] [5|6] [4|6]", "[1|1]"], line="[3|6]")
    assert choice("medium", game) == tile("[6|6]") * 8 + E  # heaviest anyway: 12
    game = position("international", "", ["[4|4] [5|6] [3|4]", "[1|1]"], line="[4|6]")
    assert choice("medium", game) == tile("[5|6]") * 8 + E


def test_hard_plays_the_tile_that_leaves_the_lower_count():
    # [4|4] or [0|4] on W. After [4|4], [0|4] still fits and is only 4 pips;
    # after [0|4], the [4|4] left can be stuck: 8. Whatever seat 2's one tile.
    game = position("international", "", ["[0|4] [4|4]", "[6|6]"], line="[4|6]")
    assert game.legal() == [tile("[0|4]") * 8 + W, tile("[4|4]") * 8 + W]
    assert choice("hard", game) == tile("[4|4]") * 8 + W
