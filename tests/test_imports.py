"""The firmware's modules import each other without cycles (lazy imports inside
functions count too): ui.narrate_bid builds on ui.narrate, never the reverse."""

import ast
import pathlib

FIRMWARE = pathlib.Path(__file__).resolve().parent.parent / "firmware"


def module_name(path):
    parts = list(path.relative_to(FIRMWARE).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imports():
    """{module: the firmware modules it imports}, from every import statement."""
    modules = {module_name(p): p for p in FIRMWARE.rglob("*.py")}
    graph = {}
    for name, path in modules.items():
        found = set()
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Import):
                found |= {a.name for a in node.names}
            elif isinstance(node, ast.ImportFrom) and node.module:
                found.add(node.module)
                found |= {node.module + "." + a.name for a in node.names}
        graph[name] = {m for m in found if m in modules and m != name}
    return graph


def cycle_through(graph, start):
    """A path of imports from `start` back to it, or None."""
    stack = [(start, [start])]
    seen = set()
    while stack:
        name, path = stack.pop()
        for imported in graph[name]:
            if imported == start:
                return path + [start]
            if imported not in seen:
                seen.add(imported)
                stack.append((imported, path + [imported]))
    return None


def test_the_duels_words_build_on_the_shared_ones_never_the_reverse():
    graph = imports()
    assert "ui.narrate" in graph["ui.narrate_bid"]
    assert cycle_through(graph, "ui.narrate") is None
    assert cycle_through(graph, "ui.narrate_bid") is None


def test_no_firmware_module_imports_itself_back():
    graph = imports()
    cycles = [cycle_through(graph, name) for name in graph]
    assert [c for c in cycles if c] == []
