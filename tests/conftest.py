"""Shared test helpers: play banker scripts and check refusals leave no trace.

Every command played through :func:`play` is followed by the two invariants
the bank must never break: the cash total equals the starting total, and every
corporation's certificates add up to exactly 100%.

Hypothesis runs under one of two profiles (issue 18.3: CI must never fail by chance):

- ``ci`` (the default): derandomized, so every run draws the same examples (a seed from
  each test's own source); no example database, no deadline, no health check that
  depends on the machine's speed.  A property test in CI is as repeatable as any other.
- ``explore`` (``HYPOTHESIS_PROFILE=explore``, or ``--hypothesis-profile=explore``):
  fresh random examples on every run, :func:`examples` times ``HYPOTHESIS_EXPLORE_FACTOR``
  (10) as many, and the example database in ``.hypothesis/`` so a failure found is
  replayed first next time.  ``scripts/explore.sh`` runs it.

Hypothesis also draws now and then a constant found in the source of the project's loaded
modules, so a derandomized test's examples depend on which of them are loaded when it
runs.  Every module of ``moderator`` and ``rulesets`` is therefore imported here, before
any test: the examples are the same whatever ran before, in a subset of the suite and on
any pytest-xdist worker.  A property test that finds another module of the repository
loaded since fails, naming it.

A case the open-ended search finds is kept as an explicit ``@example`` on its test.
"""

from __future__ import annotations

import gc
import importlib
import importlib.util
import json
import os
import pkgutil
import shutil
import sys
import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings
from hypothesis.database import DirectoryBasedExampleDatabase
from textual._styles_cache import StylesCache
from textual.css.model import RuleSet
from textual.css.stylesheet import Stylesheet

from moderator.game import Game
from moderator.script import parse_script
from rulesets.sharecount import size_of

REPO = Path(__file__).resolve().parent.parent
SHARED = REPO.parent / "shared"

# `moderator play --save` and `amend` start `moderator picture SAVE` apart (issue 41.2):
# never under the tests, where it would outlive them (tests/ui/test_picture_apart.py
# starts it on purpose and waits for it).  Set here, before any test and for every child.
os.environ["MODERATOR_NO_PICTURE"] = "1"
SCRIPTS = Path(__file__).resolve().parent / "scripts"

# ----------------------------------------------------------------- hypothesis profiles
settings.register_profile(
    "ci",
    derandomize=True,
    max_examples=100,
    deadline=None,
    print_blob=True,
    database=None,
    suppress_health_check=[HealthCheck.too_slow],  # timing: a loaded machine is not a bug
)
settings.register_profile(
    "explore",
    derandomize=False,
    max_examples=1000,
    deadline=None,
    print_blob=True,
    database=DirectoryBasedExampleDatabase(REPO / ".hypothesis" / "examples"),
    suppress_health_check=[HealthCheck.too_slow],
)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))

_TESTS = str(Path(__file__).resolve().parent) + os.sep
_IN_REPO: dict[str, bool] = {}
"""Module name -> whether its source is in the repository and not a test's (computed once)."""


def _of_the_repository(name: str, module: object) -> bool:
    """Whether ``module`` is one Hypothesis takes constants from: its file is in this
    repository, outside ``tests/`` and the virtual environment."""
    known = _IN_REPO.get(name)
    if known is None:
        file = getattr(module, "__file__", None)
        where = os.path.realpath(file) if isinstance(file, str) else ""
        known = (
            where.startswith(str(REPO) + os.sep)
            and not where.startswith(_TESTS)
            and f"{os.sep}site-packages{os.sep}" not in where
        )
        _IN_REPO[name] = known
    return known


def project_modules() -> frozenset[str]:
    """The loaded modules whose source lies in this repository outside the tests."""
    return frozenset(
        name for name, module in list(sys.modules.items()) if _of_the_repository(name, module)
    )


SCRIPT_MODULES = ("convert_18xxgames", "convert_1846", "convert_1847ae")
"""The tools under ``scripts/`` that tests import (by these names): loaded here with the
project, never later (``tests/test_convert_18xxgames.py``, ``tests/test_convert_1846.py`` and
``tests/test_convert_1847ae.py`` test the converters)."""


