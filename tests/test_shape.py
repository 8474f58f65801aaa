"""The code's shape holds: the per-package table of docs/architecture.md, no circle, no function of grade E or F.

docs/architecture.md draws the floors and writes down, per package, which packages and which libraries it
may import; ``FLOORS``, ``MAY_IMPORT``, ``LIBRARIES``, ``FIGURE_MODULES`` and ``ROOMS`` below are the same
table, so a new package (or a new top-level module, a new folder of ``app`` or ``lessons``, a new library)
has to be placed here and there.
"""

from __future__ import annotations

import ast
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import NamedTuple

from radon.complexity import cc_rank, cc_visit
from radon.visitors import Class, Function

PACKAGE = Path(__file__).resolve().parents[1] / "tutorial_app"

# The floor of every package and top-level module of tutorial_app: a module may import its own package and
# anything on a lower floor, nothing on its own floor or above (docs/architecture.md).
FLOORS: dict[str, int] = {
    "language": 0,
    "cache": 0,
    "rules": 1,
    "i18n": 1,
    "strategy": 2,
    "board": 2,
    "names": 2,
    "source": 2,
    "lessons": 3,
    "courses": 3,
    "stores": 3,
    "club": 4,
    "puzzles": 4,
    "app": 5,
    "commands": 5,
    "launch": 6,
    "cluster": 7,
    "cli": 8,
    "__main__": 9,
}

# What each package may import from tutorial_app besides itself and ``language`` (every package may name a
# language): a package, or one module of it ("board.layout": that module only).
MAY_IMPORT: dict[str, set[str]] = {
    "language": set(),
    "cache": set(),
    "rules": set(),
    "i18n": set(),
    "strategy": {"rules"},
    "board": {"rules"},
    "names": {"rules"},
    "source": {"rules"},
    "lessons": {"rules", "strategy", "source", "board.layout", "board.adjust", "cache"},
    "courses": set(),
    "stores": {"rules", "names", "source"},
    "club": {"lessons", "strategy", "rules", "names", "source", "stores"},
    "puzzles": {"lessons", "strategy", "rules", "names", "stores"},
    "app": {"club", "puzzles", "stores", "lessons", "source", "names", "board", "strategy", "i18n", "rules", "cache"},
    "commands": {"puzzles", "lessons", "strategy", "rules", "source"},
    "launch": {"commands"},
    "cluster": {"commands", "launch"},
    "cli": {"commands", "launch", "cluster"},
    "__main__": {"cli"},
}

# The libraries besides the standard library each package may import. Drawing, serving, files and numbers stay
# off the floors that must stay pure: the rules core imports none, the strategy engine numpy only.
LIBRARIES: dict[str, set[str]] = {
    # Babel: the language layer compiles a source checkout's .po catalogs; i18n extracts and checks them
    "language": {"babel"},
    "cache": set(),
    "rules": set(),
    "i18n": {"babel"},
    "strategy": {"numpy"},
    "board": {"plotly", "numpy"},
    "names": set(),
    "source": {"yaml"},
    "lessons": {"pydantic", "pydantic_core"},
    "courses": set(),
    "stores": {"sqlalchemy"},
    "club": {"sqlalchemy"},
    "puzzles": {"sqlalchemy", "numpy"},
    "app": {"streamlit", "plotly", "segno"},
    "commands": set(),
    "launch": {"streamlit"},
    "cluster": set(),
    "cli": set(),
    "__main__": set(),
}

# Where a package's drawing libraries may be imported: the board's figure modules only (its layout, adjust,
# shapes and controllers are pure, and the lessons and the club use them without Plotly).
FIGURE_MODULES: dict[str, dict[str, set[str]]] = {
    "board": {
        "plotly": {"figure", "tien_gow_figure", "showcase", "seat_names"},
        "numpy": {"figure", "tien_gow_figure", "showcase", "seat_names"},
    },
}

