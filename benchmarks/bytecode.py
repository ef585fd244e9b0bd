"""The project's bytecode cache, prepared for a whole-process measurement.

A process that starts Python compiles every module it imports that has no cached
bytecode.  On a normal install Python writes the cache at the first start and reuses
it after; with ``PYTHONDONTWRITEBYTECODE`` set (as in this sandbox) every start
compiles the project's modules again.  The start-up figures are taken both ways.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
PACKAGES = ("moderator", "rulesets")


def bytecode_env(cached: bool) -> dict[str, str]:
    """Prepare the project's bytecode cache and return the child's environment.

    ``cached``: compiled, as Python leaves it after the first start on a normal install.
    Not cached: no ``__pycache__`` of the project's own modules and no writing of one, as
    on the very first start, or on a machine with ``PYTHONDONTWRITEBYTECODE`` set (this
    sandbox).  Installed libraries keep the bytecode pip compiled for them either way.
    """
    env = dict(os.environ)
    if cached:
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        subprocess.run(
            [sys.executable, "-m", "compileall", "-q", *PACKAGES],
            cwd=REPO,
            check=True,
            capture_output=True,
        )
    else:
        env["PYTHONDONTWRITEBYTECODE"] = "1"
        for package in PACKAGES:
            for cache in (REPO / package).rglob("__pycache__"):
                shutil.rmtree(cache)
    return env
