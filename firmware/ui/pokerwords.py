"""What Domino Poker's screen answers a player who cannot see it (App.ask, the
keys 1-5 of the emulator and of `make play`): the last move, the trick on the
table, the bids and tricks taken, the scores, and your tiles."""

from core.poker import NO_BID, SEATS, TRUMP
from core.tiles import name


def answer(screen, question):
    """The answer to `question` (App.ask's: "last", "ends" for the trick, "tiles"
    for the bids and tricks, "scores" or "hand") about the match on `screen`."""
    game = getattr(screen, "game", None)
    if game is None:
        return "No match is being played."
    names = screen.names
    if question == "last":
        return screen.last_said or "Nothing has been played yet."
    if question == "ends":
        return _trick(names, screen.shown, screen.led_by, screen.led)
    if question == "tiles":
        parts = []
        for s in range(SEATS):
            bid = "no bid yet" if game.bids[s] == NO_BID else "bid %d" % game.bids[s]
            parts.append("%s %s, took %d" % (names[s], bid, game.taken[s]))
        return "Bids and tricks: " + "; ".join(parts) + "."
    if question == "scores":
        totals = ", ".join("%s %d" % (names[s], game.scores[s]) for s in range(SEATS))
        return "Scores: %s; hand %d of %d." % (totals, game.hand_no, game.options.hands)
    if question == "hand":
        hand = game.hands[0]
        tiles = [name(t) for t in range(28) if hand >> t & 1]
        return "Your tiles: " + (", ".join(tiles) if tiles else "none") + "."
    return "Ask for last, trick, bids, scores or hand."


def _trick(names, shown, leader, led):
    """The tiles of the trick on the table, in the order they were played, the
    lead with what it leads ("as 3", "(a trump)") as the table shows beside it."""
    parts = []
    for i in range(SEATS):
        s = (leader + i) % SEATS
        if shown[s] < 28:
            parts.append("%s %s" % (names[s], name(shown[s])))
    if parts and shown[leader] < 28 and led >= 0:
        parts[0] += " (a trump)" if led == TRUMP else " as %d" % led
    if not parts:
        return "No tile is on the table."
    return "The trick: " + ", ".join(parts) + "."