# The folders ("rooms") inside a package, each on a level: a module may import its own room and rooms on a
# lower level of the same package, never a room beside or above it. A module directly in the package (not in a
# folder) is a room of its own name; the package's __init__ (its face) is "".
ROOMS: dict[str, dict[str, int]] = {
    "rules": {
        "text": 0,
        "tiles": 1,
        "bot_names": 1,
        "house": 1,
        "game": 2,
        "simulation": 3,
        "line": 4,
        "tien_gow": 5,
        "games": 6,
        "": 7,
    },
    "lessons": {"format": 0, "quiz": 1, "games": 2, "check": 3, "run": 4, "catalog": 5, "": 6},
    "app": {
        "": 0,
        "shell": 1,
        "table": 2,
        "tien_gow": 3,
        "play": 4,
        "games": 5,
        "compare": 6,
        "learn": 6,
        "club": 7,
        "puzzles": 7,
        "app_pages": 8,
        "main": 9,
    },
}


class Import(NamedTuple):
    """One import statement's target, with where it is written."""

    module: str  # the importing module, e.g. tutorial_app.board.felt
    target: str  # the imported module, e.g. tutorial_app.board.shape (or a name in it: tutorial_app.x.y.Name)
    line: int


def module_name(path: Path) -> str:
    """tutorial_app/board/felt.py -> tutorial_app.board.felt; a package's __init__.py is the package."""
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def modules() -> dict[str, Path]:
    """Every module of tutorial_app by its dotted name."""
    return {module_name(path): path for path in sorted(PACKAGE.rglob("*.py"))}


def imports(name: str, path: Path) -> Iterator[Import]:
    """Every import in a module (at the top, in a function or under TYPE_CHECKING alike), made absolute."""
    is_package = path.name == "__init__.py"
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), filename=str(path))):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield Import(name, alias.name, node.lineno)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                package = name.split(".")[: len(name.split(".")) - node.level + is_package]
                base = ".".join([*package, base] if base else package)
            yield Import(name, base, node.lineno)
            for alias in node.names:
                yield Import(name, f"{base}.{alias.name}", node.lineno)


def all_imports() -> list[Import]:
    return [found for name, path in modules().items() for found in imports(name, path)]


def floor_name(module: str) -> str:
    """The package (or top-level module) of tutorial_app a dotted name belongs to."""
    parts = module.split(".")
    return parts[1] if len(parts) > 1 else parts[0]


def test_every_package_has_a_floor() -> None:
    unplaced = sorted({floor_name(name) for name in modules() if name != "tutorial_app"} - set(FLOORS))
    assert not unplaced, f"place these on a floor in FLOORS and in docs/architecture.md: {unplaced}"


def against_floors(found: list[Import]) -> list[str]:
    """The imports of a package from its own floor or above, each as module:line and why."""
    wrong = []
    for one in found:
        here, there = floor_name(one.module), floor_name(one.target)
        if not one.target.startswith("tutorial_app.") or one.module == "tutorial_app" or here == there:
            continue
        if there in FLOORS and FLOORS[there] >= FLOORS[here]:
            wrong.append(
                f"{one.module}:{one.line} imports {one.target} ({here} is on floor "
                f"{FLOORS[here]}, {there} on floor {FLOORS[there]})"
            )
    return sorted(set(wrong))


def test_against_floors_names_an_import_going_up_or_sideways() -> None:
    up = Import("tutorial_app.rules.line.moves", "tutorial_app.app.shell.session", 7)
    sideways = Import("tutorial_app.board.layout", "tutorial_app.strategy.bots", 9)
    down = Import("tutorial_app.lessons.format.capstone", "tutorial_app.strategy.bots", 19)
    assert against_floors([up, sideways, down]) == [
        "tutorial_app.board.layout:9 imports tutorial_app.strategy.bots (board is on floor 2, strategy on floor 2)",
        "tutorial_app.rules.line.moves:7 imports tutorial_app.app.shell.session (rules is on floor 1, app on floor 5)",
    ]


def test_imports_run_down_the_floors() -> None:
    wrong = against_floors(all_imports())
    assert not wrong, "imports against the floors (docs/architecture.md):\n" + "\n".join(wrong)


