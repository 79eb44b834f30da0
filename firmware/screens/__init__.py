"""Screens: each draws onto a framebuffer handed to it and reads the buttons."""
