"""Places in missions must exist on their tiles: the space, the named location, the spawn point."""

from __future__ import annotations

from collections.abc import Iterator

from toolkit.core.diagnostics import Diagnostic
from toolkit.core.document import LoadedDocument, PathKey
from toolkit.core.index import ContentIndex, Pack
from toolkit.core.validation import did_you_mean
from toolkit.games.board import codes_mission as mc
from toolkit.games.board.checks.mission_common import at
from toolkit.games.board.mission.common import SlotPlace, SpacePlace
from toolkit.games.board.mission.documents import Chapter, MissionCard
from toolkit.games.board.mission.walk import walk_models
from toolkit.games.board.model.tiles import Tile


def check_places(index: ContentIndex, pack: Pack) -> Iterator[Diagnostic]:
    """Every `{space: ...}` and `{tile: ..., enemy_slot: n}` must be on its tile (BB0521)."""
    for document in pack.documents:
        if not isinstance(document.model, Chapter | MissionCard):
            continue
        for model, path in walk_models(document.model):
            if isinstance(model, SpacePlace | SlotPlace):
                yield from _place(index, pack, document, model, path)


def _tile(index: ContentIndex, pack: Pack, reference: str) -> Tile | None:
    found = index.resolve(("tile",), reference, pack.id)
    return found.model if found is not None and isinstance(found.model, Tile) else None


def _place(
    index: ContentIndex, pack: Pack, document: LoadedDocument, place: SpacePlace | SlotPlace, path: PathKey
) -> Iterator[Diagnostic]:
    reference = place.space if isinstance(place, SpacePlace) else place.tile
    tile = _tile(index, pack, reference)
    if tile is None:
        return  # the reference check reports unknown tiles
    space_ids = [s.id for s in tile.spaces]
    if isinstance(place, SlotPlace):
        icon = f"enemy-{place.enemy_slot}"
        if not any(icon in s.icons for s in tile.spaces):
            slots = sorted({i for s in tile.spaces for i in s.icons if i.startswith("enemy-")})
            yield mc.UNKNOWN_SPACE.at(
                at(document, (*path, "enemy_slot")),
                f"tile {tile.id!r} has no spawn point for enemy slot {place.enemy_slot}",
                hint=f"its spawn points: {', '.join(slots)}"
                if slots
                else "name a space with `space:` instead",
            )
    elif place.space_id is not None:
        if tile.space(place.space_id) is None:
            yield mc.UNKNOWN_SPACE.at(
                at(document, (*path, "space_id")),
                f"tile {tile.id!r} has no space {place.space_id!r}",
                hint=did_you_mean(place.space_id, space_ids) or f"its spaces: {', '.join(space_ids)}",
            )
    elif tile.space(tile.id) is None:
        yield mc.UNKNOWN_SPACE.at(
            at(document, (*path, "space")),
            f"tile {tile.id!r} has no named location; name one of its spaces with `space_id`",
            hint=f"its spaces: {', '.join(space_ids)}",
        )
