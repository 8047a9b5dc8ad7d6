"""Putting enemies on the map: spawn points, mission spawns, bosses, and the miniature limit."""

from __future__ import annotations

from typing import TYPE_CHECKING

from toolkit.games.board.engine import cruel, supply
from toolkit.games.board.engine.enemies import take_off
from toolkit.games.board.engine.world import EnemyState, Place

if TYPE_CHECKING:
    from toolkit.games.board.engine.core import Game


def spawn_enemy(
    g: Game,
    enemy: str,
    place: Place,
    *,
    slot: int = 0,
    tag: str = "",
    owner: int = 0,
    respawn: bool = False,
) -> EnemyState:
    """Put one regular or NPC enemy on ``place``; with no miniature left, move the farthest one."""
    world = g.world
    if enemy in g.rules.npcs:
        tokens = [e for e in world.enemies if e.kind == "npc"]
        if tokens and supply.mission_tokens_left(g, "npc") == 0:
            # Ruling `board-npc-token-limit`: like a miniature, the farthest token is reused.
            reused = cruel.farthest_miniature(g, tokens)
            take_off(g, reused)
            g.log(f"no NPC token left: {g.enemy_name(reused)} is taken from the map")
        piece = EnemyState(world.take_uid(), "npc", enemy, place, tag=tag, owner=owner)
        piece.respawn, piece.home = respawn, place
        world.enemies.append(piece)
        g.log(f"spawn {g.enemy_name(piece)} at {g.label(place)}")
        return piece
    if not slot:
        slot = _board_slot(g, enemy)
    limit = g.rules.enemies[enemy].miniatures
    count = 0
    for other in world.enemies:
        if other.type == enemy and other.kind == "enemy":
            count += 1
    if count >= limit:
        on_map = [e for e in world.enemies if e.type == enemy and e.kind == "enemy"]
        reused = cruel.farthest_miniature(g, on_map)
        take_off(g, reused)
        g.log(f"no {enemy} miniature left: {g.enemy_name(reused)} is taken from the map")
    piece = EnemyState(world.take_uid(), "enemy", enemy, place, slot=slot, tag=tag, owner=owner)
    piece.respawn, piece.home = respawn, place
    world.enemies.append(piece)
    g.log(f"spawn {g.enemy_name(piece)} at {g.label(place)}")
    return piece


def _board_slot(g: Game, enemy: str) -> int:
    """The Hunt board slot holding the enemy type, or 0 (a type a mission brought in)."""
    for key, (held, _) in g.world.slots.items():
        if held == enemy:
            return int(key)
    return 0


def spawn_boss(g: Game, boss: str, place: Place, *, tag: str = "", owner: int = 0) -> EnemyState | None:
    """Put a boss on the map with its HP card and both action decks (once: a boss is unique)."""
    world = g.world
    if any(e.kind == "boss" and e.type == boss for e in world.enemies):
        return None
    piece = EnemyState(world.take_uid(), "boss", boss, place, tag=tag, owner=owner)
    world.enemies.append(piece)
    for phase, model in enumerate(g.rules.bosses[boss].phases, start=1):
        key = f"{boss}/{phase}"
        world.boss_decks[key] = [i for i, card in enumerate(model.actions) for _ in range(card.count)]
        world.boss_discards[key] = []
    g.log(f"boss {g.enemy_name(piece)} appears at {g.label(place)}")
    return piece


def populate_spawn_points(g: Game, uids: list[int]) -> None:
    """Spawn the slot enemy on every spawn point of the given tiles, closest to hunters first."""
    points: list[tuple[int, Place, int]] = []
    hunters = [g.map.distances_to(h.place) for h in g.world.hunters if h.place is not None]
    spawn_points = g.tables.spawn_points
    tiles = g.world.tiles
    for uid in uids:
        placed = tiles[uid]
        if placed.fog_owner >= 0:
            # Only the enemies of the card that raised the fog gates appear inside them (ruling
            # `board-fog-spawns`).
            continue
        for space, slot in spawn_points[placed.tile]:
            place = (uid, space)
            # The nearest hunter's distance (999 when none is on the map or none can reach it).
            near: int | None = None
            for to_hunter in hunters:
                d = to_hunter[place] if place in to_hunter else 999  # noqa: SIM401 (no call per pair)
                if near is None or d < near:
                    near = d
            points.append((999 if near is None else near, place, slot))
    if not points:
        return
    points.sort()
    slots = g.world.slots
    for _, place, slot in points:
        spawn_enemy(g, slots[str(slot)][0], place, slot=slot)


def place_consumables(g: Game, uids: list[int]) -> None:
    """Put a consumable token on every consumable icon of the tiles that lacks one, as far as the
    box's tokens go (:mod:`.supply`)."""
    spaces, tiles = g.tables.consumable_spaces, g.world.tiles
    icons = [(uid, space) for uid in uids for space in spaces[tiles[uid].tile]]
    if icons:
        supply.fill_consumable_icons(g, icons)
