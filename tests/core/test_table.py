"""Counting and the spinner cross, with worked examples (docs/rules.md section 1)."""

from check import tile
from core.table import E, LEAD, LEAD_FLIP, N, S, Table, W


def lay(*moves):
    """A table after the moves: "[1|4]" for the lead, then ("[4|4]", E), ..."""
    table = Table()
    first = moves[0]
    where = LEAD
    if isinstance(first, tuple):
        first, where = first
    table.place(tile(first), where)
    for t, end in moves[1:]:
        assert table.fits(tile(t), end), (t, end)
        table.place(tile(t), end)
    return table


def test_empty_table_counts_nothing_and_everything_fits_the_lead():
    table = Table()
    assert table.count() == 0
    assert table.open_ends() == 0
    assert table.playable() == 0xFFFFFFF


def test_a_lone_tile_counts_both_halves():
    assert lay("[1|4]").count() == 5
    assert lay("[5|5]").count() == 10  # a lone double counts both halves once
    assert lay("[0|0]").count() == 0


def test_lead_orientation_puts_its_first_half_on_w():
    table = lay(("[1|4]", LEAD))
    assert (table.value[W], table.value[E]) == (1, 4)
    table = lay(("[1|4]", LEAD_FLIP))
    assert (table.value[W], table.value[E]) == (4, 1)


def test_line_without_doubles_counts_its_two_ends():
    table = lay("[1|4]", ("[4|6]", E), ("[1|3]", W))
    assert (table.value[W], table.value[E]) == (3, 6)
    assert table.count() == 9
    assert table.open_ends() == 2
    assert not table.is_open(N)


def test_spinner_lead_counts_until_both_main_sides_carry_a_tile():
    table = lay("[5|5]")
    assert table.spinner == tile("[5|5]")
    table.place(tile("[3|5]"), W)
    assert table.count() == 3 + 10  # one main side still empty: spinner counts 10
    assert not table.is_open(N)
    table.place(tile("[2|5]"), E)
    assert table.count() == 3 + 2  # both sides carry a tile: spinner counts nothing
    assert table.is_open(N) and table.is_open(S) and table.open_ends() == 4
    table.place(tile("[5|6]"), N)
    assert table.count() == 3 + 2 + 6  # the unstarted S branch counts nothing
    table.place(tile("[2|2]"), E)
    assert table.count() == 3 + 4 + 6  # a later double at an end counts both halves
    assert table.spinner == tile("[5|5]")  # ... and never becomes a spinner


def test_first_double_played_later_becomes_the_spinner():
    table = lay("[3|4]", ("[4|4]", E))
    assert table.spinner == tile("[4|4]") and table.centre == tile("[4|4]")
    # The line already down is the spinner's W side; its E side is empty.
    assert table.outer_tile(W) == tile("[3|4]") and table.outer_tile(E) == -1
    assert table.count() == 3 + 8
    assert not table.is_open(N)
    table.place(tile("[4|6]"), E)
    assert table.count() == 3 + 6 and table.is_open(N) and table.value[N] == 4


def test_spinner_played_on_w_keeps_the_line_as_its_e_side():
    table = lay("[2|6]", ("[1|6]", E), ("[2|2]", W))
    assert table.outer_tile(E) == tile("[1|6]") and table.outer_tile(W) == -1
    assert table.count() == 1 + 4
    assert table.covered([]) == [tile("[2|6]")]
    table.place(tile("[2|3]"), W)
    assert table.count() == 3 + 1
    assert table.length[W] == 1 and table.length[E] == 2


def test_covered_tiles_are_listed_in_play_order():
    table = lay("[5|5]", ("[3|5]", W), ("[2|5]", E), ("[3|3]", W), ("[2|4]", E), ("[3|6]", W))
    assert table.covered([]) == [tile("[3|5]"), tile("[2|5]"), tile("[3|3]")]
    shown = [table.outer_tile(e) for e in (W, E, N, S)]
    assert shown == [tile("[3|6]"), tile("[2|4]"), -1, -1]
    assert table.centre == tile("[5|5]")


def test_fits_and_playable_follow_the_open_ends():
    table = lay("[5|5]", ("[3|5]", W))
    assert table.fits(tile("[5|6]"), E)
    assert not table.fits(tile("[5|6]"), N)  # branches still closed
    assert not table.fits(tile("[1|6]"), W)
    playable = table.playable()
    assert playable >> tile("[3|4]") & 1 and playable >> tile("[5|6]") & 1
    assert not playable >> tile("[1|6]") & 1
    assert not playable >> tile("[3|5]") & 1  # already on the table
    assert table.open_numbers() == (1 << 3) | (1 << 5)


def test_copy_is_independent():
    table = lay("[1|4]")
    other = table.clone()
    other.place(tile("[4|4]"), E)
    assert table.spinner == -1 and table.n == 1 and other.n == 2
