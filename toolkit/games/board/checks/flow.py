"""Mission-flow checks: exhaustive bounded exploration of each chapter (BB0601-BB0602), and
scenario documents that name a chapter their campaign lacks (BB0603)."""

from __future__ import annotations

from collections.abc import Iterator

from toolkit.core.diagnostics import Diagnostic, Related
from toolkit.core.index import ContentIndex, Pack
from toolkit.games.board import codes_flow as cf
from toolkit.games.board.interpreter.book import CampaignBook, CampaignNotFound, book_from_index
from toolkit.games.board.interpreter.exploration import ChapterExploration, explore_chapter
from toolkit.games.board.mission.deck import CampaignDeck, gather_decks, local_id
from toolkit.games.board.mission.documents import Chapter
from toolkit.games.board.scenarios.model import Scenario

CHECK_BOUND = 600
"""States explored per chapter by `huntkit validate` (the exploration API takes any bound)."""

CHECK_HUNTERS = 2
"""The table size explored by the check."""

_CACHE: dict[str, list[Diagnostic]] = {}
"""Results by campaign content, so validating the same campaign twice in one process is free."""


def check_mission_flow(index: ContentIndex, pack: Pack) -> Iterator[Diagnostic]:
    """Explore every chapter of every campaign in the pack, carrying insight from chapter to chapter."""
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
            _CACHE[key] = list(_explore_campaign(book))
        yield from _CACHE[key]


def _content_key(deck: CampaignDeck) -> str:
    parts: list[tuple[str, int, object]] = [
        (str(e.document.path), e.document.index, e.model) for e in deck.chapters
    ]
    parts += [(str(e.document.path), e.document.index, e.model) for e in deck.cards]
    parts += [(str(e.document.path), e.document.index, e.model) for e in deck.insights]
    return repr(parts)


def _explore_campaign(book: CampaignBook) -> Iterator[Diagnostic]:
    insight: tuple[int, ...] = ()
    for number in book.deck.chapter_numbers():
        result = explore_chapter(book, number, CHECK_HUNTERS, insight, bound=CHECK_BOUND)
        yield from _diagnostics(book, result)
        if not result.end_insight:
            return
        # The next chapter starts from the winning end with the least insight: the hardest start.
        insight = min(result.end_insight, key=lambda held: (len(held), held))


def _diagnostics(book: CampaignBook, result: ChapterExploration) -> Iterator[Diagnostic]:
    chapter = book.chapter(result.chapter)
    where = chapter.document.locate(("number",))
    held = ", ".join(map(str, result.insight)) or "no insight cards"
    if result.bound_hit:
        yield cf.EXPLORATION_BOUND.at(
            where,
            f"chapter {result.chapter}: explored {result.states} states (the bound) without finishing; "
            "soft locks beyond them were not searched",
            hint="run `explore_chapter` with a larger bound, or write scenario tests for the paths",
        )
    for path, in_play in result.soft_locks[:3]:
        cards = ", ".join(map(str, in_play[:20])) or "none"
        if len(in_play) > 20:  # the notes name the cards' goals; the message only begins the list
            cards += f" and {len(in_play) - 20:,} more"
        related: tuple[Related, ...] = ()
        for number in in_play:
            card = book.card(number)
            if card is not None and card.model.goals:
                related += (Related(card.document.locate(("goals",)), f"card {number}'s goals"),)
        yield cf.SOFT_LOCK.at(
            where,
            f"chapter {result.chapter} ({result.hunters} hunters, holding {held}): after "
            f"{path.describe()}, the hunt can never be completed (cards in play: {cards})",
            hint="make sure every choice and branch still leaves a way to the hunt's last step, and "
            "that locked or discarded cards are not needed later",
            related=related,
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
