"""What becomes of the things a card created when its step ends: each one goes, or passes to the
next card because that card `keeps` it.

The mission interpreter (its own record of tokens, tag groups, fog gates and counters) and the rules
engine (the pieces on the table) both ask this one object, so the two cannot disagree about what
stays on the map (issue 13: the engine used to leave kept tokens owned by the finished card, so they
never left).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from toolkit.games.board.mission.common import Keeps

Kept = Literal["tokens", "enemies", "fog_gates", "counters"]
"""The kinds of things a card may keep: named tokens, tag groups of enemies, the fog gates of a
tile, counters."""


def _local(reference: str) -> str:
    return reference.rsplit(":", 1)[-1]


@dataclass(frozen=True, slots=True)
class Handover:
    """A card's step ended: ``card`` leaves play and ``successor`` (if any) takes what it keeps."""

    card: int
    """The card whose step ended (or that was discarded)."""
    successor: int | None = None
    """The card its goal revealed, which may keep some of what ``card`` created."""
    keeps: Keeps | None = None
    """What ``successor`` keeps, as its `keeps` field says."""

    def is_kept(self, kind: Kept, name: str) -> bool:
        """Whether the successor keeps the thing of this kind and name (a tile by its local id)."""
        if self.keeps is None or self.successor is None:
            return False
        names: list[str] = getattr(self.keeps, kind)
        if kind == "fog_gates":
            return _local(name) in {_local(tile) for tile in names}
        return name in names

    def owner_after(self, kind: Kept, name: str) -> int | None:
        """The owner of a thing ``card`` owned once the step has ended: the successor when it is
        kept, None when it goes."""
        return self.successor if self.is_kept(kind, name) else None
