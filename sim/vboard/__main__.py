"""python -m sim.vboard FOLDER: a virtual board on a pseudo-terminal."""

from sim.vboard import main

main()
