"""What a chapter's missions can earn before a given card's goals (BB0508, BB0509), for every card
at once.

`InsightTiming`: what the chapter can earn without first getting past a card's goals is every
earned node the card's goals do not *dominate* in the mission graph: with each card split into its
entry and its way out (the goals' edges), a node unreachable once the way out is gone is one the
way out dominates. One dominator tree (networkx, Cooper-Harvey-Kennedy) answers it for every card,
instead of one reachability search per card (quadratic in the cards).
"""

from __future__ import annotations

from collections.abc import Iterator

import networkx as nx

from toolkit.games.board.mission.graph import MISSION, START, ChapterGraph, card_node, node_number


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
