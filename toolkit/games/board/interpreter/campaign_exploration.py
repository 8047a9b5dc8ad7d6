"""Exploring a whole campaign: every chapter, at every table size, from every way the earlier
chapters can end.

Chapter 1 starts with no insight. Each later chapter starts from every insight the previous
chapter's winning ends can hold, grouped into classes the chapter itself cannot tell apart
(`relevance.start_class`); one search per class. A chapter that no start can win (or whose search
stopped at its bound before finding a win) hands its own starts on, so the chapters after it are
still explored. Each table size of 1-4 hunters is explored where the chapter's flow-relevant scaling
values differ from a size already explored with the same start; otherwise that result is shared
(`ChapterRun.hunters` lists every size a result stands for).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from toolkit.games.board.interpreter.book import CampaignBook
from toolkit.games.board.interpreter.exploration import ChapterExploration, explore_chapter
from toolkit.games.board.interpreter.relevance import (
    InsightRelevance,
    awarded,
    scaling_signature,
    start_class,
)

HUNTER_COUNTS = (1, 2, 3, 4)

MAX_STARTS = 64
"""Start classes explored per chapter and table size; more are a counted gap (`ChapterRun.skipped`)."""

Explorer = Callable[[CampaignBook, int, int, tuple[int, ...], int], ChapterExploration]
"""Explores one chapter at one table size from one start within a bound (the disk cache wraps
`explore_chapter` in this shape)."""


def _explore(
    book: CampaignBook, chapter: int, hunters: int, held: tuple[int, ...], bound: int
) -> ChapterExploration:
    return explore_chapter(book, chapter, hunters, held, bound)


@dataclass(slots=True)
class ChapterRun:
    """One exploration of a chapter and the table sizes it stands for."""

    result: ChapterExploration
    hunters: list[int] = field(default_factory=list)
    inherited: bool = False
    """Whether its start was handed on from a chapter no start could win (not a real end)."""


@dataclass(slots=True)
class CampaignExploration:
    """Every run of every chapter, and what was left out."""

    runs: list[ChapterRun] = field(default_factory=list)
    skipped: dict[tuple[int, int], int] = field(default_factory=dict)
    """(chapter, hunters) → start classes not explored because of `MAX_STARTS`."""


def explore_campaign(
    book: CampaignBook,
    bound: int,
    explore: Explorer = _explore,
    counts: tuple[int, ...] = HUNTER_COUNTS,
) -> CampaignExploration:
    """Every chapter at every count in ``counts``."""
    found = CampaignExploration()
    runs: dict[tuple[object, ...], ChapterRun] = {}
    for hunters in counts:
        starts: list[tuple[int, ...]] = [()]
        inherited = False
        numbers = book.deck.chapter_numbers()
        for position, chapter in enumerate(numbers):
            own = InsightRelevance.of(book, chapter, hunters, only=True)
            awards = awarded(book, chapter)
            classes: dict[tuple[object, ...], list[tuple[int, ...]]] = {}
            for held in sorted(set(starts), key=lambda held: (len(held), held)):
                classes.setdefault(start_class(own, awards, held), []).append(held)
            if len(classes) > MAX_STARTS:
                found.skipped[(chapter, hunters)] = len(classes) - MAX_STARTS
            relevance = InsightRelevance.of(book, chapter, hunters)
            signature = (chapter, scaling_signature(book, chapter, hunters), relevance, inherited)
            following = numbers[position + 1] if position + 1 < len(numbers) else None
            later = (
                InsightRelevance.of(book, following, hunters)
                if following is not None
                else InsightRelevance(frozenset(), 0)
            )
            ends: dict[tuple[object, ...], tuple[int, ...]] = {}
            for key, members in list(classes.items())[:MAX_STARTS]:
                run = runs.get((*signature, key))
                if run is None:
                    result = explore(book, chapter, hunters, members[0], bound)
                    run = runs[(*signature, key)] = ChapterRun(result, inherited=inherited)
                run.hunters.append(hunters)
                start = set(run.result.insight)
                for end in run.result.end_insight:
                    earned = set(end) - start
                    for held in members:
                        total = tuple(sorted(set(held) | earned))
                        ends.setdefault(later.project(total), total)
            if ends:
                starts, inherited = list(ends.values()), False
            else:
                inherited = True
    found.runs = sorted(runs.values(), key=lambda run: (run.result.chapter, run.hunters[0]))
    return found
