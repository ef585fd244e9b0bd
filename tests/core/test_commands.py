"""Records (``moderator.commands.Record``): made by name or in field order, frozen, equal
by value, and light to declare (issue 21.4)."""

from __future__ import annotations

import subprocess
import sys

import pytest

from moderator.commands import FrozenRecordError, Record
from moderator.journal import CutLine, LoadedSave
from rulesets.base import Receipt, ReceiptLine, ScoreItem


def test_fields_in_order_or_by_name_make_the_same_record() -> None:
    by_name = ReceiptLine(who="Amy", shares=2, amount=20)
    assert ReceiptLine("Amy", 2, 20) == by_name
    assert ReceiptLine("Amy", 2, amount=20) == by_name
    assert ReceiptLine("Amy", 2, 20).note == ""  # a default, as a dataclass's
    assert hash(ReceiptLine("Amy", 2, 20)) == hash(by_name)
    assert repr(by_name) == "ReceiptLine(who='Amy', shares=2, amount=20, note='')"


@pytest.mark.parametrize(
    ("make", "why"),
    [
        (lambda: ReceiptLine("Amy", 2, 20, "", "extra"), "5 values for 4 fields"),
        (lambda: ReceiptLine("Amy", 2, 20, who="Bob"), "field 'who' given twice"),
        (lambda: ReceiptLine("Amy", 2), "field 'amount' is required"),
        (lambda: ReceiptLine("Amy", 2, 20, price=3), "no field ['price']"),
    ],
)
def test_wrong_fields_are_refused(make, why: str) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(TypeError, match=why.replace("[", r"\[").replace("]", r"\]")):
        make()


def test_a_record_is_frozen_and_its_tuples_are_tuples() -> None:
    line = ReceiptLine("Amy", 2, 20)
    receipt = Receipt("NYC", 100, "full", 10, 0, [line], 100, 110, "6.72")
    assert receipt.lines == (line,)  # a list given is kept as a tuple
    with pytest.raises(FrozenRecordError):
        receipt.revenue = 0  # type: ignore[misc]
    item = ScoreItem("shares", "NYC", 200, count=2, price=100)
    moved = item.model_copy(update={"price": 110, "value": 220})
    assert (moved.price, moved.value, item.price) == (110, 220, 100)


def test_an_optional_tuple_may_be_none() -> None:
    """A format-1 save has no records (``LoadedSave.records`` is ``None``)."""
    cut = CutLine(3, b"{")
    loaded = LoadedSave(save=None, records=None, size=0, torn=False, cut=cut)  # type: ignore[arg-type]
    assert loaded.records is None and loaded.cut == cut


def test_declaring_a_record_compiles_nothing() -> None:
    """A frozen dataclass compiles its methods (``exec``) when its module is imported; a
    record does not, which is why the program's small frozen values are records."""
    code = (
        "import builtins\n"
        "from moderator.commands import Record\n"
        "calls = []\n"
        "real = builtins.exec\n"
        "builtins.exec = lambda *a, **k: (calls.append(a), real(*a, **k))[1]\n"
        "class Point(Record):\n"
        "    x: int\n"
        "    y: int = 0\n"
        "assert Point(1) == Point(x=1, y=0)\n"
        "print(len(calls))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "0"
    assert issubclass(ReceiptLine, Record)
