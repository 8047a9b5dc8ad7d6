"""Places in missions must exist on their tiles: the space, the named location, the spawn point."""

from __future__ import annotations

from collections.abc import Iterator

from toolkit.core.diagnostics import Diagnostic
from toolkit.core.document import LoadedDocument, PathKey
from toolkit.core.expressions import Scaling
from toolkit.core.index import ContentIndex, Pack
from toolkit.core.validation import did_you_mean
from toolkit.games.board import codes_mission as mc
from toolkit.games.board.checks.mission_common import PLAYER_COUNTS, at
from toolkit.games.board.mission.common import SlotPlace, SpacePlace
from toolkit.games.board.mission.deck import local_id
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


def check_tile_supply(index: ContentIndex, pack: Pack) -> Iterator[Diagnostic]:
    """Named plus random tiles must fit in the tiles the packs provide (BB0524)."""
    tiles = {local_id(k) for k in index.keys_of(("tile",), index.visible_packs(pack.id))}
    if not tiles:
        return
    for document in pack.documents:
        if not isinstance(document.model, Chapter):
            continue
        setup = document.model.setup
        named = {local_id(t) for t in setup.tiles} | {local_id(setup.starting_tile)}
        spare = len(tiles - named)
        for hunters in PLAYER_COUNTS:
            wanted = _evaluate(setup.random_tiles, hunters)
            if wanted is not None and wanted > spare:
                yield mc.TOO_MANY_TILES.at(
                    at(document, ("setup", "random_tiles")),
                    f"with {hunters} hunter(s) the chapter wants {wanted} random tiles, but only {spare} "
                    "tiles are left after its named ones",
                    hint="cap it with a table such as `{1: 2, 2: 4, 3: 6, 4: 6}` or `min(2 * hunters, 6)`",
                )
                break


def _evaluate(value: Scaling, hunters: int) -> int | None:
    try:
        return value.evaluate(hunters=hunters)
    except (KeyError, ZeroDivisionError, ValueError):
        return None
