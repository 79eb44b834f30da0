"""The online tables of every family under the MicroPython unix port: shown the
server's views of seeded matches (tests/online_frames.py), with the arrows and A
pressed, no draw() allocates (tests/net/mpy_online_tables.py runs each under
micropython.heap_lock), as at the offline tables."""

import json
import pathlib
import subprocess

from online_frames import hand_over, Match, POKER_SEATS, room

ROOT = pathlib.Path(__file__).resolve().parent.parent


def case(name, screen, game, seats, match, seat=0, ends_a_hand=False, options=""):
    if ends_a_hand:
        views = list(hand_over(match, seat))
    else:
        match.play_until(lambda g: g.to_move() == seat and g.n > 2)
        views = [match.view(seat)]
    return {"name": name, "screen": screen, "room": room(game, seats, seat, options),
            "views": views}


def test_no_online_table_allocates_in_draw_on_micropython(tmp_path):
    cases = [
        case("turn", "onlinepoker", "poker", POKER_SEATS, Match("poker", "", 7, POKER_SEATS)),
        case("hand", "onlinepoker", "poker", POKER_SEATS, Match("poker", "", 7, POKER_SEATS),
             ends_a_hand=True),
        case("turn", "onlineline", "1x1", ["You", "bot"], Match("1x1", "", 1, ["You", "bot"])),
        case("hand", "onlineline", "1x1", ["You", "bot"], Match("1x1", "", 1, ["You", "bot"]),
             ends_a_hand=True),
        case("pairs", "onlineline", "yard", ["You", "bot", "Ann", "bot"],
             Match("yard", "", 3, ["You"] * 4), options="players=4 pairs=yes"),
        case("turn", "onlinecross", "allfives", ["You", "bot"],
             Match("allfives", "", 2, ["You", "bot"])),
        case("clocks", "onlinecross", "bid", ["You", "bot"], Match("bid", "", 4, ["You", "bot"])),
    ]
    path = tmp_path / "cases.json"
    path.write_text(json.dumps(cases))
    done = subprocess.run([str(ROOT / ".venv" / "bin" / "micropython"),
                           str(ROOT / "tests" / "net" / "mpy_online_tables.py"),
                           str(ROOT / "firmware"), str(tmp_path), str(path)],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    found = dict(line.split(" ", 1) for line in done.stdout.splitlines())
    assert found.pop("done") == "1" and len(found) == len(cases)
    for name, counts in found.items():
        frames, allocating = counts.split(":")
        assert int(frames) >= 40 and allocating == "0", (name, counts)
