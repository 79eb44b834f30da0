"""The expert level: legal, deterministic, anytime within its budget, and it takes its points."""

from check import DEAL, game_with, mask, tile
from core.actions import DRAW
from core.allfives import AllFives, HAND_OVER, MATCH_OVER, Options
from core.rng import Rng
from core.tiles import HIGH, LOW, pips, round5
from core.view import View
from players import expert, thinker
from players.evaluate import after, count_after, points


def think(game, budget=24, seed=1):
    """Run a small expert's decision step by step; return (action, steps)."""
    t = expert.Thinker(budget)
    view = View(game, game.turn)
    t.start(view, Rng(seed))
    steps = 0
    while not t.step():
        steps += 1
        assert t.action in view.legal  # anytime: always a legal move at hand
    return t.action, steps + 1


def play(options, seed, budget=24):
    """A match of a small expert (seat 1) against itself; returns the game."""
    game = AllFives(Options.parse(options), seed)
    while game.state != MATCH_OVER:
        if game.state == HAND_OVER:
            game.start_hand()
        else:
            game.apply(think(game, budget, seed + len(game.log))[0])
    return game


def test_expert_plays_whole_matches_legally_under_every_option():
    for seed, options in enumerate(("", "draw=stuck keep=2", "lead=double target=61")):
        game = play(options, seed)  # apply() raises Illegal on any illegal move
        assert game.scores[game.winner] >= game.options.target


def test_expert_is_deterministic():
    a = play("", 3)
    b = play("", 3)
    assert a.scores == b.scores and a.table.played == b.table.played and a.log == b.log


def test_expert_takes_an_obvious_big_score():
    game = game_with(DEAL, "draw=stuck")
    game.apply(tile("[5|5]") * 8 + 4)  # the spinner alone counts 10
    game.hands[1] = mask("[0|5]", "[1|5]", "[2|5]", "[3|5]")
    # Only [0|5] keeps the count at 10 (the spinner's bare side still counts 10).
    action, _ = think(game, budget=40)
    assert action >> 3 == tile("[0|5]")
    game.apply(action)
    assert game.scores == [10, 10]


def positions():
    """Hand-built positions: the lead, a spinner with four open ends, a draw to weigh."""
    lead = game_with(DEAL)
    spinner = game_with(DEAL, "draw=stuck")
    spinner.apply(tile("[5|5]") * 8 + 4)
    spinner.hands[1] = mask("[0|5]", "[1|5]", "[2|5]", "[3|5]", "[4|4]", "[0|6]", "[2|6]")
    spinner.apply(tile("[2|5]") * 8 + 0)  # W 2, E 5: both branches of the spinner open next
    spinner.hands[0] = mask("[1|2]", "[2|3]", "[3|5]", "[4|5]", "[2|2]", "[5|6]", "[0|2]")
    spinner.apply(tile("[4|5]") * 8 + 1)  # E 4
    drawing = game_with(DEAL)  # draw=optional: drawing is a candidate beside the plays
    drawing.apply(tile("[1|4]") * 8 + 4)
    return (lead, spinner, drawing)


def run_steps(view, seed, budget, step):
    """A decision step by step: (action, the nodes of each step, the totals)."""
    t = expert.Thinker(budget, step)
    t.start(view, Rng(seed))
    nodes = []
    done = False
    while not done:
        before = expert.stats[1]
        done = t.step()
        nodes.append(expert.stats[1] - before)
    return t.action, nodes, list(t.totals[: t.n])


def test_a_step_never_does_more_than_its_bound_of_work():
    for game in positions():
        view = View(game, game.turn)
        assert len(view.legal) > 3
        for step in (4, 5, 9, 24):
            action, nodes, _ = run_steps(view, 3, 400, step)
            assert action in view.legal
            assert max(nodes) <= step and sum(nodes) <= 400
            assert len(nodes) > 400 // step // 2  # the bound is what stops the steps


def test_the_search_gives_the_same_values_however_it_is_cut_into_steps():
    for game in positions():
        view = View(game, game.turn)
        whole = run_steps(view, 5, 300, 10**6)
        assert len(whole[1]) == 1  # one step did it all
        for step in (4, 7):
            cut = run_steps(view, 5, 300, step)
            assert (cut[0], cut[2]) == (whole[0], whole[2])


def plain_out(score, side):
    """A hand's end at which `side` scores `score`: the winning bonus if it wins."""
    return score * 8 + (expert.WIN if score >= expert._need[side] else 0)


