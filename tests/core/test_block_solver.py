"""The sampling solver: exact values against brute force, deals consistent with
the view, and a bounded amount of search per step."""

from blockcheck import do, position
from check import mask
from core.blockrules import hand_count, Options
from core.blockview import LineView
from core.rng import Rng
from core.tiles import HIGH, LOW, NUMBER
from micropython import heap_lock, heap_unlock
from players import block_deal, block_solve, block_solver, get
from players.autoplay import play_line_match


def _count(hand):
    mask = 0
    for t in hand:
        mask |= 1 << t
    return hand_count(mask)


def _value(hands, n, pairs, me, how=None, out=-1):
    """The hand's end for `me`: by default the lowest count among the other
    sides less its own side's; with how "points", the duel's points (the lower
    count wins the other's); with how a leader seat, 1 if `me`'s side wins the
    hand (the seat `out`, or the lowest count from the leader on), else -1."""
    if how == "points":
        mine = _count(hands[me])
        theirs = _count(hands[1 - me])
        return theirs if mine < theirs else -mine if mine > theirs else 0
    if how is not None:
        if out < 0:
            out = how
            for k in range(1, n):
                s = (how + k) % n
                if _count(hands[s]) < _count(hands[out]):
                    out = s
        return 1 if out == me or pairs and (out - me) % 2 == 0 else -1
    totals = [0] * 4
    for s in range(n):
        totals[s & 1 if pairs else s] += _count(hands[s])
    mine = me & 1 if pairs else me
    return min(totals[s] for s in range(2 if pairs else n) if s != mine) - totals[mine]


def brute(hands, w, e, stock, seat, stuck, n, pairs, me, how=None):
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
            return _value(hands, n, pairs, me, how)
        return brute(hands, w, e, stock, after, stuck + 1, n, pairs, me, how)
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
                values.append(_value(rest, n, pairs, me, how, seat))
            else:
                values.append(brute(rest, nw, ne, stock, after, 0, n, pairs, me, how))
    mine = (seat & 1) == (me & 1) if pairs else seat == me
    return max(values) if mine else min(values)


def _set(hands, stock, n, pairs, me, how=None, table=1000):
    """The deal in block_solve and block_deal.order, valued as `how` says."""
    for i, t in enumerate(stock):
        block_deal.order[i] = t
    points = how == "points"
    leader = how if how is not None and not points else -1
    block_solve.setup(n, pairs, me, len(stock), table, points, leader)
    for s in range(4):
        block_solve.hands[s] = 0
        for t in hands[s] if s < n else ():
            block_solve.hands[s] |= 1 << t


def _solve(hands, w, e, stock, seat, n, pairs, me, alpha=-block_solve.WIN, beta=block_solve.WIN):
    _set(hands, stock, n, pairs, me)
    block_solve.nodes = 0
    block_solve.limit = 10**9
    return block_solve.search(seat, w, e, 0, 0, alpha, beta)


def _deals(seed, cases):
    """Small random deals: (hands, w, e, stock, seat, n, pairs, me, how), at 2,
    3 and 4 seats, in pairs or not, with a stock or none, valued by the counts,
    by a duel's points or by the hand won from a leader."""
    rng = Rng(seed)
    shapes = ((2, False, 4), (2, False, 3), (3, False, 2), (4, False, 2), (4, True, 2))
    for case in range(cases):
        n, pairs, size = shapes[case % len(shapes)]
        tiles = list(range(28))
        rng.shuffle(tiles, 28)
        w, e = rng.below(7), rng.below(7)
        tiles = [t for t in tiles if not (LOW[t] == HIGH[t] == w)]
        hands = [tiles[s * size : (s + 1) * size] for s in range(n)]
        stock = tiles[n * size : n * size + rng.below(4)]
        seat, me = rng.below(n), rng.below(n)
        kind = rng.below(3)
        how = None if kind == 0 else "points" if kind == 1 and n == 2 else rng.below(n)
        yield hands, w, e, stock, seat, n, pairs, me, how


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


