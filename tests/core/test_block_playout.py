"""players.block_deal's `play_out` plays by core.line's rules: seeded hands played
through it and through the engine (`legal`, `apply_legal`) with the same random
choices (core.rng, a number drawn only where there are two plays or more) end
with the same hands, the same seat out or the same blocked line, and the same
score where the hand's score follows from the hands alone (and the same winners
of International's one hand by `hand_won`); the greedy
play-out (no generator) makes the heaviest tile's first play each time, or when
it blocks, the heaviest play that leaves the next seat nothing to play when
there is one."""

from blockcheck import position
from core import events as ev
from core.actions import DRAW, PAIR, pair
from core.blockrules import Options
from core.line import LineGame
from core.rng import Rng
from core.table import E, W
from core.tiles import HIGH, LOW
from players.block_deal import (
    ANY_PAIR,
    FINISH_PAIR,
    hand_won,
    HEAVY,
    last,
    NO_PAIRS,
    PAIR_LAST,
    pairs_rule,
    play_out,
)

PLAYING = 0
SETUPS = (
    ("1x1", ""),
    ("classic", "players=2"),
    ("classic", "players=3"),
    ("classic", "players=4"),
    ("kozel", "players=3"),
    ("kozel", "players=4 pairs=yes"),
    ("yard", "players=4 pairs=yes"),
    ("international", "players=4 pairs=yes target=hand"),
    ("international", "players=3"),
)
SCORED_FROM_HANDS = ("1x1", "classic", "international")  # (Kozel's scores read its plays)
SEEDS = 100


def random_action(out, rng):
    return out[rng.below(len(out))] if len(out) > 1 else out[0]


def greedy_choice(game, lighter, block):
    """The greedy play-out's choice among the engine's legal actions of `game`: the
    heaviest tile on its first end, or with `block` the heaviest play after which
    the next seat's hand holds nothing that fits the line when there is one.
    Counts in `lighter` the choices that were not the heaviest tile."""

    def blocks(action, following):
        t = action >> 3
        ends = [game.table.value[W], game.table.value[E]]
        side = action & 7
        laid_on = ends[side]
        ends[side] = HIGH[t] if LOW[t] == laid_on else LOW[t]
        return not any(LOW[u] in ends or HIGH[u] in ends for u in range(28) if following >> u & 1)

    def choose(out, rng):
        if out[0] >= DRAW:
            return out[0]
        following = game.hands[(game.turn + 1) % game.SEATS]
        plays = [a for t in HEAVY for a in out if a < PAIR and a >> 3 == t]
        if not block or not game.table.n:  # a lead: the heaviest tile, whoever follows
            return plays[0]
        for a in plays:
            if blocks(a, following):
                lighter[0] += a >> 3 != plays[0] >> 3
                return a
        return plays[0]

    return choose


def _choosing(lighter, block):
    """`compare`'s `choose`: the greedy play-out's choice in each game."""
    return lambda game: greedy_choice(game, lighter, block)


def engine_moves(game, choose, rng, moves=-1):
    """Make `moves` actions (all of the hand when -1) chosen from `legal()`."""
    out = []
    while game.state == PLAYING and moves:
        game.legal(out)
        game.apply_legal(choose(out, rng))
        moves -= 1


def hand_off(game, rng, block=False):
    """play_out from the engine's position (an empty line when nothing is down)."""
    hands = list(game.hands)
    table = game.table
    w = table.value[W] if table.n else -1
    out = play_out(hands, game.SEATS, game.turn, w, table.value[E], game.stock, game.drawn,
                   game.drawn + game.drawable(), rng, pairs_rule(game.rules), game.forced_lead,
                   block)
    return hands, out


def final_tile(out_with):
    """The engine's `out_with` (the tiles of the play that went out) as play_out's
    `last`: the tile, or PAIR_LAST for two doubles."""
    return PAIR_LAST if out_with & (out_with - 1) else len(bin(out_with)) - 3


def went_out(game):
    """The seat the engine's hand ended with out, or -1 for a blocked hand."""
    for e in game.events:
        if e[0] == ev.DOMINO:
            return e[1]
    assert [e for e in game.events if e[0] == ev.FISH], game.events
    return -1


def compare(name, text, seed, choose, rng_of, moves, block=False):
    """Play a seeded first hand on the engine, and again with its first `moves`
    actions on the engine and the rest by play_out, each game's actions chosen
    by `choose(game)`; returns the engine's game, or None when the hand begins
    by drawing for a lead (Kozel with 2 or 3)."""
    options = Options.parse(name, text)
    whole = LineGame(name, options, seed)
    split = LineGame(name, options, seed)
    whole.start_hand()
    split.start_hand()
    if whole.drawing_lead:
        return None
    engine_moves(whole, choose(whole), rng_of(seed))
    rng = rng_of(seed)
    engine_moves(split, choose(split), rng, moves)
    if split.state != PLAYING:
        return None
    hands, out = hand_off(split, rng, block)
    assert hands == whole.hands, (name, text, seed, moves)
    assert out == went_out(whole), (name, text, seed, moves)
    if out >= 0:
        assert final_tile(whole.out_with) == last[0], (name, text, seed, moves)
    if name in SCORED_FROM_HANDS:
        split.hands[:] = hands
        if out >= 0:
            split.rules.domino(split, out)
        else:
            split.rules.fish(split)
        assert split.scores == whole.scores, (name, text, seed)
    if name == "international":  # one hand: hand_won names the match's winners
        won = [hand_won(hands, whole.SEATS, options.pairs, s, out, whole.leader) for s in
               range(whole.SEATS)]
        assert won == [1 if whole.winners >> s & 1 else -1 for s in range(whole.SEATS)]
    return whole


