"""The wording of counts (moderator.text.counted); the control characters are tested with
the parser (test_script.py) and the command line (test_cli_text.py)."""

from __future__ import annotations

import pytest

from moderator.text import because, counted, to_cents


@pytest.mark.parametrize(
    ("count", "word", "plural", "said"),
    [
        (0, "command", None, "0 commands"),
        (1, "command", None, "1 command"),
        (2, "command", None, "2 commands"),
        (1, "older command", None, "1 older command"),
        (1, "entry", "entries", "1 entry"),
        (3, "entry", "entries", "3 entries"),
        (1, "city", "cities", "1 city"),
    ],
)
def test_a_count_is_worded_singular_for_one(
    count: int, word: str, plural: str | None, said: str
) -> None:
    """Issue 28.8: "1 older commands" read wrong; one is singular, any other count plural."""
    assert counted(count, word, plural) == said


def test_an_amount_a_share_is_said_to_the_cent() -> None:
    """1817's payouts its shares do not divide: $133 on 5, $25 on 2; none where the cents
    are not whole ($100 on 3)."""
    assert to_cents(133, 5) == "26.60"
    assert to_cents(25, 2) == "12.50"
    assert to_cents(130, 5) == "26.00"
    assert to_cents(100, 3) is None


def test_the_article_is_said_as_at_the_table() -> None:
    """``an EIR share`` (ee), ``an HLB share`` (aitch), ``an 8-train``; never ``a EIR``,
    ``a IR 10%`` or ``a 8``; ``a UR``, ``a PRR``, ``a D``, ``a 2``, ``a 3/5``, ``a Saar``."""
    from moderator.text import article, with_article

    said = {w: article(w) for w in ["EIR", "HLB", "NYC", "IR", "SR", "L", "ERIE", "8", "8+", "11"]}
    assert set(said.values()) == {"an"}, said
    plain = ["UR", "PRR", "D", "KO", "2", "2+", "3/5", "1M", "6E", "Saar", "Bess", "GT", ""]
    assert {w: article(w) for w in plain} == dict.fromkeys(plain, "a")
    assert with_article("8") == "an 8" and article("investor") == "an"


def test_because_never_nests_a_reason_in_parentheses() -> None:
    """What players read: ``(directorship (sale by the director (5.1)))`` was written flat."""
    assert because("presidency", "holds more") == "presidency (holds more)"
    assert because("directorship", "sale by the director (5.1)") == (
        "directorship: sale by the director (5.1)"
    )
    assert because("GT closes", "exchanged (4.4)", "; ") == "GT closes; exchanged (4.4)"


def test_an_ended_games_refusal_says_the_end_flat() -> None:
    from conftest import play

    g = play("game 1846 Amy Bob Cat\n")
    g.state.ended = True
    g.state.end_reason = "the bank is broken (6.8)"
    refused = g.execute("pass Amy")
    assert not refused.ok
    assert "((" not in refused.message and "))" not in refused.message, refused.message
    assert refused.message.endswith(": the bank is broken (6.8)"), refused.message
