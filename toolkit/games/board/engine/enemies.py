"""Enemy numbers in play: HP with mission changes, attacks with mission changes, damage and slaying."""

from __future__ import annotations

from typing import TYPE_CHECKING

from toolkit.games.board.engine.combat_tables import SELECTOR_OF, SELECTORS
from toolkit.games.board.engine.world import EnemyState

if TYPE_CHECKING:
    from toolkit.games.board.engine.core import Game, Gen


def selectors(enemy: EnemyState) -> tuple[str, ...]:
    """The selector keys that match an enemy (`enemy:<id>`, `boss:<id>`, `tag:<tag>`)."""
    return SELECTORS[(enemy.kind, enemy.type, enemy.tag)]


# The mission tables below are read at every strike and by the bots' scoring, and are empty most
# of the game: an empty one answers at once, a full one is read through memos of the selectors
# (no string is split twice).


def _changes(table: dict[str, int], enemy: EnemyState) -> int:
    if not table:
        return 0
    keys = SELECTORS[(enemy.kind, enemy.type, enemy.tag)]
    total = 0
    for key, value in table.items():
        if SELECTOR_OF[key] in keys:
            total += value
    return total


def max_hp(g: Game, enemy: EnemyState) -> int:
    """HP of the enemy (of its current phase for a boss), mission changes included, at least 1."""
    if enemy.kind == "boss":
        base = g.rules.bosses[enemy.type].phases[enemy.phase - 1].hp.evaluate(hunters=g.n)
    elif enemy.kind == "npc":
        side = g.rules.npcs[enemy.type].side_for(g.n)
        base = side.hp if side is not None else 1
    else:
        base = g.rules.enemies[enemy.type].hp
    changes = g.world.hp_changes
    hp = base + _changes(changes, enemy) if changes else base
    return hp if hp > 1 else 1


def attack_change(g: Game, enemy: EnemyState) -> tuple[int, int]:
    """Mission changes to the enemy's attacks: (damage, speed)."""
    table = g.world.attack_changes
    if not table:
        return 0, 0
    damage = speed = 0
    keys = SELECTORS[(enemy.kind, enemy.type, enemy.tag)]
    for key, (dmg, spd) in table.items():
        if SELECTOR_OF[key] in keys:
            damage += dmg
            speed += spd
    return damage, speed


def invulnerable(g: Game, enemy: EnemyState) -> bool:
    protected = g.world.invulnerable
    if not protected:
        return False
    keys = SELECTORS[(enemy.kind, enemy.type, enemy.tag)]
    # Plain loops here and below, not any(...): a generator costs a frame resume per item.
    for key in protected:  # noqa: SIM110
        if SELECTOR_OF[key] in keys:
            return True
    return False


def on_map(g: Game, enemy: EnemyState) -> bool:
    """Whether the enemy is still on the map. Its state is unique by its uid, so this is the
    list's membership by identity (without comparing the enemies before it field by field)."""
    for other in g.world.enemies:  # noqa: SIM110
        if other is enemy:
            return True
    return False


def take_off(g: Game, enemy: EnemyState) -> None:
    """Take the enemy off the map (``list.remove`` by identity, as :func:`on_map` reads it)."""
    enemies = g.world.enemies
    for position, other in enumerate(enemies):
        if other is enemy:
            del enemies[position]
            return
    raise ValueError(f"{g.enemy_name(enemy)} is not on the map")


def heal_enemy(g: Game, enemy: EnemyState, amount: int) -> None:
    enemy.damage = max(0, enemy.damage - amount)


def hurt_enemy(g: Game, enemy: EnemyState, amount: int, hunter: int | None) -> Gen[bool]:
    """Deal damage; a boss turns to phase 2 (excess lost) or falls; returns whether it was slain.

    The slayer (if a hunter) gains a Blood Echo unless they were slain in the same instant — the
    caller tells that by giving ``hunter=None``.
    """
    if amount <= 0 or not on_map(g, enemy):
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
    take_off(g, enemy)
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
