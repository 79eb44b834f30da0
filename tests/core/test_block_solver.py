"""The sampling solver: exact values against brute force, deals consistent with
the view, and a bounded amount of search per step."""

from blockcheck import do, position
from check import mask
from core.blockrules import hand_count, Options
from core.blockview import LineView
from core.rng import Rng
from core.tiles import HIGH, LOW, NUMBER
from players import block_deal, block_solve, block_solver, get
from players.autoplay import play_line_match


def _value(hands, n, pairs, me):
    totals = [0] * 4
    for s in range(n):
        mask = 0
        for t in hands[s]:
            mask |= 1 << t
        totals[s & 1 if pairs else s] += hand_count(mask)
    mine = me & 1 if pairs else me
    return min(totals[s] for s in range(2 if pairs else n) if s != mine) - totals[mine]


def brute(hands, w, e, stock, seat, stuck, n, pairs, me):
    """Plain minimax over the same hand: every fitting tile on every end it fits."""
    hand = hands[seat]
    fits = [t for t in hand if w in (LOW[t], HIGH[t]) or e in (LOW[t], HIGH[t])]
    while not fits and stock:
        hand = hand + [stock[0]]
        stock = stock[1:]
        fits = [t for t in hand if w in (LOW[t], HIGH[t]) or e in (LOW[t], HIGH[t])]
    hands = hands[:seat] + [hand] + hands[seat + 1 :]
    after = (seat + 1) % n
    if not fits:
        if stuck + 1 >= n:
            return _value(hands, n, pairs, me)
        return brute(hands, w, e, stock, after, stuck + 1, n, pairs, me)
    values = []
    for t in fits:
        rest = hands[:seat] + [[x for x in hand if x != t]] + hands[seat + 1 :]
        ends = []
        if w in (LOW[t], HIGH[t]):
            ends.append((HIGH[t] if LOW[t] == w else LOW[t], e))
        if e in (LOW[t], HIGH[t]):
            ends.append((w, HIGH[t] if LOW[t] == e else LOW[t]))
        for nw, ne in ends:
            if not rest[seat]:
                values.append(_value(rest, n, pairs, me))
            else:
                values.append(brute(rest, nw, ne, stock, after, 0, n, pairs, me))
    mine = (seat & 1) == (me & 1) if pairs else seat == me
    return max(values) if mine else min(values)


def _solve(hands, w, e, stock, seat, n, pairs, me, alpha=-block_solve.WIN, beta=block_solve.WIN):
    for i, t in enumerate(stock):
        block_deal.order[i] = t
    block_solve.setup(n, pairs, me, len(stock), 1000)
    for s in range(4):
        block_solve.hands[s] = 0
        for t in hands[s] if s < n else ():
            block_solve.hands[s] |= 1 << t
    block_solve.nodes = 0
    block_solve.limit = 10**9
    return block_solve.search(seat, w, e, 0, 0, alpha, beta)


def test_the_solver_values_small_hands_exactly():
    rng = Rng(7)
    checked = 0
    for case in range(300):
        n, pairs, size = ((2, False, 4), (3, False, 2), (4, True, 2))[case % 3]
        tiles = list(range(28))
        rng.shuffle(tiles, 28)
        w, e = rng.below(7), rng.below(7)
        tiles = [t for t in tiles if not (LOW[t] == HIGH[t] == w)]
        hands = [tiles[s * size : (s + 1) * size] for s in range(n)]
        stock = tiles[n * size : n * size + rng.below(4)]
        seat, me = rng.below(n), rng.below(n)
        exact = brute(hands, w, e, stock, seat, 0, n, pairs, me)
        assert _solve(hands, w, e, stock, seat, n, pairs, me) == exact
        # Outside a window, a bound on the right side of it.
        low = _solve(hands, w, e, stock, seat, n, pairs, me, exact, exact + 5)
        high = _solve(hands, w, e, stock, seat, n, pairs, me, exact - 5, exact)
        assert low <= exact <= high
        checked += 1
    assert checked == 300


def _views(game_name, options, names, seed):
    """A view of every decision of a seeded match, as the seat to move saw it."""
    seen = []

    def watch(name, view):
        seen.append(view)
        return get(name, "block")(view, Rng(len(seen)))

    o = Options.parse(game_name, options)
    choosers = [lambda v, r, name=name: watch(name, v) for name in names]
    from players import autoplay

    saved = autoplay.get
    autoplay.get = lambda name, family: choosers[names.index(name)]
    try:
        play_line_match(game_name, o, seed, names)
    finally:
        autoplay.get = saved
    return seen


