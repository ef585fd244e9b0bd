"""1847 AE: a private held for its investor certificate scores nothing at the end (2, 9).

9: "all players add together their cash and values of their certificates at stock value";
2: "cash and shares (valued at market price)".  Main-Neckar, Saarland Coal and Völklingen
are exchanged for a 10% investor certificate (4.4) voluntarily from the first 3+3 train,
compulsorily only at the stock round after the 5+5 (4.5.2): a game can end before it,
and the private itself has no stock value.  The score's line names the certificate it was
not exchanged for; Krauss & Co. alone scores, at its market price (4.1).
"""

from __future__ import annotations

from conftest import SCRIPTS, play

from moderator import scoring


def test_an_unexchanged_private_scores_nothing_and_says_why() -> None:
    game = play((SCRIPTS / "1847ae-starting-package.script").read_text(encoding="utf-8"))
    score = scoring.score(game)
    items = {i.what: i for p in score.players for i in p.items if i.kind == "private"}
    for pid, target in (("MNR", "HLB"), ("VIW", "Saar"), ("SCR", "Saar")):
        item = items[pid]
        assert (item.value, item.counted) == (0, False), pid
        assert (
            item.note == f"not exchanged for its {target} investor share: no stock value (4.4, 9)"
        )
    assert items["W"].note == "no stock value: only certificates at market price score (9)"
    assert items["LFK"].counted and items["LFK"].note == "Krauss & Co. at its market price (4.1, 9)"
