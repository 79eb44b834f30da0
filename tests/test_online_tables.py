"""What the online tables send for the buttons pressed, and how they follow the
server, in the headless emulator with the server's messages made from its own
match code (tests/online_frames.py): a bid, a lead's called number, a forced
draw, Spectacular Bid's auction calls, the control taken back under autoplay, a
refused act said and chosen again, an act refused in the countdown sent again,
the hand's end, the payout back to the lobby."""

from core.actions import ACCEPT, bid, DECLINE, DRAW
from core.poker import BID
from online_frames import hand_over, Match, POKER_SEATS, room, StillClient, with_status
from screens import onlinepoker
from ui_driver import Handheld


def frames(h, n):
    for _ in range(n):
        h.frame()


def at_table(tmp_path, screen, client):
    h = Handheld(first=None, save_dir=tmp_path)
    h.app.go(screen, client)
    h.frame()
    return h


def poker_turn():
    m = Match("poker", "hands=5", 7, POKER_SEATS)
    m.play_until(lambda g: g.to_move() == 0)
    return m


def acts(client):
    return [(r["turn"], r["action"]) for r in client.sent if r["type"] == "act"]


def test_a_bid_is_chosen_with_the_arrows_and_sent_for_its_turn(tmp_path):
    m = poker_turn()
    client = StillClient(room("poker", POKER_SEATS), m.view(0))
    h = at_table(tmp_path, "onlinepoker", client)
    h.press("right")
    h.press("right")
    h.press("a")
    assert acts(client) == [(m.match.n, BID + 2)]
    assert h.screen.play.legal == []  # nothing more to choose until the next view
    h.press("a")
    assert len(acts(client)) == 1


def test_a_lead_goes_on_to_its_called_number(tmp_path):
    m = Match("poker", "hands=5", 7, POKER_SEATS)
    m.play_until(lambda g: g.n == 4)  # the bids made: you lead, [0|2] first in hand
    client = StillClient(room("poker", POKER_SEATS), m.view(0))
    h = at_table(tmp_path, "onlinepoker", client)
    h.press("a")
    assert acts(client) == [] and h.screen.choice.ways == [2 * 8 + 0, 2 * 8 + 2]
    h.press("right")
    h.press("a")
    assert acts(client) == [(4, 2 * 8 + 2)]


def test_a_refused_act_is_said_and_chosen_again_a_countdown_refusal_goes_again(tmp_path):
    m = poker_turn()
    client = StillClient(room("poker", POKER_SEATS), m.view(0))
    h = at_table(tmp_path, "onlinepoker", client)
    h.press("a")
    client.answers[1] = {"type": "error", "id": 1, "code": "illegal",
                         "message": "you must follow suit"}
    frames(h, 2)
    assert h.said[-1] == "You must follow suit." and h.screen.play.legal
    h.press("a")
    client.answers[2] = {"type": "error", "id": 2, "code": "countdown", "message": "wait"}
    frames(h, 10)  # 200 ms: the same act again
    assert acts(client) == [(m.match.n, BID)] * 3


def test_under_autoplay_a_button_takes_the_seat_back(tmp_path):
    m = poker_turn()
    client = StillClient(room("poker", POKER_SEATS), m.view(0))
    h = at_table(tmp_path, "onlinepoker", client)
    client.room = with_status(client.room, 0, "autoplay")
    h.frame()
    assert h.said[-1] == "Autoplay: press a key to play." and not h.screen.play.mine
    h.press("b")  # (taken by the control: no question to leave)
    assert [r["type"] for r in client.sent] == ["control"] and not h.screen.confirm.open
    client.room = with_status(client.room, 0, "active")
    h.frame()
    assert h.said[-1] == "You play again." and h.screen.play.mine


def test_the_last_trick_then_the_hands_end_then_the_next_hand(tmp_path):
    m = Match("poker", "hands=5", 7, POKER_SEATS)
    before, after = hand_over(m, 0)
    client = StillClient(room("poker", POKER_SEATS), before)
    h = at_table(tmp_path, "onlinepoker", client)
    client.view = after
    h.frame()
    assert h.screen.mode == onlinepoker.TRICK and h.screen.ended_pending
    h.press("a")
    assert h.screen.mode == onlinepoker.HAND_END
    ended = h.screen.ended
    assert sum(ended.taken) == 7 and list(ended.scores[:1]) == [after["table"]["scores"][0]]
    h.press("a")
    assert h.screen.mode == onlinepoker.PLAY and h.screen.hand_no == 2
    assert list(h.screen.places.bids) == [255] * 4  # the new hand: no bid yet


def test_a_lone_draw_is_made_by_itself(tmp_path):
    m = Match("1x1", "", 1, ["You", "bot"])
    m.play_until(lambda g: g.to_move() == 0 and [a for a, _ in g.legal()] == [DRAW])
    client = StillClient(room("1x1", ["You", "bot"]), m.view(0))
    h = at_table(tmp_path, "onlineline", client)
    assert "Nothing fits: you draw." in h.said and acts(client) == []
    frames(h, 20)
    assert acts(client) == [(m.match.n, DRAW)]


def bid_auction():
    """A Spectacular Bid match at the seat's first call of an auction."""
    m = Match("bid", "", 4, ["You", "bot"])
    m.play_until(lambda g: g.to_move() == 0 and m.view(0)["table"].get("auction"))
    return m


def test_the_auction_offers_decline_first_then_a_bid_raised_by_five(tmp_path):
    m = bid_auction()
    client = StillClient(room("bid", ["You", "bot"]), m.view(0))
    h = at_table(tmp_path, "onlinecross", client)
    assert h.said[-1] == "Decline: CPU 2 leads for nothing."
    h.press("a")  # the call that costs nothing comes first
    assert acts(client) == [(m.match.n, DECLINE)]

    client = StillClient(room("bid", ["You", "bot"]), m.view(0))
    h = at_table(tmp_path, "onlinecross", client)
    h.press("up")
    h.press("left")  # the least bid stays the least
    h.press("right")
    h.press("right")
    assert h.said[-1] == "Bid 25: if accepted you pay 25 and lead."
    h.press("a")
    assert acts(client) == [(m.match.n, bid(25))]


def test_a_bid_standing_is_accepted_or_raised_from_it(tmp_path):
    m = bid_auction()
    m.act(bid(25))
    m.act(bid(30))  # the jockey raises: it pays 15 less
    client = StillClient(room("bid", ["You", "bot"]), m.view(0))
    h = at_table(tmp_path, "onlinecross", client)
    assert h.said[-2:] == ["CPU 2 bid 30.", "Accept: CPU 2 pays you 15 and leads."]
    h.press("down")
    assert h.screen.calls.amount == 35  # the least raise
    h.press("up")
    h.press("a")
    assert acts(client) == [(m.match.n, ACCEPT)]


def test_the_payout_goes_back_to_the_lobby_with_the_match_forgotten(tmp_path):
    client = StillClient(room("poker", POKER_SEATS, state="over"))
    client.over = {"type": "over", "standings": [0, 1, 2, 3], "scores": [40, 30, 20, 10],
                   "winners": [0], "pot": 0, "payout": [], "rewards": [], "elo": []}
    h = at_table(tmp_path, "payout", client)
    assert h.screen.title == "You win!"
    h.press("a")
    assert h.screen_name() == "lobby"
    assert client.room is client.view is client.over is None
