"""Pictures of the glass: themes, contrast, display off, PBM polarity."""

from sim import oled, render


def lit_panel(contrast=255):
    chip = oled.Controller(oled.SSD1306)
    chip.command(bytes((0xA1, 0xC8, 0xAF, 0x81, contrast)))  # upright, on
    chip.ram[0] = 0x01  # glass (0, 0)
    chip.ram[2 * 128 + 5] = 0x10  # glass (5, 20)
    return chip


def test_themes_colour_lit_pixels_and_the_yellow_band():
    chip = lit_panel()
    white = render.image(chip, "white")
    assert white.getpixel((0, 0)) == render.THEMES["white"][0]
    assert white.getpixel((1, 0)) == render.BLACK
    two_colour = render.image(chip, "yellow-blue")
    assert two_colour.getpixel((0, 0)) == render.THEMES["yellow-blue"][1]  # top band
    assert two_colour.getpixel((5, 20)) == render.THEMES["yellow-blue"][0]
    assert render.image(chip, "blue").getpixel((0, 0)) == render.THEMES["blue"][0]


def test_contrast_dims_and_display_off_is_black():
    dim = render.image(lit_panel(contrast=0), "white").getpixel((0, 0))
    assert dim == tuple(int(c * 0.6) for c in render.THEMES["white"][0])
    chip = lit_panel()
    chip.command(b"\xae")
    assert render.image(chip, "white").getcolors() == [(128 * 64, render.BLACK)]


def test_scaled_image_and_pbm():
    chip = lit_panel()
    big = render.image(chip, "white", 3)
    assert big.size == (384, 192) and big.getpixel((2, 2)) != render.BLACK
    assert big.getpixel((3, 0)) == render.BLACK
    pbm = render.pbm(chip)
    body = pbm[len(b"P4\n128 64\n"):]
    assert body[0] == 0x7F  # (0, 0) lit: white, a 0 bit; the rest of the byte black
    assert body[20 * 16] == 0xFB  # (5, 20) lit
