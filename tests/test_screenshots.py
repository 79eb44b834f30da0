"""tools/assets/screenshots.py (`make screenshots`) still reaches each picture's
moment, so the README's pictures can be remade after a screen changes."""

import pathlib
import sys

from PIL import Image

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools" / "assets"))
import screenshots  # noqa: E402


def test_every_game_has_a_shot_and_its_picture_is_on_the_front_page():
    readme = (ROOT / "README.md").read_text()
    assert len(screenshots.SHOTS) == 8
    for name in screenshots.SHOTS:
        assert "(docs/images/%s.png)" % name in readme, name
        assert (ROOT / "docs" / "images" / (name + ".png")).exists(), name


def test_a_shot_is_the_players_turn_at_twice_the_panels_size(tmp_path):
    # A draw-and-block table, and Poker, whose set-up the tool goes through by its
    # menu (the auction's shot takes a whole hand first: too slow for every run).
    for name in ("1x1", "poker"):
        path = screenshots.shoot(name, tmp_path)
        picture = Image.open(path)
        assert picture.size == (256, 128)
        lit = sum(picture.convert("L").histogram()[129:])
        assert 1000 < lit < 256 * 128 // 2, (name, lit)  # a table, not a blank or a flash
        assert path.stat().st_size < 4096


def test_a_shot_whose_moment_never_comes_says_so(tmp_path, monkeypatch):
    game, options, others, module, _, after, quiet = screenshots.SHOTS["1x1"]
    monkeypatch.setitem(screenshots.SHOTS, "1x1",
                        (game, options, others, "auction", "CALL", after, quiet))
    monkeypatch.setattr(screenshots, "MOST_FRAMES", 300)
    try:
        screenshots.shoot("1x1", tmp_path)
    except SystemExit as e:
        assert "1x1: never reached auction.CALL in 300 frames" in str(e)
    else:
        raise AssertionError("no error")
    assert not list(tmp_path.glob("*.png"))
