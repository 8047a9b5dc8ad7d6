"""The Hunt Track: advancing it, the final space, and resetting the map."""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from toolkit.games.board.engine.spawn import place_consumables, populate_spawn_points, spawn_enemy

if TYPE_CHECKING:
    from toolkit.games.board.engine.core import Game, Gen


def advance(g: Game, spaces: int = 1) -> Gen[None]:
    """Move the token forward; on the final space an advance resets the map instead."""
    track = g.rules.track
    for _ in range(spaces):
        if g.world.track >= track.length:
            if track.final_space_resets:
                g.log("the hunt track is on its final space: the map resets again")
                yield from reset(g)
            continue
        g.world.track += 1
        g.log(f"hunt track advances to {g.world.track}")
        yield from g.event("hunt_track", space_number=g.world.track)
        if track.is_reset(g.world.track):
            yield from reset(g)


def reset(g: Game) -> Gen[None]:
    """Reset the map: enemies go, consumables come back, mission enemies and spawn points respawn,
    bosses heal but keep their phase."""
    world = g.world
    world.resets += 1
    g.stats.resets += 1
    g.log("reset: the map resets")
    # Mission enemies go back to their place, healed: all of a respawning group, the survivors of
    # the others (ruling `board-mission-enemies-at-reset`).
    survivors = Counter((e.owner, e.tag, e.type) for e in world.enemies if e.owner and e.kind != "boss")
    world.enemies = [e for e in world.enemies if e.kind == "boss"]
    for boss in world.enemies:
        boss.damage = 0
    place_consumables(g, [t.uid for t in world.tiles])
    for group in world.groups:
        key = (group.card, group.tag, group.enemy)
        count = group.count if group.respawn else min(group.count, survivors[key])
        survivors[key] -= count
        for _ in range(count):
            spawn_enemy(g, group.enemy, group.place, tag=group.tag, owner=group.card, respawn=group.respawn)
    populate_spawn_points(g, [t.uid for t in world.tiles])
    yield from g.event("reset")
