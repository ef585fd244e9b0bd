"""The front door stays honest: the README's shape, its links, its commands, its picture.

Issue 43: the README is what a newcomer reads in five minutes (at most 150 lines, in a
fixed order), every relative link in it and in ``docs/`` resolves, every shell command
it shows exists, ``moderator --help`` lists the subcommands in the order a banker needs
them, and the screenshot of the main screen is the current app's (rendered again here;
``benchmarks/screenshots.py`` writes it).
"""

from __future__ import annotations

import asyncio
import re
import shlex
import sys
from pathlib import Path

import pytest

from moderator import cli
from rulesets import RULESETS, title_name

REPO = Path(__file__).resolve().parents[1]
README = REPO / "README.md"
DOCS = sorted((REPO / "docs").rglob("*.md"))
LINK = re.compile(r"(?<!\!)\[[^\]]*\]\(([^)\s]+)\)|!\[[^\]]*\]\(([^)\s]+)\)")
HEADING = re.compile(r"^(#{1,6}) (.+)$", re.M)


def _slug(heading: str) -> str:
    """GitHub's anchor for a heading: lower case, punctuation dropped, spaces to '-'."""
    text = re.sub(r"[`*_\[\]()]", "", heading.strip().lower())
    text = re.sub(r"[^\w\- ]", "", text)
    return text.replace(" ", "-")


def _anchors(path: Path) -> set[str]:
    return {_slug(m.group(2)) for m in HEADING.finditer(path.read_text(encoding="utf-8"))}


def _links(path: Path) -> list[str]:
    text = path.read_text(encoding="utf-8")
    text = re.sub(r"```.*?```", "", text, flags=re.S)  # code blocks hold no links
    return [a or b for a, b in LINK.findall(text)]


def _code_blocks(text: str) -> list[str]:
    return re.findall(r"```sh\n(.*?)```", text, flags=re.S)


def test_the_readme_is_short_and_in_the_newcomers_order() -> None:
    text = README.read_text(encoding="utf-8")
    assert len(text.splitlines()) <= 150
    headings = [m.group(2) for m in HEADING.finditer(text) if m.group(1) == "##"]
    assert headings == [
        "Start",
        "Your first operating round",
        "Titles",
        "The shell commands",
        "Where to look next",
    ]
    intro = text.split("\n## ")[0]
    assert "banker's laptop" in intro and "stay on the table" in intro
    assert "![" in intro and "docs/screenshot-main.svg" in intro  # the picture comes first
    start = text.split("## Start")[1].split("\n## ")[0]
    assert ".venv/bin/moderator demo" in start and "scripts/test" in start
    first_or = text.split("## Your first operating round")[1].split("\n## ")[0]
    assert len([ln for ln in first_or.splitlines() if ln.startswith("| `")]) <= 10


def test_every_title_is_in_the_readme_with_a_page_of_its_own() -> None:
    text = README.read_text(encoding="utf-8")
    titles = text.split("## Titles")[1].split("\n## ")[0]
    for title in RULESETS:
        assert f"**{title_name(title)}**" in titles, title
    for link in _links(README):
        if link.startswith("docs/titles/") and link.endswith(".md"):
            assert (REPO / link).is_file()


@pytest.mark.parametrize("page", [README, *DOCS], ids=lambda p: str(p.relative_to(REPO)))
def test_every_relative_link_resolves(page: Path) -> None:
    for link in _links(page):
        if re.match(r"^[a-z]+:", link) or link.startswith("#") and not link[1:]:
            continue
        target, _, anchor = link.partition("#")
        path = (page.parent / target).resolve() if target else page
        assert path.exists(), f"{page.name}: {link} leads nowhere"
        if anchor and path.suffix == ".md":
            assert anchor in _anchors(path), f"{page.name}: {link}: no such heading"


def _readme_subcommands() -> list[str]:
    subs = []
    for block in _code_blocks(README.read_text(encoding="utf-8")):
        for line in block.splitlines():
            words = shlex.split(line, comments=True)
            for i, word in enumerate(words):
                if word.endswith("bin/moderator") and i + 1 < len(words):
                    subs.append(words[i + 1])
    return subs


def test_every_shell_command_of_the_readme_exists(capsys: pytest.CaptureFixture[str]) -> None:
    subs = _readme_subcommands()
    assert {"demo", "play", "state", "score", "export", "serve", "whatif", "check"} <= set(subs)
    for sub in subs:
        try:
            status = cli.main([sub, "--help"])
        except SystemExit as done:
            status = done.code
        assert status in (0, None), f"moderator {sub} --help exited {status}"
    capsys.readouterr()


def test_help_lists_the_subcommands_in_the_bankers_order(
    capsys: pytest.CaptureFixture[str],
) -> None:
    with pytest.raises(SystemExit) as done:
        cli.main(["--help"])
    assert done.value.code == 0
    out = capsys.readouterr().out
    usage = re.search(r"\{([a-z,]+)\}", out)
    assert usage is not None
    listed = usage.group(1).split(",")
    assert listed == [name for name, _ in cli.SUBCOMMAND_EXAMPLES if name in listed]
    assert set(listed) == {name for name, _ in cli.SUBCOMMAND_EXAMPLES}
    for name, example in cli.SUBCOMMAND_EXAMPLES:
        assert example.startswith(f"moderator {name} ") and example in out


def _normalised(svg: str) -> str:
    """An SVG screenshot without the ids Rich derives from it (they differ by version)."""
    return re.sub(r"terminal-\d+", "terminal", svg)


def test_the_readme_screenshot_is_the_current_apps(tmp_path: Path) -> None:
    sys.path.insert(0, str(REPO / "tests" / "ui"))
    try:
        import shots
    finally:
        sys.path.remove(str(REPO / "tests" / "ui"))
    saves = tmp_path / "saves"
    saves.mkdir()
    shots.demo_save(saves)
    shot = asyncio.run(shots.capture(saves, "main", shots.SHOTS["main"], tmp_path))
    committed = REPO / "docs" / "screenshot-main.svg"
    assert _normalised(shot.read_text(encoding="utf-8")) == _normalised(
        committed.read_text(encoding="utf-8")
    ), "docs/screenshot-main.svg is stale: run .venv/bin/python benchmarks/screenshots.py"
