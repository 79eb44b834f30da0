"""Domino Poker in the terminal mode (`make play`, sim.terminal): a whole match
from typed commands, with the keys 1-5 answered from its table: the last move,
the trick, the bids and tricks taken, the scores and your tiles."""

from screens import poker

from sim.terminal import Terminal


def commands(terminal, asked):
    """Past the title, down to Domino Poker, Start, then A for every bid and play; ask 1-5 once
    a trick is under way."""
    yield "a"  # the title
    labels = terminal.app.screen.menu.labels
    yield " ".join(["d"] * labels.index("Domino Poker") + ["a"])
    yield "a"  # Start (first), against medium players
    for _ in range(2000):
        screen = terminal.app.screen
        if type(screen).__module__ != "screens.poker":
            return
        if not asked and screen.mode == poker.YOUR_TILE and screen.game.trick_n:
            asked.extend((screen.game.trick_n, len(screen.tiles)))
            yield "1 2 3 4 5"
        if screen.mode == poker.MATCH_END:
            yield "a"
            return
        yield "a"


def test_a_whole_match_is_played_from_typed_commands(tmp_path):
    lines = []
    terminal = Terminal(save_dir=tmp_path, write=lines.append)
    terminal.app.draw = lambda: None  # sentences are under test here, not frames
    asked = []
    terminal.run(commands(terminal, asked))
    said = "\n".join(lines)
    assert "Domino Poker against three medium players. Get ready." in said
    assert "Match over. 1. " in said
    assert type(terminal.app.screen).__module__ == "screens.menu"
    # The questions were answered from the poker table, a trick under way.
    at = lines.index(next(line for line in lines if line.startswith("The trick: ")))
    last, trick, bids, scores, hand = lines[at - 1 : at + 4]
    assert asked and trick.count(", ") == asked[0] - 1
    assert last.endswith(".") and " plays [" in last
    assert bids.startswith("Bids and tricks: PLAYER 1 bid 0, took ") and "; CPU 2 bid " in bids
    assert scores == "Scores: PLAYER 1 0, CPU 2 0, CPU 3 0, CPU 4 0; hand 1 of 5."
    assert hand.startswith("Your tiles: [") and hand.count("[") == asked[1]
