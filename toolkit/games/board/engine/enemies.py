"""Enemy numbers in play: HP with mission changes, attacks with mission changes, damage and slaying."""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING

from toolkit.games.board.engine.world import EnemyState

if TYPE_CHECKING:
    from toolkit.games.board.engine.core import Game, Gen


def selectors(enemy: EnemyState) -> tuple[str, ...]:
    """The selector keys that match an enemy (`enemy:<id>`, `boss:<id>`, `tag:<tag>`)."""
    return _selectors(enemy.kind, enemy.type, enemy.tag)


@lru_cache(maxsize=1024)
def _selectors(kind: str, type_: str, tag: str) -> tuple[str, ...]:
    first = f"boss:{type_}" if kind == "boss" else f"enemy:{type_}"
    return (first, f"tag:{tag}") if tag else (first,)


def _changes(table: dict[str, int], enemy: EnemyState) -> int:
    keys = selectors(enemy)
    return sum(v for k, v in table.items() if k.split("|", 1)[1] in keys)


def max_hp(g: Game, enemy: EnemyState) -> int:
    """HP of the enemy (of its current phase for a boss), mission changes included, at least 1."""
    if enemy.kind == "boss":
        base = g.rules.bosses[enemy.type].phases[enemy.phase - 1].hp.evaluate(hunters=g.n)
    elif enemy.kind == "npc":
        side = g.rules.npcs[enemy.type].side_for(g.n)
        base = side.hp if side is not None else 1
    else:
        base = g.rules.enemies[enemy.type].hp
    return max(1, base + _changes(g.world.hp_changes, enemy))


def attack_change(g: Game, enemy: EnemyState) -> tuple[int, int]:
    """Mission changes to the enemy's attacks: (damage, speed)."""
    damage = speed = 0
    keys = selectors(enemy)
    for key, (dmg, spd) in g.world.attack_changes.items():
        if key.split("|", 1)[1] in keys:
            damage += dmg
            speed += spd
    return damage, speed


def invulnerable(g: Game, enemy: EnemyState) -> bool:
    keys = selectors(enemy)
    return any(k.split("|", 1)[1] in keys for k in g.world.invulnerable)


def heal_enemy(g: Game, enemy: EnemyState, amount: int) -> None:
    enemy.damage = max(0, enemy.damage - amount)


def hurt_enemy(g: Game, enemy: EnemyState, amount: int, hunter: int | None) -> Gen[bool]:
    """Deal damage; a boss turns to phase 2 (excess lost) or falls; returns whether it was slain.

    The slayer (if a hunter) gains a Blood Echo unless they were slain in the same instant — the
    caller tells that by giving ``hunter=None``.
    """
    if amount <= 0 or enemy not in g.world.enemies:
        return False
    if invulnerable(g, enemy):
        g.log(f"{g.enemy_name(enemy)} cannot be harmed yet")
        return False
    enemy.damage += amount
    if enemy.damage < max_hp(g, enemy):
        return False
    if enemy.kind == "boss" and enemy.phase == 1:
        enemy.phase, enemy.damage = 2, 0
        g.log(f"{g.enemy_name(enemy)} enters phase 2")
        return False
    yield from slay_enemy(g, enemy, hunter)
    return True


def slay_enemy(g: Game, enemy: EnemyState, hunter: int | None) -> Gen[None]:
    """Remove a slain enemy, pay its Blood Echo, and tell the missions."""
    g.world.enemies.remove(enemy)
    g.stats.enemies_slain += 1
    g.log(f"{g.enemy_name(enemy)} is slain")
    if hunter is not None:
        gain_echoes(g, hunter, 1)
    tile = g.world.tiles[enemy.place[0]].tile
    yield from g.event(
        "enemy_slain",
        hunter=hunter,
        enemy=enemy.type if enemy.kind != "boss" else "",
        boss=enemy.type if enemy.kind == "boss" else "",
        tag=enemy.tag,
        tile=tile,
        space=enemy.place[1],
        place=[enemy.place[0], enemy.place[1]],
    )


def gain_echoes(g: Game, index: int, amount: int) -> None:
    """Blood Echoes beyond the hunter's cap are discarded."""
    hunter = g.hunter(index)
    cap = g.rules.hunters[hunter.id].echo_cap
    hunter.echoes = min(cap, hunter.echoes + amount)
