"""What the shell commands print fits the terminal (issue 38.4): ``score``, ``state``,
``project`` and ``check`` on finished games of every title keep within ``COLUMNS`` (100
here, as a pipe gets), and say "the score if it ended now" once; what the score leaves out
is said as not counted, with its rule (issue 38.2); ``export`` without a target says what
to give."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import SCRIPTS

from moderator.cli import main

FINISHED = {
    "1830": "1830-recorded-26855.script",  # Three bankrupt (25.0)
    "1846": "1846-bank-breaks.script",
    "1847AE": "1847ae-forced-bankrupt.script",
    "1847Pfalz": "1847pfalz-three-players.script",
    "1847RRRRB": "1847rrrrb-five-players.script",
    "1853": "1853-short-game.script",
    "1889": "1889-recorded-314.script",  # a bankruptcy
    "18Chesapeake": "18chesapeake-recorded-1905.script",  # the bank broken
}
CHECKS = {
    "1830": ["run", "PRR", "370", "paid", "37"],
    "1846": ["run", "NYC", "370", "half", "paid", "19"],
    "1847AE": ["run", "XX", "100"],
    "1847Pfalz": ["run", "XX", "100"],
    "1847RRRRB": ["run", "XX", "100"],
    "1853": ["run", "XX", "100"],
    "1889": ["run", "IR", "100"],
    "18Chesapeake": ["run", "PRR", "100"],
}
"""A check each: answered, or refused with the calculator's usage (134 columns before)."""


@pytest.fixture(scope="module")
def saves(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    folder = tmp_path_factory.mktemp("finished")
    out = {}
    for key, script in FINISHED.items():
        out[key] = folder / f"{key}.json"
        assert main(["play", str(SCRIPTS / script), "--save", str(out[key]), "--quiet"]) == 0
    unfinished = folder / "going-on.json"
    script = str(SCRIPTS / "1846-2e-five-players.script")
    assert main(["play", script, "--save", str(unfinished), "--quiet"]) == 0
    out["going on"] = unfinished
    return out


def printed(
    argv: list[str], capsys: pytest.CaptureFixture[str], columns: int = 100
) -> tuple[str, str]:
    capsys.readouterr()
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("COLUMNS", str(columns))
        main(argv)
    got = capsys.readouterr()
    return got.out, got.err


@pytest.mark.parametrize("key", [*FINISHED, "going on"])
def test_every_command_fits_100_columns(
    key: str, saves: dict[str, Path], capsys: pytest.CaptureFixture[str]
) -> None:
    save = str(saves[key])
    commands = [["score", save], ["state", save], ["project", save]]
    commands.append(["check", save, *CHECKS.get(key, ["run", "NYC", "100"])])
    for argv in commands:
        out, err = printed(argv, capsys)
        assert out or err, argv
        for line in [*out.splitlines(), *err.splitlines()]:
            assert len(line) <= 100, (argv[0], len(line), line)


def test_a_bankrupt_players_cash_is_said_not_counted(
    saves: dict[str, Path], capsys: pytest.CaptureFixture[str]
) -> None:
    """1830 25.0: Three's $544 in front of him is not in his $310, and `score` says so
    where it lists it."""
    out, _ = printed(["score", str(saves["1830"])], capsys, columns=200)
    three = out.split("Three  (bankrupt)\n")[1].split("\nFour")[0]
    assert (
        "cash                          —  not counted ($544): a bankrupt player scores only "
        "the stock he still holds (25.0)"
    ) in three
    assert "  total                      $310" in three  # the sign against the figure
    assert "  BM 1 × $70                  $70" in three
    out, _ = printed(["score", str(saves["1853"])], capsys)
    assert "not counted (£130): bonds do not count (5.2.1)" in out


def test_the_score_if_it_ended_now_said_once(
    saves: dict[str, Path], capsys: pytest.CaptureFixture[str]
) -> None:
    out, _ = printed(["score", str(saves["going on"])], capsys)
    assert out.lower().count("if the game ended now") + out.count("if it ended now") == 1
    assert out.splitlines()[0].endswith("the game goes on (10.1, 10.2)")


def test_project_says_what_its_dash_is(
    saves: dict[str, Path], capsys: pytest.CaptureFixture[str]
) -> None:
    out, _ = printed(["project", str(saves["going on"])], capsys)
    assert out.splitlines()[0] == "Projection (1846): amounts in $"  # its figures have no $
    assert " - " in out.split("Places")[0]
    assert "-: nothing there: a company that does not run that round" in out
    _, err = printed(["project", str(saves["1830"])], capsys)
    assert err.startswith("refused: the game has ended: nothing is left to project")


def test_export_without_a_target_says_what_to_give(
    saves: dict[str, Path], capsys: pytest.CaptureFixture[str]
) -> None:
    capsys.readouterr()
    assert main(["export", str(saves["1846"])]) == 1
    err = capsys.readouterr().err
    assert "--xlsx FILE" in err and "--csv DIR" in err and "nothing exported" in err


def test_a_bankrupt_players_place_says_why_it_is_last(
    saves: dict[str, Path], capsys: pytest.CaptureFixture[str]
) -> None:
    """1847 AE: B went bankrupt with M262, more than C's M211, and comes third (a bankrupt
    player after every player still in): the places say "(bankrupt)", the figure alone read
    as a wrong order."""
    out, _ = printed(["score", str(saves["1847AE"])], capsys)
    assert out.endswith("  2. C  M211\n  3. B  M262 (bankrupt)\n")


@pytest.mark.parametrize("key", ["1847AE", "1847Pfalz", "1847RRRRB", "1853", "1846", "1830"])
def test_state_names_the_leader_as_the_titles_rules_do(
    key: str, saves: dict[str, Path], capsys: pytest.CaptureFixture[str]
) -> None:
    """The 1847 rules (5, 8.1, 9) and 1853's (2.9) say Director, never president, as the
    log's lines and the screens' panels do: ``state``'s companies table heads its column so
    (it said "president" for the 1847 titles)."""
    out, _ = printed(["state", str(saves[key])], capsys)
    companies = out.split("Companies")[1]
    leader = "president" if key in ("1846", "1830") else "director"
    other = "director" if leader == "president" else "president"
    assert f" {leader} " in companies and other not in companies


def test_state_lists_the_privates_apart_with_their_owners(
    saves: dict[str, Path], capsys: pytest.CaptureFixture[str]
) -> None:
    """A private has an owner, not a president, and no treasury: ``state`` listed 1846's
    CWI under "president BO" with "$0" cash among the corporations; now a Privates table."""
    out, _ = printed(["state", str(saves["going on"])], capsys)
    companies, privates = out.split("Companies")[1].split("Privates")
    assert "│ CWI " not in companies and "│ CWI  │ Cat   │" in privates
    assert "│ MC   │ PRR   │" in privates and "┃ owner ┃" in privates
    assert "│ MS   │  $70 │" in companies  # an independent railroad runs: cash and trains