def third_party(target: str) -> str | None:
    """The library an import names, or None for the standard library, __future__ and tutorial_app."""
    top = target.split(".")[0]
    if top in ("tutorial_app", "__future__", "") or top in sys.stdlib_module_names:
        return None
    return top


def test_the_tables_name_every_package() -> None:
    for table in (MAY_IMPORT, LIBRARIES):
        assert set(table) == set(FLOORS)
    for package, allowed in MAY_IMPORT.items():
        assert all(FLOORS[entry.split(".")[0]] < FLOORS[package] for entry in allowed), package


def outside_the_table(found: list[Import]) -> list[str]:
    """The imports of another tutorial_app package that MAY_IMPORT does not allow, each as module:line."""
    wrong = []
    for one in found:
        here = floor_name(one.module)
        if not one.target.startswith("tutorial_app.") or one.module == "tutorial_app":
            continue
        there = one.target.removeprefix("tutorial_app.")
        if floor_name(one.target) in (here, "language"):
            continue
        # "from tutorial_app.board import layout" names the package and then the module: the module decides
        allowed = any(
            there == entry or there.startswith(entry + ".") or entry.startswith(there + ".")
            for entry in MAY_IMPORT.get(here, set())
        )
        if not allowed:
            wrong.append(f"{one.module}:{one.line} imports {one.target} ({here} may import {sorted(MAY_IMPORT[here])})")
    return sorted(set(wrong))


def test_outside_the_table_names_an_import_the_table_does_not_list() -> None:
    names_rules = Import("tutorial_app.names", "tutorial_app.rules.text.Text", 3)
    lessons_layout = Import("tutorial_app.lessons.check.semantics", "tutorial_app.board.layout.layout_table", 19)
    lessons_figure = Import("tutorial_app.lessons.check.semantics", "tutorial_app.board.figure", 20)
    names_board = Import("tutorial_app.names", "tutorial_app.board.shape", 4)
    assert outside_the_table([names_rules, lessons_layout, lessons_figure, names_board]) == [
        "tutorial_app.lessons.check.semantics:20 imports tutorial_app.board.figure (lessons may import "
        "['board.adjust', 'board.layout', 'cache', 'rules', 'source', 'strategy'])",
        "tutorial_app.names:4 imports tutorial_app.board.shape (names may import ['rules'])",
    ]


def test_each_package_imports_only_what_the_table_allows() -> None:
    wrong = outside_the_table(all_imports())
    assert not wrong, "imports the table of docs/architecture.md does not allow:\n" + "\n".join(wrong)


def wrong_libraries(found: list[Import]) -> list[str]:
    """The imports of a library a package (or, for a figure-only library, a module) may not use."""
    wrong = []
    for one in found:
        library, here = third_party(one.target), floor_name(one.module)
        if library is None:
            continue
        if library not in LIBRARIES.get(here, set()):
            wrong.append(f"{one.module}:{one.line} imports {library} ({here} may use {sorted(LIBRARIES[here])})")
            continue
        figures = FIGURE_MODULES.get(here, {}).get(library)
        module = one.module.split(".")[2] if one.module.count(".") >= 2 else ""
        if figures is not None and module not in figures:
            wrong.append(f"{one.module}:{one.line} imports {library} (only {here}'s figure modules may)")
    return sorted(set(wrong))


def test_wrong_libraries_names_a_library_off_its_floor_and_off_the_figures() -> None:
    found = [
        Import("tutorial_app.rules.line.moves", "numpy", 5),
        Import("tutorial_app.board.layout", "plotly.graph_objects", 9),
        Import("tutorial_app.board.figure", "plotly.graph_objects.Figure", 12),
        Import("tutorial_app.strategy.kernel", "numpy", 7),
        Import("tutorial_app.app.table.board_view", "streamlit", 3),
        Import("tutorial_app.lessons.format.model", "json", 2),
    ]
    assert wrong_libraries(found) == [
        "tutorial_app.board.layout:9 imports plotly (only board's figure modules may)",
        "tutorial_app.rules.line.moves:5 imports numpy (rules may use [])",
    ]


