"""Domino 1x1's ratings (RULES.md section 3a): Elo, kept unrounded.

Every saved profile starts at START; after a match each rating moves by
K x (result - expected), result 1 for a win and 0 for a loss (an abandoned match
is a loss), and is kept within LOW to HIGH. The handheld's levels have fixed
ratings that never change.
"""

START = 1200.0
LOW = 0.0  # a rating is kept from LOW to HIGH: far past what play can reach, and
HIGH = 4000.0  # the expected score of any two of them stays a plain float
K = 32
LEVELS = {"easy": 1000.0, "medium": 1200.0, "hard": 1400.0, "professional": 1600.0}


def expected(ra, rb):
    """The score a player rated `ra` is expected to make against one rated `rb`."""
    return 1 / (1 + 10 ** ((rb - ra) / 400))


def rated(ra, rb, result):
    """The new rating of a player rated `ra` after a match against `rb` (result 1
    for a win, 0 for a loss)."""
    return ra + K * (result - expected(ra, rb))


def kept(r):
    """A rating as it may be kept: within LOW to HIGH."""
    return LOW if r < LOW else HIGH if r > HIGH else r


def after_match(ra, rb, a_won):
    """Both new ratings after a match between two profiles."""
    return rated(ra, rb, 1 if a_won else 0), rated(rb, ra, 0 if a_won else 1)
