"""``python -m moderator.web [SAVE] [--saves DIR] [--lan] [--port N]``: the table view's
own entry point (``moderator serve`` runs the same :func:`serve_main`)."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from moderator.web.server import serve_main


def main(argv: list[str] | None = None) -> int:
    """Parse the arguments and serve until Ctrl-C."""
    parser = argparse.ArgumentParser(
        prog="python -m moderator.web", description="Share a save read-only with the table."
    )
    parser.add_argument("save", nargs="?", type=Path, help="the save (default: the newest)")
    parser.add_argument("--saves", type=Path, default=Path("saves"), help="the saves folder")
    parser.add_argument("--lan", action="store_true", help="listen on the local network")
    parser.add_argument("--port", type=int, default=0, help="the port (default: any free one)")
    args = parser.parse_args(argv)
    return serve_main(args.save, args.saves, lan=args.lan, port=args.port)


if __name__ == "__main__":
    sys.exit(main())
