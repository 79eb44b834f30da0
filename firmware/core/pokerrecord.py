"""Domino Poker's game records (RULES.md section 5): the format, and writing them.

    game: poker
    options: hands=5
    seed: 12
    players: Ann, handheld:hard, handheld:medium, handheld:hard
    deal: [0|0] [0|1] ... / ... / ... / ...
    ---
    1 bid 3
    2 bid 2
    3 bid 0
    4 bid 3
    1 lead [2|5] 5
    2 play [1|4]
    3 play [0|5] timeout

Seats count from 1. `lead [a|b] N` names the called number (none for a double or
a trump); `timeout` marks an action the handheld made for a late player. The
header's `deal:` (optional: the seed deals when it is absent) is the first
hand's, each hand's seven tiles, seat 1 first; a `deal ...` line in the body gives
the next hand's. Blank lines and `#` comments are ignored. A record that this
module writes replays to the same states and writes back to the same text
(core.pokerreplay reads them; the handheld saves the compact PokerRecord).
"""

from micropython import const

from core.poker import BID, HAND_OVER, HANDS, Illegal, NO_CALL, Options, Poker
from core.tiles import name

_SAVE_VERSION = const(1)
_SAVE_HEAD = const(6)  # version, hands, seed (4 bytes, big-endian)


class PokerRecord:
    """A match as its header and its actions, one byte each (and a byte per action
    saying whether it was late); `text()` writes it out as a record."""

    def __init__(self, options=None, seed=1, players=("P1", "P2", "P3", "P4")):
        self.options = options or Options()
        self.seed = seed
        self.players = list(players)
        self.deals = {}  # hand number -> explicit deal (four masks)
        self.actions = bytearray()
        self.late = bytearray()

    def start_hand(self, hand_no, deal=None):
        """Note that hand `hand_no` (from 1) begins, with its explicit deal if any."""
        if deal is not None:
            self.deals[hand_no] = deal

    def add(self, action, late=False):
        self.actions.append(action)
        self.late.append(1 if late else 0)

    def encode(self):
        """The record as bytes for a save (a seeded match: explicit deals are not kept)."""
        seed = self.seed & 0xFFFFFFFF
        head = bytes((_SAVE_VERSION, self.options.hands, seed >> 24, seed >> 16 & 255))
        return head + bytes((seed >> 8 & 255, seed & 255)) + bytes(self.actions) + bytes(self.late)

    def game(self):
        """The match after the record's actions; Illegal if one of them is not legal."""
        game = Poker(self.options, self.seed)
        for i, action in enumerate(self.actions):
            if game.state == HAND_OVER:
                game.start_hand(self.deals.get(game.hand_no + 1))
            game.apply(action, self.late[i])
        return game

    def lines(self):
        """The body of the record: a line per action, a comment where a hand begins."""
        game = Poker(self.options, self.seed)
        out = []
        for i, action in enumerate(self.actions):
            if game.state == HAND_OVER:
                hand_no = game.hand_no + 1
                deal = self.deals.get(hand_no)
                game.start_hand(deal)
                if hand_no > 1:
                    out.append("# hand %d" % hand_no)
                    if deal is not None:
                        out.append("deal " + deal_text(deal))
            line = "%d %s" % (game.turn + 1, describe(game, action))
            if self.late[i]:
                line += " timeout"
            out.append(line)
            game.apply(action, self.late[i])
        return out

    def text(self):
        out = [
            "game: poker",
            "options: " + self.options.text(),
            "seed: %d" % self.seed,
            "players: " + ", ".join(self.players),
        ]
        if 1 in self.deals:
            out.append("deal: " + deal_text(self.deals[1]))
        out.append("---")
        out.extend(self.lines())
        return "\n".join(out) + "\n"


def describe(game, action):
    """The action of the seat to move as a record writes it after the seat."""
    if action >= BID:
        return "bid %d" % (action - BID)
    t = action >> 3
    called = action & 7
    if game.led >= 0:
        return "play " + name(t)
    if called == NO_CALL:
        return "lead " + name(t)
    return "lead %s %d" % (name(t), called)


def deal_text(deal):
    return " / ".join(" ".join(name(t) for t in range(28) if m >> t & 1) for m in deal)


def decode(data, players):
    """The PokerRecord that `encode` wrote, checked by playing it back; ValueError
    for data that is no such record (a damaged save)."""
    if len(data) < _SAVE_HEAD or data[0] != _SAVE_VERSION or data[1] not in HANDS:
        raise ValueError("not a saved Domino Poker match")
    if (len(data) - _SAVE_HEAD) % 2:
        raise ValueError("a saved Domino Poker match cut short")
    n = (len(data) - _SAVE_HEAD) // 2
    seed = data[2] << 24 | data[3] << 16 | data[4] << 8 | data[5]
    record = PokerRecord(Options(data[1]), seed, players)
    for i in range(n):
        record.add(data[_SAVE_HEAD + i], data[_SAVE_HEAD + n + i])
    try:
        record.game()
    except Illegal as e:
        raise ValueError("a saved Domino Poker match that does not replay: " + str(e)) from None
    return record
