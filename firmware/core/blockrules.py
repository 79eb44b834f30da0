"""The five games of the draw-and-block family (RULES.md 3a-3e) as small rule sets
over core.line's engine: who leads, how many tiles a hand holds, what the stock
keeps back, what may be played two at a time, and how a domino or a fish scores
and ends the match. Each game's rule set is a module of its own (core.rules_1x1,
core.rules_classic, core.rules_kozel, core.rules_yard, core.rules_international,
on core.blockbase), imported by rules_for() for the game being played: a match
holds only its own. Here are the games' names, their options and the counts.
"""

from micropython import const

from core.tiles import pips

GAMES = ("1x1", "classic", "kozel", "yard", "international")
# Each game's module and rule set, in the order of GAMES.
_MODULES = ("rules_1x1", "rules_classic", "rules_kozel", "rules_yard", "rules_international")
_CLASSES = ("OneByOne", "Classic", "Kozel", "Yard", "International")
_SIX = const(27)


def hand_count(mask):
    """A hand's count: its pips, but 25 for [0|0] alone and 50 for [6|6] alone."""
    if mask == 1:
        return 25
    if mask == 1 << _SIX:
        return 50
    return pips(mask)


class Options:
    """players=N pairs=yes|no target=N; the values each game allows are its
    `PLAYERS`, `PAIRS` and `TARGETS` (the first of each is the default)."""

    def __init__(self, rules):
        self.rules = rules
        self.players = rules.PLAYERS[0]
        self.pairs = self.players == 4 and rules.PAIRS[0]
        self.target = rules.TARGETS[0]

    def text(self):
        words = ["players=%d" % self.players, "pairs=%s" % ("yes" if self.pairs else "no")]
        if self.rules.TARGETS[0] >= 0:
            words.append("target=%s" % (self.target or "hand"))
        return " ".join(words)

    @staticmethod
    def parse(game, text):
        """Read "players=4 pairs=yes target=125" (any subset, any order) for `game`."""
        rules = rules_for(game)
        o = Options(rules)
        pairs = ""
        for word in text.split():
            key, _, value = word.partition("=")
            if key == "players" and value in [str(n) for n in rules.PLAYERS]:  # ASCII only
                o.players = int(value)
            elif key == "pairs" and value in ("yes", "no"):
                pairs = value
            elif key == "target" and rules.TARGETS[0] >= 0:
                if value == "hand":
                    value = "0"  # a single hand, as Options.text writes it
                written = [str(t) for t in rules.TARGETS]  # ASCII digits only
                if value not in written:
                    raise ValueError("%s plays to %s" % (game, target_words(rules)))
                o.target = rules.TARGETS[written.index(value)]
            else:
                raise ValueError("unknown option %s for %s" % (word, game))
        if o.players != 4:
            if pairs == "yes":
                raise ValueError("pairs need exactly 4 players")
            o.pairs = False
        else:
            o.pairs = pairs == "yes" if pairs else rules.PAIRS[0]
            if o.pairs not in rules.PAIRS:  # the game allows only the other way
                raise ValueError(
                    "%s with 4 players is %splayed in pairs" % (game, "not " if o.pairs else "")
                )
        return o


def target_words(rules):
    """A rule set's match targets in words: "one hand, 50, 100"."""
    return ", ".join("one hand" if t == 0 else str(t) for t in rules.TARGETS)


def rules_for(game):
    """The rule set of a game named in GAMES (its module imported now); ValueError
    if unknown."""
    if game not in GAMES:
        raise ValueError("unknown game %s (%s)" % (game, ", ".join(GAMES)))
    i = GAMES.index(game)
    module = __import__("core." + _MODULES[i], None, None, (_CLASSES[i],))
    return getattr(module, _CLASSES[i])()
