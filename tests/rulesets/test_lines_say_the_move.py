"""Every price line says the move the market made (the bank never acts unseen: a marker
moved by the program is shown as a line the banker mirrors on the table).

Every script in ``tests/scripts`` is played command by command; the market's moves are
watched where they happen (each marker's space before and after every step, a receipt's
trial moves left out), and every :class:`PriceMoved` line (``describe``) is held against
the spaces the marker went through:

- a count of spaces or rows and its way, where the line gives one, is the move made (a
  dividend of two spaces from the space before the row's end moves one; four shares sold
  over the last row of a column move the marker one row down);
- the line gives one for every dividend, for every move on a 2-D market (a price stands
  on many spaces there), and wherever the price reached stands on more than one space of
  the row (1817's $0 cells);
- "stays" only where the marker did not move, and a move between two spaces of one price
  is said as a move.

The whole directory plays in a couple of seconds on one core.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass

import pytest
from conftest import SCRIPTS, play

from moderator.events import PriceMoved
from moderator.game import Game
from moderator.market import GridMarket, LinearMarket, Market
from moderator.narrate import describe
from moderator.script import parse_script

WORDS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5}
COUNT = r"(\d+|one|two|three|four|five)"
ALONG = (  # "left 1" (1817), "2 right" (1846), "one space right", "3 spaces right"
    re.compile(r"\b(left|right) (\d+)\b"),
    re.compile(rf"\b{COUNT} (?:spaces? )?(left|right)\b"),
)
ROWS = re.compile(rf"\b{COUNT} rows? (up|down)\b")
ROW_END = re.compile(r"; only (\d+) (left|right): the row ends")


def _count(word: str) -> int:
    return WORDS.get(word) or int(word)


@dataclass
class Step:
    """One space change of a marker, with the events the command had made before it."""

    company: str
    old: int | None
    new: int
    events_before: int


class Watch:
    """The live market's moves in the command being played (trial moves left out)."""

    def __init__(self) -> None:
        self.game: Game | None = None
        self.steps: list[Step] = []
        self.quiet = 0


@pytest.fixture
def watch(monkeypatch: pytest.MonkeyPatch) -> Iterator[Watch]:
    seen = Watch()
    set_space, price_after = Market._set, Market.price_after

    def _set(self: Market, company: str, index: int) -> None:
        game = seen.game
        if not seen.quiet and game is not None and self is game.state.market:
            old = self.position.get(company)
            seen.steps.append(Step(company, old, index, len(game.state.ledger.events)))
        set_space(self, company, index)

    def _price_after(self: Market, company: str, steps: int) -> int:
        seen.quiet += 1  # a receipt tries the move and puts the marker back
        try:
            return price_after(self, company, steps)
        finally:
            seen.quiet -= 1

    monkeypatch.setattr(Market, "_set", _set)
    monkeypatch.setattr(Market, "price_after", _price_after)
    yield seen


def _claims(reason: str, grid: bool, path: list[int]) -> tuple[int, int] | None:
    """The move ``reason`` says: (rows, spaces) on a grid (up and right positive), spaces
    on a row (rows 0); ``None`` where it says none.  1817's liquidation cell is named: the
    row's leftmost space."""
    if "the marker moves to the liquidation cell, the row's leftmost space" in reason:
        return 0, -path[0]
    end = ROW_END.search(reason)
    if end:
        n = int(end.group(1))
        return 0, n if end.group(2) == "right" else -n
    rows = ROWS.search(reason) if grid else None
    if rows:
        n = _count(rows.group(1))
        return (n if rows.group(2) == "up" else -n), 0
    for pattern in ALONG:
        found = pattern.search(reason)
        if found:
            a, b = found.groups()
            way, n = (a, int(b)) if a in ("left", "right") else (b, _count(a))
            return 0, n if way == "right" else -n
    return None


def _made(market: Market, path: list[int]) -> tuple[int, int]:
    """(rows up, spaces right) the marker made over ``path`` (its spaces, first to last)."""
    if isinstance(market, GridMarket):
        cells = [divmod(spot, market.width) for spot in path]
        return cells[0][0] - cells[-1][0], cells[-1][1] - cells[0][1]
    return 0, path[-1] - path[0]


def _on_many_spaces(market: Market, price: int) -> bool:
    if isinstance(market, GridMarket):
        return True
    assert isinstance(market, LinearMarket)
    return market.values.count(price) > 1


SCRIPT_NAMES = sorted(p.name for p in SCRIPTS.glob("*.script"))


