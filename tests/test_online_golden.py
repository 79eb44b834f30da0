"""Golden frames of the online screens: the tables of every family (Poker, the
line of the draw-and-block games, the cross of All Fives and Spectacular Bid, its auction),
the frames around their transitions (a trick taken, the last trick of a hand
and the hand's end, the play that ends a duel's hand and its scores, a late
turn, autoplay), the payout, the quick match and the lobby's fee. The server's
messages come from its own match code with fixed seeds (tests/online_frames.py).

UPDATE_GOLDEN=1 .venv/bin/python -m pytest tests/test_online_golden.py rewrites them
(tests/online/golden/, x4 previews in build/golden-online/).
"""

import pathlib

from core.actions import bid, DRAW
from golden_support import golden_tests
from online_frames import hand_over, Match, POKER_SEATS, room, StillClient, with_status

ROOT = pathlib.Path(__file__).resolve().parent.parent
GOLDEN = ROOT / "tests" / "online" / "golden"
PREVIEWS = ROOT / "build" / "golden-online"


def frames(h, n):
    for _ in range(n):
        h.frame()


def show(h, screen, client, n=2):
    h.app.go(screen, client)
    frames(h, n)


def poker():
    return Match("poker", "hands=5", 7, POKER_SEATS)


def ways_of(match, seat):
    """The tiles of the seat's legal plays that more than one action plays."""
    tiles = [a >> 3 for a, _ in match.match.legal() if a < 240]
    return [t for t in tiles if tiles.count(t) > 1]


def online_poker_countdown(h):
    show(h, "onlinepoker", StillClient(room("poker", POKER_SEATS), poker().view(
        0, deadline_ms=19000, countdown_ms=10000)), 40)


def online_poker_bid(h):
    m = poker()
    m.play_until(lambda g: g.to_move() == 0)
    show(h, "onlinepoker", StillClient(room("poker", POKER_SEATS), m.view(0)))
    h.press("right")
    h.press("right")
    frames(h, 20)


def online_poker_lead_call(h):
    m = poker()
    m.play_until(lambda g: g.n == 4)  # the bids made: you lead (seed 7)
    assert g_leads(m)
    show(h, "onlinepoker", StillClient(room("poker", POKER_SEATS), m.view(0)))
    h.press("a")  # the first tile of the hand: a lead with a number to call
    h.press("right")


def g_leads(m):
    return m.match.to_move() == 0 and ways_of(m, 0)


def online_poker_trick_taken(h):
    m = poker()
    m.play_until(lambda g: g.n > 8 and g.last_trick is not None and not g.game.trick_n)
    show(h, "onlinepoker", StillClient(room("poker", POKER_SEATS), m.view(0)), 5)


def _hand_end(h, n):
    m = poker()
    before, after = hand_over(m, 0)
    client = StillClient(room("poker", POKER_SEATS), before)
    show(h, "onlinepoker", client)
    client.view = after
    frames(h, n)


def online_poker_last_trick(h):
    _hand_end(h, 5)  # the hand's last trick, taken, over an empty hand


def online_poker_hand_end(h):
    _hand_end(h, 55)  # then the bids, tricks and points


def online_poker_late(h):
    m = poker()
    m.play_until(lambda g: g.to_move() == 1)
    client = StillClient(room("poker", POKER_SEATS), m.view(0))
    show(h, "onlinepoker", client)
    m.act(late=True)  # (a bot's, as the server's late play for a human is marked)
    client.view = m.view(0)
    client.room = with_status(client.room, 0, "warned")
    frames(h, 3)


def online_poker_autoplay(h):
    m = poker()
    m.play_until(lambda g: g.to_move() == 2 and g.game.state != 0)
    client = StillClient(room("poker", POKER_SEATS), m.view(0))
    show(h, "onlinepoker", client)
    client.room = with_status(client.room, 0, "autoplay")
    frames(h, 3)


def online_payout_poker(h):
    client = StillClient(room("poker", POKER_SEATS, fee=100, pot=300, state="over"),
                         player={"name": "PLAYER_1", "guest": False, "coins": 4990})
    client.over = {"type": "over", "room": "r7", "match": "m3", "standings": [1, 0, 3, 2],
                   "scores": [95, 130, -5, 60], "winners": [1], "pot": 300,
                   "payout": [{"seat": 1, "name": "Ann", "coins": 210},
                              {"seat": 0, "name": "PLAYER_1", "coins": 90}],
                   "rewards": [], "elo": []}
    show(h, "payout", client)


def duel():
    return Match("1x1", "", 1, ["You", "bot"])


