"""CPython stand-in for MicroPython's `framebuf` module (the one-bit formats).

The firmware draws into `framebuf.FrameBuffer` objects; on CPython this module
takes their place and must leave exactly the bytes MicroPython leaves for the
same calls (tests/test_sim_framebuf.py compares the two byte for byte). That
means MicroPython's clipping rules, its line-stepping order, `scroll` leaving
the uncovered strip as it was, and `blit`'s key and palette semantics.

Supported formats: MONO_VLSB (the SSD1306/SH1106 page layout), MONO_HLSB and
MONO_HMSB. The greyscale and colour formats raise ValueError("invalid format").
`text()` raises NotImplementedError: the firmware ships its own font.
"""

MONO_VLSB = 0
MVLSB = MONO_VLSB
RGB565 = 1
GS4_HMSB = 2
MONO_HLSB = 3
MONO_HMSB = 4
GS2_HMSB = 5
GS8 = 6

_MONO = (MONO_VLSB, MONO_HLSB, MONO_HMSB)


def _required_bytes(width, height, fmt, stride):
    # The size MicroPython demands: every row of bytes but the last is a full
    # stride; the last needs only the bytes that hold `width` pixels.
    if fmt == MONO_VLSB:
        return ((height + 7) // 8 - 1) * stride + width
    return (height - 1) * (stride // 8) + (width + 7) // 8


class FrameBuffer:
    def __init__(self, buffer, width, height, format, stride=None):
        if isinstance(buffer, bytes | str) or not hasattr(buffer, "__len__"):
            raise TypeError("object with buffer protocol required")
        self._setup(buffer, width, height, format, stride)

    def _setup(self, buffer, width, height, format, stride=None):
        if format not in _MONO:
            raise ValueError("invalid format")
        if stride is None:
            stride = width
        if width < 1 or height < 1 or stride < width:
            raise ValueError()
        if format != MONO_VLSB:
            stride = (stride + 7) & ~7
        self._buf = memoryview(buffer).cast("B")
        if len(self._buf) < _required_bytes(width, height, format, stride):
            raise ValueError()
        self._width = width
        self._height = height
        self._format = format
        self._stride = stride

    # -- pixel addressing: (byte index, bit) for one pixel -------------------

    def _locate(self, x, y):
        if self._format == MONO_VLSB:
            return (y >> 3) * self._stride + x, y & 7
        index = (x + y * self._stride) >> 3
        if self._format == MONO_HMSB:
            return index, x & 7
        return index, 7 - (x & 7)

    def _get(self, x, y):
        index, bit = self._locate(x, y)
        return (self._buf[index] >> bit) & 1

    def _set(self, x, y, c):
        index, bit = self._locate(x, y)
        if c:
            self._buf[index] |= 1 << bit
        else:
            self._buf[index] &= ~(1 << bit) & 0xFF

    def _fill_clipped(self, x, y, w, h, c):
        # x, y, w, h already inside the buffer and non-empty.
        if self._format != MONO_VLSB:
            for yy in range(y, y + h):
                for xx in range(x, x + w):
                    self._set(xx, yy, c)
            return
        buf, stride = self._buf, self._stride
        y_end = y + h
        while y < y_end:
            page_end = min((y | 7) + 1, y_end)
            mask = ((1 << (page_end - y)) - 1) << (y & 7)
            start = (y >> 3) * stride + x
            if mask == 0xFF:
                buf[start : start + w] = (b"\xff" if c else b"\x00") * w
            else:
                for i in range(start, start + w):
                    buf[i] = (buf[i] | mask) if c else (buf[i] & ~mask & 0xFF)
            y = page_end

    # -- the public drawing API ------------------------------------------------

    def fill(self, c):
        self._fill_clipped(0, 0, self._width, self._height, c)

    def pixel(self, x, y, c=None):
        if not (0 <= x < self._width and 0 <= y < self._height):
            return None
        if c is None:
            return self._get(x, y)
        self._set(x, y, c)
        return None

    def fill_rect(self, x, y, w, h, c):
        if w < 1 or h < 1 or x + w <= 0 or y + h <= 0:
            return
        if x >= self._width or y >= self._height:
            return
        x_end = min(self._width, x + w)
        y_end = min(self._height, y + h)
        x = max(x, 0)
        y = max(y, 0)
        self._fill_clipped(x, y, x_end - x, y_end - y, c)

    def hline(self, x, y, w, c):
        self.fill_rect(x, y, w, 1, c)

    def vline(self, x, y, h, c):
        self.fill_rect(x, y, 1, h, c)

    def rect(self, x, y, w, h, c, fill=False):
        if fill:
            self.fill_rect(x, y, w, h, c)
            return
        # Four edges drawn exactly as MicroPython does, even for degenerate sizes.
        self.fill_rect(x, y, w, 1, c)
        self.fill_rect(x, y + h - 1, w, 1, c)
        self.fill_rect(x, y, 1, h, c)
        self.fill_rect(x + w - 1, y, 1, h, c)

    def line(self, x1, y1, x2, y2, c):
        # Bresenham stepping along the major axis; the end point is plotted last.
        dx, sx = (x2 - x1, 1) if x2 > x1 else (x1 - x2, -1)
        dy, sy = (y2 - y1, 1) if y2 > y1 else (y1 - y2, -1)
        steep = dy > dx
        if steep:
            x1, y1, dx, dy, sx, sy = y1, x1, dy, dx, sy, sx
        error = 2 * dy - dx
        for _ in range(dx):
            if steep:
                self.pixel(y1, x1, c)
            else:
                self.pixel(x1, y1, c)
            while error >= 0:
                y1 += sy
                error -= 2 * dx
            x1 += sx
            error += 2 * dy
        self.pixel(x2, y2, c)

    def scroll(self, xstep, ystep):
        width, height = self._width, self._height
        if abs(xstep) >= width or abs(ystep) >= height:
            return
        # Walk away from the direction of travel so no source is overwritten
        # before it is read; the uncovered strip keeps its old pixels.
        if xstep < 0:
            xs = range(0, width + xstep)
        else:
            xs = range(width - 1, xstep - 1, -1)
        if ystep < 0:
            ys = range(0, height + ystep)
        else:
            ys = range(height - 1, ystep - 1, -1)
        for y in ys:
            for x in xs:
                self._set(x, y, self._get(x - xstep, y - ystep))

    def blit(self, fbuf, x, y, key=-1, palette=None):
        source = fbuf if isinstance(fbuf, FrameBuffer) else _from_tuple(fbuf)
        if palette is not None and not isinstance(palette, FrameBuffer):
            palette = _from_tuple(palette)
        if x >= self._width or y >= self._height:
            return
        if -x >= source._width or -y >= source._height:
            return
        x0, y0 = max(0, x), max(0, y)
        sx0, sy = max(0, -x), max(0, -y)
        x_end = min(self._width, x + source._width)
        y_end = min(self._height, y + source._height)
        if self._format == source._format == MONO_VLSB:
            self._blit_columns(source, x0, y0, sx0, sy, x_end, y_end, key, palette)
            return
        for dy in range(y0, y_end):
            sx = sx0
            for dx in range(x0, x_end):
                col = source._get(sx, sy)
                if palette is not None:
                    col = palette._get(col, 0)
                if col != key:
                    self._set(dx, dy, col)
                sx += 1
            sy += 1

    def _blit_columns(self, source, x0, y0, sx0, sy0, x_end, y_end, key, palette):
        # The emulator's hot path (every sprite): MONO_VLSB to MONO_VLSB, a
        # whole column at a time as one int, with the same result as the
        # pixel loop above. A palette maps colour 0 and colour 1 first.
        rows = y_end - y0
        row_mask = ((1 << rows) - 1) << y0
        colour0, colour1 = (0, 1) if palette is None else (palette._get(0, 0), palette._get(1, 0))
        first_page, last_page = y0 >> 3, (y_end - 1) >> 3
        buf, stride = self._buf, self._stride
        for dx in range(x0, x_end):
            ones = source._column(sx0 + dx - x0, sy0, rows)
            column = (ones if colour1 else 0) | (~ones if colour0 else 0)
            column = (column << y0) & row_mask
            for page in range(first_page, last_page + 1):
                mask = (row_mask >> (page * 8)) & 0xFF
                bits = (column >> (page * 8)) & 0xFF
                i = page * stride + dx
                if key == 0:  # pixels of colour 0 are transparent
                    buf[i] |= bits
                elif key == 1:  # pixels of colour 1 are transparent
                    buf[i] &= ~(mask & ~bits) & 0xFF
                else:
                    buf[i] = (buf[i] & ~mask & 0xFF) | bits

    def _column(self, x, first_row, rows):
        """Rows first_row.. (rows of them) of column x of a MONO_VLSB buffer as
        an int, bit 0 = first_row."""
        bits = 0
        buf, stride = self._buf, self._stride
        first_page = first_row >> 3
        for page in range(first_page, ((first_row + rows - 1) >> 3) + 1):
            bits |= buf[page * stride + x] << ((page - first_page) * 8)
        return (bits >> (first_row & 7)) & ((1 << rows) - 1)

    def text(self, s, x, y, c=1):
        raise NotImplementedError("framebuf.text: the firmware draws text with its own font")


def _from_tuple(spec):
    # blit() also accepts (buffer, width, height, format[, stride]), read-only
    # buffers included, as MicroPython 1.20+ does.
    if not isinstance(spec, tuple | list) or not 4 <= len(spec) <= 5:
        raise TypeError("object isn't a FrameBuffer or a (buffer, w, h, format) tuple")
    source = FrameBuffer.__new__(FrameBuffer)
    source._setup(*spec)  # read-only buffers (bytes) too: a source is never written
    return source
