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
    for hunter in g.world.hunters:
        where = hunter.place
        if where is None or where not in distances:
            continue
        d = distances[where]
        if d <= 1:
            near += 1
        if d <= 2:
            far += 1
    return near, far


def enemy_step(g: Game, candidates: list[Place]) -> Place:
    """Among equally short steps toward the target, the one that threatens the most hunters (in
    place order, the first of equals; a lone candidate is not scored)."""
    if len(candidates) == 1:
        return candidates[0]
    best: Place | None = None
    best_score = (-1, -1)
    for place in sorted(candidates):
        score = hunter_pressure(g, place)
        if best is None or score > best_score:
            best, best_score = place, score
    assert best is not None
    return best


def farthest_miniature(g: Game, pieces: list[EnemyState]) -> EnemyState:
    """The miniature to reuse when none is left: the one farthest from any hunter (rulebook);
    among equals, the one that has taken the most damage goes (it comes back fresh elsewhere)."""
    places = [h.place for h in g.world.hunters if h.place is not None]
    best = pieces[0]
    best_score: tuple[int, int, int] | None = None
    for piece in pieces:
        distances = g.map.distances(piece.place, enemy=False)
        nearest: int | None = None
        for where in places:
            d = distances.get(where, 999)
            if nearest is None or d < nearest:
                nearest = d
        score = (999 if nearest is None else nearest, -piece.damage, -piece.uid)
        if best_score is None or score > best_score:
            best, best_score = piece, score
    return best


def spawn_space(g: Game, candidates: list[Place]) -> Place:
    """Where an effect that lets the game pick a space spawns: closest to the most hunters (the
    same choice as :func:`enemy_step`)."""
    return enemy_step(g, candidates)


def token_step(g: Game, candidates: list[Place], target: Place, toward: bool) -> Place:
    """A mission token's step: of the steps that move it the right way, the one that leaves it
    farthest from the hunters' help (ties by place order)."""

    def score(place: Place) -> tuple[int, int]:
        d = g.map.distance(place, target) or 0
        return (-d if toward else d, -hunter_pressure(g, place)[1])

    return max(sorted(candidates), key=score)
