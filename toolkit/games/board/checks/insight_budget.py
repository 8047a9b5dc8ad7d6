"""How much insight a chapter's missions can earn, and what can be earned before a given card.

Two questions of the insight checks (BB0508, BB0509), each answered in about linear time:

* `most_insight`: the most insight cards one play of the chapter can earn. The options of a choice,
  the sides of a branch and a card's goals are alternatives: a card's step ends one way, so only
  one of them earns. Counted over the reveal graph from the chapter's start, a card earns what its
  best way out earns plus what the cards it reveals can earn (a card two others reveal is counted
  under both, so this is an upper bound, never below what play can earn). A chapter whose cards
  reveal each other in a loop falls back to counting every insight card its missions name.
* `InsightTiming`: what the chapter can earn without first getting past a card's goals. That is
  every earned node the card's goals do not *dominate* in the mission graph: with each card split
  into its entry and its way out (the goals' edges), a node unreachable once the way out is gone is
  one the way out dominates. One dominator tree (networkx, Cooper-Harvey-Kennedy) answers it for
  every card, instead of one reachability search per card.
"""

from __future__ import annotations

from collections.abc import Iterator

import networkx as nx

from toolkit.games.board.mission.effects import CompleteMission, Reveal, SpecialRules
from toolkit.games.board.mission.graph import MISSION, START, ChapterGraph, card_node, node_number
from toolkit.games.board.mission.walk import outcomes, walk_models


def most_insight(built: ChapterGraph) -> int | None:
    """An upper bound of the insight cards one play of the chapter earns (None: a reveal loop)."""
    cards = {entry.model.number: entry.model for entry in built.deck.cards_of(built.chapter)}
    always: dict[int, tuple[int, list[int]]] = {}
    ways: dict[int, list[tuple[int, list[int]]]] = {}
    reveals = nx.DiGraph()
    reveals.add_nodes_from(cards)
    for number, card in cards.items():
        earn, shown = 0, list[int]()
        for part in (*card.on_reveal, *card.rules):
            for model, _ in walk_models(part):
                earn += isinstance(model, CompleteMission)
                shown.extend(_revealed(model))
        always[number] = (earn, [n for n in shown if n in cards])
        options = []
        for goal in card.goals:
            for outcome in outcomes(goal.then, ()):
                effects = [effect for effect, _ in outcome.effects]
                won = sum(isinstance(effect, CompleteMission) for effect in effects)
                nexts = [n for effect in effects for n in _revealed(effect) if n in cards]
                options.append((won, nexts))
        ways[number] = options
        for target in always[number][1] + [n for _, nexts in options for n in nexts]:
            reveals.add_edge(number, target)
    if not nx.is_directed_acyclic_graph(reveals):
        return None
    value: dict[int, int] = {}
    for number in reversed(list(nx.topological_sort(reveals))):
        earn, shown = always[number]
        best = max((won + sum(value[n] for n in nexts) for won, nexts in ways[number]), default=0)
        value[number] = earn + sum(value[n] for n in shown) + best
    return sum(value[node_number(target) or 0] for target in _started(built) if node_number(target) in value)


def _revealed(model: object) -> Iterator[int]:
    if isinstance(model, Reveal):
        yield model.reveal
    elif isinstance(model, SpecialRules):
        yield model.special_rules


def _started(built: ChapterGraph) -> list[str]:
    """The cards the chapter's start brings in (its triggers and setup), once each."""
    return list(dict.fromkeys(target for _, target in built.graph.out_edges(START)))


class InsightTiming:
    """What the chapter's reachable missions earn, and what of it can come before a card's goals."""

    def __init__(self, built: ChapterGraph, earned_before: set[int]) -> None:
        self.earned_before = earned_before
        split = nx.DiGraph()
        split.add_node(START)
        earned: dict[str, int] = {}
        for edge in built.edges():
            source = (
                ("out:" + edge.source) if edge.ends_step and edge.source.startswith("card:") else edge.source
            )
            if source != edge.source:
                split.add_edge(edge.source, source)
            target = edge.target
            if target == MISSION:
                target = f"mission-of:{edge.source}"  # each card's completion is its own insight
                earned[target] = -(node_number(edge.source) or 0)
            elif target.startswith("insight:"):
                earned[target] = node_number(target) or 0
            split.add_edge(source, target)
        dominators: dict[str, str] = dict(nx.immediate_dominators(split, START))
        dominators.setdefault(START, START)  # networkx 3.6 leaves the start out
        self._reached = {node: item for node, item in earned.items() if node in dominators}
        self._node_of = {item: node for node, item in self._reached.items()}
        self.everything = earned_before | set(self._reached.values())
        self._enter, self._leave = _intervals(dominators)
        self._new_below = self._count_new_below(dominators)
        self._new = sum(1 for item in self._reached.values() if item not in earned_before)

    def _count_new_below(self, dominators: dict[str, str]) -> dict[str, int]:
        """For each node, how many earned nodes not already earned before it dominates."""
        below: dict[str, int] = dict.fromkeys(dominators, 0)
        for node, item in self._reached.items():
            if item not in self.earned_before:
                below[node] += 1
        for node in sorted(dominators, key=lambda n: -self._enter[n]):
            parent = dominators[node]
            if parent != node:
                below[parent] += below[node]
        return below

    def before(self, number: int) -> EarnedBefore:
        """What can be earned without first getting past card ``number``'s goals."""
        return EarnedBefore(self, "out:" + card_node(number))


class EarnedBefore:
    """The insight earned before a card's way out: membership and size without building the set."""

    def __init__(self, timing: InsightTiming, way_out: str) -> None:
        self._timing = timing
        self._way_out = way_out

    def _dominated(self, node: str) -> bool:
        timing, way_out = self._timing, self._way_out
        if way_out not in timing._enter:
            return False
        return timing._enter[way_out] <= timing._enter[node] < timing._leave[way_out]

    def __contains__(self, item: object) -> bool:
        timing = self._timing
        if item in timing.earned_before:
            return True
        node = timing._node_of.get(item) if isinstance(item, int) else None
        return node is not None and not self._dominated(node)

    def __len__(self) -> int:
        timing = self._timing
        return len(timing.earned_before) + timing._new - timing._new_below.get(self._way_out, 0)

    def __iter__(self) -> Iterator[int]:
        timing = self._timing
        yield from timing.earned_before
        yield from (
            item
            for node, item in timing._reached.items()
            if item not in timing.earned_before and not self._dominated(node)
        )


def _intervals(dominators: dict[str, str]) -> tuple[dict[str, int], dict[str, int]]:
    """Entry and exit times of a depth-first walk of the dominator tree (iterative: chapters of a
    thousand cards are deeper than Python's recursion limit)."""
    children: dict[str, list[str]] = {node: [] for node in dominators}
    root = START
    for node, parent in dominators.items():
        if node != parent:
            children[parent].append(node)
    enter: dict[str, int] = {}
    leave: dict[str, int] = {}
    clock = 0
    stack: list[tuple[str, bool]] = [(root, False)]
    while stack:
        node, done = stack.pop()
        if done:
            leave[node] = clock
            continue
        enter[node] = clock
        clock += 1
        stack.append((node, True))
        stack.extend((child, False) for child in children[node])
    return enter, leave
