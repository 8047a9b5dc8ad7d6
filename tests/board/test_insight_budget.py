"""The insight checks: what can be earned before a card's goals comes from one dominator tree, not a
search per card (BB0508, BB0509), and the options of one choice are not counted as all earnable."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from tests.board.generated_chapters import write_campaign
from toolkit.core.pipeline import validate_paths
from toolkit.games.board.checks.graph import earned_insight
from toolkit.games.board.checks.insight_budget import InsightTiming
from toolkit.games.board.mission.deck import CampaignDeck, gather_decks
from toolkit.games.board.mission.graph import build_chapter_graph, card_node

REPO = Path(__file__).resolve().parents[2]
PALE_BELL = REPO / "content" / "campaigns" / "the-pale-bell"
CODES = REPO / "tests" / "fixtures" / "codes"
STEP = "        - collected_insight: 1\n        - end_move_on: {space: oedon-chapel}"


def decks(path: Path) -> list[CampaignDeck]:
    result = validate_paths([path])
    documents = [d for pack in result.packs for d in pack.documents if d.model is not None]
    return list(gather_decks(documents).values())


def sources(tmp_path: Path) -> list[Path]:
    return [
        PALE_BELL,
        REPO / "content" / "campaigns" / "rulebook-examples",
        CODES / "BB0508" / "negative",
        CODES / "BB0509" / "negative",
        CODES / "BB0601" / "negative",
        write_campaign(tmp_path / "generated", 60),
    ]


def test_what_can_be_earned_before_each_card_is_what_a_search_without_its_goals_finds(tmp_path: Path) -> None:
    compared = 0
    for path in sources(tmp_path):
        for deck in decks(path):
            earned_before: set[int] = set()
            for chapter in deck.chapter_numbers():
                built = build_chapter_graph(deck, chapter)
                timing = InsightTiming(built, earned_before)
                assert timing.everything == earned_before | earned_insight(built, built.reachable())
                for entry in deck.cards_of(chapter):
                    node = card_node(entry.model.number)
                    searched = earned_before | earned_insight(built, built.reachable(before_goals_of=node))
                    found = timing.before(entry.model.number)
                    assert set(found) == searched, (path.name, entry.model.number)
                    assert len(found) == len(searched)
                    assert all(item in found for item in searched)
                    assert not any(item in found for item in timing.everything - searched)
                    compared += 1
                earned_before |= timing.everything
    assert compared > 60


@pytest.mark.parametrize(("need", "reported"), [("4", True), ("3", False)])
def test_a_goal_needing_more_insight_than_one_play_earns_is_reported_where_it_asks(
    tmp_path: Path, need: str, reported: bool
) -> None:
    copy = tmp_path / "the-pale-bell"
    shutil.copytree(PALE_BELL, copy)
    chapter = copy / "chapter-1.yaml"
    chapter.write_text(
        chapter.read_text(encoding="utf-8").replace(
            STEP, STEP.replace("collected_insight: 1", f"collected_insight: {need}")
        ),
        encoding="utf-8",
    )
    found = [
        (d.file.name if d.file else "", d.line, d.column)
        for d in validate_paths([copy]).diagnostics
        if d.code == "BB0508"
    ]
    # Once, at the number (mission_insight_cap): 24 and 25 are the options of one choice, so one
    # play of chapter 1 earns 3 insight cards, not 4.
    assert found == ([("chapter-1.yaml", 59, 30)] if reported else [])
