"""Every example in ``moderator check --help`` runs as printed: a right claim, exit 0.

The 1847 AE example named ``--row 3`` for Saar's 84, which the Market sheet (rows from 1 at
the top, shared/facts/1847ae.md §2: 84 is the engine's row 3, the sheet's row 4) has on row
4 only: the example was refused with exit 2."""

from __future__ import annotations

import shlex

from moderator.checker import _parser, check_main


def test_every_check_help_example_runs() -> None:
    epilog = _parser().epilog or ""
    examples = [line.strip() for line in epilog.splitlines() if line.startswith("  moderator")]
    assert len(examples) == 4
    for example in examples:
        argv = shlex.split(example)[2:]  # after `moderator check`
        assert check_main(argv) == 0, example
