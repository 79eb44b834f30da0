"""Domino Poker's turn timer and missed turns through the injected clock, and the coins."""

from core import coins
from core.pokertimer import ACTIVE, AUTOPLAY, COUNTDOWN, INACTIVE, TURN, TurnTimer, WARNED


def test_a_turn_has_ten_seconds_from_when_it_really_starts():
    timer = TurnTimer()
    assert timer.left(5000) == 0 and not timer.overdue(999999)  # no turn runs
    timer.start(5000)
    assert TURN == 10000 and timer.left(5000) == TURN and timer.left(12500) == 2500
    assert not timer.overdue(14999) and timer.overdue(15000) and timer.left(20000) == 0


def test_the_first_bid_of_a_match_waits_for_a_ten_second_countdown():
    timer = TurnTimer()
    timer.countdown(1000)
    assert COUNTDOWN == 10000 and timer.counting_down(1000) == 10000
    assert timer.counting_down(8000) == 3000 and timer.counting_down(11000) == 0
    timer.start(2000)  # the turn comes during the countdown: its time starts after it
    assert timer.left(2000) == TURN and not timer.overdue(20999) and timer.overdue(21000)


def test_acting_in_time_resets_the_missed_turns():
    timer = TurnTimer()
    timer.start(0)
    assert timer.timed_out() == WARNED
    timer.start(100)
    assert timer.acted(9000) and timer.state() == ACTIVE
    timer.start(200)
    assert not timer.acted(10200)  # too late: the handheld acts instead
    assert timer.state() == ACTIVE and timer.timed_out() == WARNED


def test_missed_turns_warn_then_mark_inactive_then_autoplay_until_a_press():
    timer = TurnTimer()
    now = 0
    for want in (WARNED, INACTIVE, AUTOPLAY):
        assert not timer.press()  # a press takes nothing back before autoplay
        timer.start(now)
        now += TURN
        assert timer.overdue(now)
        assert timer.timed_out() == want
        now += 500
    timer.start(now)
    assert timer.overdue(now)  # under autoplay the handheld plays at once
    assert not timer.acted(now)
    assert timer.timed_out() == AUTOPLAY  # and it stays there
    assert timer.press() and timer.state() == ACTIVE
    timer.start(now)
    assert not timer.overdue(now + TURN - 1) and timer.acted(now + 1)


def test_a_new_profile_gets_the_welcome_bonus_once():
    assert coins.new_wallet() == (5000, -1, 0)


def test_rewards_go_by_the_weakest_handheld_level_for_first_or_second():
    assert coins.reward(["hard", "hard", "hard"], 1) == 100
    assert coins.reward(["hard", "medium", "hard"], 2) == 50
    assert coins.reward(["expert", "expert", "expert"], 1) == 300
    assert coins.reward(["easy", "hard", "hard"], 1) == 0
    assert coins.reward(["hard", "hard", "hard"], 3) == 0
    assert coins.reward([], 1) == 0  # no handheld player: nothing to earn


def test_at_most_five_rewarded_matches_a_day_where_the_date_is_known():
    wallet = coins.new_wallet()
    paid = []
    for _ in range(6):
        wallet, coins_paid = coins.pay(wallet, ["medium"] * 3, 1, today=100)
        paid.append(coins_paid)
    assert paid == [50] * 5 + [0] and wallet == (5250, 100, 5)
    wallet, coins_paid = coins.pay(wallet, ["hard"] * 3, 2, today=101)
    assert coins_paid == 100 and wallet == (5350, 101, 1)  # a new day
    wallet2, coins_paid = coins.pay(wallet, ["hard"] * 3, 4, today=101)
    assert coins_paid == 0 and wallet2 == wallet  # a loss changes nothing


def test_without_a_date_there_is_no_daily_limit_and_it_is_said():
    wallet = coins.new_wallet()
    for _ in range(7):
        wallet, coins_paid = coins.pay(wallet, ["hard"] * 3, 1)
        assert coins_paid == 100
    assert wallet[0] == 5700
    assert "does not know the date" in coins.limit_text(False)
    assert "5" in coins.limit_text(True)
