"""Playing without the screen: the window's question keys, and the terminal mode
(`python -m sim.terminal`) in which a whole match is played from typed commands."""

import pathlib
import subprocess
import sys

from core.allfives import Options
from core.rng import Rng
from core.view import View
from players import get
from screens import table
from ui.restore import decode
from ui.session import Session
from ui_driver import DIRECTION

from sim.terminal import Terminal

ROOT = pathlib.Path(__file__).resolve().parent.parent


def screen_name(terminal):
    return type(terminal.app.screen).__module__.split(".")[-1]


def cursor_words(screen, target):
    step = "r" if target > screen.cursor else "l"
    return [step] * abs(target - screen.cursor) + ["a"]


def commands(terminal, asked):
    """What a player types for a whole match against the handheld to 61: set the
    target in Rules options, start, play tactics' moves, ask every question once."""
    tactics = get("tactics")
    options_set = False
    while True:
        name = screen_name(terminal)
        screen = terminal.app.screen
        if name == "matchend":
            yield "a"
            return
        if name == "menu" and not options_set:
            options_set = True
            yield "d d d d a l b"  # Rules options, target 100 -> 61, back
            yield "u u u u a a"  # All Fives vs handheld, Start
        elif name == "table" and screen.mode == table.CHOOSE_TILE:
            if not asked:
                asked.extend(["last", "ends", "tiles", "scores", "hand"])
                yield " ".join(asked)
            session = screen.session
            action = tactics(View(session.game, session.to_move()), Rng(1))
            slot = len(screen.tiles) if action >> 3 >= 28 else screen.tiles.index(action >> 3)
            yield " ".join(cursor_words(screen, slot))
            if screen.mode == table.CHOOSE_END:
                end = action & 7
                if screen.ends[screen.end_index] != end:
                    yield DIRECTION[end]
                yield "a"
        else:
            yield "a"


def test_a_whole_match_is_played_from_typed_commands(tmp_path):
    lines = []
    terminal = Terminal(save_dir=tmp_path, write=lines.append)
    asked = []
    terminal.run(commands(terminal, asked))
    assert screen_name(terminal) == "menu"
    said = "\n".join(lines)
    assert "Main menu" in said and "Target: 61." in said
    assert "Hand 1. You lead." in said or "Hand 1. CPU leads." in said
    assert "win the match" in said or "wins the match" in said
    # The questions were answered with the state of the table.
    assert asked and "Open ends" in said and "Tiles: You" in said and "Your tiles:" in said
    last = decode(terminal.app.storage.get("last"))
    assert last.over and last.options.target == 61 and max(last.game.scores) >= 61
    assert last.seats[0].startswith("human:")


def test_the_terminal_reads_standard_input(tmp_path):
    typed = "a\nscores\nnonsense\n\nu\nquit\nd\n"
    run = subprocess.run(
        [sys.executable, "-m", "sim.terminal", "--save-dir", str(tmp_path)],
        cwd=ROOT,
        input=typed,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert run.returncode == 0, run.stderr
    out = run.stdout.splitlines()
    assert "Pocket Dominoes." in out
    assert "Dominoes: eight domino games. Press any button." in out
    assert "Main menu, playing as PLAYER 1. All Fives vs handheld." in out
    assert "No match is being played." in out
    assert "Unknown command 'nonsense'; help lists them." in out
    assert out[-1] == "More games."  # up wrapped round the menu; quit stopped before down


def test_number_keys_in_the_window_answer_questions(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    monkeypatch.setenv("SDL_AUDIODRIVER", "dummy")
    from sim.window import pygame, Window

    window = Window("pico-spi", save_dir=tmp_path, program="game")
    try:
        session = Session(Options(), 7, ["human:Ann", "handheld:tactics"])
        session.deal()
        window.emulator.screen.go("table", session)
        for key in (pygame.K_2, pygame.K_4, pygame.K_KP5):
            pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key))
        window.run(window.emulator.frames + 1)
    finally:
        window.close()
    printed = capsys.readouterr().out.splitlines()
    assert "The table is empty." in printed
    assert "Score: You 0, CPU 0, playing to 100." in printed
    assert printed[-1].startswith("Your tiles: [") and window.message == printed[-1]
