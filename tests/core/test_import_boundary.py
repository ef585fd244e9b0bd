"""The core never imports Textual: only `moderator.ui` may.  And every import points one
way (issue 18.12): no circles among the modules, no screen imports the app, the table
view's server (`moderator.web`) and the core never import `moderator.ui`."""

from __future__ import annotations

import ast
import json
import subprocess
import sys
from pathlib import Path

from conftest import REPO

CORE = [
    "moderator",
    "moderator.ledger",
    "moderator.script",
    "moderator.journal",
    "moderator.game",
    "moderator.market",
    "moderator.state",
    "moderator.cli",
    "moderator.commands",
    "moderator.events",
    "moderator.errors",
    "rulesets",
    "rulesets.base",
    "rulesets.g1846",
    "rulesets.g1847ae",
    "rulesets.g1847pfalz",
    "rulesets.g1847rrrrb",
    "rulesets.box",
    "rulesets.g1853",
    "moderator.scoring",
    "moderator.checker",
    "moderator.export",
    "moderator.follow",
    "moderator.narrate",
    "moderator.simulate",
    "moderator.saves_index",
    "moderator.boxvalues",
]

PROBE = """
import importlib, json, sys
for name in sys.argv[1:]:
    importlib.import_module(name)
print(json.dumps(sorted(m for m in sys.modules if m == "textual" or m.startswith("textual."))))
"""


def _textual_modules_after_importing(*names: str) -> list[str]:
    done = subprocess.run(
        [sys.executable, "-c", PROBE, *names],
        capture_output=True,
        text=True,
        cwd=REPO,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def test_core_does_not_load_textual() -> None:
    assert _textual_modules_after_importing(*CORE) == []


def test_playing_a_game_does_not_load_textual() -> None:
    """Running the CLI's batch path (not just importing) stays clear of Textual too."""
    probe = PROBE.replace(
        "print(",
        "from moderator.cli import main\n"
        "main(['play', 'tests/scripts/1846-rulebook-example.script', '--json'])\n"
        "sys.stdout.write('\\n')\nprint(",
        1,
    )
    done = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, cwd=REPO, timeout=120
    )
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout.strip().splitlines()[-1]) == []


def test_the_probe_can_see_textual() -> None:
    """The check is not vacuous: importing Textual is visible to it."""
    assert "textual" in _textual_modules_after_importing("textual")


# ---------------------------------------------------------------- one-way imports (issue 18.12)
PACKAGES = ("moderator", "rulesets")


def _package_modules() -> dict[str, Path]:
    """Every module of the packages by dotted name (a package by its ``__init__``)."""
    found: dict[str, Path] = {}
    for package in PACKAGES:
        for path in sorted((REPO / package).rglob("*.py")):
            parts = list(path.relative_to(REPO).with_suffix("").parts)
            if parts[-1] == "__init__":
                parts.pop()
            found[".".join(parts)] = path
    return found


MODULES = _package_modules()


def _is_type_checking(node: ast.If) -> bool:
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def imports_of(path: Path, *, typing_too: bool = False) -> set[str]:
    """The package modules ``path`` imports, anywhere in it (a function's lazy import
    too); those under ``if TYPE_CHECKING:`` only with ``typing_too``.
    ``from a.b import c`` counts as ``a.b.c`` when that is a module, else ``a.b``."""
    found: set[str] = set()

    def visit(node: ast.AST) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.If) and _is_type_checking(child) and not typing_too:
                for other in child.orelse:
                    visit_one(other)
                continue
            visit_one(child)

    def visit_one(node: ast.AST) -> None:
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            for alias in node.names:
                full = f"{node.module}.{alias.name}"
                found.add(full if full in MODULES else node.module)
        visit(node)

    visit(ast.parse(path.read_text(encoding="utf-8"), filename=str(path)))
    return {name for name in found if name in MODULES}


