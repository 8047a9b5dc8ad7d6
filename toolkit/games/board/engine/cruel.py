"""The "intelligent and cruel" policy: when the rules leave a choice to the game, pick the outcome
worst for the hunters (rulebook, Intelligent and Cruel). Every tie the game itself breaks goes
through here, so the choice is deterministic and documented (ruling `board-cruel-ties`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from toolkit.games.board.engine.world import EnemyState, Place

if TYPE_CHECKING:
    from toolkit.games.board.engine.core import Game


def hunter_pressure(g: Game, place: Place) -> tuple[int, int]:
    """How threatening an enemy on ``place`` is: hunters reachable within 1 and 2 spaces."""
    distances = g.map.distances(place, enemy=True)
    near = far = 0
    for index in g.hunters_on_map():
        where = g.hunter(index).place
        assert where is not None
        d = distances.get(where)
        if d is not None and d <= 1:
            near += 1
        if d is not None and d <= 2:
            far += 1
    return near, far


def enemy_step(g: Game, candidates: list[Place]) -> Place:
    """Among equally short steps toward the target, the one that threatens the most hunters."""
    return max(sorted(candidates), key=lambda p: hunter_pressure(g, p))


def farthest_miniature(g: Game, pieces: list[EnemyState]) -> EnemyState:
    """The miniature to reuse when none is left: the one farthest from any hunter (rulebook);
    among equals, the one that has taken the most damage goes (it comes back fresh elsewhere)."""

    def remoteness(piece: EnemyState) -> tuple[int, int, int]:
        distances = g.map.distances(piece.place, enemy=False)
        near = [
            distances.get(where, 999)
            for where in (g.hunter(i).place for i in g.hunters_on_map())
            if where is not None
        ]
        return (min(near) if near else 999, -piece.damage, -piece.uid)

    return max(pieces, key=remoteness)


def spawn_space(g: Game, candidates: list[Place]) -> Place:
    """Where an effect that lets the game pick a space spawns: closest to the most hunters."""
    return max(sorted(candidates), key=lambda p: hunter_pressure(g, p))


def token_step(g: Game, candidates: list[Place], target: Place, toward: bool) -> Place:
    """A mission token's step: of the steps that move it the right way, the one that leaves it
    farthest from the hunters' help (ties by place order)."""

    def score(place: Place) -> tuple[int, int]:
        d = g.map.distance(place, target) or 0
        return (-d if toward else d, -hunter_pressure(g, place)[1])

    return max(sorted(candidates), key=score)
