"""Judging an explored state graph: from which states can no order of play complete the hunt?

A state is *alive* when a good end (won, or stopped where the source stops) can be reached from
it, or a state whose successors were not all explored (the search's bound), which might still lead
to one. Every other state still being played is a soft lock: this is reverse reachability from the
good ends over the whole explored graph, so a start that can never be won is one, too. Each soft
lock is reported where play first enters the locked states, with the state deeper in where play
stops getting anywhere (a bottom component of the locked states), which names the card to fix.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

import networkx as nx

_SINK = "\0good"


@dataclass(frozen=True, slots=True)
class Lock:
    """One way into the locked states."""

    entry: str
    """The state where play first enters them."""

    in_play: tuple[int, ...]
    """The cards in play there."""

    stuck: str
    """A nearest state, from the entry, in a group of locked states that play never leaves."""

    stuck_in_play: tuple[int, ...]
    """The cards in play there."""


@dataclass(slots=True)
class StateGraph:
    """The explored states (status and cards in play, in the order found) and their edges."""

    nodes: Mapping[str, tuple[str, list[int]]]
    edges: Mapping[str, Iterable[str]]
    good: set[str]
    frontier: set[str]
    starts: list[str]

    def soft_locks(self) -> list[Lock]:
        graph = nx.DiGraph()
        graph.add_nodes_from(self.nodes)
        for source, targets in self.edges.items():
            graph.add_edges_from((source, target) for target in targets)
        alive = self._alive(graph)
        locked = [key for key, (status, _) in self.nodes.items() if status == "playing" and key not in alive]
        if not locked:
            return []
        locked_set = set(locked)
        entries = dict.fromkeys(key for key in self.starts if key in locked_set)
        for key in locked:
            if any(parent in alive for parent in graph.predecessors(key)):
                entries.setdefault(key)
        inner = graph.subgraph(locked_set)
        bottom = _bottom_states(inner)
        locks = []
        for entry in entries:
            stuck = _nearest(inner, entry, bottom)
            locks.append(Lock(entry, tuple(self.nodes[entry][1]), stuck, tuple(self.nodes[stuck][1])))
        return locks

    def _alive(self, graph: nx.DiGraph) -> set[str]:
        targets = self.good | self.frontier
        if not targets:
            return set()
        graph.add_edges_from((key, _SINK) for key in targets)
        alive: set[str] = nx.ancestors(graph, _SINK)
        graph.remove_node(_SINK)
        return alive


def _bottom_states(graph: nx.DiGraph) -> set[str]:
    """States in strongly connected components with no way out (within ``graph``)."""
    condensed = nx.condensation(graph)
    members = condensed.graph["mapping"]
    sinks = {node for node in condensed if condensed.out_degree(node) == 0}
    return {state for state, component in members.items() if component in sinks}


def _nearest(graph: nx.DiGraph, entry: str, targets: set[str]) -> str:
    """The first state of ``targets`` found breadth first from ``entry`` (one is always found: every
    walk through a finite graph ends in a bottom component)."""
    queue = deque([entry])
    seen = {entry}
    while queue:
        key = queue.popleft()
        if key in targets:
            return key
        for successor in graph.successors(key):
            if successor not in seen:
                seen.add(successor)
                queue.append(successor)
    return entry
