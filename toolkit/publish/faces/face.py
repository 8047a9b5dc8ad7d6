"""What a card renderer produces: a :class:`CardFace` (both sides as SVG) and the sizes of cards."""

from __future__ import annotations

from dataclasses import dataclass

from toolkit.publish.faces.canvas import Canvas, Overflow


@dataclass(frozen=True, slots=True)
class CardSize:
    """A physical card format, in millimetres, portrait."""

    name: str
    width: float
    height: float


POKER = CardSize("poker", 63.0, 88.0)
"""The common playing-card size (2.5 × 3.5 in)."""
TAROT = CardSize("tarot", 70.0, 120.0)
"""Tall cards: the board game's dashboards and bosses, whose sides hold the most."""
MINI = CardSize("mini", 44.0, 63.0)
"""Small cards: the board game's stat, upgrade, consumable and reward cards."""
TOKEN = CardSize("token", 30.0, 30.0)
"""Round tokens (Blood Hunt's citizens, the card game's death tokens), drawn in a square."""

SIZES = {size.name: size for size in (POKER, TAROT, MINI, TOKEN)}


@dataclass(frozen=True, slots=True)
class CardFace:
    """One physical card (or token): both its sides as standalone SVG, at its printed size."""

    kind: str
    """The content kind it comes from (`enemy`, `mission-card`, `bh-deck`)."""
    id: str
    """Unique among the faces of a pack and kind: the document's key, or for a document that
    holds several cards (a Blood Hunt deck), the key and the card (`standard:crimson-7`)."""
    title: str
    """The title as printed on the face, in plain text."""
    front_svg: str
    back_svg: str
    width_mm: float
    height_mm: float
    spoiler: bool
    """True for cards whose text is a secret until drawn (mission and insight cards): a build
    without spoilers leaves their text out (their faces then show only the number and type)."""
    source: str
    """Where it is written, pack-relative: `chapter-1/missions.yaml:12`."""


@dataclass(frozen=True, slots=True)
class Drawn:
    """A face as a renderer draws it, before it is written out: the sides as canvases, with the
    text that did not fit on them."""

    id: str
    title: str
    front: Canvas
    back: Canvas
    spoiler: bool = False

    @property
    def overflows(self) -> tuple[Overflow, ...]:
        return (*self.front.overflows, *self.back.overflows)
