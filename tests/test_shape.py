"""The code's shape holds: no function of radon grade E or F, imports run down the floors, no import circle.

The floors and what each package may import are written down in docs/architecture.md; ``FLOORS`` below is
the same table, so a new package (or a new top-level module) has to be placed on a floor here and there.
"""

from __future__ import annotations

import ast
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
    "rules": 1,
    "i18n": 1,
    "strategy": 2,
    "board": 2,
    "names": 2,
    "lessons": 3,
    "courses": 3,
    "club": 4,
    "puzzles": 4,
    "app": 5,
    "commands": 5,
    "launch": 6,
    "cli": 7,
    "__main__": 8,
}

# Libraries that draw, serve or read files: kept off the floors that must stay pure (the rules core, the
# strategy engine, the board's layout). A module of a package may import them only where listed.
UI_LIBRARIES = ("streamlit", "plotly", "yaml", "pydantic", "pydantic_core", "sqlalchemy")
UI_ALLOWED: dict[str, set[str]] = {
    "app": {"streamlit", "plotly", "sqlalchemy"},
    "club": {"sqlalchemy"},
    "puzzles": {"sqlalchemy"},
    "board": {"plotly"},
    "lessons": {"yaml", "pydantic", "pydantic_core"},
    "launch": {"streamlit"},
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
    up = Import("tutorial_app.rules.moves", "tutorial_app.app.session", 7)
    sideways = Import("tutorial_app.board.layout", "tutorial_app.strategy.bots", 9)
    down = Import("tutorial_app.lessons.capstone", "tutorial_app.strategy.bots", 19)
    assert against_floors([up, sideways, down]) == [
        "tutorial_app.board.layout:9 imports tutorial_app.strategy.bots (board is on floor 2, strategy on floor 2)",
        "tutorial_app.rules.moves:7 imports tutorial_app.app.session (rules is on floor 1, app on floor 5)",
    ]


def test_imports_run_down_the_floors() -> None:
    wrong = against_floors(all_imports())
    assert not wrong, "imports against the floors (docs/architecture.md):\n" + "\n".join(wrong)


def test_drawing_and_serving_libraries_stay_off_the_pure_floors() -> None:
    wrong = []
    for found in all_imports():
        library = found.target.split(".")[0]
        here = floor_name(found.module)
        if library in UI_LIBRARIES and library not in UI_ALLOWED.get(here, set()):
            wrong.append(f"{found.module}:{found.line} imports {found.target}")
    assert not wrong, "a library on a floor that must not use it:\n" + "\n".join(sorted(set(wrong)))


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
