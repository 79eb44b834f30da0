"""`make sim BOARD=vpico` (python -m sim.vpico): the virtual Pico in a window.

The firmware image of `make firmware BOARD=pico-spi` (or --board) runs on the
emulated RP2040 at its own speed: every frame takes the device time it takes
there, so a slow frame is felt. Keys as in the emulator window (arrows, Z/A,
X/B; Esc or Q quits); without a display it says how to run headless.
"""

import argparse
import os
import sys

from sim import render
from sim.__main__ import NO_DISPLAY
from sim.vpico import Missing, VirtualPico

BOARDS = ("pico-spi", "pico-i2c", "picoboy")


def main(argv=None):
    parser = argparse.ArgumentParser(prog="python -m sim.vpico", description=__doc__)
    parser.add_argument("--board", default="pico-spi", choices=BOARDS)
    parser.add_argument("--scale", type=int, default=6)
    parser.add_argument("--theme", choices=render.THEME_NAMES, default="white")
    args = parser.parse_args(argv)
    if sys.platform.startswith("linux") and not (
            os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY")):
        print(NO_DISPLAY, file=sys.stderr)
        return 0
    from sim.window import BUTTON_KEYS, pygame

    try:
        pico = VirtualPico(args.board)
    except Missing as e:
        print("The virtual Pico cannot start: %s" % e, file=sys.stderr)
        return 1
    try:
        pygame.display.init()
        surface = pygame.display.set_mode((128 * args.scale, 64 * args.scale))
    except pygame.error as e:
        pico.close()
        print(f"Could not open a window: {e}\n\n{NO_DISPLAY}", file=sys.stderr)
        return 1
    pygame.display.set_caption("Pocket Dominoes - virtual Pico (%s)" % args.board)
    with pico:
        while True:
            events = pygame.event.get()
            if any(e.type == pygame.QUIT or (e.type == pygame.KEYDOWN and e.key in (
                    pygame.K_ESCAPE, pygame.K_q)) for e in events):
                break
            keys = pygame.key.get_pressed()
            held = {name for key, name in BUTTON_KEYS.items() if keys[key]}
            pico.run(1, {pico.frame + 1: held})
            glass = render.image(pico.board.controller, args.theme)
            picture = pygame.image.frombytes(glass.tobytes(), glass.size, "RGB")
            surface.blit(pygame.transform.scale(picture, surface.get_size()), (0, 0))
            pygame.display.flip()
    pygame.quit()
    return 0


if __name__ == "__main__":
    sys.exit(main())