def _import_the_project() -> frozenset[str]:
    """Import every module of ``moderator`` and ``rulesets`` (a ``__main__`` is only run,
    never imported) and the tools of :data:`SCRIPT_MODULES`; the project's modules then
    loaded."""
    for package in ("moderator", "rulesets"):
        root = importlib.import_module(package)
        for found in pkgutil.walk_packages(root.__path__, prefix=f"{package}."):
            if found.name.rsplit(".", 1)[-1] != "__main__":
                importlib.import_module(found.name)
    for name in SCRIPT_MODULES:
        spec = importlib.util.spec_from_file_location(name, REPO / "scripts" / f"{name}.py")
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        sys.modules[name] = module  # its dataclasses look their module up
        spec.loader.exec_module(module)
    return project_modules()


PROJECT_MODULES = _import_the_project()
"""The project's modules, all loaded before the first test (see the module's docstring)."""


def profile_name() -> str:
    """The hypothesis profile in force (``--hypothesis-profile`` may have changed it)."""
    current = getattr(settings, "get_current_profile_name", None)  # not in older releases
    if current is not None:
        return str(current())
    return str(getattr(settings, "_current_profile", None) or "default")


def examples(count: int) -> int:
    """A test's number of examples: ``count`` in CI, more when exploring.

    A test's own ``max_examples`` outranks the profile's, so a test that sets one takes it
    from here to let ``explore`` search further than CI.
    """
    if profile_name() == "explore":
        return count * int(os.environ.get("HYPOTHESIS_EXPLORE_FACTOR", "10"))
    return count


def pytest_runtest_setup(item: pytest.Item) -> None:
    """Under the ``ci`` profile, a property test fails, naming the cause, when a module of
    the repository was loaded after the suite began (its examples would depend on the
    tests before it) or when its own settings bring chance back (``derandomize=False``,
    an example database, a deadline)."""
    if profile_name() != "ci" or item.get_closest_marker("hypothesis") is None:
        return
    late = sorted(project_modules() - PROJECT_MODULES)
    if late:
        pytest.fail(
            f"{item.nodeid}: {', '.join(late)} of the repository loaded after the suite began; "
            "Hypothesis draws constants from the loaded modules, so the examples would "
            "depend on the tests run before: load it in tests/conftest.py",
            pytrace=False,
        )
    own = getattr(getattr(item, "obj", None), "_hypothesis_internal_use_settings", None)
    if own is None:
        return
    chance = [
        what
        for what, bad in (
            ("derandomize=False", not own.derandomize),
            ("an example database", own.database is not None),
            ("a deadline", own.deadline is not None),
        )
        if bad
    ]
    if chance:
        pytest.fail(
            f"{item.nodeid}: its @settings bring chance into CI ({', '.join(chance)}); "
            "leave them to the profile in tests/conftest.py",
            pytrace=False,
        )


@pytest.fixture(autouse=True, scope="session")
def _toasts_kept_while_a_test_reads_them() -> Iterator[None]:
    """A toast's words stay in ``app._notifications`` until the test ends.

    Textual drops a notification once its timeout (5 s by default) has passed, and a
    test reading what the app said after a burst of keys failed on a loaded machine (the
    whole suite beside other work: ``test_keys_round9``'s paste on History, 22 minutes
    into the run) because the toast had already gone.  No test reads a toast's expiry.
    """
    from textual.notifications import Notification

    kept = Notification.time_left
    Notification.time_left = property(lambda self: 3600.0)  # type: ignore[assignment,method-assign]
    yield
    Notification.time_left = kept  # type: ignore[method-assign]


def forget_styles_caches() -> None:
    """Empty Textual's memo of a widget's two background styles.

    ``StylesCache.get_inner_outer`` is an ``lru_cache(1024)`` on a method, so it keeps the
    last 1024 widgets' style caches alive, with every line each of them drew: 150,000
    objects and more after a few app start-ups, which every full pass of the garbage
    collector walks (a third of a UI test's time went there).  The memo depends only on
    its two colours, so emptying it changes nothing drawn; it is emptied after each test
    and when an app of ``tests/ui/ui_helpers.running`` ends."""
    StylesCache.get_inner_outer.cache_clear()


_PARSED_CSS: dict[tuple[object, ...], list[RuleSet]] = {}
"""Textual's parsed rules of each stylesheet source, kept for every app of the run."""
_parse_rules = Stylesheet._parse_rules


