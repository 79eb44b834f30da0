"""What the Online screens share: the games a room can host, how a seat and a
refusal read, and the step of the room session each of them makes a frame.

The session (hw.roomclient.RoomClient) goes from screen to screen as an
argument of app.go(), so it outlives each screen's module; the screens only
render what the server sent and send the player's intents.
"""

from hw.roomclient import FAILED, RETRYING

# (protocol name, label, bot levels weakest first): docs/protocol.md's table.
GAMES = (
    ("poker", "Poker", ("easy", "medium", "hard")),
    ("1x1", "1x1", ("easy", "medium", "hard", "professional")),
    ("allfives", "All Fives", ("random", "tactics", "defensive", "expert")),
    ("bid", "Bid", ("bid",)),
    ("classic", "Classic", ("easy", "medium", "hard")),
    ("kozel", "Kozel", ("easy", "medium", "hard")),
    ("yard", "Yard", ("easy", "medium", "hard")),
    ("international", "Intl", ("easy", "medium", "hard")),
)
CODE_LETTERS = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"  # a private room's join code
CODE_LENGTH = 5


def game_index(name):
    for i in range(len(GAMES)):
        if GAMES[i][0] == name:
            return i
    return 0


def game_label(name):
    return GAMES[game_index(name)][1] if isinstance(name, str) else "?"


def table_screen(game):
    """The screen of a game's online table: Poker's, the cross of All Fives and
    Spectacular Bid, or the line of the draw-and-block games."""
    if game == "poker":
        return "onlinepoker"
    return "onlinecross" if game in ("allfives", "bid") else "onlineline"


def seat_name(room, i):
    """What the table calls seat i: "You", a player's name, "Guest 2", "CPU 3"
    (numbered as the room's seats are)."""
    seats = room.get("seats") or ()
    seat = seats[i] if i < len(seats) and isinstance(seats[i], dict) else {}
    if room.get("you") == i:
        return "You"
    name = seat.get("name")
    if seat.get("kind") == "human" and isinstance(name, str):
        return name
    return "%s %d" % ("Guest" if seat.get("kind") == "human" else "CPU", i + 1)


def keep_up(app, client):
    """Step the session for this frame; False when the link is lost (the lost
    connection screen is on its way: the caller's screen stops there)."""
    client.step(app.clock.last_ms)
    if client.state in (RETRYING, FAILED):
        app.go("netlost", client)
        return False
    return True


def refusal(answer):
    """The sentence for an error answer: the server's words, else its code."""
    words = answer.get("message")
    if isinstance(words, str) and words:
        return words[0].upper() + words[1:] + ("" if words[-1] in ".!?" else ".")
    return "Refused: %s." % answer.get("code", "no reason given")


def seat_words(room, i):
    """(label, note) of seat i of a room message, for a menu row."""
    seats = room.get("seats") or ()
    seat = seats[i] if i < len(seats) and isinstance(seats[i], dict) else {}
    kind = seat.get("kind")
    mark = "*" if room.get("host") == i else ""
    if kind == "bot":
        label, note = "Bot" + mark, str(seat.get("level", ""))
    elif kind == "human":
        name = seat.get("name")
        label = (name if isinstance(name, str) else "Guest") + mark
        status = seat.get("status")
        note = "offline" if seat.get("connected") is False else (
            status if isinstance(status, str) and status != "active" else "")
    else:
        label, note = "empty", ""
    if room.get("you") == i:
        note = note or "you"
    return "%d %s" % (i + 1, label), note


def minutes(ms):
    if not isinstance(ms, int) or ms < 0:
        return "-"
    return "%d min" % ((ms + 59999) // 60000)
