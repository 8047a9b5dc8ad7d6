"""Mutation tests of the mission-flow check: copies of The Pale Bell made unwinnable the way an
author might (a chapter-3 step needing an optional insight card, a token placed by the wrong card, a
count that only fails at one table size) must get a soft lock (BB0601) at the goal play cannot get
past, naming the table sizes; the unchanged campaigns must stay clean and be explored completely."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from tests.board.generated_chapters import write_campaign
from toolkit.core.diagnostics import Diagnostic
from toolkit.core.pipeline import validate_paths
from toolkit.games.board.checks.flow import campaign_diagnostics
from toolkit.games.board.interpreter.book import book_from_index
from toolkit.games.board.interpreter.campaign_exploration import explore_campaign
from toolkit.games.board.interpreter.exploration import DEFAULT_BOUND

REPO = Path(__file__).resolve().parents[2]
CAMPAIGNS = REPO / "content" / "campaigns"
PALE_BELL = CAMPAIGNS / "the-pale-bell"

ROPE = (
    "  - place_token: {token: bell-rope, type: insight, label: {en: the pale bell's rope, pl: sznur bladego "
    "dzwonu}, at: {space: grand-cathedral}}\n"
)
CATHEDRAL_STEP = "        - collected_insight: 1\n        - end_move_on: {space: grand-cathedral}"


def mutated(tmp_path: Path, *edits: tuple[str, str, str]) -> list[Diagnostic]:
    """The flow diagnostics of a copy of The Pale Bell with each (file, old, new) edit made once."""
    copy = tmp_path / "the-pale-bell"
    shutil.copytree(PALE_BELL, copy)
    for name, old, new in edits:
        text = (copy / name).read_text(encoding="utf-8")
        assert text.count(old) == 1, f"{old!r} is not once in {name}"
        (copy / name).write_text(text.replace(old, new), encoding="utf-8")
    result = validate_paths([copy])
    return [d for d in result.diagnostics if d.code.startswith("BB06")]


def where(diagnostic: Diagnostic) -> tuple[str, str, int | None, int | None]:
    file = diagnostic.file.name if diagnostic.file else ""
    return diagnostic.code, file, diagnostic.line, diagnostic.column


def test_a_chapter_3_step_needing_an_optional_chapter_1_insight_is_a_soft_lock_at_that_step(
    tmp_path: Path,
) -> None:
    # Insight card 25 is earned only when the widow keeps her lantern; taking it earns 24 instead.
    found = mutated(
        tmp_path,
        (
            "chapter-3.yaml",
            CATHEDRAL_STEP,
            "        - holds_insight: 25\n        - end_move_on: {space: grand-cathedral}",
        ),
    )
    assert [where(d) for d in found] == [("BB0601", "chapter-3.yaml", 58, 7)]
    assert "chapter 3 with 1-4 hunters, starting without insight cards 25, 29:" in found[0].message
    assert "from the start of the chapter" in found[0].message
    assert "card 17" in found[0].message


def test_a_token_placed_by_the_step_before_the_one_that_uses_it_is_a_soft_lock_at_the_user(
    tmp_path: Path,
) -> None:
    # Card 18 places the rope and, not keeping it, loses it when its step ends: card 19 cannot be met.
    found = mutated(
        tmp_path,
        ("chapter-3.yaml", ROPE, ""),
        (
            "chapter-3.yaml",
            "      until: {slay: {tag: singing-servants}}\n",
            "      until: {slay: {tag: singing-servants}}\n" + ROPE,
        ),
        (
            "chapter-3.yaml",
            "on_reveal:\ngoals:\n  - goal: {interact: bell-rope}",
            "goals:\n  - goal: {interact: bell-rope}",
        ),
    )
    assert [where(d) for d in found] == [("BB0601", "chapter-3.yaml", 99, 11)]
    assert "card 19 (Silence the Bell)" in found[0].message


def test_an_insight_need_that_only_fails_with_4_hunters_names_that_count(tmp_path: Path) -> None:
    # Chapter 1 can earn 3 insight cards at most (24 or 25, 26, 27): with 4 hunters, never 4.
    found = mutated(
        tmp_path,
        (
            "chapter-1.yaml",
            "        - collected_insight: 1\n        - end_move_on: {space: oedon-chapel}",
            "        - collected_insight: hunters\n        - end_move_on: {space: oedon-chapel}",
        ),
    )
    assert [where(d) for d in found] == [("BB0601", "chapter-1.yaml", 58, 7)]
    assert found[0].message.startswith("chapter 1 with 4 hunters: from the start of the chapter")


def test_a_chapter_3_need_that_fails_from_one_start_and_one_count_names_both(tmp_path: Path) -> None:
    # With 4 hunters, 5 insight cards are needed; holding only 24 from the earlier chapters, chapter
    # 3's three insight missions bring 4. Holding 24 and 29 it can be done.
    found = mutated(
        tmp_path,
        (
            "chapter-3.yaml",
            CATHEDRAL_STEP,
            CATHEDRAL_STEP.replace("collected_insight: 1", "collected_insight: {1: 1, 2: 1, 3: 1, 4: 5}"),
        ),
    )
    assert [where(d) for d in found] == [("BB0601", "chapter-3.yaml", 58, 7)]
    assert (
        "chapter 3 with 4 hunters, starting with 1 insight card, without insight card 29:" in found[0].message
    )


@pytest.mark.parametrize("campaign", sorted(p.name for p in CAMPAIGNS.iterdir() if p.is_dir()))
def test_every_chapter_of_the_built_in_campaigns_is_explored_completely_at_1_to_4_hunters(
    campaign: str,
) -> None:
    result = validate_paths([CAMPAIGNS / campaign])
    book = book_from_index(result.index, result.packs[0].id, None)
    runs = explore_campaign(book, DEFAULT_BOUND).runs
    for chapter in book.deck.chapter_numbers():
        here = [run for run in runs if run.result.chapter == chapter]
        assert {h for run in here for h in run.hunters} == {1, 2, 3, 4}, chapter
        assert not any(run.result.bound_hit for run in here), chapter
        assert not any(run.result.soft_locks for run in here), chapter
    assert not [d for d in result.diagnostics if d.code.startswith("BB06")]


def test_a_bound_reached_in_one_chapter_is_a_warning_and_the_later_chapters_are_still_explored() -> None:
    result = validate_paths([PALE_BELL])
    book = book_from_index(result.index, result.packs[0].id, None)
    found = list(campaign_diagnostics(book, bound=300))
    bounded = [d for d in found if d.code == "BB0602"]
    assert bounded and all(d.severity.value == "warning" for d in bounded)
    assert any(
        d.message.startswith("chapter 1 with 4 hunters: the mission-flow exploration stopped")
        for d in bounded
    )
    assert any(d.message.startswith("chapter 3 with ") for d in bounded)
    assert not [d for d in found if d.code == "BB0601"]  # a bounded search never guesses a soft lock


def test_a_generated_chapter_of_300_cards_is_explored_completely_within_the_default_bound(
    tmp_path: Path,
) -> None:
    result = validate_paths([write_campaign(tmp_path / "generated", 300)])
    assert result.documents_checked > 300
    assert not [d for d in result.diagnostics if d.code.startswith("BB06")]
    assert not result.error_count
