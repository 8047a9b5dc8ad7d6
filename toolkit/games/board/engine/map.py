"""The map as a graph of spaces: adjacency inside tiles and across connected exits, fog gates,
open exits, and distances.

Tiles are joined by their exits only; the map has no geometry, so two tiles never overlap and an
exit joins any open exit (ruling `board-map-is-a-graph`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from copy import deepcopy
from typing import Any

from toolkit.games.board.engine.rules import Rules
from toolkit.games.board.engine.tables import tables
from toolkit.games.board.engine.world import Place, PlacedTile, World
from toolkit.games.board.model.tiles import Tile

Layout = list[tuple[str, bool, list[tuple[str, tuple[int | str, ...]]]]]
"""Each placed tile, whether it is free of fog gates, and its links: all the adjacency reads."""


class MapView:
    """Adjacency and distance queries over the revealed map. Rebuilt when the map changes; every
    answer derived from the adjacency (distances, lamps, joined tiles) is kept until then."""

    def __init__(self, rules: Rules, world: World) -> None:
        self.rules = rules
        self.world = world
        self._hunter: dict[Place, list[Place]] = {}
        self._enemy: dict[Place, list[Place]] = {}
        self._dist: dict[tuple[Place, bool], dict[Place, int]] = {}
        self._reverse: dict[Place, list[Place]] | None = None
        self._to: dict[Place, dict[Place, int]] = {}
        self._lamps: list[Place] | None = None
        self._connected: dict[int, set[int]] = {}
        self._labels: dict[Place, str] = {}
        self._step_options: dict[tuple[Place, bool], list[str]] = {}
        self._exits: dict[Place, list[str]] | None = None
        self._exit_spaces: list[Place] | None = None
        self._in_range: dict[int, set[int]] = {}
        self._step_places: dict[Place, dict[str, Place]] = {}
        self._built: Layout | None = None
        self._lamp_icons = tables(rules).lamp_spaces
        self.rebuild()

    def __deepcopy__(self, memo: dict[int, Any]) -> MapView:
        """A copy over the copied world; the answers kept are not copied (they are rebuilt on
        demand), the rules are shared."""
        copy = MapView.__new__(MapView)
        memo[id(self)] = copy
        copy.rules, copy._lamp_icons = self.rules, self._lamp_icons
        copy.world = deepcopy(self.world, memo)
        copy._hunter = {place: list(steps) for place, steps in self._hunter.items()}
        copy._enemy = {place: list(steps) for place, steps in self._enemy.items()}
        copy._labels = dict(self._labels)
        copy._built = self._built
        copy._forget()
        return copy

    def tile_of(self, uid: int) -> PlacedTile:
        return self.world.tiles[uid]

    def model(self, uid: int) -> Tile:
        return self.rules.tiles[self.world.tiles[uid].tile]

    def rebuild(self) -> None:
        """Recompute adjacency after a tile is placed or fog gates change. When the map is what it
        was at the last build (a card ended whose fog gates pass to the next card, say), the
        adjacency and every answer kept stay: they depend on nothing else."""
        built = self._layout()
        if built == self._built:
            return
        self._built = built
        hunter: dict[Place, list[Place]] = {}
        enemy: dict[Place, list[Place]] = {}
        for placed in self.world.tiles:
            self._tile_adjacency(placed, hunter, enemy)
        self._hunter, self._enemy = hunter, enemy
        self._forget()

    def add_tile(self, uid: int, origin: int) -> None:
        """A tile was just placed and joined to tile ``origin``: the same as :meth:`rebuild`, but
        only the two tiles' spaces are recomputed (a space's steps depend only on its own tile's
        spaces and links and on the fog gates of the tiles those links reach)."""
        built = self._built
        # The layout of the last build has one entry per tile then built: a tile already in it
        # (or a build never made) needs the whole map done again.
        if uid != len(self.world.tiles) - 1 or built is None or uid < len(built):
            self.rebuild()
            return
        # Only the two tiles changed: the rest of the layout stands as the adjacency knows it.
        tiles, layout = self.world.tiles, list(built)
        layout[origin] = _placed_layout(tiles[origin])
        layout.append(_placed_layout(tiles[uid]))
        self._built = layout
        self._tile_adjacency(self.world.tiles[origin], self._hunter, self._enemy)
        self._tile_adjacency(self.world.tiles[uid], self._hunter, self._enemy)
        self._forget()

    def _layout(self) -> Layout:
        """What the adjacency and every answer kept are made of: each placed tile, whether fog
        gates surround it, and its links."""
        return [_placed_layout(placed) for placed in self.world.tiles]

    def _tile_adjacency(
        self, placed: PlacedTile, hunter: dict[Place, list[Place]], enemy: dict[Place, list[Place]]
    ) -> None:
        """The steps out of every space of one placed tile: inside the tile, then across its
        connected exits in exit order."""
        tile = self.rules.tiles[placed.tile]
        exit_spaces = _exit_spaces(self.rules)
        for space in tile.spaces:
            here = (placed.uid, space.id)
            inner = [(placed.uid, other) for other in space.adjacent]
            hunter[here] = list(inner)
            enemy[here] = inner
        links = placed.links
        for exit_ in tile.exits:
            if exit_.edge not in links:
                continue
            link = links[exit_.edge]
            other_uid, other_edge = int(link[0]), str(link[1])
            other = self.world.tiles[other_uid]
            here, there = (placed.uid, exit_.space), (other_uid, exit_spaces[other.tile][other_edge])
            # Hunters may walk into a fogged tile but never out of it; enemies never cross.
            if placed.fog_owner < 0:
                hunter[here].append(there)
            if placed.fog_owner < 0 and other.fog_owner < 0:
                enemy[here].append(there)

    def _forget(self) -> None:
        """Drop every answer derived from the adjacency."""
        self._dist, self._reverse, self._to, self._lamps = {}, None, {}, None
        self._connected, self._step_options, self._exits = {}, {}, None
        self._exit_spaces, self._in_range, self._step_places = None, {}, {}

    def spaces(self) -> list[Place]:
        return list(self._hunter)

    def hunter_steps(self, place: Place) -> list[Place]:
        """Spaces a hunter can step to from ``place`` (not counting unexplored exits)."""
        return self._hunter.get(place, [])

    def enemy_steps(self, place: Place) -> list[Place]:
        return self._enemy.get(place, [])

    def distances(self, origin: Place, *, enemy: bool) -> dict[Place, int]:
        """Breadth-first distances from ``origin`` over the hunter or the enemy graph."""
        # One `get`, not a membership test then an item: a place is a tuple, hashed anew each time.
        key = (origin, enemy)
        cached = self._dist.get(key)
        if cached is not None:
            return cached
        found = self._dist[key] = breadth_first(self._enemy if enemy else self._hunter, origin)
        return found

    def distances_to(self, target: Place) -> dict[Place, int]:
        """How far each space is from ``target`` over the hunter graph (walking toward it): for
        every space p, ``distances_to(target)[p] == distances(p, enemy=False)[target]``. One
        search answers for every spawn point at once."""
        cached = self._to.get(target)
        if cached is not None:
            return cached
        reverse = self._reverse
        if reverse is None:
            reverse = {place: [] for place in self._hunter}
            for place, steps in self._hunter.items():
                for nxt in steps:
                    reverse.setdefault(nxt, []).append(place)
            self._reverse = reverse
        found = self._to[target] = breadth_first(reverse, target)
        return found

    def label(self, place: Place) -> str:
        """:func:`place_label` of a space on the map (a placed tile never changes)."""
        found = self._labels.get(place)
        if found is None:
            found = self._labels[place] = place_label(self.world, place)
        return found

    def distance(self, a: Place, b: Place, *, enemy: bool = False) -> int | None:
        return self.distances(a, enemy=enemy).get(b)

    def step_options(self, place: Place, explore: bool) -> list[str]:
        """A hunter's step choices from ``place``: `step <space>` for every neighbouring space and,
        with ``explore``, `explore <edge>` for every unexplored exit; sorted, then `stop`. The list
        is kept until the map changes and must not be changed."""
        key = (place, explore)
        found = self._step_options.get(key)
        if found is None:
            options = [f"step {self.label(p)}" for p in self.hunter_steps(place)]
            if explore:
                options += [f"explore {edge}" for edge in self.open_exits(place)]
            found = self._step_options[key] = [*sorted(set(options)), "stop"]
        return found

    def step_place(self, place: Place, option: str) -> Place | None:
        """The space a `step <space>` option of :meth:`step_options` leads to from ``place``
        (None for any other option)."""
        return self.step_places(place).get(option)

    def step_places(self, place: Place) -> dict[str, Place]:
        """The space each `step <space>` option of :meth:`step_options` leads to from ``place``:
        the first of the steps with that label, as a walk over :meth:`hunter_steps` comparing
        labels finds it (kept until the map changes; must not be changed)."""
        kept = self._step_places.get(place)
        if kept is not None:
            return kept
        found: dict[str, Place] = {}
        for nxt in self.hunter_steps(place):
            option = f"step {self.label(nxt)}"
            if option not in found:
                found[option] = nxt
        self._step_places[place] = found
        return found

    def open_exits(self, place: Place) -> list[str]:
        """Edges of unexplored exits on ``place`` a hunter may step through, in the tile's exit
        order (kept until the map changes; must not be changed)."""
        exits = self._exits if self._exits is not None else self._open_exits()
        return exits.get(place, [])

    def _open_exits(self) -> dict[Place, list[str]]:
        """:meth:`open_exits` of every space that has one, worked out together in one pass over
        the tiles (none under fog gates)."""
        exits: dict[Place, list[str]] = {}
        tiles = self.rules.tiles
        for placed in self.world.tiles:
            if placed.fog_owner >= 0:
                continue
            links = placed.links
            for exit_ in tiles[placed.tile].exits:
                if exit_.edge not in links:
                    exits.setdefault((placed.uid, exit_.space), []).append(exit_.edge)
        self._exits = exits
        return exits

    def exit_spaces(self) -> list[Place]:
        """Every space with an unexplored exit a hunter may step through, in space order (kept
        until the map changes; must not be changed)."""
        found = self._exit_spaces
        if found is None:
            exits = self._exits if self._exits is not None else self._open_exits()
            found = self._exit_spaces = [place for place in self._hunter if place in exits]
        return found

    def any_open_exit(self) -> bool:
        """Whether the map still has an unexplored exit anywhere outside fog gates."""
        for placed in self.world.tiles:
            if placed.fog_owner >= 0:
                continue
            tile = self.rules.tiles[placed.tile]
            if any(e.edge not in placed.links for e in tile.exits):
                return True
        return False

    def connected_tiles(self, uid: int) -> set[int]:
        """The tile itself and every tile joined to it by an exit."""
        if uid in self._connected:
            return self._connected[uid]
        found = {uid}
        for link in self.world.tiles[uid].links.values():
            found.add(int(link[0]))
        self._connected[uid] = found
        return found

    def tiles_in_range(self, uid: int) -> set[int]:
        """The tiles ``a`` with ``a in connected_tiles(uid) and not gated_between(a, uid)``: those
        whose enemies activate against a hunter on tile ``uid`` (kept until the map changes; must
        not be changed)."""
        if uid in self._in_range:
            return self._in_range[uid]
        found = {a for a in self.connected_tiles(uid) if not self.gated_between(a, uid)}
        self._in_range[uid] = found
        return found

    def gated_between(self, a: int, b: int) -> bool:
        """Whether fog gates separate two tiles (one of them is surrounded and they differ)."""
        if a == b:
            return False
        return self.world.tiles[a].fog_owner >= 0 or self.world.tiles[b].fog_owner >= 0

    def has_icon(self, place: Place, icon: str) -> bool:
        space = self.model(place[0]).space(place[1])
        return space is not None and icon in space.icons

    def lamp_spaces(self) -> list[Place]:
        """Lamp spaces a hunter may return to from the Dream (no broken lamps under fog gates)."""
        if self._lamps is None:
            tiles, icons = self.world.tiles, self._lamp_icons
            self._lamps = [
                place
                for place in self._hunter
                if place[1] in icons[tiles[place[0]].tile] and tiles[place[0]].fog_owner < 0
            ]
        return list(self._lamps)

    def find_tile(self, tile_id: str) -> int | None:
        """The uid of a placed tile by its content id."""
        return next((t.uid for t in self.world.tiles if t.tile == tile_id), None)


def place_label(world: World, place: Place | None) -> str:
    """A readable name of a space: `oedon-chapel/pews`."""
    if place is None:
        return "the Hunter's Dream"
    return f"{world.tiles[place[0]].tile}/{place[1]}"


def breadth_first(graph: Mapping[Place, Sequence[Place]], origin: Place) -> dict[Place, int]:
    """Steps from ``origin`` to every space it reaches over ``graph``, searched level by level:
    the same discovery order as a first-in first-out queue, without the queue. (Measured: this
    form, with ``get`` and ``append``, is faster than membership tests and ``+=``, which make fewer
    calls but hash each place twice.)"""
    found = {origin: 0}
    frontier: list[Place] = [origin]
    depth = 0
    while frontier:
        depth += 1
        reached: list[Place] = []
        for current in frontier:
            for nxt in graph.get(current, ()):
                if nxt not in found:
                    found[nxt] = depth
                    reached.append(nxt)
        frontier = reached
    return found


def _placed_layout(placed: PlacedTile) -> tuple[str, bool, list[tuple[str, tuple[int | str, ...]]]]:
    """One placed tile's entry of a :data:`Layout` (its links copied: a layout is a record)."""
    return (placed.tile, placed.fog_owner < 0, [(edge, tuple(link)) for edge, link in placed.links.items()])


def _exit_spaces(rules: Rules) -> dict[str, dict[str, str]]:
    """The space of every exit of every tile, by tile and edge, once per rules bundle (the first
    exit on an edge, as a search of the tile's exits finds it)."""
    kept = rules.cache.get("map-exit-spaces")
    if isinstance(kept, dict):
        return kept
    found: dict[str, dict[str, str]] = {}
    for tile_id, tile in rules.tiles.items():
        by_edge: dict[str, str] = {}
        for exit_ in tile.exits:
            by_edge.setdefault(exit_.edge, exit_.space)
        found[tile_id] = by_edge
    rules.cache["map-exit-spaces"] = found
    return found
