"""One driver for the 128x64 SSD1306 and SH1106 OLED controllers, over SPI or I2C.

The display is a 128x64 MONO_VLSB FrameBuffer: draw on it, then call show().
In that layout byte `page*128 + x` holds the 8 pixels of column x, rows
page*8 (bit 0) to page*8+7 (bit 7), which is exactly what both controllers
store, so a page goes to the panel as one 128-byte run.

show() sends only the pages that changed since the last show: it keeps a copy
of what the panel holds, compares page by page (a native memcmp through
memoryviews made once) and allocates nothing. show(most) sends at most `most`
of them: the others still differ from the panel's copy, so the next show sends
them (a slow bus spreads a whole new screen over two or three frames rather
than make one frame wait for it; see Hardware.run_frame). `page_us` is what one
page costs on the wire: nothing worth counting on SPI (0), 3.1 ms on I2C at
400 kHz.

The two controllers differ in how a page is addressed:
  SSD1306  horizontal addressing; one column/page window, then the data of a
           run of consecutive dirty pages flows in without more commands.
  SH1106   page addressing only, and its RAM is 132 columns wide with the
           128-pixel panel wired to columns 2..129, so every page needs its
           page and column address (column 2).
"""

import framebuf
from micropython import const

SSD1306 = const(0)
SH1106 = const(1)

WIDTH = const(128)
HEIGHT = const(64)
PAGES = const(8)

# Fundamental commands (both controllers).
_SET_CONTRAST = const(0x81)
_DISPLAY_FOLLOW_RAM = const(0xA4)
_SET_NORMAL = const(0xA6)  # 0xA7: inverse
_DISPLAY_OFF = const(0xAE)  # 0xAF: on
_SET_START_LINE = const(0x40)
_SEG_REMAP = const(0xA0)  # | 1: column 127 (or 131) is SEG0
_COM_SCAN_UP = const(0xC0)  # 0xC8: scan from COM[N-1] down
_SET_MUX_RATIO = const(0xA8)
_SET_DISPLAY_OFFSET = const(0xD3)
_SET_CLOCK_DIV = const(0xD5)
_SET_PRECHARGE = const(0xD9)
_SET_COM_PINS = const(0xDA)
_SET_VCOM_DESELECT = const(0xDB)
_SET_PAGE = const(0xB0)  # | page, page addressing
_SET_COL_LOW = const(0x00)  # | low nibble
_SET_COL_HIGH = const(0x10)  # | high nibble
# SSD1306 only.
_SET_MEM_MODE = const(0x20)  # 0: horizontal, 1: vertical, 2: page
_SET_COL_ADDR = const(0x21)
_SET_PAGE_ADDR = const(0x22)
_CHARGE_PUMP = const(0x8D)
# SH1106 only.
_SET_DCDC = const(0xAD)

SH1106_COLUMN_OFFSET = const(2)


def _init_commands(controller):
    """The controller's set-up, made when it is sent (once, and at a reset) rather
    than kept for both controllers."""
    if controller == SSD1306:
        return bytes((
            _DISPLAY_OFF,
            _SET_MEM_MODE, 0x00,
            _SET_START_LINE | 0,
            _SET_MUX_RATIO, HEIGHT - 1,
            _SET_DISPLAY_OFFSET, 0x00,
            _SET_COM_PINS, 0x12,  # alternative COM pin layout, the 128x64 wiring
            _SET_CLOCK_DIV, 0x80,
            _SET_PRECHARGE, 0xF1,
            _SET_VCOM_DESELECT, 0x30,
            _DISPLAY_FOLLOW_RAM,
            _CHARGE_PUMP, 0x14,  # internal charge pump on
        ))
    return bytes((
        _DISPLAY_OFF,
        _SET_START_LINE | 0,
        _SET_MUX_RATIO, HEIGHT - 1,
        _SET_DISPLAY_OFFSET, 0x00,
        _SET_COM_PINS, 0x12,
        _SET_CLOCK_DIV, 0x80,
        _SET_PRECHARGE, 0x22,
        _SET_VCOM_DESELECT, 0x35,
        _DISPLAY_FOLLOW_RAM,
        _SET_DCDC, 0x8B,  # internal DC-DC on
    ))


