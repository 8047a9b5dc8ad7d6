"""Mission-flow checks: exhaustive bounded exploration of every chapter at every table size
(BB0601 soft locks, BB0602 a bound reached), and scenario documents that name a chapter their
campaign lacks (BB0603)."""

from __future__ import annotations

from collections.abc import Iterator

from toolkit.core.diagnostics import Diagnostic, Related
from toolkit.core.index import ContentIndex, Pack
from toolkit.core.model import text_in
from toolkit.games.board import codes_flow as cf
from toolkit.games.board.checks.flow_cache import cached_explorer
from toolkit.games.board.interpreter.book import CampaignBook, CampaignNotFound, book_from_index
from toolkit.games.board.interpreter.campaign_exploration import MAX_STARTS, ChapterRun, explore_campaign
from toolkit.games.board.interpreter.exploration import DEFAULT_BOUND, SoftLock
from toolkit.games.board.interpreter.relevance import InsightRelevance
from toolkit.games.board.mission.deck import CampaignDeck, gather_decks, local_id
from toolkit.games.board.mission.documents import Chapter
from toolkit.games.board.scenarios.model import Scenario

CHECK_BOUND = DEFAULT_BOUND
"""States explored per chapter, table size and search by `huntkit validate` (the exploration API
takes any bound)."""

MAX_LISTED = 20
"""Cards in play a message lists before it gives only their count."""

MAX_EVENTS_SHOWN = 4
"""A longer way from entering the locked states to where play stops is left out of the message."""

SOFT_LOCKS_SHOWN = 3
"""Soft locks reported per chapter (each at a different card); the last says how many more."""

_CACHE: dict[str, list[Diagnostic]] = {}
"""Results by campaign content and place, so validating the same campaign twice in one process is
free (the disk cache of `flow_cache` keeps chapter results between runs)."""


def check_mission_flow(index: ContentIndex, pack: Pack) -> Iterator[Diagnostic]:
    """Explore every chapter of every campaign in the pack at 1-4 hunters, carrying insight from
    chapter to chapter."""
    documents = [d for d in pack.documents if d.model is not None]
    for campaign_id, deck in gather_decks(documents).items():
        if not deck.chapters or len({e.model.number for e in deck.chapters}) != len(deck.chapters):
            continue  # missing or duplicate chapters are the graph checks' to report
        key = _content_key(deck)
        if key not in _CACHE:
            try:
                book = book_from_index(index, pack.id, campaign_id)
            except CampaignNotFound:
                continue
            _CACHE[key] = list(campaign_diagnostics(book))
        yield from _CACHE[key]


def _content_key(deck: CampaignDeck) -> str:
    parts: list[tuple[str, int, object]] = [
        (str(e.document.path), e.document.index, e.model) for e in deck.chapters
    ]
    parts += [(str(e.document.path), e.document.index, e.model) for e in deck.cards]
    parts += [(str(e.document.path), e.document.index, e.model) for e in deck.insights]
    return repr(parts)


def campaign_diagnostics(book: CampaignBook, bound: int = CHECK_BOUND) -> Iterator[Diagnostic]:
    """The flow diagnostics of one campaign: soft locks and bounds reached, chapter by chapter."""
    explored = explore_campaign(book, bound, cached_explorer())
    for chapter in book.deck.chapter_numbers():
        here = [run for run in explored.runs if run.result.chapter == chapter]
        yield from _soft_lock_diagnostics(book, chapter, here)
        for run in here:
            if run.result.bound_hit:
                yield _bound_diagnostic(book, run, bound)
        for (number, hunters), left in sorted(explored.skipped.items()):
            if number == chapter:
                yield _starts_diagnostic(book, chapter, hunters, left)


def hunters_text(counts: list[int]) -> str:
    """`1 hunter`, `2 hunters`, `1-4 hunters`, `1, 3 hunters`."""
    ordered = sorted(set(counts))
    if len(ordered) > 2 and ordered == list(range(ordered[0], ordered[-1] + 1)):
        words = f"{ordered[0]}-{ordered[-1]}"
    else:
        words = ", ".join(map(str, ordered))
    return f"{words} hunter" + ("" if ordered == [1] else "s")


def _holding(book: CampaignBook, chapter: int, hunters: int, start: tuple[int, ...]) -> str:
    """What of the insight held at the start the chapter reads (every start it cannot tell apart
    from this one plays the same): `, starting with 1 insight card, without insight card 29`."""
    reads = InsightRelevance.of(book, chapter, hunters, only=True)
    if (chapter == 1 and not start) or not (reads.cards or reads.cap):
        return ""
    parts = []
    if reads.cap:
        count = len(set(start))
        parts.append(f"with {count} insight card" + ("" if count == 1 else "s"))
    held = sorted(reads.cards & set(start))
    missing = sorted(reads.cards - set(start))
    if held:
        parts.append("holding insight card" + ("s " if len(held) > 1 else " ") + ", ".join(map(str, held)))
    if missing:
        parts.append(
            "without insight card" + ("s " if len(missing) > 1 else " ") + ", ".join(map(str, missing))
        )
    return ", starting " + ", ".join(parts)


