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


def polish_runs(text: str) -> set[str]:
    found = re.findall(r"[\w']+", text.lower())
    return {" ".join(found[i : i + RUN]) for i in range(len(found) - RUN + 1)}


def test_polish_rules_pages_share_no_seven_word_run_with_the_polish_guide() -> None:
    """The Polish guide is a cross-check of terms; our Polish pages are written afresh."""
    if not SOURCES.is_dir():
        pytest.skip("the rulebook transcriptions are not beside this checkout")
    guide: set[str] = set()
    for source in SOURCES.glob("*.pl.txt"):
        guide |= polish_runs(source.read_text(encoding="utf-8"))
    pages = [*sorted((REPO / "site").rglob("*.pl.md")), REPO / "site" / "glossary.yml"]
    copied = {
        f"{page.relative_to(REPO)}: {run}"
        for page in pages
        for run in polish_runs(page.read_text(encoding="utf-8")) & guide
    }
    assert not copied, "\n".join(sorted(copied))
