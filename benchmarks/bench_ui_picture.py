"""What the pictures of several terminal sizes cost, in process (issue 41.2; not a test).

Run: ``.venv/bin/python benchmarks/bench_ui_picture.py [TITLE]`` (1846 by default).  The
title's 1,000-command save (:mod:`long_games`) gets its pictures drawn by
:func:`moderator.ui.app.take_picture` at 80x24, 100x30 and 120x40 (120x40 then first in
the file, 80x24 last), as the app and ``moderator picture`` keep them; then, each a
median of 200 in a row, CPU microseconds:

* :func:`moderator.ui.picture.read_picture` of each size (its line first, second, third
  in the file), and of 120x40 in a file that holds only that picture (the one-size file
  of before): what the app does before its first frame;
* :func:`moderator.ui.picture.keep_picture` of the 120x40 picture into that one-size
  file and into the three-size file (the other lines read by their heads and written
  again): what the app does once idle after a command and at the quit, beside drawing
  the screen's rows (here, the rows read back) and the state's digest (here, of an empty
  state: the same in both);
* :func:`moderator.ui.picture.stale_sizes` of the three-size file (what the app asks as
  it lets go of a game).
"""

from __future__ import annotations

import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from long_games import long_game

from moderator.ui.app import take_picture
from moderator.ui.picture import (
    keep_picture,
    kept_sizes,
    picture_path,
    read_picture,
    save_key,
    stale_sizes,
)

SIZES = ((80, 24), (100, 30), (120, 40))


def cpu_us(work: Callable[[], object], times: int = 200) -> float:
    """The median CPU microseconds of ``work``."""
    spent = []
    for _ in range(times):
        start = time.process_time_ns()
        work()
        spent.append(time.process_time_ns() - start)
    return statistics.median(spent) / 1000


def main() -> None:
    title = sys.argv[1] if len(sys.argv) > 1 else "1846"
    with tempfile.TemporaryDirectory() as folder:
        save = Path(folder) / f"{title}.json"
        game = long_game(title)
        game.save(save)
        game.close()
        for size in SIZES:
            assert take_picture(save, size), size
        assert kept_sizes(save) == list(reversed(SIZES)), kept_sizes(save)
        three = picture_path(save).read_bytes()
        one = three.split(b"\n")[0] + b"\n"
        picture = read_picture(save, SIZES[-1])
        assert picture is not None
        key = save_key(save)
        print(
            f"{title}, {len(game.journal)} commands: the picture file, 3 sizes "
            f"{len(three):,} bytes, 120x40 alone {len(one):,} bytes"
        )
        print("read_picture, CPU us (median of 200):")
        for place, size in enumerate(reversed(SIZES), 1):
            us = cpu_us(lambda size=size: read_picture(save, size))
            print(f"  {size[0]}x{size[1]}, line {place} of 3: {us:8.0f}")
        print(f"  stale_sizes of the 3-size file: {cpu_us(lambda: stale_sizes(save)):8.0f}")
        picture_path(save).write_bytes(one)
        print(
            f"  120x40 alone in its file:      {cpu_us(lambda: read_picture(save, (120, 40))):8.0f}"
        )
        rows = picture.rows
        print("keep_picture of the 120x40 rows, CPU us (median of 200):")
        for name, before in (("into the one-size file", one), ("into the 3-size file", three)):

            def keep(before: bytes = before) -> None:
                picture_path(save).write_bytes(before)
                assert keep_picture(save, rows, {}, 1, key=key)

            write_only = cpu_us(lambda before=before: picture_path(save).write_bytes(before))
            print(f"  {name}: {cpu_us(keep) - write_only:8.0f}")


if __name__ == "__main__":
    main()
