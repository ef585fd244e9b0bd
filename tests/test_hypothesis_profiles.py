"""The hypothesis profiles of tests/conftest.py (issue 18.3: CI must never fail by chance).

Under ``ci`` every property test draws the same examples on every run, with no example
database and no deadline; a test whose own settings bring chance back fails, naming the
setting.  ``explore`` draws fresh examples, more of them.
"""

from __future__ import annotations

import pkgutil
import sys
from types import ModuleType, SimpleNamespace

import pytest
from conftest import (
    PROJECT_MODULES,
    REPO,
    examples,
    profile_name,
    project_modules,
    pytest_runtest_setup,
)
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

IN_CI = profile_name() == "ci"
ci_only = pytest.mark.skipif(not IN_CI, reason="checks the ci profile")


@ci_only
def test_the_ci_profile_is_loaded_by_default_and_leaves_nothing_to_chance() -> None:
    now = settings.default
    assert now.derandomize is True
    assert now.database is None
    assert now.deadline is None
    assert now.print_blob is True
    assert HealthCheck.too_slow in now.suppress_health_check
    assert now.max_examples == 100
    assert examples(600) == 600


def test_the_explore_profile_draws_fresh_examples_with_a_database() -> None:
    explore = settings.get_profile("explore")
    assert explore.derandomize is False
    assert explore.database is not None
    assert explore.max_examples > settings.get_profile("ci").max_examples


@ci_only
def test_two_runs_of_a_property_draw_the_same_examples() -> None:
    """What makes CI repeatable: the same test run twice sees the same examples."""
    runs: list[list[tuple[str, int]]] = []

    @settings(max_examples=50)
    @given(st.text(), st.integers())
    def drawn(text: str, number: int) -> None:
        runs[-1].append((text, number))

    for _ in range(2):
        runs.append([])
        drawn()
    assert len(runs[0]) > 10
    assert runs[0] == runs[1]


def _item(test: object) -> SimpleNamespace:
    """Just enough of a pytest item for the conftest's check."""
    return SimpleNamespace(
        obj=test,
        nodeid="tests/x.py::test_x",
        get_closest_marker=lambda name: object() if name == "hypothesis" else None,
    )


@ci_only
@pytest.mark.parametrize(
    ("own", "named"),
    [
        ({"derandomize": False}, "derandomize=False"),
        ({"deadline": 200}, "a deadline"),
    ],
)
def test_a_property_test_that_brings_chance_back_fails_naming_it(
    own: dict[str, object], named: str
) -> None:
    @settings(**own)  # type: ignore[arg-type]
    @given(st.integers())
    def chancy(number: int) -> None:
        pass

    with pytest.raises(pytest.fail.Exception, match=named):
        pytest_runtest_setup(_item(chancy))  # type: ignore[arg-type]


@ci_only
def test_a_property_test_with_its_own_example_count_is_fine() -> None:
    @settings(max_examples=examples(7), suppress_health_check=list(HealthCheck))
    @given(st.integers())
    def bounded(number: int) -> None:
        pass

    pytest_runtest_setup(_item(bounded))  # type: ignore[arg-type]


def test_every_module_of_the_project_is_loaded_before_the_first_test() -> None:
    """Hypothesis draws constants from the project's loaded modules: with all of them loaded
    from the start, a property test draws the same examples whichever tests ran before it
    (another order, a subset, another pytest-xdist worker)."""
    wanted = {"moderator", "rulesets"}
    for package in ("moderator", "rulesets"):
        where = [str(REPO / package)]
        wanted |= {
            found.name
            for found in pkgutil.walk_packages(where, prefix=f"{package}.")
            if not found.name.endswith(".__main__")
        }
    assert wanted <= PROJECT_MODULES
    assert "moderator.ui.screens.main" in PROJECT_MODULES and "rulesets.g1853" in PROJECT_MODULES
    assert not any(name.startswith(("conftest", "test_", "ui_helpers")) for name in PROJECT_MODULES)
    assert project_modules() == PROJECT_MODULES  # and nothing of the repository came since


@ci_only
def test_a_property_test_after_a_module_of_the_repository_came_late_fails_naming_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    late = ModuleType("late_helper")
    late.__file__ = str(REPO / "scripts" / "late_helper.py")
    monkeypatch.setitem(sys.modules, "late_helper", late)

    @given(st.integers())
    def drawn(number: int) -> None:
        pass

    with pytest.raises(pytest.fail.Exception, match="late_helper of the repository loaded"):
        pytest_runtest_setup(_item(drawn))  # type: ignore[arg-type]
    monkeypatch.delitem(sys.modules, "late_helper")
    pytest_runtest_setup(_item(drawn))  # type: ignore[arg-type]
