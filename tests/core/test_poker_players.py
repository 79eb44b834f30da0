"""Domino Poker's handheld levels: legal, blind to other hands, aiming at their bids."""

from check import mask, tile
from core.poker import NO_CALL, Options, Poker, SEATS
from core.pokerview import PokerView
from core.rng import derive, Rng
from core.tiles import count
from players import get, POKER_NAMES
from players.poker_hard import Thinker
from players.poker_medium import bid_for, pick, play_on


def midway(seed, actions):
    """A seeded first hand after `actions` medium actions."""
    game = Poker(Options(), seed)
    game.start_hand()
    medium = get("medium", "poker")
    for n in range(actions):
        game.apply(medium(PokerView(game, game.turn), derive(seed, n)))
    return game


def reshuffled(game, seed):
    """The same match with the hands the seat to move cannot see dealt anew (the same sizes)."""
    other = Poker(game.options, game.seed)
    for key in ("hand_no", "state", "dealer", "turn", "leader", "led", "top", "best"):
        setattr(other, key, getattr(game, key))
    for key in ("bids", "taken", "trick", "lacks", "cap"):
        getattr(other, key)[:] = getattr(game, key)
    other.trick_n = game.trick_n
    other.played = game.played
    other.scores = list(game.scores)
    me = game.turn
    hidden = game.hands[(me + 1) % SEATS] | game.hands[(me + 2) % SEATS] | game.hands[(me + 3) % 4]
    pool = bytearray(t for t in range(28) if hidden >> t & 1)
    Rng(seed).shuffle(pool)
    i = 0
    for s in range(SEATS):
        other.hands[s] = game.hands[s] if s == me else 0
        if s != me:
            for _ in range(count(game.hands[s])):
                other.hands[s] |= 1 << pool[i]
                i += 1
    return other


def test_no_level_reads_another_hand():
    for seed in range(6):
        for actions in (0, 3, 9, 17):
            game = midway(seed, actions)
            twin = reshuffled(game, seed + 100)
            assert twin.hands != game.hands or actions == 0 and seed == 0
            for level in POKER_NAMES:
                a = get(level, "poker")(PokerView(game, game.turn), derive(seed, 7))
                b = get(level, "poker")(PokerView(twin, twin.turn), derive(seed, 7))
                assert a == b, (level, seed, actions)
                assert a in game.legal()


def test_medium_bids_its_sure_and_likely_tricks():
    sure = mask("[0|0]", "[1|1]", "[1|6]", "[0|2]", "[0|3]", "[2|3]", "[3|4]")
    assert bid_for(sure) == 3  # three top trumps, nothing else
    assert bid_for(sure ^ mask("[1|6]", "[1|5]")) == 3  # [1|5] is likely: half of 1, up
    nothing = mask("[0|2]", "[0|3]", "[2|3]", "[2|4]", "[3|4]", "[0|4]", "[2|5]")
    assert bid_for(nothing) == 0
    aces = mask("[6|6]", "[5|5]", "[4|4]", "[0|6]", "[2|3]", "[0|2]", "[3|4]")
    assert bid_for(aces) == 2  # four likely tricks: half of them
    assert bid_for(mask("[0|0]", "[1|1]", "[1|6]", "[1|5]", "[1|4]", "[1|3]", "[1|2]")) == 7


def test_medium_takes_a_trick_cheaply_while_short_and_sheds_winners_once_made():
    hand = mask("[6|6]", "[5|6]", "[2|6]")
    unseen = mask("[4|6]", "[0|6]")
    # Last to play to a six led by [3|6] (power 8 + 3): the cheapest winner while short.
    assert pick(hand, 6, 8 + 3, 3, 1, unseen) == tile("[5|6]") * 8 + NO_CALL
    # Not last: the cheapest winner that nothing unseen beats...
    assert pick(mask("[4|6]", "[6|6]"), 6, 8 + 3, 1, 1, mask("[5|6]")) >> 3 == tile("[6|6]")
    # ...and with none such, the strongest winner.
    assert pick(mask("[4|6]", "[5|6]"), 6, 8 + 3, 1, 1, mask("[6|6]")) >> 3 == tile("[5|6]")
    # The bid made: the strongest tile that still loses.
    assert pick(hand, 6, 8 + 5, 1, 0, unseen) >> 3 == tile("[2|6]")
    hand = mask("[6|6]", "[5|6]")
    assert pick(hand, 6, 8 + 3, 1, 0, unseen) >> 3 == tile("[5|6]")  # every tile wins: the weakest


def test_medium_leads_a_sure_winner_while_short_and_a_loser_once_made():
    hand = mask("[6|6]", "[0|6]", "[2|3]")
    unseen = mask("[5|6]", "[3|6]", "[3|3]", "[0|4]", "[1|1]")
    assert pick(hand, -1, 0, 0, 1, unseen) == tile("[6|6]") * 8 + NO_CALL
    assert pick(hand, -1, 0, 0, 0, unseen) == tile("[0|6]") * 8 + 6  # the weakest six


