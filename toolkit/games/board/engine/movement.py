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
    target = g.hunter(index).place
    if target is None:
        return
    for step in range(steps):
        if enemy.place == target:
            return
        distances = g.map.distances(target, enemy=True)
        here = distances.get(enemy.place)
        if here is None:
            return
        others = not pursuing and any(
            i != index and g.hunter(i).place == enemy.place for i in g.hunters_on_map()
        )
        if others and here > steps - step:
            # An enemy sharing a space with another hunter only leaves it to reach its target.
            return
        closer = [p for p in g.map.enemy_steps(enemy.place) if distances.get(p, 999) == here - 1]
        if not closer:
            return
        enemy.place = cruel.enemy_step(g, closer)
    g.log(f"{g.enemy_name(enemy)} moves to {g.label(enemy.place)}")


def after_move(g: Game, index: int) -> Gen[None]:
    """A move ended: tell the missions where."""
    place = g.hunter(index).place
    if place is None:
        return
    tile = g.world.tiles[place[0]].tile
    yield from g.event("end_move", hunter=index, tile=tile, space=place[1])
