"""gfx.text: measuring and drawing text in our font, on CPython."""

import framebuf
import pytest
from gfx import font, text


def _screen(fill=0):
    buf = bytearray(1024)
    fb = framebuf.FrameBuffer(buf, 128, 64, framebuf.MONO_VLSB)
    fb.fill(fill)
    return buf, fb


def _rows(fb, x, y, w, h=6):
    return ["".join("#" if fb.pixel(x + i, y + j) else "." for i in range(w)) for j in range(h)]


def test_a_glyph_is_drawn_where_asked():
    _, fb = _screen()
    assert text.draw(fb, "A", 10, 20) == 14
    assert _rows(fb, 9, 19, 5, 8) == [".....", "..#..", ".#.#.", ".###.", ".#.#.", ".#.#.",
                                      ".....", "....."]


def test_width_counts_glyphs_and_one_blank_column_between_them():
    assert text.width("") == 0
    assert text.width("A") == 3
    assert text.width("AB") == 7
    assert text.width("i") == 1
    assert text.width("M") == 5
    assert text.width(" ") == 2
    assert text.width("12") == text.width("88")  # digits share a width


@pytest.mark.parametrize("s", ["Hello, world!", "All Fives 15", "\u2190 back", "{[(|)]}"])
def test_draw_returns_where_the_next_text_goes_and_text_chains(s):
    whole, fb = _screen()
    end = text.draw(fb, s, 3, 5)
    assert end == 3 + text.width(s) + 1
    parts, fb = _screen()
    x = 3
    for ch in s:
        x = text.draw(fb, ch, x, 5)
    assert x == end
    assert whole == parts


def test_the_ink_stays_inside_the_measured_box():
    buf, fb = _screen()
    s = "The quick brown fox: 0123456789"
    text.draw(fb, s, 4, 10)
    inked = [(x, y) for y in range(64) for x in range(128) if fb.pixel(x, y)]
    assert min(x for x, _ in inked) == 4 and max(x for x, _ in inked) == 4 + text.width(s) - 1
    assert min(y for _, y in inked) >= 10 and max(y for _, y in inked) < 10 + font.HEIGHT


def test_dark_text_on_light_and_the_background_is_left_alone():
    _, light = _screen(fill=1)
    _, dark = _screen(fill=0)
    text.draw(light, "Score", 0, 0, 0)
    text.draw(dark, "Score", 0, 0)
    for y in range(8):
        for x in range(24):
            assert light.pixel(x, y) == 1 - dark.pixel(x, y)


def test_characters_outside_the_font_show_as_a_question_mark():
    _, a = _screen()
    _, b = _screen()
    text.draw(a, "x\u00e9y", 0, 0)
    text.draw(b, "x?y", 0, 0)
    assert _rows(a, 0, 0, 20) == _rows(b, 0, 0, 20)
    assert text.width("\u00e9") == text.width("?")


def test_game_symbols_have_glyphs():
    for symbol in "\u2190\u2192\u2191\u2193\u2022\u266a\u2713":
        _, fb = _screen()
        text.draw(fb, symbol, 0, 0)
        _, question = _screen()
        text.draw(question, "?", 0, 0)
        assert _rows(fb, 0, 0, 8) != _rows(question, 0, 0, 8)


@pytest.mark.parametrize("n", [0, 7, 10, 125, 300, 65535])
def test_number_draws_like_the_formatted_string(n):
    _, a = _screen()
    _, b = _screen()
    assert text.number(a, n, 2, 2) == text.draw(b, "%d" % n, 2, 2)
    assert _rows(a, 0, 2, 40) == _rows(b, 0, 2, 40)


def test_text_is_clipped_at_the_screen_edges():
    _, fb = _screen()
    text.draw(fb, "WW", 122, 61)  # only the first W's top three rows fit
    assert _rows(fb, 122, 61, 6, 3) == ["#...#.", "#...#.", "#.#.#."]
    _, fb = _screen()
    text.draw(fb, "WW", -4, -3)  # the bottom two rows: the first W's last column, a gap,
    assert _rows(fb, 0, 0, 4, 3) == ["#.##", "#.#.", "...."]  # then the second W


@pytest.mark.parametrize("name", ["WWWWWWWW", "PLAYER 1", "ANN", "MMMM MMM", "W"])
@pytest.mark.parametrize("limit", [10, 23, 30, 33, 60])
def test_fit_keeps_a_name_within_the_limit_and_whole_when_it_fits(name, limit):
    short = text.fit(name, limit)
    if text.width(name) <= limit:
        assert short == name
    else:
        assert text.width(short) <= limit or len(short) == 1
        assert short[0] == name[0] and (len(short) == 1 or short[-2:] == "." + name[-1])


def test_fit_keeps_names_that_differ_at_the_end_apart():
    assert text.fit("PLAYER 1", 23) != text.fit("PLAYER 2", 23)


def _drawn(s, x=2, y=3, colour=1):
    buf, fb = _screen(fill=0 if colour else 1)
    end = text.draw(fb, s, x, y, colour)
    return bytes(buf), end


def test_kept_images_draw_the_same_as_new_ones_however_many_strings_come_and_go():
    # More strings than the slots that keep images, drawn over and over in an
    # order that gives up every slot: each draw must still show its own string.
    words = ["w%d" % i for i in range(text.SHORT * 2)] + ["Stock", "Your turn"]
    words += ["a long line of text, %d, that needs a long slot" % i for i in range(text.LONG * 2)]
    first = {w: _drawn(w) for w in words}
    for _ in range(3):
        for w in words + words[::-1]:
            assert _drawn(w) == first[w]
            assert text.width(w) == first[w][1] - 3


def test_numbers_and_strings_of_the_same_digits_look_the_same_and_keep_apart():
    buf, fb = _screen()
    assert text.number(fb, 205, 2, 3) == text.draw(fb, "205", 2, 3)
    assert bytes(buf) == _drawn("205")[0]
    # A kept "5" and a kept 5 are different keys, both right.
    _, fb = _screen()
    text.number(fb, 5, 0, 0)
    assert _drawn("5") == _drawn("5")
    assert text.number_width(1234) == text.width("1234")


def _chained(s, x=0, y=0):
    """s drawn a character at a time (each one its own kept image)."""
    buf, fb = _screen()
    for ch in s:
        x = text.draw(fb, ch, x, y)
    return bytes(buf), x


@pytest.mark.parametrize("s", ["W" * 22, "M" * 40])
def test_text_wider_than_a_short_image_or_the_screen_is_drawn_as_far_as_the_screen_goes(s):
    # 22 Ws are wider than a short slot's image (64 columns) and fit the screen;
    # 40 Ms do not fit it: both are drawn as their characters one by one would
    # be, and measured whole.
    assert text.width(s) > 64
    assert _drawn(s, 0, 0) == _chained(s)
    assert _drawn(s, 0, 0)[1] == text.width(s) + 1


def test_dark_text_from_a_kept_image():
    _, light = _screen()
    text.draw(light, "Count", 0, 0)  # kept, light on dark ...
    _, dark = _screen(fill=1)
    text.draw(dark, "Count", 0, 0, 0)  # ... then drawn dark on light
    for y in range(8):
        for x in range(24):
            assert dark.pixel(x, y) == 1 - light.pixel(x, y)