def _parse_rules_once(
    self: Stylesheet,
    css: str,
    read_from: tuple[str, str],
    is_default_rules: bool = False,
    tie_breaker: int = 0,
    scope: str = "",
) -> list[RuleSet]:
    """Textual's ``Stylesheet._parse_rules``, parsed once for the whole run.

    Textual keeps a stylesheet's parsed sources for that stylesheet alone: every app a
    test starts parsed ``app.tcss`` and the default styles of each widget class again
    (15 ms, a tenth of a UI test's start of the app, issue 41).  The rules are a
    function of the source, where it was read from, its flags and the theme's
    variables (all in the key), and Textual only reads them once parsed (it shares
    them between its own re-parses of one stylesheet already), so every app of the
    run shares them: nothing drawn changes.  A source that fails to parse raises each
    time, as before (nothing is kept of it)."""
    key = (css, read_from, is_default_rules, tie_breaker, scope, tuple(self._variables.items()))
    rules = _PARSED_CSS.get(key)
    if rules is None:
        rules = _parse_rules(self, css, read_from, is_default_rules, tie_breaker, scope)
        _PARSED_CSS[key] = rules
    return rules


Stylesheet._parse_rules = _parse_rules_once  # type: ignore[method-assign]


def pytest_runtest_teardown(item: pytest.Item) -> None:
    """After each test: see :func:`forget_styles_caches`."""
    forget_styles_caches()


def pytest_collection_finish(session: pytest.Session) -> None:
    """Once every test module is imported, what is loaded by then (pytest, Hypothesis,
    Textual, the project, the tests' own modules and tables) is frozen: the cyclic garbage
    collector's full passes no longer walk it.  A worker's heap is then mostly what the
    tests make, and the full passes an app-heavy test triggers cost much less.  Nothing
    is collected later than before: the thresholds are unchanged, and what the tests
    make and drop is collected as usual."""
    gc.collect()
    gc.freeze()


def pytest_unconfigure(config: pytest.Config) -> None:
    """At the end of the run, one full collection, then every object left is frozen.

    pytest then collects five times more (to report any error in a finalizer): each pass
    goes over the whole heap, and a pytest-xdist worker that ran a thousand tests holds
    half a million objects (1.5 s a pass on a loaded machine).  A worker still busy 5 s
    after the run is interrupted (``KeyboardInterrupt`` printed among the results).
    Whatever this first collection frees is finalized as usual, so a finalizer's error
    is still reported; the passes after it see only what came since.
    """
    gc.collect()
    gc.freeze()


def example_scripts() -> list[Path]:
    """The shared example scripts (``../shared/examples``) and ``tests/scripts``.

    ``tests/scripts`` keeps a copy of the shared recorded game so the suite also
    runs where ``shared/`` is not beside the checkout; the shared file wins by name.
    """
    found: dict[str, Path] = {p.name: p for p in sorted(SCRIPTS.glob("*.script"))}
    if (SHARED / "examples").is_dir():
        found.update({p.name: p for p in sorted((SHARED / "examples").glob("*.script"))})
    return [found[name] for name in sorted(found)]


SHORT_RECORDED = next(p for p in example_scripts() if p.name == "1846-short-recorded.script")
"""The recorded 1846 game of ``shared/examples`` (48 commands, an emergency issue)."""

TO_SR2 = """\
run PRR 0
train PRR 4
done PRR
run MS 0
done MS
run BIG4 0
done BIG4
run PRR 0
done PRR
run NYC 0
done NYC
run BO 0
done BO
run GT 0
done GT
expect round SR
pass Player1
"""
"""After the short recorded game: the rest of its first operating-round set, and stock round 2
opened (Player1 passes)."""

RULEBOOK_SETUP = """
game 1846 Amy Bob Carlos
remove ERIE PRR MC OI SC TBC
private Amy MS
private Bob CWI
private Bob LSL
private Bob MAIL 60
private Carlos BIG4
private Carlos MPC
"""
"""The setup and private distribution of the 1846 rulebook's Detailed Example of Play."""


