"""Pictures of the glass: OLED colour themes, PNG/GIF frames (Pillow) and PBM.

The input is always the controller model, so a picture shows what the panel
would show: rotation, inversion, display off and contrast included.
"""

from PIL import Image

from sim import oled

BLACK = (0, 0, 0)
YELLOW_ROWS = 16  # two-colour modules: the top 16 rows glow yellow

# name -> (colour of lit pixels, colour of the top band or None)
THEMES = {
    "white": ((236, 242, 255), None),
    "blue": ((70, 180, 255), None),
    "yellow-blue": ((70, 180, 255), (255, 208, 40)),
}
THEME_NAMES = tuple(THEMES)


def lit_rows(controller):
    """64 rows of 128 bytes, 1 where the glass is lit."""
    columns = [controller.glass_column(x) for x in range(oled.WIDTH)]
    rows = []
    for y in range(oled.HEIGHT):
        rows.append(bytes(controller.lit_in_row(y, columns)))
    return rows


def palette_for(theme, contrast):
    """A 4-entry palette: dark, lit, dark (top band), lit (top band)."""
    lit, band = THEMES[theme]
    brightness = 0.6 + 0.4 * contrast / 255
    lit = tuple(int(c * brightness) for c in lit)
    band = tuple(int(c * brightness) for c in band) if band else lit
    return [*BLACK, *lit, *BLACK, *band]


def image(controller, theme="white", scale=1):
    """A Pillow RGB image of the glass, scaled by an integer factor."""
    rows = lit_rows(controller)
    if THEMES[theme][1] is not None:
        rows = [bytes(v | 2 for v in row) if y < YELLOW_ROWS else row
                for y, row in enumerate(rows)]
    picture = Image.frombytes("P", (oled.WIDTH, oled.HEIGHT), b"".join(rows))
    picture.putpalette(palette_for(theme, controller.contrast) + [0] * (256 - 4) * 3)
    picture = picture.convert("RGB")
    if scale != 1:
        picture = picture.resize((oled.WIDTH * scale, oled.HEIGHT * scale), Image.NEAREST)
    return picture


def pbm(controller):
    """The glass as a binary PBM (P4). Lit pixels are white (0), as on the screen."""
    body = bytearray()
    for row in lit_rows(controller):
        for x in range(0, oled.WIDTH, 8):
            byte = 0
            for bit in range(8):
                if not row[x + bit]:
                    byte |= 0x80 >> bit
            body.append(byte)
    return b"P4\n128 64\n" + bytes(body)


def save_gif(path, pictures, frame_ms):
    """An animated GIF of Pillow images, looping forever."""
    first, *rest = pictures
    first.save(path, save_all=True, append_images=rest, duration=frame_ms, loop=0,
               optimize=False)
