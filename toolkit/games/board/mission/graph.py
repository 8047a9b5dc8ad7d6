"""A chapter's mission graph: which event or card reveals which card, and how the hunt ends.

Nodes are the chapter's start, its mission cards (``card:5``), the insight cards its missions earn
(``insight:21``) and three ends: ``hunt`` (complete the hunt), ``mission`` (a mission completed
without an insight card) and ``untold`` (the source stops describing). Every edge remembers the
document and path it came from, so the checks can point at it, and whether it ends the step of the
card it leaves (a goal's reveal or completion) or merely happens along the way.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

import networkx as nx

from toolkit.core.document import LoadedDocument, PathKey
from toolkit.core.model import text_in
from toolkit.games.board.mission.deck import CampaignDeck
from toolkit.games.board.mission.documents import Chapter, MissionCard
from toolkit.games.board.mission.effects import (
    CompleteHunt,
    CompleteMission,
    Reveal,
    SpecialRules,
    UntoldEffect,
)
from toolkit.games.board.mission.triggers import UntoldTrigger
from toolkit.games.board.mission.walk import describe, outcomes, walk_models

START = "start"
HUNT = "hunt"
MISSION = "mission"
UNTOLD = "untold"

EdgeKind = Literal["trigger", "setup", "goal", "on_reveal", "rule"]


def card_node(number: int) -> str:
    return f"card:{number}"


def insight_node(number: int) -> str:
    return f"insight:{number}"


def node_number(node: str) -> int | None:
    """The card number of a ``card:N`` or ``insight:N`` node."""
    _, _, number = node.partition(":")
    return int(number) if number.isdigit() else None


@dataclass(frozen=True, slots=True)
class RevealEdge:
    """One way a card (or an end) comes into play."""

    source: str
    target: str
    kind: EdgeKind
    document: LoadedDocument
    """The chapter or card document holding the instruction."""

    path: PathKey
    """Where in that document: the `reveal`, `special_rules` or completion value."""

    goal: int | None = None
    """For goal edges, which goal of the card."""

    decisions: tuple[str, ...] = ()
    """The choices and branches taken to get here."""

    label: str = ""
    """A short description for drawings (the trigger, the goal's decisions)."""

    ends_step: bool = False
    """Whether this edge is how the source card's step ends (a goal's reveal or completion)."""


@dataclass(slots=True)
class ChapterGraph:
    """The mission graph of one chapter, with every edge kept (a multigraph)."""

    deck: CampaignDeck
    chapter: int
    graph: nx.MultiDiGraph
    cross_chapter: list[RevealEdge]
    """Reveals from this chapter of cards that belong to another chapter."""

    untold_triggers: int = 0
    """Chapter triggers the source does not state (`when: {untold: ...}`)."""

    def edges(self) -> list[RevealEdge]:
        return [data["edge"] for _, _, data in self.graph.edges(data=True)]

    def reachable(self, without: str | None = None, *, before_goals_of: str | None = None) -> set[str]:
        """Nodes reachable from the start; ``without`` drops a node, ``before_goals_of`` drops only
        what a card's goals lead to (what can happen before that card's step ends)."""
        graph = self.graph
        if without is not None:
            graph = nx.restricted_view(graph, [without], [])
        elif before_goals_of is not None:
            hidden = [
                (source, target, key)
                for source, target, key, data in graph.out_edges(before_goals_of, keys=True, data=True)
                if data["edge"].ends_step
            ]
            graph = nx.restricted_view(graph, [], hidden)
        return {START} | set(nx.descendants(graph, START))

    def hunt_path(self) -> list[str] | None:
        """A shortest path from the start to completing the hunt, if any."""
        try:
            path: list[str] = nx.shortest_path(self.graph, START, HUNT)
        except (nx.NetworkXNoPath, nx.NodeNotFound):
            return None
        return path

    def step_graph(self) -> nx.DiGraph:
        """Only the edges that end a card's step: how play moves on from goal to goal."""
        steps = nx.DiGraph()
        steps.add_nodes_from(self.graph.nodes)
        for edge in self.edges():
            if edge.ends_step:
                steps.add_edge(edge.source, edge.target)
        return steps

    @property
    def is_partial(self) -> bool:
        """Whether the chapter stops where its source stops describing it."""
        return self.untold_triggers > 0 or bool(self.graph.in_degree(UNTOLD) > 0)


def build_chapter_graph(deck: CampaignDeck, chapter: int) -> ChapterGraph:
    """Build the mission graph of ``chapter``; unknown cards are left out (the checks report them)."""
    graph = nx.MultiDiGraph()
    graph.add_node(START, label="Start", type="start")
    for end, label in ((HUNT, "Hunt complete"), (MISSION, "Mission complete"), (UNTOLD, "Untold")):
        graph.add_node(end, label=label, type="end")
    for entry in deck.cards_of(chapter):
        card = entry.model
        graph.add_node(card_node(card.number), label=text_in(card.title), type=card.type)
    built = ChapterGraph(deck, chapter, graph, [])
    chapter_entry = deck.chapter(chapter)
    if chapter_entry is not None:
        _chapter_edges(built, chapter_entry.model, chapter_entry.document)
    for entry in deck.cards_of(chapter):
        _card_edges(built, entry.model, entry.document)
    return built


def _add(built: ChapterGraph, edge: RevealEdge) -> None:
    number = node_number(edge.target)
    if edge.target.startswith("card:") and number is not None:
        target = built.deck.card(number)
        if target is None:
            return
        if target.model.chapter != built.chapter:
            built.cross_chapter.append(edge)
            return
    if edge.target.startswith("insight:"):
        insight_number = node_number(edge.target)
        insight = built.deck.insight(insight_number) if insight_number is not None else None
        title = text_in(insight.model.title) if insight is not None else "?"
        built.graph.add_node(edge.target, label=title, type="insight-card")
    built.graph.add_edge(edge.source, edge.target, edge=edge)


def _chapter_edges(built: ChapterGraph, chapter: Chapter, document: LoadedDocument) -> None:
    for i, trigger in enumerate(chapter.triggers):
        if isinstance(trigger.when, UntoldTrigger):
            built.untold_triggers += 1
        _add(
            built,
            RevealEdge(
                START,
                card_node(trigger.reveal),
                "trigger",
                document,
                ("triggers", i, "reveal"),
                label=describe(trigger.when),
            ),
        )
    for i, number in enumerate(chapter.setup.special_rules):
        _add(
            built,
            RevealEdge(
                START, card_node(number), "setup", document, ("setup", "special_rules", i), label="setup"
            ),
        )


def _card_edges(built: ChapterGraph, card: MissionCard, document: LoadedDocument) -> None:
    source = card_node(card.number)
    for part in ("on_reveal", "rules"):
        kind: EdgeKind = "on_reveal" if part == "on_reveal" else "rule"
        for index, item in enumerate(getattr(card, part)):
            for model, path in walk_models(item, (part, index)):
                if isinstance(model, Reveal):
                    _add(
                        built, RevealEdge(source, card_node(model.reveal), kind, document, (*path, "reveal"))
                    )
                elif isinstance(model, SpecialRules):
                    target = card_node(model.special_rules)
                    _add(built, RevealEdge(source, target, kind, document, (*path, "special_rules")))
    seen: set[tuple[str, PathKey]] = set()
    for goal_index, goal in enumerate(card.goals):
        for outcome in outcomes(goal.then, ("goals", goal_index, "then")):
            for effect, path in outcome.effects:
                edge = _goal_edge(
                    source, effect, path, document, goal_index, (describe(goal.goal), *outcome.decisions)
                )
                if edge is not None and (edge.target, edge.path) not in seen:
                    seen.add((edge.target, edge.path))
                    _add(built, edge)


def _goal_edge(
    source: str,
    effect: object,
    path: PathKey,
    document: LoadedDocument,
    goal: int,
    decisions: tuple[str, ...],
) -> RevealEdge | None:
    label = "; ".join(decisions)
    if isinstance(effect, Reveal):
        target, at = card_node(effect.reveal), (*path, "reveal")
    elif isinstance(effect, CompleteMission):
        insight = effect.complete_mission.insight
        target = insight_node(insight) if insight is not None else MISSION
        at = (*path, "complete_mission")
    elif isinstance(effect, CompleteHunt):
        target, at = HUNT, (*path, "complete_hunt")
    elif isinstance(effect, UntoldEffect):
        target, at = UNTOLD, (*path, "untold")
    elif isinstance(effect, SpecialRules):
        target, at = card_node(effect.special_rules), (*path, "special_rules")
        label = "special rules" + (f" ({label})" if label else "")
    else:
        return None
    ends = not isinstance(effect, SpecialRules)
    return RevealEdge(source, target, "goal", document, at, goal, decisions[1:], label, ends)


def campaign_graphs(deck: CampaignDeck, chapter: int | None = None) -> list[ChapterGraph]:
    """The graphs of every chapter of a campaign, or of one chapter (empty if it has no such chapter)."""
    numbers = deck.chapter_numbers() if chapter is None else [chapter]
    return [build_chapter_graph(deck, n) for n in numbers if deck.chapter(n) is not None]
