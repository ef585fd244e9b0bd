"""Issue 28.5: on a phone, every company on the market is in view or named at the edge.

A market wider than the screen opens on the companies (issue 21.8), and above it an
edge marker at each side names the companies whose markers are off that side.  Each
title is tested at the most spread-out position the simulator reaches
(``scripts/market_spread.py`` finds them), in headless Chromium on a 390-pixel phone.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from moderator.game import Game
from moderator.simulate import market_spread

from .web_helpers import REPO, Browser, serving

SPREAD = {
    "1846": (4, 5, 205, 17),
    "1847AE": (3, 5, 517, 14),
    "1853": (2, 6, 825, 26),
    "1847Pfalz": (5, 5, 186, 6),
    "1847RRRRB": (1, 5, 135, 4),
}
"""Per title: the seed, players and commands of the widest position ``market_spread.py``
found (8 seeds, the most players), and its spread (spaces between the outermost
markers)."""

PLAY = """
import sys
from pathlib import Path
from moderator.simulate import Simulation, legal_game
title, seed, players, commands, save = sys.argv[1:]
seed, players, commands = int(seed), int(players), int(commands)
if title in ("1846", "1847AE", "1853"):
    game = Simulation(seed=seed, players=players, title=title, max_commands=commands).run()
else:
    game = legal_game(title, seed, commands, players)
game.save(Path(save))
game.close()
"""
"""Plays a position into a save, in a child process with ``PYTHONHASHSEED=0``: ``legal_game``
draws from candidates some of which come in the order of a set of names."""


def spread_out(title: str, save: Path) -> None:
    """The title's widest position (:data:`SPREAD`) saved in ``save``."""
    seed, players, commands, spread = SPREAD[title]
    done = subprocess.run(
        [sys.executable, "-c", PLAY, title, str(seed), str(players), str(commands), str(save)],
        cwd=REPO,
        env={**os.environ, "PYTHONHASHSEED": "0"},
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr
    with Game.load(save, read_only=True) as game:
        assert len(game.journal) == commands
        assert market_spread(game.state_json()["market"]) == spread


EDGES = """(() => {
  const box = document.querySelector('.market-scroll');
  if (!box) return null;
  const outer = box.getBoundingClientRect();
  const sticky = box.querySelector('.market-tracks th');
  const left = outer.left + box.clientLeft + (sticky ? sticky.getBoundingClientRect().width : 0);
  const right = outer.left + box.clientLeft + box.clientWidth;
  const origin = outer.left + box.clientLeft - box.scrollLeft;
  const marks = [...box.querySelectorAll('.marker, .market-tracks td.held')].map(m => {
    const r = m.getBoundingClientRect();
    const id = m.matches('td') ? m.parentElement.querySelector('th').textContent : m.textContent;
    return {id: id.trim().split(' ').pop(), x0: r.left - origin,
            side: r.left + r.right < left + right ? 'left' : 'right',
            seen: r.left >= left - 0.5 && r.right <= right + 0.5};
  });
  const named = side => {
    const button = box.parentElement.querySelector('.edge-' + side);
    if (!button || button.offsetParent === null) return [];
    return [...button.querySelectorAll('.chip')].filter(c => c.offsetParent !== null)
      .map(c => c.textContent.trim());
  };
  const bar = box.parentElement.querySelector('.edges');
  return {scroll: box.scrollLeft, most: box.scrollWidth - box.clientWidth,
          wide: box.scrollWidth > box.clientWidth, marks: marks,
          left: named('left'), right: named('right'),
          bar: bar ? bar.getBoundingClientRect().bottom <= outer.top + 0.5 : false};
})()"""
"""The market box as a reader sees it: every company's marker (in view or not, and on
which side), and the companies each edge marker names (only those shown)."""


def pointed(box: dict[str, Any]) -> bool:
    """Every marker is in view, or named by the edge marker of the side it is off (and no
    edge marker names a company that is in view)."""
    for side in ("left", "right"):
        off = sorted(m["id"] for m in box["marks"] if not m["seen"] and m["side"] == side)
        if sorted(box[side]) != off:
            return False
    return True


@pytest.mark.parametrize("title", SPREAD)
def test_every_company_is_in_view_or_named_at_the_edge(
    browser: Browser, tmp_path: Path, title: str
) -> None:
    """The first view of the market on a phone shows each company's marker or names it
    at the edge it is off; scrolling keeps the edge markers right; a tap on one scrolls
    to the nearest company it names."""
    save = tmp_path / "game.json"
    spread_out(title, save)
    with serving(save) as url:
        tab = browser.open(url, phone=True)
        browser.wait_for(tab, "document.getElementById('live').textContent", lambda v: v == "live")
        box, _ = browser.wait_for(tab, EDGES, lambda v: bool(v and v["marks"]) and pointed(v))
        assert browser.evaluate(tab, "document.documentElement.scrollWidth") == 390
        assert box["wide"], "the market is wider than a phone"
        assert box["bar"], "the edge markers stand above the market"
        hidden = [m["id"] for m in box["marks"] if not m["seen"]]
        if SPREAD[title][3] >= 10:  # more spread than a phone holds: some are off the side
            assert hidden and box["left"] + box["right"], box
        assert len({m["id"] for m in box["marks"]}) == len(box["marks"])  # one marker each

        # scrolled to either end by hand, the edge markers name the other side's companies
        for end in ("0", "box.scrollWidth"):
            browser.evaluate(
                tab,
                f"(() => {{ const box = document.querySelector('.market-scroll');"
                f" box.scrollLeft = {end}; }})()",
            )
            at, _ = browser.wait_for(
                tab, EDGES, lambda v, end=end: pointed(v) and (v["scroll"] == 0) == (end == "0")
            )
            if end == "0":
                assert not at["left"]
        if not box["left"] + box["right"]:
            return

        # the right edge names what is off to the right of the left end: a tap scrolls there
        browser.evaluate(tab, "document.querySelector('.market-scroll').scrollLeft = 0")
        at, _ = browser.wait_for(tab, EDGES, lambda v: v["scroll"] == 0 and pointed(v))
        if not at["right"]:
            return
        nearest = min((m for m in at["marks"] if not m["seen"]), key=lambda m: m["x0"])
        browser.evaluate(tab, "document.querySelector('.edge-right').click()")
        after, _ = browser.wait_for(tab, EDGES, lambda v: v["scroll"] > 0 and pointed(v))
        assert next(m for m in after["marks"] if m["id"] == nearest["id"])["seen"], after
