"""Playing the draw-and-block screens (screens.linetable, lineend) through the
buttons of the headless emulator, as tests/ui_driver.py does for All Fives."""

from core.actions import DRAW, is_pair, PAIR
from core.blockrules import Options
from core.tiles import DOUBLES
from screens import linetable
from ui.session import Session
from ui_driver import show


def start_line(handheld, game, options, seats, seed=7):
    session = Session(Options.parse(game, options), seed, seats, game)
    session.deal()
    return show(handheld, session)


def first_tile_play(view):
    """The first legal play (the engine lists single plays before the pair play)."""
    return view.legal[0]


def press_line_move(handheld, action):
    """Press what makes `action` on the table: LEFT/RIGHT to its tile, A, and on
    the choice of ways, RIGHT to it and A."""
    screen = handheld.screen
    t = DOUBLES[(action - PAIR) >> 3] if is_pair(action) else action >> 3
    while screen.tiles[screen.cursor] != t:
        handheld.press("right" if screen.tiles.index(t) > screen.cursor else "left")
    handheld.press("a")
    if screen.mode == linetable.CHOOSE_WAY:
        while screen.ways[screen.way] != action:
            handheld.press("right")
        handheld.press("a")


def respond_line(handheld, choose=first_tile_play):
    """One step of a player at the table: False once the match is over."""
    name = handheld.screen_name()
    screen = handheld.screen
    if name == "lineover":
        return False
    if name == "linetable" and screen.mode == linetable.CHOOSE_TILE:
        session = screen.session
        action = choose(session.view(session.to_move()))
        assert action < DRAW or is_pair(action)  # draws and passes are made by themselves
        press_line_move(handheld, action)
    elif name == "lineend" or (
        name == "linetable" and screen.mode in (linetable.MESSAGE, linetable.HANDOVER)
    ):
        handheld.press("a")
    else:
        handheld.frame()
    return True
