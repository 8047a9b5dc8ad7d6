"""Enemy activation after a hunter's turn and pursuit after a Move action."""

from __future__ import annotations

from typing import TYPE_CHECKING

from toolkit.games.board.engine.combat import combat
from toolkit.games.board.engine.combat_tables import combat_tables
from toolkit.games.board.engine.movement import move_enemy
from toolkit.games.board.engine.world import EnemyState, Place

if TYPE_CHECKING:
    from toolkit.games.board.engine.core import Game, Gen

KIND_ORDER = {"enemy": 0, "npc": 1, "boss": 2}
"""Regular enemies activate by slot, then NPC enemies, then bosses (new enemy types activate
after the normal ones, rulebook Surprise Enemies; ruling `board-activation-order`)."""


NEW_TYPE_SLOT = 4
"""Where a regular enemy of a type no Hunt board slot holds (a mission brought it in, slot 0)
activates: after slot 3, before NPC enemies (ruling `board-activation-order`)."""


def movement(g: Game, enemy: EnemyState) -> int:
    if enemy.kind == "boss":
        return g.rules.bosses[enemy.type].movement
    if enemy.kind == "npc":
        return g.rules.npcs[enemy.type].movement
    return g.rules.enemies[enemy.type].movement


def in_range(g: Game, enemy: EnemyState, target: Place) -> bool:
    """On the hunter's tile or a tile joined to it, and not cut off by fog gates."""
    tile = enemy.place[0]
    if tile == target[0]:
        return True  # a tile is joined to itself, and fog gates only part different tiles
    if tile not in g.map.connected_tiles(target[0]):
        return False
    return not g.map.gated_between(tile, target[0])


def activate(g: Game, index: int) -> Gen[None]:
    """Every enemy in activation range moves and attacks, in order; newcomers join in."""
    done: set[int] = set()
    moves: dict[tuple[str, str], int] | None = None
    while True:
        target = g.world.hunters[index].place
        if target is None:
            return  # sudden death: no target left on the map
        # The next to activate: the first in activation order — kind, then Hunt board slot, then
        # the order they came — of those not yet activated and in range now (the map, the hunter
        # and the enemies may all have changed since the last one).
        there = target[0]
        joined = g.map.connected_tiles(there)
        enemy: EnemyState | None = None
        best = (0, 0, 0)
        for other in g.world.enemies:
            if other.uid in done:
                continue
            # :func:`in_range`, with the hunter's tiles looked up once.
            tile = other.place[0]
            if tile != there and (tile not in joined or g.map.gated_between(tile, there)):
                continue
            rank = (
                KIND_ORDER[other.kind],
                other.slot if other.slot or other.kind != "enemy" else NEW_TYPE_SLOT,
                other.uid,
            )
            if enemy is None or rank < best:
                enemy, best = other, rank
        if enemy is None:
            return
        done.add(enemy.uid)
        if moves is None:
            moves = combat_tables(g.rules).movement
        move_enemy(g, enemy, index, moves[(enemy.kind, enemy.type)])
        if enemy.place == g.world.hunters[index].place:
            yield from combat(g, index, enemy)


def pursue(g: Game, index: int, path: list[Place]) -> None:
    """After a Move action: enemies on spaces the hunter left follow 1 space along the path;
    enemies elsewhere on a tile the hunter left step 1 space toward the hunter (ruling
    `board-pursuit`)."""
    if len(path) < 2:
        return
    hunter_place = g.hunter(index).place
    if hunter_place is None:
        return
    moved: set[int] = set()
    left = path[:-1]
    # Only enemies standing on the path can follow it, and only the ones that followed step onto
    # it later (they are then in `moved`): one look at the enemies answers every step.
    spaces = set(left)
    on_path = [e for e in g.world.enemies if e.place in spaces]
    for step, place in enumerate(left):
        for enemy in on_path:
            if enemy.place != place or enemy.uid in moved:
                continue
            nxt = path[step + 1]
            if nxt in g.map.enemy_steps(place):
                enemy.place = nxt
                g.log(f"{g.enemy_name(enemy)} pursues to {g.label(nxt)}")
            moved.add(enemy.uid)
    left_tiles = {p[0] for p in left} - {hunter_place[0]}
    for enemy in g.world.enemies:
        if enemy.uid not in moved and enemy.place[0] in left_tiles:
            moved.add(enemy.uid)
            move_enemy(g, enemy, index, 1, pursuing=True)
