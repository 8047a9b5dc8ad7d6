"""Helpers shared by the campaign checks: finding a pack's decks, locating, evaluating numbers."""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from toolkit.core.diagnostics import Location, Related
from toolkit.core.document import LoadedDocument, PathKey
from toolkit.core.expressions import Scaling
from toolkit.core.index import ContentIndex, Pack
from toolkit.games.board.mission.deck import CampaignDeck, gather_decks

PLAYER_COUNTS = (1, 2, 3, 4)


def pack_decks(index: ContentIndex, pack: Pack) -> dict[str, CampaignDeck]:
    """The campaigns whose documents are in ``pack`` (every copy, duplicates included)."""
    del index  # campaigns are checked within the pack that holds them
    return gather_decks(d for d in pack.documents if d.model is not None)


def at(document: LoadedDocument, path: PathKey, *, key: bool = False) -> Location:
    return document.locate(path, key=key)


def related(document: LoadedDocument, path: PathKey, message: str) -> Related:
    return Related(document.locate(path), message)


def most(value: Scaling, counts: Iterable[int] = PLAYER_COUNTS) -> int | None:
    """The largest value a scaling number takes over the player counts it covers."""
    values = list(_values(value, counts))
    return max(values) if values else None


def least(value: Scaling, counts: Iterable[int] = PLAYER_COUNTS) -> int | None:
    """The smallest value a scaling number takes over the player counts it covers."""
    values = list(_values(value, counts))
    return min(values) if values else None


def _values(value: Scaling, counts: Iterable[int]) -> Iterator[int]:
    for count in counts:
        try:
            yield value.evaluate(hunters=count)
        except (KeyError, ZeroDivisionError, ValueError):
            continue


def numbers_hint(numbers: Iterable[int], what: str) -> str:
    found = sorted(set(numbers))
    if not found:
        return f"the campaign has no {what} yet"
    return f"the campaign's {what}: {', '.join(str(n) for n in found)}"