def test_each_package_uses_only_its_libraries() -> None:
    wrong = wrong_libraries(all_imports())
    assert not wrong, "libraries the table of docs/architecture.md does not allow:\n" + "\n".join(wrong)


def room(module: str) -> str:
    """The folder (or top-level module) of its package a module is in; "" for the package's __init__."""
    parts = module.split(".")
    return parts[2] if len(parts) > 2 else ""


def across_rooms(found: list[Import]) -> list[str]:
    """The imports from a room of a package to a room beside or above it (ROOMS), each as module:line."""
    wrong = []
    for one in found:
        package = floor_name(one.module)
        if package not in ROOMS or floor_name(one.target) != package or not one.target.startswith("tutorial_app."):
            continue
        here, there = room(one.module), room(one.target)
        levels = ROOMS[package]
        if here == there:
            continue
        if here not in levels or there not in levels:
            unknown = here if here not in levels else there
            wrong.append(f"{one.module}:{one.line}: place {package}/{unknown or '__init__'} in ROOMS")
        elif levels[there] >= levels[here]:
            wrong.append(
                f"{one.module}:{one.line} imports {one.target} ({package}/{here} may not import {package}/{there})"
            )
    return sorted(set(wrong))


def test_across_rooms_names_an_import_beside_or_above() -> None:
    found = [
        Import("tutorial_app.lessons.run.runner", "tutorial_app.lessons.check.table", 40),
        Import("tutorial_app.lessons.format.scenes", "tutorial_app.lessons.quiz.answers", 3),
        Import("tutorial_app.app.play.table", "tutorial_app.app.compare.job", 5),
        Import("tutorial_app.app.learn.step_parts", "tutorial_app.app.learn.lesson_player", 6),
    ]
    assert across_rooms(found) == [
        "tutorial_app.app.play.table:5 imports tutorial_app.app.compare.job (app/play may not import app/compare)",
        "tutorial_app.lessons.format.scenes:3 imports tutorial_app.lessons.quiz.answers "
        "(lessons/format may not import lessons/quiz)",
    ]


