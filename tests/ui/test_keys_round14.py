"""Fourteenth keys round: rarely visited positions, adversarial names, Esc and paste.

The hunt (``tests/ui/keys_hunt.py --rare`` and ``--spell``: 1853's contract bids, 1847 AE's
nationalisation, 1846's issues and independents, 1830's auction and D trade-in, 1889,
18Chesapeake, bankruptcies and the game's end, with players called ``Amy Lee``, ``Lee``,
``Pass Cy``, ``Ü 2``, ``Done Ur``, ``É``, ``4``, ``Bo B``; pastes and ``alt+KEY`` mid-burst)
found:

* ``l``'s line of a train bought from another company (``train CPR 6 from PRR 1``) carries
  the engine's placeholder price, $1 (``rulesets/engine.py``; the price is agreed at the
  table, 1846 6.81); Enter gave it at once, so ``l t r a i n c p r 6 f r o m p
  r r Enter 2 0 0 Enter``, typed as ``t 6 p r r Enter 2 0 0 Enter`` is, bought the 6 for $1
  and the ``2 0 0 Enter`` rang on the main screen.  Now the line asks the agreed price
  next, as ``t`` does (and as ``l``'s 1817 ``acquire`` asks its price, thirteenth round).
"""

from __future__ import annotations

from pathlib import Path

from ui_helpers import REPO, main_screen, running, save_from_script, saved_lines, send_burst

from moderator.ui.screens.dialogs import AmountDialog

SCRIPTS = REPO / "tests" / "scripts"
TRAINS = (SCRIPTS / "1830-trains-phases.script").read_text(encoding="utf-8")


# ---------------------------------------------------------------- a train's agreed price
async def test_l_train_from_a_company_asks_the_agreed_price(saves: Path) -> None:
    path = saves / "g.json"
    save_from_script(path, TRAINS, "train CPR D").close()
    before = saved_lines(path)
    async with running(saves) as (app, pilot):
        await send_burst(pilot, "l", *"traincpr6fromprr", "enter", "2", "0", "0", "enter")
        assert saved_lines(path)[len(before) :] == ["train CPR 6 from PRR 200"]
        assert app.screen is main_screen(app)


async def test_the_placeholder_price_typed_still_asks_and_esc_gives_nothing(saves: Path) -> None:
    path = saves / "g.json"
    save_from_script(path, TRAINS, "train CPR D").close()
    before = saved_lines(path)
    async with running(saves) as (app, pilot):
        await send_burst(pilot, "l", *"traincpr6fromprr1", "enter")
        assert isinstance(app.screen, AmountDialog)
        assert saved_lines(path) == before
        await send_burst(pilot, "escape", "x")  # the x: a stock-round key, refused here
        assert saved_lines(path) == before
