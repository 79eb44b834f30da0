"""The match in progress as the save keeps it, whatever the game: which match
the journal holds, retiring it, and the short summary the main menu shows for
Continue. ui.session (All Fives, Spectacular Bid, the draw-and-block games) and
screens.poker share these; this module imports no game, so a poker match does
not load All Fives to save itself.
"""

from gfx import text

DONE_KEY = "done"  # the number of the match retired last (finished or abandoned)
OLD_KEY = "match"  # where firmware before the journal kept the match in progress
LAST_KEY = "last"  # the finished match, whole (ui.session's Session.encode())
SUMMARY_W = 124  # the width of a summary line on the menu, in pixels
# The words for the players whose names are not what their set-up shows: All
# Fives' players as its set-up names them, and 1x1's professional, "pro" as in its
# set-up (the other games' levels are called by their names: easy, medium, hard).
_LEVEL_WORDS = {"random": "easy", "tactics": "medium", "defensive": "hard",
                "professional": "pro"}


def next_number(storage):
    """A number no match kept in this save has had."""
    head = storage.match.head()
    done = storage.get(DONE_KEY, 0)
    return max(head[0] if head else 0, done if isinstance(done, int) else 0) + 1


def pending(storage):
    """The number of the match to continue, or -1: reads one chunk of the journal,
    whatever the match's length (the main menu asks each time it opens). A match
    retired already (a power cut came before its journal was cleared) is not."""
    head = storage.match.head()
    if head is None:
        return 0 if isinstance(storage.get(OLD_KEY), (bytes, bytearray)) else -1
    return -1 if head[0] == storage.get(DONE_KEY) else head[0]


def game_of(storage):
    """The game of the match to continue, from its journal header ("allfives"
    for a save of an older firmware, which kept only All Fives)."""
    head = storage.match.head()
    if head is None or not head[1].startswith(b"game: "):
        return "allfives"
    try:
        return bytes(head[1][6:]).split(b"\n")[0].decode()
    except UnicodeError:
        return ""


def forget(storage):
    """Retire the saved match (the player abandoned it, or agreed to replace it):
    noted as done in the save, so that a copy of the journal left by a power cut
    never comes back, then cleared."""
    head = storage.match.head()
    if head is not None:
        storage.set(DONE_KEY, head[0])
    storage.delete(OLD_KEY)
    if not storage.save(True):
        storage.match.clear()


def handheld(level):
    """How Continue calls a handheld player of `level` (a player's name):
    "CPU medium" for All Fives' tactics as for a family's medium, "CPU" for the
    duel's only one."""
    if level == "bid":
        return "CPU"
    return "CPU " + _LEVEL_WORDS.get(level, level)


def summary(title, names, scores, note=""):
    """The two lines Continue is shown with, as bytes for the journal: the game
    and the opponents of seat 1 ("Kozel vs 3 CPU hard"), then the scores, seat 1
    first, after `note` (such as the hand under way). Each is cut to fit the
    menu's width."""
    others: list = []
    counts: list = []
    for name in names[1:]:
        if name in others:
            counts[others.index(name)] += 1
        else:
            others.append(name)
            counts.append(1)
    parts = [others[i] if counts[i] == 1 else "%d %s" % (counts[i], others[i])
             for i in range(len(others))]
    rivals = ", ".join(parts)
    first = _cut("%s vs %s" % (title, rivals))
    second = _cut(note + "Scores " + ", ".join(str(s) for s in scores))
    return (first + "\n" + second).encode()


def summary_lines(storage):
    """The summary of the match to continue as two lines of text, or None when the
    journal has none (torn by a power cut, say): a few dozen bytes are read."""
    data = storage.match.summary()
    if data is None:
        return None
    try:
        lines = bytes(data).decode().split("\n")
    except UnicodeError:
        return None
    return lines if len(lines) == 2 else None


def _cut(line):
    while text.width(line) > SUMMARY_W:
        line = line[:-2] + "."
    return line
