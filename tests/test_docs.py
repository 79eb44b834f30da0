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


DOCS = ROOT / "docs"
README_MOST_LINES = 450  # the front page a newcomer reads; reference goes into docs/
LINK = re.compile(r"!?\[[^\]]*\]\(([^()\s]+)\)")


def markdown_files():
    return [ROOT / "README.md"] + sorted(DOCS.glob("*.md"))


def relative_links(markdown):
    """The targets of the links and images of a Markdown text that are not web addresses
    (code spans and indented code blocks left out, as they show links, not make them)."""
    prose = "\n".join(line for line in markdown.splitlines() if not line.startswith("    "))
    prose = re.sub(r"`[^`\n]*`", "", prose)
    return [t for t in LINK.findall(prose) if not re.match(r"[a-z]+:", t)]


def test_every_link_and_image_of_the_readme_and_docs_points_at_what_exists():
    checked = 0
    for page in markdown_files():
        text = page.read_text()
        for target in relative_links(text):
            path, _, anchor = target.partition("#")
            where = (page.parent / path).resolve() if path else page
            said = f"{page.relative_to(ROOT)}: {target}"
            assert where.exists(), said + " does not exist"
            assert ROOT in where.parents, said + " leaves the repository"
            if anchor and where.suffix == ".md":
                assert anchor in anchors(where.read_text()), said + ": no heading makes it"
            checked += 1
    assert checked > 50  # the check reads the links: the pages do link


def test_every_doc_is_reached_from_the_readme_and_the_readme_stays_short():
    readme = (ROOT / "README.md").read_text()
    assert len(readme.splitlines()) <= README_MOST_LINES
    linked = {target.partition("#")[0] for target in relative_links(readme)}
    for page in DOCS.glob("*.md"):
        assert "docs/" + page.name in linked, page.name
    for picture in (DOCS / "images").glob("*.png"):
        assert "docs/images/" + picture.name in linked, picture.name


def test_the_link_check_sees_a_missing_file_and_a_missing_anchor():
    page = "[a](docs/rules.md#no-such-heading) ![b](docs/images/none.png) `[c](x.md)`\n" \
        "    [d](indented.md)\n[e](https://example.org/x.md)"
    assert relative_links(page) == ["docs/rules.md#no-such-heading", "docs/images/none.png"]
    assert "no-such-heading" not in anchors(RULES.read_text())
    assert not (ROOT / "docs" / "images" / "none.png").exists()