def test_every_valuation_is_exact_whatever_the_table_holds():
    # The counts, a duel's points and a hand won or lost, at every size of table:
    # one entry (every position replaces the last), a few, and plenty; each
    # search on a stack of the levels its start finds it needs, no more.
    kept = block_solve._stack
    try:
        _every_valuation()
    finally:
        block_solve._stack = kept


def _every_valuation():
    checked = 0
    for hands, w, e, stock, seat, n, pairs, me, how in _deals(11, 250):
        exact = brute(hands, w, e, stock, seat, 0, n, pairs, me, how)
        for table in (1, 5, 1000):
            _set(hands, stock, n, pairs, me, how, table)
            # No more levels than `start` finds it needs (an overflow would raise).
            block_solve._stack = block_solve._new_stack(1)
            block_solve.nodes = 0
            block_solve.limit = 10**9
            assert block_solve.search(seat, w, e, 0, 0, -block_solve.WIN, block_solve.WIN) == exact
            # And in a window: exact inside it, else a bound on its side.
            for alpha, beta in ((exact - 1, exact + 1), (exact, exact + 3), (exact - 3, exact)):
                block_solve.start(seat, w, e, 0, 0, alpha, beta)
                assert block_solve.run()
                v = block_solve.result
                if alpha < exact < beta:
                    assert v == exact
                else:
                    assert v <= alpha if exact <= alpha else v >= beta
        checked += 1
    assert checked == 250


def test_an_interrupted_search_resumes_where_it_stopped():
    # A search cut into runs of a node or a few ends with the same value, the
    # same nodes in all and the hands as they were, as one that is not cut.
    checked = 0
    for hands, w, e, stock, seat, n, pairs, me, how in _deals(12, 150):
        exact = brute(hands, w, e, stock, seat, 0, n, pairs, me, how)
        _set(hands, stock, n, pairs, me, how, 7)
        kept = list(block_solve.hands)
        block_solve.nodes = 0
        block_solve.limit = 10**9
        block_solve.start(seat, w, e, 0, 0, -block_solve.WIN, block_solve.WIN)
        assert block_solve.run() and block_solve.result == exact
        whole = block_solve.nodes
        assert block_solve.hands == kept
        for step in (1, 3):
            _set(hands, stock, n, pairs, me, how, 7)
            block_solve.nodes = 0
            block_solve.start(seat, w, e, 0, 0, -block_solve.WIN, block_solve.WIN)
            runs = 0
            while True:
                block_solve.limit = block_solve.nodes + step
                runs += 1
                if block_solve.run():
                    break
                assert block_solve.nodes == block_solve.limit
            assert block_solve.result == exact and block_solve.nodes == whole
            assert runs == (whole + step - 1) // step
            assert block_solve.hands == kept
        checked += 1
    assert checked == 150


def test_the_search_allocates_nothing():
    # Under MicroPython a locked heap makes any allocation fail (on CPython the
    # lock is a stand-in): the search, once started, needs none, and the
    # generations that keep the deals' entries apart start again when spent.
    block_solve._generation = 32767 * 32768  # the last: stored words stay below 2**30
    searched = 0
    for hands, w, e, stock, seat, n, pairs, me, how in _deals(13, 60):
        exact = brute(hands, w, e, stock, seat, 0, n, pairs, me, how)
        _set(hands, stock, n, pairs, me, how, 61)
        block_solve.nodes = 0
        block_solve.limit = 10**9
        block_solve.start(seat, w, e, 0, 0, -block_solve.WIN, block_solve.WIN)
        heap_lock()
        try:
            done = block_solve.run()
        finally:
            heap_unlock()
        assert done and block_solve.result == exact
        searched += block_solve.nodes
    assert searched > 300
    assert block_solve._generation == 60 * 32768


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


