"""What a player who cannot see the screen asks by key, answered from the screen shown."""

from ui import speech


def answer(screen, question):
    """"last" (the last move), "ends" (the open ends), "tiles" (everyone's tile
    count), "scores" or "hand" (your tiles). Works while a match is on screen; a
    screen with questions of its own (Domino Poker's) answers them with `answer()`."""
    own = getattr(screen, "answer", None)
    if own is not None:
        return own(question)
    session = getattr(screen, "session", None)
    if session is None:
        return "No match is being played."
    words = speech.table_words(session)
    if question == "last":
        return getattr(screen, "last_said", "") or "Nothing has been played yet."
    if question == "ends":
        return words.ends(session)
    if question == "tiles":
        return words.counts(session)
    if question == "scores":
        return speech.scores(session)
    if question == "hand":
        viewer = getattr(screen, "viewer", -1)
        if viewer < 0:
            return "The tiles are hidden until the next player takes the handheld."
        return words.hand(session, viewer)
    return "Ask for last, ends, tiles, scores or hand."
