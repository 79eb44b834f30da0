"""A model of the SSD1306 and SH1106 OLED controllers, fed the bytes a driver sends.

It keeps the controller's display RAM and registers and executes the command
stream as the datasheets describe it, so the emulator shows what a real panel
would show for the same bytes, and the tests can check a driver against it:

  SSD1306  128x64 RAM; page, horizontal and vertical addressing (0x20), column
           and page windows (0x21, 0x22), page-mode addresses (0xB0, 0x00, 0x10);
           power-on default is page addressing.
  SH1106   132x64 RAM, page addressing only; the 128-pixel glass shows RAM
           columns 2..129; the column address stops at 131 (writes past it are
           counted in `overflow` and dropped).

Both: contrast (0x81), normal/inverse (0xA6/7), follow RAM / all on (0xA4/5),
display off/on (0xAE/F), segment remap (0xA0/1), COM scan direction (0xC0/8),
display start line (0x40-0x7F) and display offset (0xD3). Every other command
of each datasheet is read with its arguments and has no visible effect here
(timing, power, scrolling, zoom); a byte that is no command of the chip is
recorded in `unknown`, as the chip would ignore it.

Plain Python that MicroPython runs too (the web page, sim/web/, uses it).

Orientation: with remap on (0xA1) and COM scan down (0xC8), the setting every
driver in this project uses as "upright", RAM column 0 (2 on the SH1106) and
RAM row 0 are at the top left of the glass.
"""

SSD1306 = "ssd1306"
SH1106 = "sh1106"

WIDTH = 128
HEIGHT = 64
PAGES = 8

# Every command of each datasheet, with the number of argument bytes that follow
# it (0 for a single byte). SSD1306: Solomon Systech's command table (fundamental,
# scrolling, addressing, hardware configuration, timing and driving, advanced
# graphics), the charge pump of its application note, and the IREF selection
# (0xAD) of current revisions. SH1106: Sino Wealth's, whose 0xAD is the DC-DC
# control and whose COM scan direction is only bit 3 (0xC0-0xCF).
def _table(singles, with_arguments):
    # No {**dict} displays: the web page runs this module on MicroPython.
    table = {code: 0 for group in singles for code in group}
    table.update(with_arguments)
    return table


_COMMANDS = {
    SSD1306: _table(
        (
            range(0x00, 0x20),  # lower / higher column start (page addressing)
            range(0x40, 0x80),  # display start line
            range(0xB0, 0xB8),  # page start (page addressing)
            (0x2E, 0x2F),  # scrolling off / on
            (0xA0, 0xA1, 0xA4, 0xA5, 0xA6, 0xA7, 0xAE, 0xAF, 0xC0, 0xC8, 0xE3),  # ..., NOP
        ),
        {
            0x20: 1, 0x21: 2, 0x22: 2,  # addressing mode, column and page windows
            0x26: 6, 0x27: 6, 0x29: 5, 0x2A: 5, 0xA3: 2,  # scroll set-ups, vertical area
            0x23: 1, 0xD6: 1,  # fade out or blink, zoom in
            0x81: 1, 0x8D: 1, 0xA8: 1, 0xAD: 1,  # contrast, charge pump, multiplex, IREF
            0xD3: 1, 0xD5: 1, 0xD9: 1, 0xDA: 1, 0xDB: 1,  # offset, clock, pre-charge, pins, VCOMH
        },
    ),
    SH1106: _table(
        (
            range(0x00, 0x20),  # lower / higher column address
            range(0x30, 0x34),  # pump voltage
            range(0x40, 0x80),  # display start line
            range(0xB0, 0xB8),  # page address
            range(0xC0, 0xD0),  # COM scan direction (bit 3)
            (0xA0, 0xA1, 0xA4, 0xA5, 0xA6, 0xA7, 0xAE, 0xAF),
            (0xE0, 0xEE, 0xE3),  # read-modify-write, its end, NOP
        ),
        {
            0x81: 1, 0xA8: 1, 0xAD: 1,  # contrast, multiplex, DC-DC control
            0xD3: 1, 0xD5: 1, 0xD9: 1, 0xDA: 1, 0xDB: 1,  # offset, clock, pre-charge, pins, VCOM
        },
    ),
}
# Of those, the commands with nothing the model shows: timing, power and pin
# settings, NOP, scrolling, fading and zoom (not modelled), read-modify-write
# (the model is written, never read).
_NO_EFFECT = {
    SSD1306: {0x23, 0x26, 0x27, 0x29, 0x2A, 0x2E, 0x2F, 0x8D, 0xA3, 0xAD, 0xD5, 0xD6, 0xD9,
              0xDA, 0xDB, 0xE3},
    SH1106: {0x30, 0x31, 0x32, 0x33, 0xAD, 0xD5, 0xD9, 0xDA, 0xDB, 0xE0, 0xE3, 0xEE},
}

HORIZONTAL, VERTICAL, PAGE = 0, 1, 2


