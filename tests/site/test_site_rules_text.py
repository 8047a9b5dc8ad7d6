"""The hand-written rules are in our own words: no run of seven words is shared with a rulebook."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.site.conftest import REPO

SOURCES = REPO.parent / "shared" / "sources"
RUN = 7
# Component and game names are facts, not prose; they may appear verbatim.
ALLOWED = frozenset({"bloodborne the card game the hunter's nightmare"})


def words(text: str) -> list[str]:
    return re.findall(r"[a-z0-9']+", text.lower())


def runs(text: str) -> set[str]:
    found = words(text)
    return {" ".join(found[i : i + RUN]) for i in range(len(found) - RUN + 1)}


def our_rules_pages() -> list[Path]:
    site = REPO / "site"
    return [site / "index.md", site / "glossary.yml", *sorted((site / "rules").rglob("*.md"))]


def test_rules_pages_share_no_seven_word_run_with_the_rulebooks() -> None:
    if not SOURCES.is_dir():
        pytest.skip("the rulebook transcriptions are not beside this checkout")
    rulebooks: set[str] = set()
    for source in SOURCES.glob("*.en.txt"):
        rulebooks |= runs(source.read_text(encoding="utf-8"))
    copied = {
        f"{page.relative_to(REPO)}: {run}"
        for page in our_rules_pages()
        for run in runs(page.read_text(encoding="utf-8")) & rulebooks
        if run not in ALLOWED
    }
    assert not copied, "\n".join(sorted(copied))