def check_invariants(game: Game) -> None:
    """Cash is conserved and every corporation is exactly 100% (in whoever's hands)."""
    game.state.ledger.check_conservation()
    for company in game.state.ledger.companies.values():
        if company.kind == "corporation":
            if game.title == "1817" and not company.launched:
                # 1817: the certificates are made at the IPO, whose size is chosen then (§3)
                assert not company.certificates, company.id
                continue
            whole = 100
            if game.title == "1817" and company.certificates:
                # 1817 facts §5: each short is one more share, in the market or held
                shorts = game.ruleset.shorts_on(game.state, company.id)  # type: ignore[attr-defined]
                whole += shorts * (100 // size_of(company))
            assert sum(c.percent for c in company.certificates) == whole, company.id
            marks = sum(c.president for c in company.certificates)
            if game.title == "1853":
                # 1853: the director is marked once appointed (2.9, 3.2); a manager holds no
                # director's certificate (3.4), nor does a company not yet formed.
                director = company.president()
                assert marks == (1 if director is not None else 0), company.id
                if director is not None:
                    assert company.launched, company.id
            else:
                assert marks == 1, company.id


def play(
    text: str, *, path: Path | None = None, check: Callable[[Game], None] = check_invariants
) -> Game:
    """Play a whole script; fail the test at the first refused line, naming it.  ``check``
    runs after the game line and after every command (the invariants of every title by
    default)."""
    game: Game | None = None
    for line in parse_script(text):
        if game is None:
            game = Game.from_command(line.command, path=path)
            check(game)
            continue
        outcome = game.execute(line.command)
        assert outcome.ok, f"line {line.number} `{line.text}` refused: {outcome.message}"
        check(game)
    assert game is not None, "no game line"
    return game


ENDED_1817_SCORES = {"One": 6202, "Two": 6736, "Three": 10072, "Four": 11397}
"""The final scores of :func:`ended_1817_with_a_short`, worked out by hand (facts §14):
cash + shares × price − shorts × price (no private is held by a player at the end).

- One: 1,832 + AS 1 × 110 + Bess 6 × 245 + DLW 6 × 245 + NYSW 6 × 220 = 6,202
- Two: 1,676 + AS 6 × 110 + GT 4 × 490 + NYOW 3 × 300 + NYSW 1 × 220 + WT 3 × 440 = 6,736
- Three: 4,267 + AS 1 × 110 + Bess 3 × 245 + NYOW 1 × 300 + NYSW 1 × 220 + UR 6 × 300
  + WT 6 × 440 = 10,072
- Four: 4,797 + Belt 2 × 300 + Bess 1 × 245 + DLW 1 × 245 + GT 6 × 490 + NYOW 6 × 300
  + NYSW 2 × 220 + WT 1 × 440 − AS 1 short × 110 = 11,397
"""


def ended_1817_with_a_short() -> str:
    """A cut of the recorded game 15528 that ends with a short held and a loan-laden
    corporation: its script without the ``expect`` lines (its figures change), Four's last
    cover of an AS short in stock round 7 (phase 8: no new short) written ``pass Four``
    instead, and AS's three paybacks of its last turn (OR 7.2) left out.  The game still
    ends at its last acquisition round's ``pass`` (facts §14): Four holds 1 AS short, AS
    ends at $110 with 5 loans, Two its president (:data:`ENDED_1817_SCORES`)."""
    lines = [
        line
        for line in (SCRIPTS / "1817-recorded-15528.script").read_text("utf-8").splitlines()
        if not line.startswith(("expect ", "#"))
    ]
    cover = len(lines) - 1 - lines[::-1].index("buy Four AS pool")
    lines[cover] = "pass Four"
    last_run = max(k for k, line in enumerate(lines) if line.startswith("run AS "))
    lines = lines[:last_run] + [x for x in lines[last_run:] if x != "payback AS"]
    return "\n".join(lines) + "\n"


def refuse(game: Game, line: str, *fragments: str) -> str:
    """Assert ``line`` is refused, its message holds ``fragments``, and nothing changed."""
    before = json.dumps(game.state_json(), sort_keys=True)
    journal = len(game.journal)
    outcome = game.execute(line)
    assert not outcome.ok, f"`{line}` was accepted"
    for fragment in fragments:
        assert fragment in outcome.message, f"{fragment!r} not in {outcome.message!r}"
    assert json.dumps(game.state_json(), sort_keys=True) == before, "a refusal changed the state"
    assert len(game.journal) == journal, "a refusal was journaled"
    return outcome.message


@pytest.fixture
def play_script() -> Callable[..., Game]:
    """The :func:`play` helper as a fixture."""
    return play


@pytest.fixture
def refused() -> Callable[..., str]:
    """The :func:`refuse` helper as a fixture."""
    return refuse


@pytest.fixture
def saves(tmp_path: Path) -> Path:
    """An empty saves folder."""
    folder = tmp_path / "saves"
    folder.mkdir()
    return folder


@pytest.fixture
def short_tmp_path() -> Iterator[Path]:
    """An empty temporary folder with a short path (``/tmp/mod-XXXXXXXX``), removed after.

    For a test that reads a folder's whole path off a screen of fixed width: pytest's
    ``tmp_path`` grows with the session's number, the test's name and, under pytest-xdist,
    the worker's (``/tmp/pytest-of-root/pytest-12/popen-gw1/test_the_start_screen_0``),
    and a path too long for its line is wrapped at a space or cut at the border.
    """
    folder = Path(tempfile.mkdtemp(prefix="mod-"))
    try:
        yield folder
    finally:
        shutil.rmtree(folder, ignore_errors=True)