def test_the_folders_of_a_package_import_downwards() -> None:
    wrong = across_rooms(all_imports())
    assert not wrong, "imports between the folders of a package against ROOMS:\n" + "\n".join(wrong)


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected parts of more than one node (Tarjan's algorithm, without recursion)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    for start in sorted(graph):
        if start in index:
            continue
        work: list[tuple[str, Iterator[str]]] = [(start, iter(sorted(graph[start])))]
        index[start] = low[start] = len(index)
        stack.append(start)
        on_stack.add(start)
        while work:
            node, successors = work[-1]
            step = next(successors, None)
            if step is not None:
                if step not in index:
                    index[step] = low[step] = len(index)
                    stack.append(step)
                    on_stack.add(step)
                    work.append((step, iter(sorted(graph.get(step, set())))))
                elif step in on_stack:
                    low[node] = min(low[node], index[step])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                part = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    part.append(member)
                    if member == node:
                        break
                if len(part) > 1:
                    found.append(sorted(part))
    return found


def test_circles_finds_a_circle() -> None:
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    assert circles(graph) == [["a", "b", "c"]]
    assert circles({"a": {"b"}, "b": set()}) == []


def test_no_import_circle_between_packages_or_modules() -> None:
    known = modules()
    packages: dict[str, set[str]] = {floor_name(name): set() for name in known}
    between_modules: dict[str, set[str]] = {name: set() for name in known}
    for found in all_imports():
        if found.target in known and found.target != found.module:
            between_modules[found.module].add(found.target)
            if floor_name(found.target) != floor_name(found.module) and found.module != "tutorial_app":
                packages[floor_name(found.module)].add(floor_name(found.target))
    assert not circles(packages), f"import circle between packages: {circles(packages)}"
    assert not circles(between_modules), f"import circle between modules: {circles(between_modules)}"


def functions(found: list[Function | Class]) -> Iterator[Function]:
    """Every function and method radon measured (cc_visit lists methods beside their class), closures too."""
    for block in found:
        if isinstance(block, Function):
            yield block
            yield from functions(list(block.closures))


def too_complex(name: str, source: str) -> list[str]:
    """The functions of grade E or F (cyclomatic complexity above 30) in a module's source."""
    return [
        f"{name}:{block.lineno} {block.fullname}: grade {cc_rank(block.complexity)} ({block.complexity})"
        for block in functions(cc_visit(source))
        if cc_rank(block.complexity) in ("E", "F")
    ]


def test_too_complex_names_a_long_ladder() -> None:
    ladder = "".join(f"        if x == {n}:\n            return {n}\n" for n in range(31))
    source = f"def short(x):\n    return x\n\n\nclass Rack:\n    def ladder(self, x):\n{ladder}"
    assert too_complex("m", source) == ["m:6 Rack.ladder: grade E (32)"]


def test_no_function_of_grade_e_or_f() -> None:
    found = [line for name, path in modules().items() for line in too_complex(name, path.read_text(encoding="utf-8"))]
    assert not found, "split into one function per case (radon grade D at worst):\n" + "\n".join(found)


# -- one registry per floor, no switch on the game elsewhere (docs/architecture.md, "Adding a game") -----------

GAME_ENGINES = ("tutorial_app.rules.line", "tutorial_app.rules.tien_gow")
"""Each game's engine; the code outside them reaches a game through ``rules.games`` and the registries above it."""
GAME_PREDICATES = frozenset({"is_tien_gow", "is_trick_lesson"})
"""Questions "is this that game?" that once chose the code by the game."""


def _game_names(tree: ast.Module) -> dict[str, str]:
    """The names a module imports from one game's engine (a class, a function, or the engine itself), by game."""
    names: dict[str, str] = {}
    for node in ast.walk(tree):
        if not isinstance(node, ast.ImportFrom) or not node.module:
            continue
        for alias in node.names:
            full = f"{node.module}.{alias.name}"
            for engine in GAME_ENGINES:
                if full == engine or full.startswith(engine + "."):
                    names[alias.asname or alias.name] = engine
    return names


def game_switches(name: str, source: str) -> list[str]:
    """The places a module chooses code by which game it holds: a game predicate called, or (in a module that
    imports two games) an ``isinstance`` test against one game's class; each as module:line."""
    tree = ast.parse(source)
    names = _game_names(tree)
    both = len(set(names.values())) > 1
    found = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call):
            continue
        called = node.func.id if isinstance(node.func, ast.Name) else getattr(node.func, "attr", "")
        if called in GAME_PREDICATES:
            found.append(f"{name}:{node.lineno} asks {called}")
        elif called == "isinstance" and both and len(node.args) == 2:
            tested = {n.id for n in ast.walk(node.args[1]) if isinstance(n, ast.Name)}
            if tested & set(names):
                found.append(f"{name}:{node.lineno} tests isinstance against a game's class")
    return found


def test_game_switches_finds_a_predicate_and_a_class_test() -> None:
    source = (
        "from tutorial_app.rules import tien_gow as tg\n"
        "from tutorial_app.rules.line.state import Move\n"
        "def f(run, move, name):\n"
        "    if tg.is_tien_gow(name):\n"
        "        return isinstance(move, tg.Move)\n"
        "    return isinstance(move, Move) or isinstance(move, str)\n"
    )
    assert game_switches("m", source) == [
        "m:4 asks is_tien_gow",
        "m:5 tests isinstance against a game's class",
        "m:6 tests isinstance against a game's class",
    ]
    one_game = "from tutorial_app.rules.line.state import Move\ndef f(move):\n    return isinstance(move, Move)\n"
    assert game_switches("m", one_game) == []


def test_no_game_switch_outside_the_engines() -> None:
    found = [
        line
        for name, path in modules().items()
        if not name.startswith(GAME_ENGINES)
        for line in game_switches(name, path.read_text(encoding="utf-8"))
    ]
    assert not found, "ask the game's registry entry instead of testing which game it is:\n" + "\n".join(found)