def _soft_lock_diagnostics(book: CampaignBook, chapter: int, runs: list[ChapterRun]) -> Iterator[Diagnostic]:
    """One diagnostic per card play gets stuck at, naming every table size where it does."""
    by_stuck: dict[int | None, tuple[SoftLock, list[int]]] = {}
    for run in runs:
        for lock in run.result.soft_locks:
            _, counts = by_stuck.setdefault(lock.stuck, (lock, []))
            counts.extend(h for h in run.hunters if h not in counts)
    locks = list(by_stuck.values())
    for shown, (lock, counts) in enumerate(locks[:SOFT_LOCKS_SHOWN], 1):
        more = len(locks) - shown if shown == SOFT_LOCKS_SHOWN else 0
        yield _soft_lock(book, chapter, lock, counts, more)


def _soft_lock(book: CampaignBook, chapter: int, lock: SoftLock, counts: list[int], more: int) -> Diagnostic:
    entry = book.chapter(chapter)
    stuck = book.card(lock.stuck) if lock.stuck is not None else None
    cards = ", ".join(map(str, lock.in_play[:MAX_LISTED])) or "none"
    if len(lock.in_play) > MAX_LISTED:  # the notes name the cards' goals; the message only begins the list
        cards += f" and {len(lock.in_play) - MAX_LISTED:,} more"
    where = f"with {hunters_text(counts)}{_holding(book, chapter, counts[0], lock.path.start)}"
    after = "from the start of the chapter" if not lock.path.events else f"after {lock.path.describe()}"
    related: tuple[Related, ...] = ()
    if stuck is None:
        location = entry.document.locate(("triggers",), key=True)
        stop = "no card with goals is in play there"
        hint = "reveal the hunt mission's next card from a trigger, or give the cards in play goals"
    else:
        goals = stuck.model.goals
        path: tuple[str | int, ...] = ("goals", 0, "goal") if len(goals) == 1 else ("goals",)
        location = stuck.document.locate(path, key=len(goals) != 1)
        title = text_in(stuck.model.title)
        stop = f"play cannot get past card {stuck.model.number} ({title}): no goal of it can still be met"
        hint = (
            "make this goal reachable on every path here (an insight card held, an enemy spawned, a "
            "token placed), or give the choice or branch that leads here a way to the hunt's last step"
        )
        extra = lock.stuck_path.events[len(lock.path.events) :]
        if (
            extra
            and len(extra) <= MAX_EVENTS_SHOWN
            and lock.stuck_path.events[: len(lock.path.events)] == lock.path.events
        ):
            stop += f" once {' → '.join(extra)}"
    for number in lock.in_play[:MAX_LISTED]:
        card = book.card(number)
        if card is not None and card is not stuck and card.model.goals:
            related += (Related(card.document.locate(("goals",), key=True), f"card {number}'s goals"),)
    related += (Related(entry.document.locate(("number",)), f"chapter {chapter}"),)
    return cf.SOFT_LOCK.at(
        location,
        f"chapter {chapter} {where}: {after}, the hunt can never be completed; {stop} "
        f"(cards in play: {cards})" + (f"; soft locks at {more} more card(s) are not shown" if more else ""),
        hint=hint,
        related=related,
    )


def _bound_diagnostic(book: CampaignBook, run: ChapterRun, bound: int) -> Diagnostic:
    result = run.result
    chapter = result.chapter
    locks = len(result.soft_locks)
    found = f"; the {locks} soft lock(s) reported among them are real" if locks else ""
    where = f"with {hunters_text(run.hunters)}{_holding(book, chapter, run.hunters[0], result.insight)}"
    return cf.EXPLORATION_BOUND.at(
        book.chapter(chapter).document.locate(("number",)),
        f"chapter {chapter} {where}: the mission-flow exploration stopped at its bound of {bound} "
        f"states with {result.unexpanded} of them not fully explored, so whether the hunt can still "
        f"be completed from the states beyond them was not checked{found}",
        hint="fewer missions running side by side (or counters compared with smaller numbers) keep "
        "the chapter within the bound; write scenario tests for the paths the check could not cover",
    )


def _starts_diagnostic(book: CampaignBook, chapter: int, hunters: int, left: int) -> Diagnostic:
    return cf.EXPLORATION_BOUND.at(
        book.chapter(chapter).document.locate(("number",)),
        f"chapter {chapter} with {hunters_text([hunters])}: the earlier chapters can end in more "
        f"ways than the exploration takes ({MAX_STARTS}); {left} of them were not explored as "
        "this chapter's start",
        hint="fewer insight cards read by later chapters keep the ways the chapters end apart few",
    )


def check_scenario_targets(index: ContentIndex, pack: Pack) -> Iterator[Diagnostic]:
    """A scenario's chapter must exist in its campaign."""
    for document in pack.documents:
        scenario = document.model
        if not isinstance(scenario, Scenario):
            continue
        campaign = index.resolve(["campaign"], scenario.campaign, pack.id)
        if campaign is None:
            continue  # the reference check reports an unknown campaign
        chapters = {
            model.number
            for _, model in index.models_of("chapter", Chapter, [campaign.pack_id])
            if local_id(model.campaign) == local_id(scenario.campaign)
        }
        if scenario.chapter not in chapters:
            present = ", ".join(map(str, sorted(chapters))) or "none"
            yield cf.SCENARIO_UNKNOWN_CHAPTER.at(
                document.locate(("chapter",)),
                f"campaign {scenario.campaign!r} has no chapter {scenario.chapter}",
                hint=f"its chapters: {present}",
            )


FLOW_CHECKS = (check_mission_flow, check_scenario_targets)
