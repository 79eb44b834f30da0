"""Pictures of the glass: PNG/GIF frames (Pillow) in the OLED colour themes
(sim/themes.py), and PBM.

The input is always the controller model, so a picture shows what the panel
would show: rotation, inversion, display off and contrast included.
"""

from PIL import Image

from sim import oled
from sim.themes import BLACK, palette_for, THEME_NAMES, THEMES, YELLOW_ROWS

# The themes are also reached through this module, as before they moved.
__all__ = ["BLACK", "image", "lit_rows", "palette_for", "pbm", "save_gif", "THEME_NAMES",
           "THEMES"]


def lit_rows(controller):
    """64 rows of 128 bytes, 1 where the glass is lit."""
    columns = [controller.glass_column(x) for x in range(oled.WIDTH)]
    rows = []
    for y in range(oled.HEIGHT):
        rows.append(bytes(controller.lit_in_row(y, columns)))
    return rows


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