class Controller:
    def __init__(self, kind):
        if kind not in _COMMANDS:
            raise ValueError("controller is ssd1306 or sh1106")
        self.kind = kind
        self.columns = 132 if kind == SH1106 else 128
        self.ram = bytearray(self.columns * PAGES)
        self.unknown = []  # command bytes the chip would ignore
        self.overflow = 0  # SH1106 data bytes written past column 131
        self.command_bytes = 0
        self.data_bytes = 0
        self._pending = None  # (command, arguments so far, count needed)
        self.reset()

    def reset(self):
        """The register values after a hardware reset (the RAM is not cleared)."""
        self.contrast = 0x7F if self.kind == SSD1306 else 0x80
        self.inverted = False
        self.all_on = False
        self.on = False
        self.remap = False
        self.com_reverse = False
        self.start_line = 0
        self.offset = 0
        self.mux = 63
        self.mode = PAGE
        self.column = 0
        self.page = 0
        self.column_window = (0, self.columns - 1)
        self.page_window = (0, PAGES - 1)
        self._pending = None

    # -- the two kinds of bytes on the bus -----------------------------------

    def command(self, data):
        for byte in bytes(data):
            self.command_bytes += 1
            if self._pending is not None:
                code, args, needed = self._pending
                args.append(byte)
                if len(args) == needed:
                    self._pending = None
                    self._run(code, args)
                continue
            needed = _COMMANDS[self.kind].get(byte, 0)
            if needed:
                self._pending = (byte, [], needed)
            else:
                self._run(byte, [])

    def data(self, data):
        for byte in bytes(data):
            self.data_bytes += 1
            self._write(byte)

    # -- what the glass shows -------------------------------------------------

    def lit(self, x, y):
        """Whether the pixel at glass (x, y) is lit, (0, 0) top left."""
        return bool(self.lit_in_row(y, [self.glass_column(x)])[0])

    def lit_in_row(self, y, columns):
        """1 or 0 for each RAM column in `columns` (see glass_column) on glass row y."""
        com = y if self.com_reverse else HEIGHT - 1 - y
        if not self.on or com > self.mux:  # a lower multiplex ratio drives fewer COM lines
            return [0] * len(columns)
        if self.all_on:
            return [1] * len(columns)
        row = (com + self.start_line + self.offset) % HEIGHT
        base = (row >> 3) * self.columns
        shift = row & 7
        ram = self.ram
        flip = 1 if self.inverted else 0
        return [((ram[base + column] >> shift) & 1) ^ flip for column in columns]

    def glass_column(self, x):
        """The RAM column shown at glass column x (segment remap, SH1106 offset)."""
        if self.kind == SH1106:
            segment = 129 - x  # the glass is wired to SEG2..SEG129
            return 131 - segment if self.remap else segment
        segment = 127 - x
        return 127 - segment if self.remap else segment

    def glass(self):
        """What the panel shows, as 1024 bytes of 128x64 MONO_VLSB."""
        columns = [self.glass_column(x) for x in range(WIDTH)]
        image = bytearray(WIDTH * PAGES)
        for y in range(HEIGHT):
            bit = 1 << (y & 7)
            base = (y >> 3) * WIDTH
            for x, value in enumerate(self.lit_in_row(y, columns)):
                if value:
                    image[base + x] |= bit
        return bytes(image)

    def ram_pixel(self, column, row):
        return (self.ram[(row >> 3) * self.columns + column] >> (row & 7)) & 1

    def visible_ram(self):
        """The RAM the glass shows, unrotated: 1024 bytes, page by page."""
        first = 2 if self.kind == SH1106 else 0
        return bytes(b for p in range(PAGES)
                     for b in self.ram[p * self.columns + first:p * self.columns + first + WIDTH])

    # -- command and data execution --------------------------------------------

    def _run(self, code, args):
        page_addressing = self.kind == SH1106 or self.mode == PAGE
        if code not in _COMMANDS[self.kind]:
            self.unknown.append(code)  # a chip ignores a byte it does not know
            return
        if code in _NO_EFFECT[self.kind]:
            return
        if code == 0x81:
            self.contrast = args[0]
        elif code in (0xA6, 0xA7):
            self.inverted = code == 0xA7
        elif code in (0xA4, 0xA5):
            self.all_on = code == 0xA5
        elif code in (0xAE, 0xAF):
            self.on = code == 0xAF
        elif code in (0xA0, 0xA1):
            self.remap = code == 0xA1
        elif code & 0xF0 == 0xC0:  # 0xC0 / 0xC8 (the SH1106 ignores bits 0-2)
            self.com_reverse = bool(code & 0x08)
        elif 0x40 <= code <= 0x7F:
            self.start_line = code - 0x40
        elif code == 0xD3:
            self.offset = args[0] & 0x3F
        elif code == 0xA8:
            self.mux = args[0] & 0x3F
        elif 0xB0 <= code <= 0xB7:
            if page_addressing:
                self.page = code - 0xB0
        elif code <= 0x0F:
            if page_addressing:
                self.column = (self.column & 0xF0) | code
        elif code <= 0x1F:
            if page_addressing:
                self.column = (self.column & 0x0F) | ((code - 0x10) << 4)
        elif code == 0x20:  # the SSD1306's only, as are 0x21 and 0x22
            if args[0] & 0x03 != 3:
                self.mode = args[0] & 0x03
        elif code == 0x21:
            self.column_window = (args[0] & 0x7F, args[1] & 0x7F)
            self.column = self.column_window[0]
        elif code == 0x22:
            self.page_window = (args[0] & 0x07, args[1] & 0x07)
            self.page = self.page_window[0]

    def _write(self, byte):
        if self.column >= self.columns:  # only the SH1106 gets here: it stops at 131
            self.overflow += 1
            return
        self.ram[self.page * self.columns + self.column] = byte
        if self.kind == SH1106:
            self.column += 1
        elif self.mode == PAGE:
            self.column = (self.column + 1) % WIDTH
        elif self.mode == HORIZONTAL:
            self.column, self.page = _advance(self.column, self.page,
                                              self.column_window, self.page_window)
        else:
            self.page, self.column = _advance(self.page, self.column,
                                              self.page_window, self.column_window)


def _advance(inner, outer, inner_window, outer_window):
    """Step the inner address; past its window's end, wrap it and step the outer."""
    if inner < inner_window[1]:
        return inner + 1, outer
    return inner_window[0], (outer + 1 if outer < outer_window[1] else outer_window[0])
