"""The tiles on the table: the line, the spinner cross and the count (docs/rules.md section 1).

The line has ends W and E. The first double played is the spinner: it becomes
the centre of a cross whose main sides are W and E and whose branches N and S
open once both main sides carry a tile. When the spinner is played onto an end
of an existing line, that line becomes its opposite main side, so W and E keep
their names.

The tiles that fit an open end are kept up to date as tiles are placed, in
`open_tiles` (what `playable()` returns), since every legal list, every check
for a blocked table and the players' searches ask for them.

For the screen the table keeps, per end, the outer tile of that arm and the
number it exposes; every played tile that is neither an outer tile nor the
centre is covered, and `covered()` lists those in play order.

`Line` is the draw-and-block games' table (core.line): two ends, no spinner.
"""

from micropython import const

from core.tiles import ALL, HIGH, LOW, NUMBER

W = const(0)
E = const(1)
N = const(2)
S = const(3)
LEAD = const(4)  # placement of the first tile, its low half facing W
LEAD_FLIP = const(5)  # placement of the first tile, its high half facing W
END_NAMES = "WENS"
_EMPTY = const(255)  # an arm with no tile yet
_NO_ARMS = b"\xff\xff\xff\xff"  # `outer` of an empty table: _EMPTY at every end
_ZEROS = b"\x00\x00\x00\x00"


class Table:
    def __init__(self):
        self.played = bytearray(28)  # tiles in play order
        self.placed = bytearray(28)  # the placement of each, in the same order
        self.outer = bytearray(4)  # outer tile of each arm, _EMPTY if none
        self.value = bytearray(4)  # the number a tile must show to attach at each end
        self.length = bytearray(4)  # tiles in each arm (the centre not included)
        self.reset()

    def reset(self):
        self.n = 0
        self.mask = 0
        self.spinner = -1
        self.centre = -1
        self.open_tiles = ALL  # the tiles that fit an open end: any, on an empty table
        self.outer[:] = _NO_ARMS
        self.value[:] = _ZEROS
        self.length[:] = _ZEROS

    def copy_from(self, other):
        """Become a copy of another table without allocating."""
        self.played[:] = other.played
        self.placed[:] = other.placed
        self.outer[:] = other.outer
        self.value[:] = other.value
        self.length[:] = other.length
        self.n = other.n
        self.mask = other.mask
        self.spinner = other.spinner
        self.centre = other.centre
        self.open_tiles = other.open_tiles

    def clone(self):
        t = Table()
        t.copy_from(self)
        return t

    # --- what is open -------------------------------------------------------

    def branches_open(self):
        return self.spinner >= 0 and self.outer[W] != _EMPTY and self.outer[E] != _EMPTY

    def is_open(self, end):
        if self.n == 0 or end > S:
            return False
        if end <= E:
            return True
        return self.branches_open()

    def open_ends(self):
        """How many ends are open: 0 (empty table), 2 or 4."""
        if self.n == 0:
            return 0
        return 4 if self.branches_open() else 2

    def outer_tile(self, end):
        """The outer tile of an arm, or -1 while the arm is empty."""
        t = self.outer[end]
        return -1 if t == _EMPTY else t

    def playable(self):
        """The mask of every tile that fits some open end (all tiles on an empty table)."""
        return self.open_tiles

    def _reopen(self):
        """Bring `open_tiles` up to date after a tile is placed."""
        value = self.value
        m = NUMBER[value[W]] | NUMBER[value[E]]
        if self.spinner >= 0 and self.branches_open():
            m |= NUMBER[value[N]] | NUMBER[value[S]]
        self.open_tiles = m & ~self.mask

    def fits(self, tile, end):
        v = self.value[end]
        return self.is_open(end) and (LOW[tile] == v or HIGH[tile] == v)

    def open_numbers(self):
        """A 7-bit mask of the numbers shown by the open ends."""
        if self.n == 0:
            return 0
        value = self.value
        m = (1 << value[W]) | (1 << value[E])
        if self.branches_open():
            m |= (1 << value[N]) | (1 << value[S])
        return m

    # --- playing ------------------------------------------------------------

    def place(self, tile, where):
        """Put a tile down. `where` is LEAD/LEAD_FLIP on an empty table, else an
        end that the tile fits. The caller has checked legality."""
        self.played[self.n] = tile
        self.placed[self.n] = where
        self.n += 1
        self.mask |= 1 << tile
        low = LOW[tile]
        high = HIGH[tile]
        if where >= LEAD:
            self.centre = tile
            if where == LEAD_FLIP:
                low, high = high, low
            self.value[W] = low
            self.value[E] = high
            self.value[N] = self.value[S] = low
            if low == high:
                self.spinner = tile
        elif low == high and self.spinner < 0 and where <= E:
            self._become_spinner(tile, where)
        else:
            self.outer[where] = tile
            self.value[where] = high if low == self.value[where] else low
            self.length[where] += 1
        self._reopen()

    def _become_spinner(self, tile, end):
        # The line already down becomes the spinner's opposite main side.
        side = W if end == E else E
        if self.outer[side] == _EMPTY:
            self.outer[side] = self.centre
        self.length[side] += 1 + self.length[end]
        self.outer[end] = _EMPTY
        self.length[end] = 0
        v = LOW[tile]
        self.value[end] = v
        self.value[N] = self.value[S] = v
        self.spinner = tile
        self.centre = tile

    # --- counting -----------------------------------------------------------

    def _end_points(self, end):
        t = self.outer[end]
        v = self.value[end]
        return v + v if LOW[t] == HIGH[t] else v

    def count(self):
        """The sum of the exposed ends, exactly as docs/rules.md section 1 counts them."""
        if self.n == 0:
            return 0
        if self.spinner < 0:
            # No double down yet: two single ends (a lone tile counts both halves).
            return self.value[W] + self.value[E]
        outer = self.outer
        total = 0
        if outer[W] == _EMPTY or outer[E] == _EMPTY:
            total = LOW[self.spinner] * 2
            last = E
        else:
            last = S
        for end in range(last + 1):
            if outer[end] != _EMPTY:
                total += self._end_points(end)
        return total

    # --- for the screen -----------------------------------------------------

    def covered(self, out):
        """Append the covered tiles to `out` in play order and return it."""
        shown = 0
        if self.centre >= 0:
            shown = 1 << self.centre
        for end in range(4):
            if self.outer[end] != _EMPTY:
                shown |= 1 << self.outer[end]
        for i in range(self.n):
            t = self.played[i]
            if not shown >> t & 1:
                out.append(t)
        return out


class Line(Table):
    """core.table's line with no spinner: a double at an end lies crosswise and
    shows its number there; the N and S ends never open."""

    def place(self, tile, where):
        if where >= LEAD:
            Table.place(self, tile, where)
            self.spinner = -1  # a double lead is just the first tile
            return
        self.played[self.n] = tile
        self.placed[self.n] = where
        self.n += 1
        self.mask |= 1 << tile
        self.outer[where] = tile
        self.length[where] += 1
        value = self.value
        low = LOW[tile]
        if low == value[where]:  # (a double, crosswise, shows the same)
            value[where] = HIGH[tile]
        else:
            value[where] = low
        # Table._reopen's work for a line, which never opens N and S.
        self.open_tiles = (NUMBER[value[W]] | NUMBER[value[E]]) & ~self.mask

    def clone(self):
        line = Line()
        line.copy_from(self)
        return line

    def closed(self):
        """Both ends show one number and all seven of its tiles are down."""
        v = self.value[W]
        return self.n > 0 and self.value[E] == v and NUMBER[v] & ~self.mask == 0