def test_a_play_out_plays_a_hand_as_medium_players_do_at_the_table():
    # play_on (the hard level's play-outs) tile by tile from the true deal makes
    # the medium level's every action, and takes its tricks, however many tiles a
    # call plays; `pick` keeps nothing from one call to the next (it once kept
    # the tricks that its picks completed).
    medium = get("medium", "poker")
    for seed in range(12):
        game = midway(seed, SEATS)  # the bids made, the first lead to come
        hands = list(game.hands)
        taken = bytearray(SEATS)
        state = [game.turn, -1, 0, -1, 0, 0, 0, -1]
        whole = (list(hands), bytearray(SEATS), list(state))
        play_on(whole[0], game.bids, whole[1], whole[2], 28)
        for _ in range(28):
            a = play_on(hands, game.bids, taken, state, 1)
            assert a == medium(PokerView(game, game.turn), derive(seed, 0))
            game.apply(a)
        assert bytes(taken) == bytes(game.taken) == bytes(whole[1])
        assert state[6] == whole[2][6] == 7 and not any(hands)


def test_the_hard_level_halves_its_candidates_within_its_budget():
    # Successive halving: a round plays every candidate still in the race on the
    # same new samples, then the better half of them go on, n -> ceil(n / 2) -> ...
    # -> 1; the last one standing is the action. A bid (5 candidates) and two leads.
    from players import poker_hard

    for seed, actions in ((6, 2), (3, 4), (7, 8)):
        game = midway(seed, actions)
        view = PokerView(game, game.turn)
        t = Thinker(budget=48)
        t.start(view, derive(seed, actions))
        n = t.n
        assert n >= 5
        before = poker_hard.stats[1]
        raced = [n]
        while not t.step():
            assert t.action in game.legal()
            if t.n != raced[-1]:
                assert t.n == (raced[-1] + 1) // 2
                assert t.totals[0] == max(t.totals[: raced[-1]])  # the best goes on
                raced.append(t.n)
        assert t.n == 1 and raced[-1] == 2 and t.action == t.moves[0]
        assert n <= poker_hard.stats[1] - before <= 48 + n  # a round's share is at least 1 sample
        assert t.step() and t.action in game.legal()


def test_a_play_out_resumed_tile_by_tile_decides_as_one_played_through():
    # A step plays out at most `plays` tiles; however the play-outs are cut into
    # steps, the decision (and every candidate's total) is the same: for a bid,
    # and for a lead with 9 choices.
    for actions in (2, 8):
        game = midway(5, actions)
        view = PokerView(game, game.turn)
        decided = []
        for plays in (1, 3, 20, 1000):
            t = Thinker(budget=24, plays=plays)
            t.start(view, derive(5, actions))
            steps = 1
            while not t.step():
                steps += 1
            decided.append((t.action, list(t.totals[:t.n])))
            if plays == 1:
                assert steps > 24 * 5  # each play-out is several tiles long
        assert all(d == decided[0] for d in decided)


def test_the_beaters_of_a_tile_are_the_stronger_tiles_of_what_was_led():
    from core.poker import power, SUIT, TRUMP, TRUMPS
    from players import poker_tables

    for led in range(TRUMP + 1):
        rivals = TRUMPS if led == TRUMP else SUIT[led]
        for t in range(28):
            stronger = [u for u in range(28) if rivals >> u & 1 and power(u, led) > power(t, led)]
            assert poker_tables.BEATERS[led * 28 + t] == sum(1 << u for u in stronger)
            assert poker_tables.POWER[led * 28 + t] == power(t, led)


def test_the_medium_lead_is_the_best_scored_tile_and_call():
    # The lead read from tables is the one its rule names: while short, a sure
    # winner (the strongest, trumps first), else the weakest tile; once made, the
    # lead the most unseen tiles beat, a trump last; ties to the lowest tile and call.
    from core.poker import led_by, power, SUIT, TRUMP, TRUMP_POWER, TRUMPS
    from core.tiles import HIGH, LOW

    def value(t):  # a tile's strength in general: a trump's power, else its best number's
        return TRUMP_POWER[t] or max(power(t, LOW[t]), power(t, HIGH[t]))

    def beaten_by(t, led, unseen):
        rivals = TRUMPS if led == TRUMP else SUIT[led]
        return [u for u in range(28) if unseen >> u & 1 and rivals >> u & 1
                and power(u, led) > power(t, led)]

    rng = Rng(11)
    for _ in range(400):
        pool = bytearray(range(28))
        rng.shuffle(pool)
        size = 1 + rng.below(7)
        hand = sum(1 << t for t in pool[:size])
        unseen = sum(1 << t for t in pool[size:size + 3 * size])
        need = rng.below(3) - 1
        best = None
        for t in range(28):
            if not hand >> t & 1:
                continue
            plain = TRUMPS >> t & 1 or LOW[t] == HIGH[t]
            for call in (NO_CALL,) if plain else (LOW[t], HIGH[t]):
                led = led_by(t, call)
                above = len(beaten_by(t, led, unseen))
                if need > 0:
                    score = 64 + power(t, led) if not above else 32 - value(t)
                else:
                    score = above * 2 + (0 if led == TRUMP else 32) - value(t) // 8
                if best is None or score > best[0]:
                    best = (score, t * 8 + call)
        assert pick(hand, -1, 0, 0, need, unseen) == best[1]
