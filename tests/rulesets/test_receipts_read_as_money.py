"""Receipts (the lines the bank shows after a run) write money as every other line does
(:func:`moderator.text.money`: the sign attached, thousands grouped) and the price move
with the one arrow of the narration, the history and the phones' page
(:data:`moderator.text.MOVED`), in every title: the holders' column aligns each whole
amount on the right, never the sign apart from the figure (``$    27``)."""

from __future__ import annotations

import re

import pytest
from conftest import SCRIPTS, check_invariants

from moderator.game import Game
from moderator.script import parse_script
from moderator.text import MOVED, money
from rulesets.base import Receipt, ReceiptLine

SCRIPT_OF = {  # a short script with runs paid out and moving the price, per title
    "1846": "1846-rulebook-example.script",
    "1847AE": "1847ae-krauss.script",
    "1853": "1853-operating.script",
    "1830": "1830-stock-market.script",
    "1889": "1889-late-trains.script",
    "18Chesapeake": "18chesapeake-recorded-22383.script",
    "1817": "1817-dividend-zones.script",
}


def receipts_of(script: str) -> tuple[str, list[Receipt]]:
    """The title's currency and every run's receipt of ``script``, played."""
    game: Game | None = None
    receipts: list[Receipt] = []
    for line in parse_script((SCRIPTS / script).read_text(encoding="utf-8")):
        if game is None:
            game = Game.from_command(line.command)
            check_invariants(game)
            continue
        outcome = game.execute(line.command)
        assert outcome.ok, f"line {line.number} `{line.text}` refused: {outcome.message}"
        if outcome.receipt is not None:
            receipts.append(outcome.receipt)
    assert game is not None
    return game.ruleset.currency, receipts


@pytest.mark.parametrize("title", sorted(SCRIPT_OF))
def test_every_titles_receipts_read_as_money(title: str) -> None:
    currency, receipts = receipts_of(SCRIPT_OF[title])
    holders = [r for r in receipts if r.lines]
    assert holders and any(r.price_before != r.price_after for r in receipts)
    sign = re.escape(currency)
    for receipt in receipts:
        text = receipt.text()
        assert "->" not in text and not re.search(sign + r" +[0-9]", text), text
        rows = text.splitlines()[1:]
        if receipt.price_before is not None and receipt.price_after is not None:
            before, after = (
                money(currency, p) for p in (receipt.price_before, receipt.price_after)
            )
            if before == after:  # the price did not change; its marker may have moved
                # (1817's $0 acquisition cells, facts §7): then the receipt says the move
                move = rf"  marker moves (left|right) to another {sign}0 space: "
                moved = re.match(move, rows[-1])
                assert f"  price stays at {before}" in rows[-1] or moved, text
            else:
                assert f"  price {before} {MOVED} {after}" in rows[-1], text
        amounts = [money(currency, x.amount) for x in receipt.lines]
        amounts += [money(currency, receipt.retained)] if receipt.retained else []
        column = [row for row in rows if row.startswith("  ") and row[2:14].rstrip()]
        column = [
            row
            for row in column
            if row[2:].split("  ")[0] in {x.who for x in receipt.lines} | {"retained"}
        ]
        assert len(column) == len(amounts), text
        ends = {_amount_part(row).__len__() for row in column}
        assert len(ends) <= 1, text  # the amounts end in one column
        for row, amount in zip(column, amounts, strict=True):
            assert _amount_part(row).endswith(f" {amount}"), (row, amount)
        # what players read: no parenthesis inside another ("($76 stays in the bank
        # (6.73))"), the bank's shares by the title's word, never the script's
        assert "((" not in text and "))" not in text, text
        assert not {"pool", "ipo"} & {x.who for x in receipt.lines}, text


def _amount_part(row: str) -> str:
    """A receipt row up to its amount, without the note that follows it."""
    return re.split(r"(?<=[0-9])  (?=\S)", row, maxsplit=1)[0].rstrip()


def test_receipts_name_the_bank_shares_by_the_titles_words() -> None:
    """1846's Stock Market (6.73), 1847 AE's Initial Offering (6.7.4): never ``pool`` or
    ``ipo``, the script's words."""
    _, receipts = receipts_of(SCRIPT_OF["1846"])
    assert any("  Stock Market " in r.text() for r in receipts)
    _, receipts = receipts_of(SCRIPT_OF["1847AE"])
    assert any("  initial offering " in r.text() for r in receipts)


def test_a_wide_column_aligns_whole_amounts() -> None:
    receipt = Receipt(
        company="EIR",
        revenue=1250,
        option="full",
        per_share=125,
        retained=0,
        lines=(
            ReceiptLine("Dee", 9, 1125, ""),
            ReceiptLine("Ann", 1, 125, ""),
            ReceiptLine("pool", 0, 0, "mail"),
        ),
        price_before=90,
        price_after=126,
        rule="4.7.1",
        currency="£",
    )
    assert receipt.text().splitlines()[2:] == [
        "  Dee            9 sh £1,125",
        "  Ann            1 sh   £125",
        "  pool                    £0  (mail)",
        f"  price £90 {MOVED} £126 (4.7.1)",
    ]
