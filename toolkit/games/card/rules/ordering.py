"""Contradictions between damage-modifier ordering declarations (check BB0803).

The booklet fixes the order of the pipeline's stages (see :mod:`toolkit.games.card.rules.damage`).
A modifier may also declare that it resolves after (or before) the modifiers of other cards. Such a
declaration contradicts the rules when

- it puts a modifier after one of a later stage, or before one of an earlier stage, or
- the declarations form a cycle: card A after B and B after A (directly or through other cards),
  including a card declared after itself.

>>> a = Declared("a", "flat", after=("b",), where="a.yaml")
>>> b = Declared("b", "limit", where="b.yaml")
>>> [c.reason for c in ordering_conflicts([a, b])]  # doctest: +NORMALIZE_WHITESPACE
['a flat modifier of a is declared to resolve after b, but b has a limit modifier,
  and the booklet applies limit modifiers after flat ones']
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Generic, TypeVar

import networkx as nx

from toolkit.games.card.model.effects import Stage
from toolkit.games.card.rules.damage import stage_rank

W = TypeVar("W")


@dataclass(frozen=True, slots=True)
class Declared(Generic[W]):
    """One damage modifier of one card, with its ordering declarations."""

    card: str
    """The card it belongs to (any unique key)."""

    stage: Stage
    """Its pipeline stage."""

    after: tuple[str, ...] = ()
    """Cards whose modifiers it resolves after."""

    before: tuple[str, ...] = ()
    """Cards whose modifiers it resolves before."""

    where: W | None = field(default=None, compare=False)
    """Anything the caller needs to locate the modifier (a document and a path)."""


@dataclass(frozen=True, slots=True)
class OrderConflict(Generic[W]):
    """A declaration that contradicts the booklet's order or another declaration."""

    declared: Declared[W]
    """The modifier whose declaration conflicts."""

    other: str
    """The card it names."""

    reason: str
    """What is contradictory, in a sentence."""

    cycle: tuple[str, ...] = ()
    """For a cycle, the cards around it in resolution order, the first repeated at the end."""


def _stage_conflicts(modifier: Declared[W], stages: dict[str, set[Stage]]) -> list[OrderConflict[W]]:
    conflicts: list[OrderConflict[W]] = []
    for relation, others in (("after", modifier.after), ("before", modifier.before)):
        for other in others:
            for stage in sorted(stages.get(other, set()), key=stage_rank):
                mine, theirs = stage_rank(modifier.stage), stage_rank(stage)
                if (relation == "after" and theirs > mine) or (relation == "before" and theirs < mine):
                    first, last = (modifier.stage, stage) if theirs > mine else (stage, modifier.stage)
                    reason = (
                        f"a {modifier.stage} modifier of {modifier.card} is declared to resolve "
                        f"{relation} {other}, but {other} has a {stage} modifier, and the booklet "
                        f"applies {last} modifiers after {first} ones"
                    )
                    conflicts.append(OrderConflict(modifier, other, reason))
    return conflicts


def _edges(modifier: Declared[W]) -> list[tuple[str, str, str]]:
    """The declaration as (earlier card, later card, named card) edges."""
    edges = [(other, modifier.card, other) for other in modifier.after]
    edges += [(modifier.card, other, other) for other in modifier.before]
    return edges


def ordering_conflicts(modifiers: Sequence[Declared[W]]) -> list[OrderConflict[W]]:
    """Every contradiction among ``modifiers`` (all modifiers of the cards involved)."""
    stages: dict[str, set[Stage]] = {}
    for modifier in modifiers:
        stages.setdefault(modifier.card, set()).add(modifier.stage)
    graph = nx.DiGraph()
    for modifier in modifiers:
        for earlier, later, _ in _edges(modifier):
            graph.add_edge(earlier, later)
    conflicts: list[OrderConflict[W]] = []
    for modifier in modifiers:
        conflicts.extend(_stage_conflicts(modifier, stages))
        for earlier, later, other in _edges(modifier):
            if other == modifier.card:
                reason = f"{modifier.card} is declared to resolve after or before itself"
                conflicts.append(OrderConflict(modifier, other, reason, (other, other)))
            elif nx.has_path(graph, later, earlier):
                back: list[str] = nx.shortest_path(graph, later, earlier)
                cycle = (earlier, *back)
                reason = (
                    f"{modifier.card} and {other} are declared in contradictory order: "
                    "each of " + " → ".join(cycle) + " would have to resolve before the next"
                )
                conflicts.append(OrderConflict(modifier, other, reason, cycle))
    return conflicts
