"""The cards of The Hunter's Nightmare: monsters, bosses and main bosses, upgrades and runes.

The base game's card anatomy is not in our sources (only a summary from public reviews), so the
models hold what the expansion's rules need: a monster's type (for death tokens), its Blood Echo
pool (for the killing blow), its attack, and effects in the card-game vocabulary.
"""

from __future__ import annotations

from typing import Annotated, ClassVar, Literal

from pydantic import Field

from toolkit.core.model import Id, Illustrated, NamedDocument, Text
from toolkit.games.card.model.effects import Effects

MonsterType = Id
"""A monster type: `kin`, `humanoid` or `beast` in the expansion. Any type a monster names must have
a death token (check BB0801) that the trophy track places (check BB0813), so a house type needs a
`death-token` document of its own and a track that lists it."""

MonsterTypes = MonsterType | Annotated[list[MonsterType], Field(min_length=1, max_length=3)]
"""One type (`beast`), or several (`[beast, kin]`) for a monster of more than one type (ruling
`monster-with-several-types`)."""

ReplacesRef = Annotated[
    str, Field(pattern=r"^[a-z0-9]+(?:-[a-z0-9]+)*:[a-z0-9]+(?:-[a-z0-9]+)*$", max_length=161)
]
"""A pack-qualified id, `pack:id`, of a document this one deliberately replaces."""


def types_of(value: MonsterTypes | None) -> tuple[str, ...]:
    """The types a `type` field names, as a tuple (empty when unknown)."""
    if value is None:
        return ()
    return (value,) if isinstance(value, str) else tuple(value)


class Replacing(NamedDocument):
    """A card-game document that may replace a document of the same kind and id in a required
    pack. Without `replaces`, reusing such an id is a warning (BB0810), since the new document
    silently hides the other one."""

    replaces: ReplacesRef | None = None
    """`pack:id` of the document this one replaces on purpose: the same kind and id, in a pack
    this pack requires (check BB0811)."""


class CardDocument(Replacing):
    """Fields every card of the card game shares."""

    text: Text | None = None
    """The card's rules in our own words (never the printed text)."""

    effects: Effects
    """What the card does, in the card-game effect vocabulary."""

    text_in_sources: bool = True
    """False when the booklet names the card but does not print its text: then only what the
    booklet's clarifications say about it is modelled."""

    notes: Text | None = None
    """What is known about the card and where from, when that needs saying."""


class Monster(Illustrated, CardDocument):
    """A Monster card of the Chalice Dungeon deck."""

    kind_name: ClassVar[str] = "monster"
    kind: Literal["monster"] = "monster"
    """Always `monster`."""

    type: MonsterTypes
    """Its type, or a list of types; when it kills a hunter, that hunter's death tokens of each
    of its types move."""

    def types(self) -> tuple[str, ...]:
        """Its types, in the order written."""
        return types_of(self.type)

    blood_echoes: Annotated[int, Field(ge=1, le=30)]
    """The Blood Echoes placed on the card when it comes out; damage removes them."""

    attack: Annotated[int, Field(ge=0, le=20)]
    """The damage its attack deals to each hunter it hits (how the base game rolls attacks is not
    in our sources)."""


class NightmareBoss(Illustrated, CardDocument):
    """A Boss of the Chalice Dungeon deck, or (with `main: true`) a Main Boss chosen at set-up."""

    kind_name: ClassVar[str] = "nightmare-boss"
    kind: Literal["nightmare-boss"] = "nightmare-boss"
    """Always `nightmare-boss`."""

    main: bool = False
    """True for a Main Boss: chosen during set-up, fought last; its effects apply to every hunter
    for the whole game."""

    type: MonsterTypes | None = None
    """Its monster type (or types), when known; `null` when the sources do not say."""

    def types(self) -> tuple[str, ...]:
        """Its types, in the order written; empty when unknown."""
        return types_of(self.type)

    blood_echoes: Annotated[int, Field(ge=1, le=60)] | None = None
    """Its Blood Echo pool, when known."""

    attack: Annotated[int, Field(ge=0, le=20)] | None = None
    """The damage of its attack, when known."""


WeaponClass = Literal["melee", "ranged"]
"""What kind of weapon an upgrade is."""


class CardUpgrade(Illustrated, CardDocument):
    """An Upgrade card, shuffled into the base game's Upgrade deck."""

    kind_name: ClassVar[str] = "card-upgrade"
    kind: Literal["card-upgrade"] = "card-upgrade"
    """Always `card-upgrade`."""

    weapon: WeaponClass | None = None
    """`melee` or `ranged` for a weapon; `null` for any other upgrade. A weapon whose class the
    sources do not give still needs one (mark it in `sources`), since only weapons transform."""

    damage: Annotated[int, Field(ge=0, le=20)] | None = None
    """A weapon's base damage, when known."""

    instant: Effects
    """Effects that happen once, when the card is revealed (an "instant effect")."""

    transform_choice: bool = False
    """True for a weapon whose player decides during the Transform Weapons step whether to
    transform it (Logarius' Wheel; ruling `logarius-wheel`)."""


class Rune(Illustrated, CardDocument):
    """A Rune card: each hunter keeps one, face up, for the whole game; its effect is always on."""

    kind_name: ClassVar[str] = "rune"
    kind: Literal["rune"] = "rune"
    """Always `rune`."""

    favours_players: list[Annotated[int, Field(ge=3, le=5)]] = Field(default_factory=list)
    """The player counts at which the rune works best, when stated; empty when not."""


MainBossScope = Literal["every-hunter"]
"""A main boss's effects belong to every hunter, as if each had the card."""
