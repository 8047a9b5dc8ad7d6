"""The Hunt Track: advancing it, the final space, and resetting the map."""

from __future__ import annotations

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
    returning = [e for e in world.enemies if e.kind != "boss" and e.respawn and e.home is not None]
    world.enemies = [e for e in world.enemies if e.kind == "boss"]
    for boss in world.enemies:
        boss.damage = 0
    place_consumables(g, [t.uid for t in world.tiles])
    for piece in returning:
        assert piece.home is not None
        spawn_enemy(
            g, piece.type, piece.home, tag=piece.tag, owner=piece.owner, respawn=True
        ) if piece.kind == "enemy" else _respawn_npc(g, piece.type, piece)
    populate_spawn_points(g, [t.uid for t in world.tiles])
    yield from g.event("reset")


def _respawn_npc(g: Game, npc: str, piece: object) -> None:
    from toolkit.games.board.engine.world import EnemyState

    assert isinstance(piece, EnemyState) and piece.home is not None
    spawn_enemy(g, npc, piece.home, tag=piece.tag, owner=piece.owner, respawn=True)