def test_random_play_outs_end_as_the_engine_s_from_the_deal_and_from_mid_hand():
    ends = [0, 0]  # domino, blocked
    pairs = 0
    for name, text in SETUPS:
        for seed in range(1, SEEDS + 1):
            for moves in (0, seed % 9 + 1):
                game = compare(name, text, seed, lambda game: random_action, Rng, moves)
                if game is not None and moves == 0:
                    ends[went_out(game) < 0] += 1
                    pairs += len([e for e in game.log if e >> 2 >= PAIR])
    assert ends[0] > 400 and ends[1] > 100 and pairs > 0, (ends, pairs)


def test_greedy_play_outs_make_the_heaviest_tile_s_first_play_or_block_the_next_seat():
    for block in (False, True):
        lighter = [0]
        for name, text in SETUPS:
            for seed in range(1, 11):
                compare(name, text, seed, _choosing(lighter, block), lambda seed: None,
                        seed % 5, block)
        assert lighter[0] > 20 if block else lighter[0] == 0, (block, lighter)


def test_kozel_s_finish_is_the_last_of_the_random_choices():
    # Seat 0 holds [0|0] and [6|6] on a line showing 0 and 6: one double on W,
    # the other on E, or both at once (the general); each ends the hand otherwise.
    hands = ["[0|0] [6|6]", "[0|1] [2|3]", "[1|1] [3|4]", "[4|5] [5|5]"]
    made = set()
    ended = set()
    for seed in range(1, 20):
        whole = position("kozel", "players=4 pairs=yes", hands, line="[0|6]", turn=0)
        split = position("kozel", "players=4 pairs=yes", hands, line="[0|6]", turn=0)
        assert whole.legal() == [0 * 8 + W, 27 * 8 + E, pair(0, 6)]
        engine_moves(whole, random_action, Rng(seed))
        left, out = hand_off(split, Rng(seed))
        assert left == whole.hands and out == went_out(whole)
        made.add(whole.log[0] >> 2)
        ended.add(tuple(left))
    assert made == {0 * 8 + W, 27 * 8 + E, pair(0, 6)} and len(ended) == 3


def test_the_rules_two_double_plays():
    def rule(name):
        return pairs_rule(LineGame(name).rules)

    assert [rule(n) for n in ("1x1", "classic", "kozel", "yard", "international")] == [
        NO_PAIRS, ANY_PAIR, FINISH_PAIR, FINISH_PAIR, NO_PAIRS]


def test_a_greedy_play_out_on_an_empty_line_leads_the_heaviest_tile():
    from core.tiles import tile

    # Seat 0 leads [5|6] (its heaviest) with 5 to W; seat 1 cannot follow and
    # the stock is empty, nor can seat 0 then: a blocked hand of the two left.
    hands = [1 << tile(1, 2) | 1 << tile(5, 6), 1 << tile(0, 0), 0, 0]
    assert play_out(hands, 2, 0, -1, -1, bytearray(0), 0, 0, None) == -1
    assert hands[:2] == [1 << tile(1, 2), 1 << tile(0, 0)]


def test_kozel_value_is_what_the_engine_writes():
    # Random Kozel matches on the engine: at every hand's end, kozel_value of the
    # hands left (from the view before the last action: the carry, who writes,
    # the scores) is what the other side wrote less what seat 0's side wrote, with
    # GOAT for a side the hand made the goat, or a general's GOAT at once.
    from core.blockview import LineView
    from players.block_deal import GOAT, kozel_value

    seen = {"written": 0, "unwritten": 0, "eggs": 0, "goat": 0, "bonus": 0}
    for text in ("players=4 pairs=yes", "players=2", "players=3"):
        options = Options.parse("kozel", text)
        for seed in range(1, 13):
            game = LineGame("kozel", options, seed)
            rng = Rng(seed)
            out = []
            while game.state != 2:
                if game.state == 1:
                    game.start_hand()
                    continue
                view = LineView(game, 0)
                before = list(game.scores)
                game.legal(out)
                game.apply_legal(random_action(out, rng))
                if game.state == PLAYING:
                    continue
                gone = went_out(game)
                final = final_tile(game.out_with) if gone >= 0 else -1
                v = kozel_value(game.hands, view, gone, game.table.played[0], final)
                delta = [game.scores[s] - before[s] for s in range(game.SEATS)]
                sides = range(2) if options.pairs else range(game.SEATS)
                want = sum(-delta[s] if s == 0 else delta[s] for s in sides)
                for s in sides:
                    if game.scores[s] >= 125:
                        want += -GOAT if s == 0 else GOAT
                if final == PAIR_LAST:
                    want = GOAT if game.winners & 1 else -GOAT
                assert v == want, (text, seed, v, want, delta)
                seen["goat"] += game.state == 2
                seen["eggs"] += not any(delta) and gone < 0
                seen["written"] += any(delta)
                seen["unwritten"] += not any(delta) and gone >= 0
                seen["bonus"] += game.table.played[0] in (0, 27) or final in (0, 27)
    assert min(seen.values()) > 0, seen
