"""Enemy activation after a hunter's turn and pursuit after a Move action."""

from __future__ import annotations

from typing import TYPE_CHECKING

from toolkit.games.board.engine.combat import combat
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


def activation_rank(enemy: EnemyState) -> tuple[int, int, int]:
    """The order enemies activate in: kind, then Hunt board slot, then the order they came."""
    slot = enemy.slot if enemy.slot or enemy.kind != "enemy" else NEW_TYPE_SLOT
    return (KIND_ORDER[enemy.kind], slot, enemy.uid)


def movement(g: Game, enemy: EnemyState) -> int:
    if enemy.kind == "boss":
        return g.rules.bosses[enemy.type].movement
    if enemy.kind == "npc":
        return g.rules.npcs[enemy.type].movement
    return g.rules.enemies[enemy.type].movement


def in_range(g: Game, enemy: EnemyState, target: Place) -> bool:
    """On the hunter's tile or a tile joined to it, and not cut off by fog gates."""
    if enemy.place[0] not in g.map.connected_tiles(target[0]):
        return False
    return not g.map.gated_between(enemy.place[0], target[0])


def activate(g: Game, index: int) -> Gen[None]:
    """Every enemy in activation range moves and attacks, in order; newcomers join in."""
    done: set[int] = set()
    while True:
        target = g.hunter(index).place
        if target is None:
            return  # sudden death: no target left on the map
        ready = [e for e in g.world.enemies if e.uid not in done and in_range(g, e, target)]
        if not ready:
            return
        enemy = min(ready, key=activation_rank)
        done.add(enemy.uid)
        move_enemy(g, enemy, index, movement(g, enemy))
        if enemy.place == g.hunter(index).place:
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
    for step, place in enumerate(path[:-1]):
        for enemy in g.enemies_at(place):
            if enemy.uid in moved:
                continue
            nxt = path[step + 1]
            if nxt in g.map.enemy_steps(place):
                enemy.place = nxt
                g.log(f"{g.enemy_name(enemy)} pursues to {g.label(nxt)}")
            moved.add(enemy.uid)
    left_tiles = {p[0] for p in path[:-1]} - {hunter_place[0]}
    for enemy in g.world.enemies:
        if enemy.uid not in moved and enemy.place[0] in left_tiles:
            moved.add(enemy.uid)
            move_enemy(g, enemy, index, 1, pursuing=True)
