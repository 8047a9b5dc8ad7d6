"""Revealing tiles: draw, join to the map by an exit, the all-exits-blocked redraw, populate."""

from __future__ import annotations

from typing import TYPE_CHECKING

from toolkit.games.board.engine.spawn import place_consumables, populate_spawn_points
from toolkit.games.board.engine.world import Place, PlacedTile

if TYPE_CHECKING:
    from toolkit.games.board.engine.core import Game, Gen

OPPOSITE = {"N": "S", "S": "N", "E": "W", "W": "E"}


def reveal_tile(g: Game, index: int, origin: Place, edge: str) -> Gen[Place | None]:
    """Draw a tile and join it to ``origin``'s exit; return the space the hunter steps onto."""
    world = g.world
    if not world.tile_deck:
        return None
    tile_id = yield from g.draw(world.tile_deck, "tile-deck")
    # All exits blocked: a one-exit tile would close the map while tiles remain (ruling
    # `board-all-exits-blocked`): put it back and draw again, as long as another tile can help.
    while (
        len(g.rules.tiles[tile_id].exits) < 2
        and world.tile_deck
        and not _other_open_exit(g, origin, edge)
        and any(len(g.rules.tiles[t].exits) >= 2 for t in world.tile_deck)
    ):
        g.log(f"{tile_id} would block every exit: it goes back into the tile deck")
        again = yield from g.draw(world.tile_deck, "tile-deck")
        world.tile_deck.append(tile_id)
        world.tile_deck.sort()
        tile_id = again
    tile = g.rules.tiles[tile_id]
    options = [f"join by {e.edge} ({e.space})" for e in tile.exits]
    pick = yield from g.ask(index, options, "join")
    their_edge = pick.split(" ")[2]
    uid = len(world.tiles)
    placed = PlacedTile(uid, tile_id)
    placed.links[their_edge] = [origin[0], edge]
    world.tiles[origin[0]].links[edge] = [uid, their_edge]
    world.tiles.append(placed)
    g.map.add_tile(uid, origin[0])
    g.log(f"tile {tile_id} revealed from {g.label(origin)}")
    place_consumables(g, [uid])
    populate_spawn_points(g, [uid])
    entry = next(e.space for e in tile.exits if e.edge == their_edge)
    return (uid, entry)


def _other_open_exit(g: Game, origin: Place, edge: str) -> bool:
    for placed in g.world.tiles:
        if placed.fog_owner >= 0:
            continue
        for exit_ in g.rules.tiles[placed.tile].exits:
            if exit_.edge not in placed.links and not (placed.uid == origin[0] and exit_.edge == edge):
                return True
    return False