class Display(framebuf.FrameBuffer):
    """The shared part: framebuffer, dirty pages, the controller's commands.

    A bus subclass provides `_write_commands(buf)` and `_write_data(buf)`.
    """

    def __init__(self, controller, reset=None, sleep_ms=None):
        if controller not in (SSD1306, SH1106):
            raise ValueError("unknown display controller")
        self.controller = controller
        self.width = WIDTH
        self.height = HEIGHT
        self.buffer = bytearray(WIDTH * PAGES)
        super().__init__(self.buffer, WIDTH, HEIGHT, framebuf.MONO_VLSB)
        self._panel = bytearray(WIDTH * PAGES)  # what the panel holds
        frame = memoryview(self.buffer)
        panel = memoryview(self._panel)
        self._pages = [frame[p * WIDTH:(p + 1) * WIDTH] for p in range(PAGES)]
        self._panel_pages = [panel[p * WIDTH:(p + 1) * WIDTH] for p in range(PAGES)]
        self._cmd = bytearray(6)
        # One view per command length, made once: slicing per call would allocate.
        whole = memoryview(self._cmd)
        self._cmd_views = [whole[:n] for n in range(len(self._cmd) + 1)]
        self._stale = 0xFF  # pages whose panel copy is unknown: sent on next show()
        self._flipped = False
        self._reset = reset
        self._sleep_ms = sleep_ms
        self.init()

    # -- set-up and panel state ------------------------------------------------

    def init(self):
        """Reset the controller (when a reset pin is wired) and configure it."""
        if self._reset is not None:
            self._reset(1)
            self._pause(1)
            self._reset(0)
            self._pause(10)
            self._reset(1)
            self._pause(10)
        self._write_commands(_init_commands(self.controller))
        self.flip(self._flipped)
        self.contrast(0x7F)
        self.invert(False)
        self._stale = 0xFF
        self.show()
        self.poweron()

    def _pause(self, ms):
        if self._sleep_ms is not None:
            self._sleep_ms(ms)

    def _command(self, byte, arg=-1):
        self._cmd[0] = byte
        n = 1
        if arg >= 0:
            self._cmd[1] = arg
            n = 2
        self._write_commands(self._cmd_views[n])

    def poweroff(self):
        self._command(_DISPLAY_OFF)

    def poweron(self):
        self._command(_DISPLAY_OFF | 1)

    def contrast(self, level):
        self._command(_SET_CONTRAST, max(0, min(255, level)))

    def invert(self, inverted):
        self._command(_SET_NORMAL | (1 if inverted else 0))

    def flip(self, flipped):
        """Rotate the picture 180 degrees (mirror both the columns and the rows).

        On the SH1106 the offset stays 2: remapped, RAM column c drives
        SEG(131 - c), and the panel's SEG2..129 are still columns 129..2.
        """
        self._flipped = bool(flipped)
        self._command(_SEG_REMAP | (0 if self._flipped else 1))
        self._command(_COM_SCAN_UP | (0 if self._flipped else 8))

    def invalidate(self):
        """Forget what the panel holds: the next show() sends every page."""
        self._stale = 0xFF

    # -- frames ------------------------------------------------------------------

    page_us = 0
    behind = False  # the last show() left pages that differ from the panel

    def show(self, most=PAGES):
        """Send the pages that differ from the panel, at most `most` of them (from
        the top); returns how many were sent."""
        self.behind = False
        sent = 0
        run_open = False  # SSD1306: the address window already points at this page
        for page in range(PAGES):
            frame = self._pages[page]
            panel = self._panel_pages[page]
            if not (self._stale >> page) & 1 and frame == panel:
                run_open = False
                continue
            if sent == most:
                self.behind = True
                break
            if not run_open:
                self._address(page)
                run_open = self.controller == SSD1306
            self._write_data(frame)
            panel[:] = frame
            self._stale &= ~(1 << page)
            sent += 1
        return sent

    def _address(self, page):
        cmd = self._cmd
        if self.controller == SSD1306:
            cmd[0] = _SET_COL_ADDR
            cmd[1] = 0
            cmd[2] = WIDTH - 1
            cmd[3] = _SET_PAGE_ADDR
            cmd[4] = page
            cmd[5] = PAGES - 1
            self._write_commands(self._cmd_views[6])
        else:
            cmd[0] = _SET_PAGE | page
            cmd[1] = _SET_COL_LOW | (SH1106_COLUMN_OFFSET & 0x0F)
            cmd[2] = _SET_COL_HIGH | (SH1106_COLUMN_OFFSET >> 4)
            self._write_commands(self._cmd_views[3])

    def _write_commands(self, buf):
        raise NotImplementedError

    def _write_data(self, buf):
        raise NotImplementedError


class SPIDisplay(Display):
    """4-wire SPI: dc low for commands, high for data; cs low during a transfer.

    `spi` is a configured machine.SPI, `dc`, `cs` and `reset` are machine.Pin
    outputs (cs and reset may be None when tied on the board).
    """

    def __init__(self, controller, spi, dc, cs=None, reset=None, sleep_ms=None):
        self._spi = spi
        self._dc = dc
        self._cs = cs
        if cs is not None:
            cs(1)
        super().__init__(controller, reset, sleep_ms)

    def _write(self, dc_level, buf):
        self._dc(dc_level)
        if self._cs is not None:
            self._cs(0)
        self._spi.write(buf)
        if self._cs is not None:
            self._cs(1)

    def _write_commands(self, buf):
        self._write(0, buf)

    def _write_data(self, buf):
        self._write(1, buf)


class I2CDisplay(Display):
    """I2C: each transfer starts with a control byte, 0x00 commands, 0x40 data."""

    def __init__(self, controller, i2c, address=0x3C, reset=None, sleep_ms=None,
                 freq=400000):
        self._i2c = i2c
        # A page on the wire: its address and data, 9 clocks a byte.
        self.page_us = 9 * (WIDTH + 10) * 1000000 // freq
        self._i2c_address = address
        self._commands = [b"\x00", b""]  # writevto vectors, filled in per call
        self._data = [b"\x40", b""]
        super().__init__(controller, reset, sleep_ms)

    def _write_commands(self, buf):
        self._commands[1] = buf
        self._i2c.writevto(self._i2c_address, self._commands)

    def _write_data(self, buf):
        self._data[1] = buf
        self._i2c.writevto(self._i2c_address, self._data)
