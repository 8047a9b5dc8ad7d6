"""Map tiles: spaces, which spaces touch, exits on the tile's edges, and the icons on each space."""

from __future__ import annotations

from typing import ClassVar, Literal

from pydantic import Field

from toolkit.core.model import ContentModel, Id, NamedDocument, Text

Icon = Literal["lamp", "consumable", "enemy-1", "enemy-2", "enemy-3", "named-location"]
"""Icons printed on a space: a lamp, a consumable token spot, a spawn point for the enemy in
slot 1, 2 or 3 of the hunt board, or the name of a named location."""

Edge = Literal["N", "E", "S", "W"]
"""The edges of a tile, as it is printed (north up)."""


class Space(ContentModel):
    """One space of a tile, bounded by grey lines."""

    id: Id
    """Unique on its tile; the named-location space has the tile's id."""

    adjacent: list[Id] = Field(default_factory=list)
    """Spaces of the same tile one step away; adjacency goes both ways, so list it on both."""

    icons: list[Icon] = Field(default_factory=list)
    """Icons printed on the space."""


class Exit(ContentModel):
    """An exit on an edge of the tile, opening from one of its spaces."""

    edge: Edge
    """The edge it sits on; an edge has at most one exit."""

    space: Id
    """The space it opens from."""


class Tile(NamedDocument):
    """A map tile: 1–4 spaces, exits on its edges, icons on its spaces."""

    kind_name: ClassVar[str] = "tile"
    kind: Literal["tile"]
    """Always `tile`."""

    named_location: Text | None = None
    """The named location printed on the tile, or none for an unnamed tile."""

    spaces: list[Space]
    """The tile's spaces."""

    exits: list[Exit] = Field(default_factory=list)
    """The tile's exits; a tile needs at least one to join the map."""

    def space(self, space_id: str) -> Space | None:
        """The space with this id, if the tile has it."""
        return next((s for s in self.spaces if s.id == space_id), None)
