"""Coins (RULES.md section 4): a profile's score in coins, as pure functions.

A wallet is a tuple (balance, day, rewarded): the balance, the day of the last
rewarded match (an int, e.g. days since an epoch; -1 when none) and how many
matches were rewarded on that day. The profile stores it; nothing here reads a
clock or the storage. Coins buy nothing.
"""

from micropython import const

WELCOME = const(5000)  # the one-time bonus of a new profile
PER_DAY = const(5)  # rewarded matches a day, where the device knows the date

LEVELS = ("easy", "medium", "hard", "expert")  # weakest first
REWARDS = (0, 50, 100, 300)  # per level, for finishing 1st or 2nd


def new_wallet():
    """A new profile's wallet: the welcome bonus, nothing rewarded yet."""
    return (WELCOME, -1, 0)


def reward(levels, place):
    """The coins a finish earns: `place` 1 to 4 against handheld players of these
    levels (names of LEVELS); the weakest level at the table sets the reward."""
    if place > 2 or not levels:
        return 0
    weakest = min(LEVELS.index(level) for level in levels)
    return REWARDS[weakest]


def pay(wallet, levels, place, today=None):
    """The wallet after a finished match, and the coins paid: (wallet, paid).
    `today` is the day number where the device knows the date, else None: then
    no daily limit can be kept and every reward is paid."""
    balance, day, rewarded = wallet
    coins = reward(levels, place)
    if not coins:
        return wallet, 0
    if today is None:
        return (balance + coins, day, rewarded), coins
    if day != today:
        rewarded = 0
    if rewarded >= PER_DAY:
        return (balance, today, rewarded), 0
    return (balance + coins, today, rewarded + 1), coins


def limit_text(knows_date):
    """How the daily limit applies on this device, in words for the profile screen."""
    if knows_date:
        return "At most %d rewarded matches a day." % PER_DAY
    return "This handheld does not know the date, so rewards have no daily limit."
