"""The hypothesis profiles of tests/conftest.py (issue 18.3: CI must never fail by chance).

Under ``ci`` every property test draws the same examples on every run, with no example
database and no deadline; a test whose own settings bring chance back fails, naming the
setting.  ``explore`` draws fresh examples, more of them.
"""

from __future__ import annotations

from types import SimpleNamespace

import pytest
from conftest import examples, profile_name, pytest_runtest_setup
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
