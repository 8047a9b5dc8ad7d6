"""Collected insight a goal needs at some hunter count, against the most the missions can earn (BB0508).

The graph checks count every insight card a chapter can earn; but one insight mission completes
once, so the options of one choice (`take the lantern` for card 24, `see her home` for card 25) earn
one card between them. Here the missions are counted instead: the cards one mission's goals lead
through form one group, and a group earns at most one insight, unless one of its outcomes reveals
two cards at once (then every card it can earn is counted, so nothing is over-claimed). A goal whose
`collected_insight` at some hunter count exceeds what all missions up to its chapter can earn is
reported with that count; what the per-card count already reports is left to it.
"""

from __future__ import annotations

from collections.abc import Iterator

from toolkit.core.diagnostics import Diagnostic
from toolkit.core.index import ContentIndex, Pack
from toolkit.games.board import codes_mission as mc
from toolkit.games.board.checks.graph import earned_insight, required
from toolkit.games.board.checks.mission_common import at, pack_decks
from toolkit.games.board.mission.conditions import CollectedInsight
from toolkit.games.board.mission.graph import MISSION, ChapterGraph, build_chapter_graph
from toolkit.games.board.scaling import HUNTER_COUNTS


def check_insight_capacity(index: ContentIndex, pack: Pack) -> Iterator[Diagnostic]:
    """Collected insight needed at a hunter count beyond what one-per-mission can earn."""
    for deck in pack_decks(index, pack).values():
        capacity_before = 0
        cards_before = 0
        for number in deck.chapter_numbers():
            built = build_chapter_graph(deck, number)
            if built.is_partial:
                return  # insight earned off the page is unknown
            reachable = built.reachable()
            capacity = capacity_before + most_earned(built, reachable)
            counted = cards_before + len(earned_insight(built, reachable))
            yield from _needs(built, capacity, counted)
            capacity_before, cards_before = capacity, counted


def most_earned(built: ChapterGraph, reachable: set[str]) -> int:
    """The most insight the chapter's reachable missions can earn together."""
    parent: dict[str, str] = {}

    def root(node: str) -> str:
        parent.setdefault(node, node)
        while parent[node] != node:
            parent[node] = parent[parent[node]]
            node = parent[node]
        return node

    split: set[str] = set()
    earns: dict[str, set[str]] = {}
    reveals: dict[tuple[str, int | None, tuple[str, ...]], int] = {}
    for edge in built.edges():
        if edge.source not in reachable or edge.target not in reachable or not edge.ends_step:
            continue
        if edge.target.startswith("card:"):
            parent[root(edge.source)] = root(edge.target)  # one mission's cards form one group
            key = (edge.source, edge.goal, edge.decisions)
            reveals[key] = reveals.get(key, 0) + 1
            if reveals[key] > 1:
                split.add(edge.source)
        elif edge.target.startswith("insight:") or edge.target == MISSION:
            earns.setdefault(edge.source, set()).add(edge.target if edge.target != MISSION else edge.source)
    groups: dict[str, tuple[set[str], bool]] = {}
    for card, cards in earns.items():
        earned, is_split = groups.get(root(card), (set(), False))
        groups[root(card)] = (earned | cards, is_split)
    for card in split:
        if root(card) in groups:
            earned, _ = groups[root(card)]
            groups[root(card)] = (earned, True)
    return sum(len(earned) if is_split else 1 for earned, is_split in groups.values())


def _needs(built: ChapterGraph, capacity: int, counted: int) -> Iterator[Diagnostic]:
    for card in built.deck.cards_of(built.chapter):
        for g, goal in enumerate(card.model.goals):
            for condition in required(goal.goal):
                if not isinstance(condition, CollectedInsight):
                    continue
                for hunters in HUNTER_COUNTS:
                    need = condition.collected_insight.evaluate(hunters=hunters)
                    if need <= capacity or need > counted:
                        continue  # within reach, or already BB0508 from the per-card count
                    players = f"{hunters} hunter{'s' if hunters != 1 else ''}"
                    yield mc.INSIGHT_SHORTFALL.at(
                        at(card.document, _path(goal.goal, condition, ("goals", g, "goal"))),
                        f"with {players} card {card.model.number} needs {need} collected insight, but "
                        f"the campaign's missions can earn at most {capacity} by the end of chapter "
                        f"{built.chapter} (each insight mission completes once, whichever option is chosen)",
                        hint="lower the requirement at this count (a table such as "
                        "`{1: 1, 2: 2, 3: 3, 4: 3}`), or add an insight mission",
                    )
                    break


def _path(goal: object, condition: CollectedInsight, path: tuple[str | int, ...]) -> tuple[str | int, ...]:
    if goal is condition:
        return (*path, "collected_insight")
    for i, part in enumerate(getattr(goal, "all", None) or []):
        found = _path(part, condition, (*path, "all", i))
        if found[-1] == "collected_insight":
            return found
    return path
