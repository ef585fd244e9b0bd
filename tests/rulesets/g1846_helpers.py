"""Scenario builders and small readers shared by the 1846 rule tests.

Every scenario is a banker script played through :func:`conftest.play`, so the
cash-conservation and 100%-of-shares checks run after each line.  The players
are Amy, Bob and Cat (3 players) unless a test needs more.
"""

from __future__ import annotations

from conftest import SCRIPTS, check_invariants, play

from moderator.game import Game
from moderator.ledger import POOL
from moderator.script import parse_script

REMOVE3 = "remove ERIE PRR MC OI SC TBC\n"
"""3 players: two of each removal group (2.3); C&O, LSL and MPC stay in."""

BARE3 = "game 1846 Amy Bob Cat\n" + REMOVE3
"""3 players, removals made, no private bought: everyone keeps $400."""

PRIVATES3 = (
    BARE3
    + """\
private Amy MS
private Bob CWI
private Bob LSL
private Bob MAIL
private Cat BIG4
private Cat MPC
"""
)
"""3 players with every private in play distributed at list price.

Amy $400 - $140 = $260; Bob $400 - $60 - $40 - $80 = $220; Cat $400 - $100 - $60 = $240.
"""

THREE_CORPS = (
    BARE3
    + """\
par Amy NYC 100
par Bob GT 100
par Cat IC 100
pass Amy
pass Bob
pass Cat
"""
)
"""SR1: NYC, GT and IC launched at $100 (in that order, so NYC tops the stack).

NYC $200, GT $200, IC $300 (land grant 5.35); each president has $200 left.
The first operating round (1.1) starts right after.
"""

TRAINED = (
    THREE_CORPS
    + """\
run NYC 0
train NYC 2
train NYC 2
done NYC
run GT 0
train GT 2
train GT 2
done GT
run IC 0
train IC 2
done IC
"""
)
"""OR 1.1 (reverse order, ties top first: NYC, GT, IC): all five 2-trains are sold.

After it every price is $90; NYC $40, GT $40, IC $220; the 4-trains are next.
"""

CLOSE_BO = (
    BARE3
    + """\
par Amy BO 40
pass Bob
pass Cat
buy Amy BO
pass Bob
pass Cat
buy Amy BO
pass Bob
pass Cat
buy Amy BO
pass Bob
pass Cat
pass Amy
run BO 0
train BO 2
done BO
run BO 0
done BO
"""
)
"""Amy launches BO at $40 and holds 50%; two withheld runs bring it to $20 for SR2."""

AFTER_OR1 = (
    TRAINED
    + """\
run NYC 80
run GT 80
run IC 80
done IC
"""
)
"""OR 1.2: each corporation runs $80 and pays: $8 a share, price stays $90 (6.75).

SR2 starts with Amy to act (Cat was the last to act in SR1): Amy, Bob and Cat have
$216 each; NYC $104, GT $104, IC $284.
"""


def game(text: str) -> Game:
    """Play a script (alias of :func:`conftest.play` for readability)."""
    return play(text)


def cash(g: Game, who: str) -> int:
    """Cash of a player, a company or ``bank``."""
    return g.state.ledger.cash_of(who)


def price(g: Game, corp: str) -> int:
    """Current share price of a corporation."""
    return g.state.price(corp)


def pct(g: Game, holder: str, corp: str) -> int:
    """Percent of ``corp`` held by ``holder`` (a player, ``pool`` or the corporation)."""
    return g.state.company(corp).holder_percent(holder)


def pool(g: Game, corp: str) -> int:
    """Percent of ``corp`` in the Stock Market."""
    return pct(g, POOL, corp)


def president(g: Game, corp: str) -> str | None:
    """Holder of the president's certificate."""
    return g.state.company(corp).president()


def trains(g: Game, company: str) -> list[str]:
    """Train names a company holds, phased out ones included."""
    return [t.name for t in g.state.company(company).trains]


def data(g: Game) -> dict:
    """The state JSON."""
    return g.state_json()


def cert_limit(g: Game) -> int:
    """The certificate limit now in force."""
    return int(g.state_json()["cert_limit"])


def turn(g: Game) -> str | None:
    """Whose turn it is (a player in a stock round, a company in an operating round)."""
    return g.state_json()["turn"]


def step(g: Game, text: str) -> Game:
    """Play more lines on an existing game, failing at the first refusal."""
    for line in parse_script(text):
        outcome = g.execute(line.command)
        assert outcome.ok, f"`{line.text}` refused: {outcome.message}"
        check_invariants(g)
    return g


HIGH = (SCRIPTS / "1846-nyc-at-165.script").read_text(encoding="utf-8")
"""5 players: NYC at $150 is 100% held ($165), withholds ($150), pays $300 ($180); B sells a
share in SR2, so the end of the round takes it back to $165 (5.52)."""
