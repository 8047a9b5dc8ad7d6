"""A hunt that needs an insight card an earlier chapter earns only on an optional path (BB0532).

Insight missions are optional: a group may win a chapter without them. If a later chapter's hunt
card cannot end its step without such an insight card, a group that skipped it wins the earlier
chapter and then can never finish the campaign.
"""

from __future__ import annotations

from collections.abc import Iterator

from toolkit.core.diagnostics import Diagnostic, Related
from toolkit.core.index import ContentIndex, Pack
from toolkit.games.board import codes_mission as mc
from toolkit.games.board.checks.graph import required
from toolkit.games.board.checks.mission_common import at, pack_decks
from toolkit.games.board.mission.conditions import HoldsInsight
from toolkit.games.board.mission.deck import CampaignDeck
from toolkit.games.board.mission.graph import HUNT, ChapterGraph, build_chapter_graph, insight_node


def check_optional_insight(index: ContentIndex, pack: Pack) -> Iterator[Diagnostic]:
    """Hunt cards whose every goal needs an insight card an earlier chapter may not have earned."""
    for deck in pack_decks(index, pack).values():
        graphs = {n: build_chapter_graph(deck, n) for n in deck.chapter_numbers()}
        for number in sorted(graphs):
            yield from _chapter(deck, number, {n: g for n, g in graphs.items() if n < number})


def _chapter(deck: CampaignDeck, number: int, earlier: dict[int, ChapterGraph]) -> Iterator[Diagnostic]:
    for card in deck.cards_of(number):
        if card.model.type != "hunt" or not card.model.goals:
            continue
        needs = [
            {c.holds_insight: (g, c) for c in required(goal.goal) if isinstance(c, HoldsInsight)}
            for g, goal in enumerate(card.model.goals)
        ]
        # Only what every goal needs: another goal without it lets the hunt go on.
        for insight in set.intersection(*(set(n) for n in needs)):
            optional_in = _optional_in(insight, earlier)
            if optional_in is None:
                continue
            chapter, built = optional_in
            g, _ = needs[0][insight]
            path = _condition_path(card.model.goals[g].goal, insight, ("goals", g, "goal"))
            yield mc.OPTIONAL_INSIGHT_NEEDED.at(
                at(card.document, path),
                f"hunt card {card.model.number} of chapter {number} needs insight card {insight}, which "
                f"chapter {chapter} earns only on an optional mission: a group that won chapter "
                f"{chapter} without it can never finish this hunt",
                hint="give the card a goal that does not need it, test it in a `branch` for a bonus "
                f"instead, or make earning it part of chapter {chapter}'s hunt",
                related=_earned_at(built, insight),
            )


def _optional_in(insight: int, earlier: dict[int, ChapterGraph]) -> tuple[int, ChapterGraph] | None:
    """The earlier chapter that can earn ``insight`` but be won without it, if it is only earned there."""
    node = insight_node(insight)
    earning = [(n, g) for n, g in sorted(earlier.items()) if node in g.reachable()]
    if not earning:
        return None  # never earned earlier: BB0508's to report
    if any(HUNT not in g.reachable(without=node) and HUNT in g.reachable() for _, g in earning):
        return None  # some earlier chapter cannot be won without earning it
    return earning[-1]


def _earned_at(built: ChapterGraph, insight: int) -> tuple[Related, ...]:
    node = insight_node(insight)
    return tuple(
        Related(e.document.locate(e.path), f"insight card {insight} is earned here")
        for e in built.edges()
        if e.target == node
    )[:3]


def _condition_path(condition: object, insight: int, path: tuple[str | int, ...]) -> tuple[str | int, ...]:
    """The path of the `holds_insight` value inside a goal (through `all`)."""
    if isinstance(condition, HoldsInsight) and condition.holds_insight == insight:
        return (*path, "holds_insight")
    for i, part in enumerate(getattr(condition, "all", None) or []):
        found = _condition_path(part, insight, (*path, "all", i))
        if found[-1] == "holds_insight":
            return found
    return path