def test_with_no_stock_the_tiles_only_one_seat_may_hold_are_dealt_to_it():
    # Seen in a Kozel match: seat 0 may hold all 14 unseen tiles and holds 11,
    # seat 1 lacks 5 and holds 3, nothing is left for the stock. Gathered first
    # (the least room), seat 0 often took the tiles seat 1 may hold, and left it
    # the three 5s, which seat 0 doubts too; after 8 shuffles like that the
    # dealer relaxed seat 1's lacks.
    class View:
        players = 3
        seat = 2
        unseen = mask("[0|0]", "[0|1]", "[0|2]", "[0|3]", "[0|4]", "[1|1]", "[2|3]", "[2|4]",
                      "[3|3]", "[3|4]", "[3|5]", "[4|4]", "[4|5]", "[5|5]")
        hand = mask("[0|6]", "[1|6]", "[2|6]", "[3|6]")
        hand_sizes = (11, 3, 4)
        lacks = (1 << 6, 1 << 5, 1 | 1 << 5)
        free = (0, 0, 0)

    fives = mask("[3|5]", "[4|5]", "[5|5]")
    doubt = [fives, fives, 0, 0]
    rng = Rng(5)
    hands = [0, 0, 0, 0]
    for i in range(200):
        block_deal.deal(View, rng, doubt if i & 1 else None)
        block_deal.hands(View, hands)
        assert hands[0] & fives == fives and not hands[1] & fives
        assert hands[0] | hands[1] == View.unseen


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
    # Every late decision is solved on deals, within the arena budget (with the
    # device's table: the arena's, block_solver.choose's, is some 1.4 MB).
    from players import think

    views = _views("1x1", "", ["medium", "medium"], 4)
    late = [v for v in views if len(v.legal) > 1 and v.table.n >= 8 and v.stock == 0]
    assert late
    thinker = block_solver.Thinker(budget=block_solver.ARENA_BUDGET)
    for view in late[:5]:
        action = think(thinker, view, Rng(1))
        assert action in view.legal
        assert thinker.sample == thinker.samples


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


def test_a_decision_does_not_depend_on_how_its_work_is_cut_into_steps():
    # A step resumes the search where the last one stopped: in steps of 7 nodes
    # or of 500, the same nodes in all and the same decision.
    views = _views("international", "players=4 pairs=yes", ["medium", "easy"] * 2, 2)
    views = [v for v in views if len(v.legal) > 1 and v.table.n >= 8][:12]
    assert views
    for i, view in enumerate(views):
        made = []
        for step_nodes in (7, 500):
            thinker = block_solver.Thinker(samples=4, budget=1500, step_nodes=step_nodes)
            before = block_solver.stats[1]
            thinker.start(view, Rng(i))
            while not thinker.step():
                pass
            made.append((thinker.action, thinker.sample, block_solver.stats[1] - before))
        assert made[0] == made[1]


def test_hards_endgame_searches_in_what_was_allocated_at_import():
    # The table and the stack are heap on a board: hard's endgame needs no more
    # than block_solve allocates at import, so nothing is allocated as it thinks.
    from players import block_hard

    assert block_hard.TABLE <= block_solve.SLOTS
    # Its searches start on at most ENDGAME - 1 tiles (its own move made).
    assert (block_hard.ENDGAME - 1 - 4 + 1) * 4 <= block_solve.DEPTH
    table = block_solve._table
    stack = block_solve._stack
    views = _views("kozel", "players=4 pairs=yes", ["medium"] * 4, 3)
    late = [v for v in views if len(v.legal) > 1 and v.stock == 0
            and sum(v.hand_sizes) <= block_hard.ENDGAME]
    assert late
    t = block_hard.Thinker()
    searched = 0
    for view in late:
        t.start(view, Rng(3))
        assert t.now is t.solver
        before = block_solver.stats[1]
        while not t.step():
            pass
        searched += block_solver.stats[1] - before
        assert t.action in view.legal
    assert searched > 0
    assert block_solve._table is table and block_solve._stack is stack
