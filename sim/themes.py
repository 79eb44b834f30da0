"""The OLED colour themes: what colour a lit pixel glows, at what contrast.

Plain Python that MicroPython runs too: the pictures of sim/render.py and the
canvas of the web page (sim/web/) take their colours from here.
"""

BLACK = (0, 0, 0)
YELLOW_ROWS = 16  # two-colour modules: the top 16 rows glow yellow

# name -> (colour of lit pixels, colour of the top band or None)
THEMES = {
    "white": ((236, 242, 255), None),
    "blue": ((70, 180, 255), None),
    "yellow-blue": ((70, 180, 255), (255, 208, 40)),
}
THEME_NAMES = tuple(THEMES)


def palette_for(theme, contrast):
    """A 4-entry palette: dark, lit, dark (top band), lit (top band)."""
    lit, band = THEMES[theme]
    brightness = 0.6 + 0.4 * contrast / 255
    lit = tuple(int(c * brightness) for c in lit)
    band = tuple(int(c * brightness) for c in band) if band else lit
    return list(BLACK) + list(lit) + list(BLACK) + list(band)
