"""The easy level of the draw-and-block games: any legal action, at random (the
engine offers a draw or a pass only when nothing can be played)."""


def choose(view, rng):
    return view.legal[rng.below(len(view.legal))]
