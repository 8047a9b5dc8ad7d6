"""Moving pieces without asking anyone: an enemy's steps toward a hunter, and the end of a hunter's
move told to the missions. Both the turn and the effects of cards move pieces, so these sit below
both of them."""

from __future__ import annotations

from typing import TYPE_CHECKING

from toolkit.games.board.engine import cruel
from toolkit.games.board.engine.world import EnemyState

if TYPE_CHECKING:
    from toolkit.games.board.engine.core import Game, Gen


def move_enemy(g: Game, enemy: EnemyState, index: int, steps: int, *, pursuing: bool = False) -> None:
    """Move up to ``steps`` spaces toward the hunter along a shortest path (ties: cruel).

    An activating enemy that shares a space with another hunter stays unless the move reaches its
    target; a pursuing one goes regardless (rulebook: other hunters do not interfere with pursuit)."""
    hunters = g.world.hunters
    target = hunters[index].place
    if target is None:
        return
    board = g.map
    distances = board.distances(target, enemy=True)
    for step in range(steps):
        place = enemy.place
        if place == target:
            return
        here = distances.get(place)
        if here is None:
            return
        if not pursuing and here > steps - step:
            # An enemy sharing a space with another hunter only leaves it to reach its target.
            for i, hunter in enumerate(hunters):
                if i != index and hunter.place == place:
                    return
        closer = [p for p in board.enemy_steps(place) if distances.get(p, 999) == here - 1]
        if not closer:
            return
        # One way closer leaves the cruel policy nothing to choose (it only reads the map).
        enemy.place = closer[0] if len(closer) == 1 else cruel.enemy_step(g, closer)
    g.log(f"{enemy.type}#{enemy.uid} moves to {board.label(enemy.place)}")


def after_move(g: Game, index: int) -> Gen[None]:
    """A move ended: tell the missions where."""
    place = g.hunter(index).place
    if place is None:
        return
    tile = g.world.tiles[place[0]].tile
    yield from g.event("end_move", hunter=index, tile=tile, space=place[1])
