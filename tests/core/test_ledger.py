"""The ledger: the one transfer path for money, its refusals, and the conservation check."""

from __future__ import annotations

import pytest
from conftest import examples
from hypothesis import given, settings
from hypothesis import strategies as st

from moderator.errors import Refusal
from moderator.events import CashMoved, CertificateMoved
from moderator.ledger import BANK, RESERVE, Certificate, Company, Ledger, Player


def make_ledger() -> Ledger:
    ledger = Ledger(
        bank=1000,
        reserve=500,
        players=[Player("Amy", 300), Player("Bob", 100)],
        companies={
            "NYC": Company(
                id="NYC",
                name="New York Central",
                kind="corporation",
                cash=50,
                certificates=[Certificate(20, president=True, holder="NYC")]
                + [Certificate(10, holder="NYC") for _ in range(8)],
            )
        },
    )
    ledger.starting_total = ledger.total_cash()
    return ledger


def test_transfer_moves_cash_and_records_an_event() -> None:
    ledger = make_ledger()
    ledger.transfer("Amy", "NYC", 120, "buys a share")
    assert ledger.cash_of("Amy") == 180 and ledger.cash_of("NYC") == 170
    assert ledger.events == [
        CashMoved(source="Amy", target="NYC", amount=120, reason="buys a share")
    ]
    ledger.check_conservation()


def test_zero_transfer_is_silent() -> None:
    ledger = make_ledger()
    ledger.transfer("Amy", "Bob", 0, "nothing")
    assert ledger.events == [] and ledger.cash_of("Amy") == 300


@pytest.mark.parametrize("amount", [-1, -300])
def test_negative_amounts_are_refused(amount: int) -> None:
    ledger = make_ledger()
    with pytest.raises(Refusal, match="negative"):
        ledger.transfer("Amy", "Bob", amount, "sneaky")
    assert (ledger.cash_of("Amy"), ledger.cash_of("Bob"), ledger.events) == (300, 100, [])


@pytest.mark.parametrize(("source", "amount"), [("Bob", 101), ("NYC", 51), (RESERVE, 501)])
def test_overdrafts_are_refused(source: str, amount: int) -> None:
    ledger = make_ledger()
    before = ledger.cash_of(source)
    with pytest.raises(Refusal, match=f"{source} has only {before}, needs {amount}"):
        ledger.transfer(source, "Amy", amount, "too much")
    assert ledger.cash_of(source) == before and ledger.cash_of("Amy") == 300
    assert ledger.events == []


def test_an_account_may_be_emptied_exactly() -> None:
    ledger = make_ledger()
    ledger.transfer("Bob", BANK, 100, "all of it")
    assert ledger.cash_of("Bob") == 0


def test_the_bank_may_be_overdrawn() -> None:
    ledger = make_ledger()
    ledger.transfer(BANK, "Amy", 1200, "a big dividend")
    assert ledger.bank == -200
    assert ledger.cash_of(BANK) == -200
    ledger.check_conservation()


def test_unknown_source_is_refused() -> None:
    ledger = make_ledger()
    with pytest.raises(Refusal, match="Zoe"):
        ledger.transfer("Zoe", BANK, 5, "who?")
    assert ledger.bank == 1000 and ledger.events == []


def test_unknown_target_is_refused_without_a_trace() -> None:
    ledger = make_ledger()
    with pytest.raises(Refusal, match="no player called Zoe"):
        ledger.transfer(BANK, "Zoe", 5, "who?")
    assert ledger.bank == 1000 and ledger.events == []
    ledger.check_conservation()


def test_conservation_check_catches_created_or_destroyed_money() -> None:
    ledger = make_ledger()
    ledger.check_conservation()
    ledger.players[0].cash += 1
    with pytest.raises(AssertionError, match="differs from the starting total"):
        ledger.check_conservation()
    ledger.players[0].cash -= 2
    with pytest.raises(AssertionError):
        ledger.check_conservation()


@settings(max_examples=examples(200))
@given(
    st.lists(
        st.tuples(
            st.sampled_from([BANK, RESERVE, "Amy", "Bob", "NYC"]),
            st.sampled_from([BANK, RESERVE, "Amy", "Bob", "NYC"]),
            st.integers(min_value=-50, max_value=700),
        ),
        max_size=40,
    )
)
def test_any_sequence_of_transfers_conserves_cash(moves: list[tuple[str, str, int]]) -> None:
    ledger = make_ledger()
    for source, target, amount in moves:
        try:
            ledger.transfer(source, target, amount, "random")
        except Refusal:
            pass
        ledger.check_conservation()
        for account in (RESERVE, "Amy", "Bob", "NYC"):
            assert ledger.cash_of(account) >= 0, "only the bank may go below zero"
    assert (
        sum(e.amount for e in ledger.events if e.source == BANK)
        - sum(e.amount for e in ledger.events if e.target == BANK)
        == 1000 - ledger.bank
    )


def test_move_certificate_records_an_event() -> None:
    ledger = make_ledger()
    nyc = ledger.companies["NYC"]
    cert = nyc.certificates[0]
    ledger.move_certificate(nyc, cert, "Amy", "launch")
    assert nyc.president() == "Amy" and nyc.holder_percent("Amy") == 20
    assert ledger.events == [
        CertificateMoved(
            company="NYC", source="NYC", target="Amy", percent=20, president=True, reason="launch"
        )
    ]


def test_president_is_none_while_the_certificate_is_in_the_treasury() -> None:
    assert make_ledger().companies["NYC"].president() is None


def test_clone_shares_nothing_mutable() -> None:
    ledger = make_ledger()
    copy = ledger.clone()
    copy.transfer("Amy", "NYC", 100, "in the copy")
    copy.move_certificate(copy.companies["NYC"], copy.companies["NYC"].certificates[1], "Bob", "x")
    assert ledger.cash_of("Amy") == 300 and ledger.cash_of("NYC") == 50
    assert ledger.companies["NYC"].holder_percent("Bob") == 0
    assert ledger.events == []


def test_escrow_money_counts_toward_conservation() -> None:
    """Money set aside (1853 bonds) stays in the total and moves only by transfer."""
    ledger = make_ledger()
    before = ledger.total_cash()
    ledger.open_escrow("bond:Amy")
    name = ledger.players[0].name
    ledger.transfer(name, "bond:Amy", 50, "contract bond")
    assert ledger.cash_of("bond:Amy") == 50
    assert ledger.total_cash() == before
    copy = ledger.clone()
    copy.transfer("bond:Amy", name, 50, "bond returned")
    assert ledger.cash_of("bond:Amy") == 50 and copy.cash_of("bond:Amy") == 0


def test_the_transfer_s_events_are_the_records_the_generic_constructor_makes() -> None:
    """A transfer and a certificate's move make their events without the record's generic
    checks (issue 41): the same records, fields in the same order (a save's key order)."""
    from moderator.ledger import _cash_moved, _certificate_moved

    cash = _cash_moved("Amy", BANK, 40, "par")
    made = CashMoved(source="Amy", target=BANK, amount=40, reason="par")
    assert cash == made and list(cash.__dict__) == list(made.__dict__)
    assert cash.model_dump_json() == made.model_dump_json()
    cert = _certificate_moved("PRR", "ipo", "Amy", 20, True, "par")
    made_cert = CertificateMoved(
        company="PRR", source="ipo", target="Amy", percent=20, president=True, reason="par"
    )
    assert cert == made_cert and list(cert.__dict__) == list(made_cert.__dict__)
    assert hash(cert) == hash(made_cert)
