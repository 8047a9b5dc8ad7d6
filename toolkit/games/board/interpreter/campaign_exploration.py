"""Exploring a whole campaign: every chapter, at every table size, from every way the earlier
chapters can end.

Chapter 1 starts with no insight. Each later chapter starts from every distinct insight the
previous chapter's winning ends hold, as far as this and the later chapters can tell them apart
(`relevance.InsightRelevance`): all those starts are explored in one search. A chapter that no start
can win (or whose search stopped at its bound before finding a win) hands its own starts on, so the
chapters after it are still explored. Each table size of 1-4 hunters is explored where the chapter's
scaling values differ from a size already explored with the same starts; otherwise the result of
that size is shared (`hunters` of the result lists every size it stands for).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from toolkit.games.board.interpreter.book import CampaignBook
from toolkit.games.board.interpreter.exploration import ChapterExploration, explore_chapter
from toolkit.games.board.interpreter.relevance import InsightRelevance, scaling_signature

HUNTER_COUNTS = (1, 2, 3, 4)

Explorer = Callable[[CampaignBook, int, int, list[tuple[int, ...]], int], ChapterExploration]
"""Explores one chapter at one table size from the given starts within a bound (the disk cache
wraps `explore_chapter` with this shape)."""


def _explore(
    book: CampaignBook, chapter: int, hunters: int, starts: list[tuple[int, ...]], bound: int
) -> ChapterExploration:
    return explore_chapter(book, chapter, hunters, bound=bound, starts=starts)


@dataclass(slots=True)
class ChapterRun:
    """One exploration of a chapter and the table sizes it stands for."""

    result: ChapterExploration
    hunters: list[int] = field(default_factory=list)
    inherited: bool = False
    """Whether its starts were handed on from a chapter no start could win (not real ends)."""


def explore_campaign(
    book: CampaignBook,
    bound: int,
    explore: Explorer = _explore,
    counts: tuple[int, ...] = HUNTER_COUNTS,
) -> list[ChapterRun]:
    """Every chapter at every count in ``counts``, in chapter order, then by table size."""
    runs: dict[tuple[object, ...], ChapterRun] = {}
    for hunters in counts:
        starts: list[tuple[int, ...]] = [()]
        inherited = False
        for chapter in book.deck.chapter_numbers():
            relevance = InsightRelevance.of(book, chapter, hunters)
            classes: dict[tuple[tuple[int, ...], int], tuple[int, ...]] = {}
            for held in sorted(starts, key=lambda held: (len(held), held)):
                classes.setdefault(relevance.project(held), held)
            chosen = list(classes.values())
            memo = (chapter, scaling_signature(book, chapter, hunters), tuple(sorted(classes)), inherited)
            run = runs.get(memo)
            if run is None:
                run = ChapterRun(explore(book, chapter, hunters, chosen, bound), inherited=inherited)
                runs[memo] = run
            run.hunters.append(hunters)
            if run.result.end_insight:
                starts, inherited = list(run.result.end_insight), False
            else:
                starts, inherited = chosen, True
    return sorted(runs.values(), key=lambda run: (run.result.chapter, run.hunters[0]))
