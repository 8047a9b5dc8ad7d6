"""Hunters: the four playable characters and what each starts the campaign with."""

from __future__ import annotations

from typing import Annotated, ClassVar, Literal

from pydantic import Field

from toolkit.core.model import Illustrated, NamedDocument, QualifiedId, RefTo, Text


class Hunter(Illustrated, NamedDocument):
    """A playable hunter: their trick weapon, starting firearm and the limits of their dashboard."""

    kind_name: ClassVar[str] = "hunter"
    kind: Literal["hunter"]
    """Always `hunter`."""

    trick_weapon: Annotated[QualifiedId, RefTo("trick-weapon")]
    """The hunter's trick weapon, by id."""

    starting_firearm: Annotated[QualifiedId, RefTo("firearm")]
    """The firearm the hunter starts with (no other hunter may use it)."""

    max_hp: Annotated[int, Field(ge=1, le=20)] = 6
    """Most HP the hunter can have; healing never goes above it."""

    hand_size: Annotated[int, Field(ge=1, le=10)] = 3
    """Stat cards the hunter refills their hand to at the start of each round."""

    deck_size: Annotated[int, Field(ge=1, le=40)] = 12
    """Stat cards in the hunter deck; upgrades replace cards, so the size never changes."""

    echo_cap: Annotated[int, Field(ge=1, le=10)] = 3
    """Most Blood Echoes the hunter may hold; any beyond are lost."""

    flavor: Text | None = None
    """Optional prose of our own; the rules ignore it."""
