"""The ``moderator`` command: the TUI, and batch ``play`` / ``state`` for scripts and saves.

``moderator``                     open the TUI on the latest save (or the start screen)
``moderator open FILE``           open the TUI on a save
``moderator play SCRIPT``         play a banker script; exit 1 at the first refused line
``moderator state SAVE``          show a saved game (``--json`` for the spec's JSON)
``moderator demo``                open the TUI on the shipped demo game
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from moderator.errors import Refusal, SaveError
from moderator.game import Game
from moderator.script import ParseError, parse_line

DEFAULT_SAVES = Path("saves")


def _print_json(data: dict[str, Any]) -> None:
    sys.stdout.write(json.dumps(data, indent=2) + "\n")


def play(
    script: Path, *, as_json: bool = False, save: Path | None = None, quiet: bool = False
) -> int:
    """Play a script line by line; a refused line stops with exit status 1."""
    try:
        data = script.read_bytes()
    except OSError as exc:
        print(f"{script}: cannot read ({exc.strerror})", file=sys.stderr)
        return 2
    try:
        text = data.decode("utf-8-sig")  # an editor's byte-order mark is not part of line 1
    except UnicodeDecodeError as exc:
        number = data.count(b"\n", 0, exc.start) + 1
        bad = data[exc.start : exc.start + 1].hex()
        print(f"line {number}: refused: not UTF-8 text (byte 0x{bad})", file=sys.stderr)
        return 1
    game: Game | None = None
    for number, raw in enumerate(text.splitlines(), start=1):
        try:
            cmd = parse_line(raw)
        except ParseError as exc:
            print(f"line {number}: refused: {exc.message}", file=sys.stderr)
            return 1
        if cmd is None:
            continue
        if game is None:
            try:
                game = Game.from_command(cmd, path=save)
            except Refusal as exc:
                print(f"line {number}: refused: {exc}", file=sys.stderr)
                return 1
            except OSError as exc:
                print(
                    f"{save}: cannot write the save file ({exc.strerror or exc})", file=sys.stderr
                )
                return 2
            continue
        outcome = game.execute(cmd)
        if not outcome.ok:
            print(f"line {number}: refused: {outcome.message}", file=sys.stderr)
            if as_json:
                _print_json(game.state_json())
            return 1
        if outcome.receipt is not None and not as_json and not quiet:
            print(outcome.receipt.text())
    if game is None:
        print(f"{script}: no `game TITLE PLAYER...` line", file=sys.stderr)
        return 1
    if as_json:
        _print_json(game.state_json())
    elif not quiet:
        show(game)
    return 0


def show(game: Game) -> None:
    """Rich tables of a game for people."""
    from rich.console import Console
    from rich.table import Table

    data = game.state_json()
    cur = game.ruleset.currency
    console = Console()
    rnd = data["round"]
    where = f"{rnd['kind']} {rnd['number']}" + (f".{rnd['or']}" if rnd["or"] else "")
    bank = data["bank"]
    console.print(
        f"[bold]{data['title']}[/]  {where}  phase {data['phase']}  bank {cur}{bank['cash']}"
        + ("  [red]BROKEN[/]" if bank["broken"] else "")
        + (f"  priority {data['priority']}" if data.get("priority") else "")
    )
    players = Table(title="Players")
    for col in ("player", "cash", "value", "certs", "shares", "privates"):
        players.add_column(col, justify="right" if col in ("cash", "value", "certs") else "left")
    for p in data["players"]:
        shares = " ".join(f"{k} {v}%" for k, v in p["shares"].items())
        players.add_row(
            p["name"],
            f"{cur}{p['cash']}",
            f"{cur}{p['value']}",
            f"{p['certificates']}/{data['cert_limit']}",
            shares,
            " ".join(p["privates"]),
        )
    console.print(players)
    companies = Table(title="Companies")
    for col in ("id", "cash", "price", "president", "ipo", "pool", "trains", "privates"):
        companies.add_column(
            col, justify="right" if col in ("cash", "price", "ipo", "pool") else "left"
        )
    for co in data["companies"]:
        if co["closed"] or not (co["launched"] or co["kind"] != "corporation"):
            continue
        if co["kind"] != "corporation" and not co["in_play"]:
            continue
        owner = co["president"] if co["kind"] == "corporation" else co["owner"]
        companies.add_row(
            co["id"],
            f"{cur}{co['cash']}",
            f"{cur}{co['price']}" if co["price"] is not None else "",
            owner or "",
            f"{co['ipo']}%" if co["kind"] == "corporation" else "",
            f"{co['pool']}%" if co["kind"] == "corporation" else "",
            " ".join(co["trains"]),
            " ".join(co["privates"]),
        )
    console.print(companies)
    if data["ended"]:
        console.print(
            "[bold]Game over.[/] "
            + ", ".join(f"{k} {cur}{v}" for k, v in (data["result"] or {}).items())
        )


def state(save: Path, *, as_json: bool = False) -> int:
    """Show a save file."""
    try:
        game = Game.load(save)
    except SaveError as exc:
        print(str(exc), file=sys.stderr)
        return 1
    if as_json:
        _print_json(game.state_json())
    else:
        show(game)
    return 0


def _run_tui(path: Path | None, saves: Path, demo: bool = False) -> int:
    from moderator.ui.app import run_app

    return run_app(path=path, saves=saves, demo=demo)


def main(argv: list[str] | None = None) -> int:
    """Entry point of the ``moderator`` console script."""
    parser = argparse.ArgumentParser(prog="moderator", description="The 18xx banker's assistant.")
    parser.add_argument(
        "--saves", type=Path, default=DEFAULT_SAVES, help="folder of save files (default ./saves)"
    )
    sub = parser.add_subparsers(dest="cmd")
    p_play = sub.add_parser("play", help="play a banker script")
    p_play.add_argument("script", type=Path)
    p_play.add_argument("--json", action="store_true", help="print the state JSON at the end")
    p_play.add_argument("--save", type=Path, help="save the game to this file as it is played")
    p_play.add_argument("--quiet", action="store_true", help="print nothing but refusals")
    p_state = sub.add_parser("state", help="show a saved game")
    p_state.add_argument("save", type=Path)
    p_state.add_argument("--json", action="store_true")
    p_open = sub.add_parser("open", help="open a save in the TUI")
    p_open.add_argument("file", type=Path)
    sub.add_parser("demo", help="open the shipped demo game in the TUI")
    p_script = sub.add_parser("script", help="print a save as a banker script")
    p_script.add_argument("save", type=Path)
    args = parser.parse_args(argv)
    if args.cmd == "play":
        return play(args.script, as_json=args.json, save=args.save, quiet=args.quiet)
    if args.cmd == "state":
        return state(args.save, as_json=args.json)
    if args.cmd == "script":
        try:
            sys.stdout.write(Game.load(args.save).script())
        except SaveError as exc:
            print(str(exc), file=sys.stderr)
            return 1
        return 0
    if args.cmd == "open":
        return _run_tui(args.file, args.saves)
    if args.cmd == "demo":
        return _run_tui(None, args.saves, demo=True)
    return _run_tui(None, args.saves)


__all__ = ["main", "play", "state"]

if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