def import_cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The modules that import one another in a circle (strongly connected components
    of more than one module, Tarjan's algorithm without recursion)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    cycles: list[list[str]] = []
    for root in sorted(graph):
        if root in index:
            continue
        work = [(root, iter(sorted(graph[root])))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            node, edges = work[-1]
            for nxt in edges:
                if nxt not in index:
                    index[nxt] = low[nxt] = len(index)
                    stack.append(nxt)
                    on_stack.add(nxt)
                    work.append((nxt, iter(sorted(graph.get(nxt, ())))))
                    break
                if nxt in on_stack:
                    low[node] = min(low[node], index[nxt])
            else:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[node])
                if low[node] == index[node]:
                    component = []
                    while True:
                        top = stack.pop()
                        on_stack.discard(top)
                        component.append(top)
                        if top == node:
                            break
                    if len(component) > 1:
                        cycles.append(sorted(component))
    return cycles


def test_no_import_cycles_among_the_modules() -> None:
    """Every import points one way: no module imports, even lazily inside a function, one
    that imports it back (directly or round a longer circle)."""
    graph = {name: imports_of(path) - {name} for name, path in MODULES.items()}
    assert import_cycles(graph) == []


def test_the_cycle_check_finds_a_circle(tmp_path: Path) -> None:
    """The check is not vacuous: it finds the circles the UI once had (issue 18.12), and
    reads lazy imports, leaving type-only ones out."""
    graph = {
        "app": {"main", "keys"},
        "main": {"app", "dialogs"},
        "dialogs": {"main"},
        "score": {"project"},
        "project": {"charts"},
        "charts": {"score"},
        "keys": set(),
    }
    assert sorted(import_cycles(graph)) == [
        ["app", "dialogs", "main"],
        ["charts", "project", "score"],
    ]
    probe = tmp_path / "probe.py"
    probe.write_text(
        "from typing import TYPE_CHECKING\n"
        "from moderator import commands as c\n"
        "if TYPE_CHECKING:\n    from moderator.game import Game\n"
        "def f():\n    from moderator.ui.app import KeysReady\n",
        encoding="utf-8",
    )
    assert imports_of(probe) == {"moderator.ui.app", "moderator.commands"}
    assert imports_of(probe, typing_too=True) == {
        "moderator.ui.app",
        "moderator.commands",
        "moderator.game",
    }


def test_no_screen_or_widget_imports_the_app() -> None:
    """Screens and widgets ask the app through ``moderator.ui.host``; the app alone
    imports the screens (not even a type-only import points back up)."""
    below = [
        name
        for name in MODULES
        if name.startswith(("moderator.ui.screens.", "moderator.ui.widgets."))
    ]
    assert below, "no screens found: the check would be vacuous"
    offenders = {
        name: sorted(imports_of(MODULES[name], typing_too=True) & {"moderator.ui.app"})
        for name in below
    }
    assert {name: found for name, found in offenders.items() if found} == {}


def test_the_core_and_the_web_never_import_the_ui() -> None:
    """``moderator.web`` (the table view) and the core read saves through the core
    (``moderator.saves_index``), never through ``moderator.ui``; the command line only
    starts the TUI."""
    outside = [name for name in MODULES if not name.startswith("moderator.ui")]
    # the command line starts the TUI (``run_app``), and only that
    allowed = {"moderator.cli": {"moderator.ui.app"}}
    offenders = {
        name: sorted(
            m
            for m in imports_of(MODULES[name], typing_too=True)
            if m.startswith("moderator.ui") and m not in allowed.get(name, set())
        )
        for name in outside
    }
    assert {name: found for name, found in offenders.items() if found} == {}
    web = [name for name in MODULES if name.startswith("moderator.web")]
    assert "moderator.web.server" in web


def test_the_web_loads_no_ui_module() -> None:
    """Importing the table view's server loads neither ``moderator.ui`` nor Textual."""
    probe = PROBE.replace(
        'm == "textual" or m.startswith("textual.")', 'm.startswith(("textual", "moderator.ui"))'
    )
    done = subprocess.run(
        [
            sys.executable,
            "-c",
            probe,
            "moderator.web",
            "moderator.web.server",
            "moderator.saves_index",
        ],
        capture_output=True,
        text=True,
        cwd=REPO,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout) == []


# ---------------------------------------------------------------- start-up (issue 21.1)
HEAVY = ("textual", "rich.table", "starlette", "uvicorn", "openpyxl", "xlsxwriter")
"""What the batch commands never need: the TUI, Rich's tables (``state`` without ``--json``
only), the table view's server and the XLSX writers."""


def _heavy_modules_after(run: str) -> list[str]:
    """The heavy modules (:data:`HEAVY`, and their submodules) loaded after ``run``."""
    probe = (
        "import json, sys\n"
        f"{run}\n"
        "sys.stdout.write('\\n')\n"
        f"heavy = {HEAVY!r}\n"
        "print(json.dumps(sorted(m for m in sys.modules\n"
        "                        if any(m == h or m.startswith(h + '.') for h in heavy))))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, cwd=REPO, timeout=120
    )
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout.strip().splitlines()[-1])


def test_importing_the_command_line_loads_nothing_heavy() -> None:
    """``import moderator.cli`` (every ``moderator`` process pays it) loads no TUI, Rich
    table, web server or spreadsheet library (issue 21.1)."""
    assert _heavy_modules_after("import moderator.cli") == []


def test_play_json_and_check_load_nothing_heavy() -> None:
    """A whole ``moderator play SCRIPT --json`` and a ``moderator check`` calculation
    import only what they need (issue 21.1)."""
    play = (
        "from moderator.cli import main\n"
        "assert main(['play', 'tests/scripts/1846-rulebook-example.script', '--json']) == 0"
    )
    assert _heavy_modules_after(play) == []
    check = (
        "from moderator.cli import main\n"
        "assert main(['check', '1846', 'run', '--price', '165', '--revenue', '500',\n"
        "             '--kind', 'full', '--new-price', '212']) == 0"
    )
    assert _heavy_modules_after(check) == []


def test_the_heavy_probe_can_see_them() -> None:
    """The check is not vacuous: a Rich table and the XLSX export are visible to it."""
    assert _heavy_modules_after("import rich.table, moderator.export") != []
    assert "rich.table" in _heavy_modules_after("import rich.table")
