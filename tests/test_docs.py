"""The project's own rule book, docs/rules.md, and what points at it."""

import pathlib
import re

from screens.help import PAGES
from screens.menu import _ITEMS

ROOT = pathlib.Path(__file__).resolve().parent.parent
RULES = ROOT / "docs" / "rules.md"


def anchors(markdown):
    """The anchors GitHub gives the headings of a Markdown text."""
    out = set()
    for heading in re.findall(r"^#+ (.+)$", markdown, re.M):
        slug = re.sub(r"[^\w\- ]", "", heading.lower()).replace(" ", "-")
        out.add(slug)
    return out


def test_the_readme_cites_the_rule_book_and_never_a_file_outside_the_repository():
    readme = (ROOT / "README.md").read_text()
    assert "../shared" not in readme and "RULES.md" not in readme
    links = re.findall(r"\(docs/rules\.md(?:#([\w-]+))?\)", readme)
    assert links, "the README must cite docs/rules.md"
    known = anchors(RULES.read_text())
    for anchor in filter(None, links):
        assert anchor in known, anchor


def test_every_number_of_the_rules_help_is_in_the_rule_book():
    # Not a proof of agreement, but a page that gains a figure the book lacks
    # (a new option value, a changed clock) fails here until the book says it too.
    book = set(re.findall(r"\d+", RULES.read_text()))
    for heading, body in PAGES:
        missing = set(re.findall(r"\d+", body)) - book
        assert not missing, (heading, missing)


def test_the_rule_book_names_every_game_and_says_which_are_on_the_menu():
    book = RULES.read_text()
    for game in ("All Fives", "Spectacular Bid", "Domino 1x1", "Classic", "Kozel",
                 "Yard Kozel", "International", "Domino Poker"):
        assert game in book, game
    assert "(coming)" not in book  # every game's engine plays today
    sections = dict(re.findall(r"^## (\d)\. (.+)$", book, re.M))
    assert sections["3"] == "The draw-and-block games"
    assert sections["4"] == "Domino Poker"
    # What the book says is on the menu is there: poker on the main menu, the
    # draw-and-block games under its "More games".
    from core.blockrules import GAMES
    from screens.games import GAME_TITLES

    labels = [label for _, label in _ITEMS]
    assert "Domino Poker" in labels and "More games" in labels
    assert '"More games" opens the five **draw-and-block games**' in book
    for game in GAMES:
        assert GAME_TITLES[game] in book, GAME_TITLES[game]
