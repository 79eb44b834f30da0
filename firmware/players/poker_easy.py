"""Domino Poker's easy level: any legal bid or play, chosen at random."""


def choose(view, rng):
    return view.legal[rng.below(len(view.legal))]