def plain_negamax(table, a, b, drawn, stock_end, depth, side):
    """The search without cuts or steps, written as plainly as possible."""
    fits = a & table.playable()
    while not fits and drawn < stock_end:
        a |= 1 << expert._order[drawn]
        drawn += 1
        fits = a & table.playable()
    if not fits:
        if not b & table.playable():
            diff = round5(pips(b)) - round5(pips(a))
            return plain_out(diff, side) if diff > 0 else -plain_out(-diff, 1 - side)
        if depth == 1:
            return (pips(b) - pips(a)) * expert.SHED
        return -plain_negamax(table, b, a, drawn, stock_end, depth - 1, 1 - side)
    values = []
    for t in range(28):
        for end in range(table.open_ends()):
            if fits >> t & 1 and table.fits(t, end):
                nxt = after(table, t * 8 + end).clone()
                gain = points(nxt.count())
                if gain >= expert._need[side]:
                    return gain * 8 + expert.WIN
                left = a & ~(1 << t)
                if not left:
                    values.append(plain_out(gain + round5(pips(b)), side))
                elif depth > 1:
                    values.append(
                        gain * 8
                        - plain_negamax(nxt, b, left, drawn, stock_end, depth - 1, 1 - side)
                    )
                else:
                    values.append(gain * 8 + (pips(b) - pips(left)) * expert.SHED)
    return max(values)


def plain_value(view, action):
    """The value of `action` on the current sample by the plain search."""
    size = view.hand_sizes[view.opponent]
    stock_end = size + view.stock
    opp = 0
    for j in range(size):
        opp |= 1 << expert._order[j]
    expert._need[0] = view.options.target - view.scores[view.seat]
    expert._need[1] = view.options.target - view.scores[view.opponent]
    if action == DRAW:
        mine = view.hand | 1 << expert._order[size]
        return plain_negamax(view.table, mine, opp, size + 1, stock_end, expert.DEPTH + 1, 0)
    table = after(view.table, action).clone()
    mine = view.hand & ~(1 << (action >> 3))
    gained = points(table.count())
    if gained >= expert._need[0]:
        return gained * 8 + expert.WIN
    if not mine:
        return plain_out(gained + round5(pips(opp)), 0)
    expert._need[0] -= gained
    return gained * 8 - plain_negamax(table, opp, mine, size, stock_end, expert.DEPTH, 1)


def test_the_cut_search_values_every_move_as_the_plain_search_does():
    compared = 0
    for seed in range(6):
        game = AllFives(Options.parse("draw=stuck" if seed % 2 else ""), seed)
        while game.state != MATCH_OVER and compared < 600:
            if game.state == HAND_OVER:
                game.start_hand()
                continue
            view = View(game, game.turn)
            t = expert.Thinker(10**6, 10**6, 1)  # one sample: its values stay for the check
            t.start(view, Rng(seed))
            if t.n > 1:
                t._search(expert.SAMPLE_WORK)  # deals the sample
                sample = bytes(expert._order)
                t._search(10**6)
                assert t.samples == 1 and t.done
                for i in range(t.n):
                    expert._order[:] = sample
                    assert t.values[i] == plain_value(view, t.moves[i])
                    compared += 1
            game.apply(view.legal[Rng(seed + len(game.log)).below(len(view.legal))])
    assert compared >= 600


def test_a_single_legal_move_needs_no_thought():
    game = game_with(DEAL, "draw=stuck")
    game.apply(tile("[2|3]") * 8 + 4)  # W 2, E 3
    game.hands[1] = mask("[2|6]", "[1|1]")
    before = expert.stats[1]
    action, steps = think(game)
    assert action == tile("[2|6]") * 8 + 0
    assert steps == 1 and expert.stats[1] == before


def test_samples_respect_what_the_opponent_has_shown_it_lacks():
    game = game_with(DEAL)
    game.apply(tile("[2|3]") * 8 + 4)  # W 2, E 3
    game.lacks[1] = 1 << 2 | 1 << 3  # as if seat 2 had passed on 2 and 3
    game.free[1] = 0
    game.hands[1] = mask("[0|0]", "[1|1]", "[4|4]", "[5|5]", "[6|6]", "[0|1]")
    game.turn = 0
    t = expert.Thinker(60)
    t.start(View(game, 0), Rng(9))
    for _ in range(20):
        t._sample()
        for j in range(6):
            x = expert._order[j]
            assert LOW[x] not in (2, 3) and HIGH[x] not in (2, 3)


def test_count_after_agrees_with_placing_the_tile():
    checked = 0
    for seed in range(12):
        game = AllFives(Options(), seed)
        while game.state != MATCH_OVER:
            if game.state == HAND_OVER:
                game.start_hand()
                continue
            legal = game.legal()
            for a in legal:
                if a < DRAW and game.table.n:
                    assert count_after(game.table, a >> 3, a & 7) == after(game.table, a).count()
                    checked += 1
            game.apply(legal[Rng(seed + len(game.log)).below(len(legal))])
    assert checked > 1000