def test_every_price_line_says_the_move_the_market_made(watch: Watch) -> None:
    told: Counter[str] = Counter()
    wrong: list[str] = []
    for name in SCRIPT_NAMES:
        game: Game | None = None
        for line in parse_script((SCRIPTS / name).read_text(encoding="utf-8")):
            if game is None:
                game = watch.game = Game.from_command(line.command)
                continue
            market = game.state.market
            start = dict(market.position)
            watch.steps = []
            outcome = game.execute(line.command)
            if not outcome.ok:
                continue  # an `expect`ed refusal: nothing moved
            market = game.state.market
            grid = isinstance(market, GridMarket)
            currency = getattr(game.ruleset, "currency", "$")
            ran = line.command.kind == "run"
            ran_company = getattr(line.command, "company", None)
            last: dict[str, int] = {}
            for i, ev in enumerate(outcome.events):
                if not isinstance(ev, PriceMoved) or ev.before is None:
                    continue
                first = last.get(ev.company, -1) + 1
                mine = [
                    s
                    for s in watch.steps
                    if s.company == ev.company and first <= s.events_before <= i
                ]
                dividend = ran and ev.company == ran_company and ev.company not in last
                last[ev.company] = i
                if mine:
                    path = [mine[0].old, *(s.new for s in mine)]
                else:
                    spot = start.get(ev.company, market.position.get(ev.company))
                    path = [spot, spot]
                assert None not in path, (name, line.text, ev)
                made = _made(market, path)  # type: ignore[arg-type]
                said = describe(ev, currency)
                assert said is not None
                where = f"{name}: `{line.text}`: {said}"
                moved = path[0] != path[-1]
                told["moves" if moved else "stays"] += 1
                if ("stays" in said) == moved:
                    wrong.append(f"{where} (the marker {'moved' if moved else 'stayed'})")
                    continue
                claim = _claims(ev.reason, grid, path)  # type: ignore[arg-type]
                needed = dividend or grid or _on_many_spaces(market, ev.after)
                if claim is None:
                    if moved and needed:
                        wrong.append(f"{where} (no count of spaces: it made {made})")
                    continue
                told["counted"] += 1
                if moved and claim != made:
                    wrong.append(f"{where} (says {claim}, made {made})")
    assert not wrong, "\n".join(wrong[:40]) + f"\n({len(wrong)} lines)"
    assert told["moves"] > 2000 and told["stays"] and told["counted"] > 1500, told


def _played(name: str) -> Game:
    """The script played whole (conftest's :func:`play`, without the invariants' checks)."""
    return play((SCRIPTS / name).read_text(encoding="utf-8"), check=lambda game: None)


def _near_the_end(game: Game, back: int) -> tuple[str, LinearMarket]:
    """A corporation of ``game`` put ``back`` spaces before the row's end (the test's own
    move: no line of the game's), and the market."""
    market = game.state.market
    assert isinstance(market, LinearMarket)
    cid = sorted(market.position)[0]
    market._set(cid, len(market.values) - 1 - back)
    return cid, market


@pytest.mark.parametrize(
    ("name", "back", "times", "said"),
    [
        ("1846-nyc-at-165.script", 1, 3, "3 right (6.75); only 1 right: the row ends"),
        ("1817-late-phases.script", 1, 2, "right 2; only 1 right: the row ends (facts §8, R 6.6)"),
        (
            "1817-late-phases.script",
            0,
            2,
            "; the marker stays, no space further right (facts §8, R 6.6)",
        ),
    ],
)
def test_a_dividend_at_the_rows_end_says_the_spaces_it_moves(
    name: str, back: int, times: int, said: str
) -> None:
    """1846 6.75 (3 right from $165 up), 1817 facts §8 (right 2): from the space before the
    row's end the marker moves one, from the end none; the line says so, never "3 right"
    for one space."""
    game = _played(name)
    cid, market = _near_the_end(game, back)
    company = game.state.company(cid)
    paid = times * market.price(cid)
    steps, words = game.ruleset.price_move(game.state, company, paid)  # type: ignore[attr-defined]
    assert steps == times and words.endswith(said), words
    before = market.position[cid]
    trial = market.clone()
    trial.move(cid, steps)
    made = _made(market, [before, trial.position[cid]])
    assert _claims(words, False, [before]) == made or not made[1], (words, made)


def test_an_1853_dividend_at_the_tracks_end_says_the_spaces_it_moves() -> None:
    """4.7.1: five spaces for five times the price, but the track ends at £400."""
    game = _played("1853-last-phase.script")
    cid, market = _near_the_end(game, 2)
    company = game.state.company(cid)
    revenue = 5 * market.price(cid)
    plan = game.ruleset.dividend_plan(game.state, company, revenue, "full", None)  # type: ignore[attr-defined]
    assert plan.rule.endswith(
        "5x the price or more: 5 spaces right (4.7.1); only 2 right: the row ends"
    )
    assert _claims(plan.rule, False, [0]) == (0, 2)