def online_duel_way(h):
    m = duel()
    m.play_until(lambda g: g.to_move() == 0 and g.game.table.n and ways_of(m, 0))
    show(h, "onlineline", StillClient(room("1x1", ["You", "Ann"]), m.view(0)))
    screen = h.screen
    target = screen.play.hand.index(ways_of(m, 0)[0])
    while screen.choice.cursor != target:
        h.press("right")
    h.press("a")
    while not screen.frames & 8:  # the tile in its place: it blinks
        h.frame()


def online_duel_draw(h):
    m = duel()
    m.play_until(lambda g: g.to_move() == 0 and [a for a, _ in g.legal()] == [DRAW])
    show(h, "onlineline", StillClient(room("1x1", ["You", "bot"]), m.view(0)), 3)


def _duel_hand_end(h, n):
    m = duel()
    before, after = hand_over(m, 0)
    client = StillClient(room("1x1", ["You", "bot"]), before)
    show(h, "onlineline", client)
    client.view = after
    frames(h, n)


def online_duel_last_play(h):
    _duel_hand_end(h, 5)


def online_duel_scores(h):
    _duel_hand_end(h, 70)


def online_payout_duel(h):
    client = StillClient(room("1x1", ["You", "Ann"], state="over"))
    client.over = {"type": "over", "room": "r7", "match": "m4", "standings": [0, 1],
                   "scores": [104, 61], "winners": [0], "pot": 0, "payout": [], "rewards": [],
                   "elo": [{"seat": 0, "before": 1200.0, "after": 1216.0},
                           {"seat": 1, "before": 1200.0, "after": 1184.0}]}
    show(h, "payout", client)


def online_yard_four(h):
    m = Match("yard", "", 3, ["You", "bot", "Ann", "bot"])
    m.play_until(lambda g: g.to_move() == 0 and g.game.table.n >= 4)
    show(h, "onlineline", StillClient(room("yard", ["You", "bot", "Ann", "bot"],
                                           options="players=4 pairs=yes"), m.view(0)))


def online_allfives_ends(h):
    m = Match("allfives", "", 2, ["You", "bot"])
    m.play_until(lambda g: g.to_move() == 0 and g.game.table.n >= 3 and ways_of(m, 0))
    show(h, "onlinecross", StillClient(room("allfives", ["You", "bot"]), m.view(0)))
    screen = h.screen
    target = screen.play.hand.index(ways_of(m, 0)[0])
    while screen.choice.cursor != target:
        h.press("right")
    h.press("a")
    while not screen.frames & 8:
        h.frame()


def online_bid_table(h):
    m = Match("bid", "", 4, ["You", "bot"])
    m.play_until(lambda g: g.to_move() == 0 and g.game.table.n >= 3)
    show(h, "onlinecross", StillClient(room("bid", ["You", "bot"]), m.view(0)), 20)


def online_bid_auction_call(h):
    m = Match("bid", "", 4, ["You", "bot"])
    m.play_until(lambda g: g.to_move() == 0 and m.view(0)["table"].get("auction"))
    show(h, "onlinecross", StillClient(room("bid", ["You", "bot"]), m.view(0)))
    h.press("up")
    h.press("right")


def online_bid_auction_standing(h):
    m = Match("bid", "", 4, ["You", "bot"])
    m.play_until(lambda g: g.to_move() == 0 and m.view(0)["table"].get("auction"))
    m.act(bid(25))
    show(h, "onlinecross", StillClient(room("bid", ["You", "bot"]), m.view(0)))


def online_quick_offer(h):
    client = StillClient()
    show(h, "quick", client, 90)
    client.offer = {"type": "offer", "level": "professional", "elo": 1600.0}
    frames(h, 2)


def online_lobby_fee(h):
    show(h, "lobby", StillClient())
    h.press("down")
    for _ in range(3):
        h.press("right")


SCRIPTS = [online_poker_countdown, online_poker_bid, online_poker_lead_call,
           online_poker_trick_taken, online_poker_last_trick, online_poker_hand_end,
           online_poker_late, online_poker_autoplay, online_payout_poker, online_duel_way,
           online_duel_draw, online_duel_last_play, online_duel_scores, online_payout_duel,
           online_yard_four, online_allfives_ends, online_bid_table,
           online_bid_auction_call, online_bid_auction_standing, online_quick_offer,
           online_lobby_fee]

(test_frame_equals_the_checked_in_golden, test_every_golden_has_its_script,
 test_the_pngs_show_the_goldens) = golden_tests(SCRIPTS, GOLDEN, PREVIEWS)
