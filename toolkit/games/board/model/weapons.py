"""Trick weapons (two forms, each with an ability and attack slots) and firearms."""

from __future__ import annotations

from typing import ClassVar, Literal

from toolkit.core.model import ContentModel, Illustrated, NamedDocument, Text
from toolkit.games.board.model.combat import Ability, Attack
from toolkit.games.board.model.effects import Effects, Timing


class WeaponForm(ContentModel):
    """One side of a trick weapon dashboard: its name, its ability and its attack slots."""

    name: Text
    """The name of this form."""

    ability: Ability | None = None
    """The form's own ability, if it has one."""

    attacks: list[Attack]
    """The attack slots, in dashboard order; a stat card placed in a slot makes that attack."""


class WeaponForms(ContentModel):
    """The two forms of a trick weapon; transforming flips from one to the other."""

    a: WeaponForm
    """The first form."""

    b: WeaponForm
    """The second form."""


class TrickWeapon(Illustrated, NamedDocument):
    """A trick weapon dashboard: a hunter's melee weapon with two forms."""

    kind_name: ClassVar[str] = "trick-weapon"
    kind: Literal["trick-weapon"]
    """Always `trick-weapon`."""

    forms: WeaponForms
    """The two forms, `a` and `b`."""

    flavor: Text | None = None
    """Optional prose of our own; the rules ignore it."""


FirearmRefresh = Literal["dream-only", "on-kill", "on-transform", "round-start", "discard-card"]
"""What refreshes an exhausted firearm besides the Hunter's Dream (which always does):
`dream-only` (nothing else), `on-kill`, `on-transform`, `round-start`, or `discard-card`
(the hunter discards a stat card from hand)."""


class Firearm(Illustrated, NamedDocument):
    """A firearm card: used once, then exhausted until it refreshes."""

    kind_name: ClassVar[str] = "firearm"
    kind: Literal["firearm"]
    """Always `firearm`."""

    timing: Timing
    """When the firearm may be used."""

    effects: Effects
    """What using it does."""

    refresh: FirearmRefresh = "dream-only"
    """What else refreshes it once exhausted."""

    starting: bool = False
    """A hunter's starting firearm (it cannot be handed to another hunter)."""

    flavor: Text | None = None
    """Optional prose of our own; the rules ignore it."""