def test_deals_are_consistent_with_the_view():
    views = _views("kozel", "players=3", ["medium", "easy", "hard"], 5)
    rng = Rng(3)
    relaxed = kept_out = doubted = 0
    doubt = [0, 0, 0, 0]
    for i, view in enumerate(views[:800]):
        hands = [0, 0, 0, 0]
        block_deal.doubts(view, doubt)
        assert doubt[view.seat] == 0 and all(d & ~view.unseen == 0 for d in doubt)
        stock_at = block_deal.deal(view, rng, doubt if i & 1 else None)
        block_deal.hands(view, hands)
        assert stock_at == sum(view.hand_sizes) - view.hand_sizes[view.seat]
        assert hands[view.seat] == view.hand
        others = 0
        for s in range(view.players):
            assert bin(hands[s]).count("1") == view.hand_sizes[s]
            if s != view.seat:
                assert not others & hands[s]
                others |= hands[s]
                lacked = 0
                for n in range(7):
                    if view.lacks[s] >> n & 1:
                        lacked |= NUMBER[n]
                outside = bin(hands[s] & lacked).count("1")
                relaxed += outside > view.free[s]
                if i & 1 and doubt[s]:
                    doubted += 1
                    kept_out += not hands[s] & doubt[s]
        assert others & ~view.unseen == 0
        stock = 0
        for j in range(stock_at, bin(view.unseen).count("1")):
            stock |= 1 << block_deal.order[j]
        assert stock | others == view.unseen and not stock & others
    assert relaxed == 0
    # Doubted tiles are kept out of the hand in about 3 deals of 4 (_TRUST).
    assert doubted > 50 and 0.6 < kept_out / doubted < 0.95, (kept_out, doubted)


def test_a_seat_that_played_a_lighter_tile_is_doubted_to_hold_the_heavier():
    # [6|6] leads; seat 1 plays [2|6] when [5|6] fitted as well: from seat 0, every
    # unseen tile with a 6 heavier than 8 pips is doubted, nothing else.
    game = position("international", "", ["[6|6] [0|1]", "[2|6] [5|6] [4|4]"], "[3|3] [1|2]")
    game.apply(game.legal()[0])
    do(game, "play [2|6] W")
    doubt = [0, 0, 0, 0]
    block_deal.doubts(LineView(game, 0), doubt)
    assert doubt == [0, mask("[3|6]", "[4|6]", "[5|6]"), 0, 0]


def test_every_step_is_bounded_and_the_decision_legal():
    views = _views("international", "players=4 pairs=yes", ["medium", "easy"] * 2, 2)
    thinker = block_solver.Thinker(samples=5, solve_from=9, budget=2000, step_nodes=40)
    steps = solved = 0
    for view in views:
        thinker.start(view, Rng(1))
        if not thinker.done:
            solved += 1
        while True:
            done = thinker.step()
            steps += 1
            assert block_solve.nodes <= 40
            if done:
                break
        assert thinker.action in view.legal
    assert solved > 5 and steps > 3 * solved


def test_a_deal_is_kept_until_every_move_is_solved_on_it():
    # However many steps its first move's search takes, a sample is dealt once.
    views = _views("international", "players=4 pairs=yes", ["medium", "easy"] * 2, 2)
    views = [v for v in views if len(v.legal) > 1 and v.table.n >= 8][:12]
    dealt = [0]
    saved = block_solver.deal

    def counted(view, rng, doubt):
        dealt[0] += 1
        return saved(view, rng, doubt)

    block_solver.deal = counted
    try:
        steps = 0
        for view in views:
            thinker = block_solver.Thinker(samples=3, budget=50000, step_nodes=40)
            thinker.start(view, Rng(1))
            dealt[0] = 0
            while not thinker.step():
                steps += 1
            assert dealt[0] == thinker.sample == 3
        assert steps > 10 * len(views)
    finally:
        block_solver.deal = saved


def test_the_solver_decides_legally_once_the_stock_is_spent():
    # Every late decision is solved on deals, within the arena budget.
    views = _views("1x1", "", ["medium", "medium"], 4)
    late = [v for v in views if len(v.legal) > 1 and v.table.n >= 8 and v.stock == 0]
    assert late
    for view in late[:5]:
        action = block_solver.choose(view, Rng(1))
        assert action in view.legal


def test_the_device_thinker_keeps_to_its_budget():
    from players import thinker

    views = _views("1x1", "", ["medium", "medium"], 6)
    t = thinker("solver", "block")
    assert t.budget == block_solver.BUDGET < block_solver.ARENA_BUDGET
    most = 0
    for view in views:
        before = block_solver.stats[1]
        t.start(view, Rng(2))
        while not t.step():
            pass
        most = max(most, block_solver.stats[1] - before)
        assert t.action in view.legal
    assert 0 < most <= block_solver.BUDGET


def test_hards_endgame_keeps_a_small_table_and_lets_it_go():
    # The transposition table is heap on a board: hard's endgame keeps at most
    # block_hard.TABLE entries while it searches and none once it has decided.
    from players import block_hard

    views = _views("kozel", "players=4 pairs=yes", ["medium"] * 4, 3)
    late = [v for v in views if len(v.legal) > 1 and v.stock == 0
            and sum(v.hand_sizes) <= block_hard.ENDGAME]
    assert late
    t = block_hard.Thinker()
    most = 0
    for view in late:
        t.start(view, Rng(3))
        assert t.now is t.solver
        while not t.step():
            most = max(most, len(block_solve.table))
        assert t.action in view.legal
        assert len(block_solve.table) == 0
    assert 0 < most <= block_hard.TABLE