def test_every_player_has_a_thinker():
    game = game_with(DEAL)
    view = View(game, game.turn)
    for name in ("random", "tactics", "defensive", "expert"):
        t = thinker(name)
        t.start(view, Rng(2))
        while not t.step():
            pass
        assert t.action in view.legal


def test_samples_avoid_tiles_the_opponent_would_have_scored_with():
    game = game_with(DEAL)
    game.apply(tile("[1|4]") * 8 + 4)  # W 1, E 4: count 5
    game.apply(tile("[0|1]") * 8 + 0)  # seat 2 makes 0 + 4 = 4, scoring nothing...
    # ...while [1|6] on W (6 + 4 = 10) would have scored: it is unlikely to hold it.
    view = View(game, 0)
    assert expert._spurned(view) == mask("[1|6]")
    t = expert.Thinker(60)
    t.start(view, Rng(4))
    for _ in range(20):
        t._sample()
        for j in range(6):
            assert expert._order[j] != tile("[1|6]")


# Seat 1 holds the low tiles, seat 2 the high ones; seat 2 lacks 1 and 2.
SPLIT = (
    "[0|0] [0|1] [0|2] [1|1] [1|2] [2|2] [0|3] / "
    "[4|4] [4|5] [5|5] [4|6] [5|6] [6|6] [3|4] / "
    "stock [0|4] [0|5] [0|6] [1|3] [1|4] [1|5] [1|6] [2|3] [2|4] [2|5] [2|6] [3|3] [3|5] [3|6]"
)


def test_samples_respect_what_a_stuck_draw_revealed():
    game = game_with(SPLIT, "draw=stuck")
    game.apply(tile("[1|2]") * 8 + 4)  # W 1, E 2: seat 2 has neither
    while game.turn == 1 and game.legal() == [DRAW]:
        game.apply(DRAW)  # [0|4], [0|5], [0|6], then [1|3], which fits
    game.apply(tile("[1|3]") * 8 + 0)  # it plays the tile it drew: W 3, E 2
    assert game.hands[1] & mask("[0|4]", "[0|5]", "[0|6]")
    view = View(game, 0)
    assert view.lacks[1] == 1 << 1 | 1 << 2 and not view.free[1]
    t = expert.Thinker(60)
    t.start(view, Rng(5))
    for _ in range(20):
        t._sample()
        for j in range(view.hand_sizes[1]):
            x = expert._order[j]
            assert LOW[x] not in (1, 2) and HIGH[x] not in (1, 2)
    # Under draw=optional a draw says nothing: the same draws leave 1 and 2 possible.
    game = game_with(SPLIT)
    game.apply(tile("[1|2]") * 8 + 4)
    for _ in range(4):
        game.apply(DRAW)
    game.apply(tile("[1|3]") * 8 + 0)
    assert View(game, 0).lacks[1] == 0


def test_mirrored_plays_are_judged_once():
    lead = game_with(SPLIT)
    t = expert.Thinker()
    t.start(View(lead, 0), Rng(1))
    # Four tiles either way round, three doubles and a draw (not at the lead): 7 moves.
    assert len(View(lead, 0).legal) == 12
    assert sorted(t.moves[: t.n]) == sorted(a for a in View(lead, 0).legal if a & 7 == 4)
    assert t.n == 7
    line = game_with(SPLIT, "draw=stuck")
    line.apply(tile("[0|3]") * 8 + 4)  # W 0, E 3
    line.apply(tile("[3|4]") * 8 + 1)  # W 0, E 4
    line.hands[0] = mask("[0|4]", "[1|4]", "[0|1]")
    line.apply(tile("[0|4]") * 8 + 0)  # W 4, E 4: a line the same from either end
    line.hands[1] = mask("[4|4]", "[4|5]", "[5|5]", "[4|6]")
    view = View(line, 1)
    t.start(view, Rng(1))
    plays = [a for a in view.legal if a < DRAW]
    assert len(plays) == 6 and t.n == 3 and all(t.moves[i] & 7 == 0 for i in range(3))


def test_a_domino_that_reaches_the_target_counts_as_the_match_won():
    for score, wins in ((95, True), (0, False)):
        game = game_with(SPLIT, "draw=stuck")
        game.apply(tile("[0|3]") * 8 + 4)  # W 0, E 3
        game.apply(tile("[3|4]") * 8 + 1)  # W 0, E 4
        game.hands[0] = mask("[0|4]")  # goes out on either end
        game.scores[0] = score
        t = expert.Thinker(10**6, 10**6, 1)
        t.start(View(game, 0), Rng(3))
        t._search(10**6)
        assert t.n == 2 and t.done
        for i in range(2):
            assert (t.values[i] >= expert.WIN) == wins
