"""Enemies, NPC enemies and bosses: what they do when the action deck is flipped for them."""

from __future__ import annotations

from typing import Annotated, ClassVar, Literal

from pydantic import Field

from toolkit.core.model import ContentModel, Illustrated, NamedDocument, Text
from toolkit.games.board.model.combat import Ability, Attack, Damage, Speed
from toolkit.games.board.model.effects import Effects
from toolkit.games.board.scaling import BossHp

Hp = Annotated[int, Field(ge=1, le=99)]
"""Damage an enemy takes before it is slain."""


class EnemySide(ContentModel):
    """One side of an enemy card: what each kind of enemy action card makes it do."""

    basic: Attack
    """The attack made when a Basic action card is flipped."""

    special: Attack
    """The attack made when a Special action card is flipped."""

    ability: Ability
    """The ability used when the Ability action card is flipped."""


class EnemySides(ContentModel):
    """The two sides of an enemy card; one is picked at random at chapter setup."""

    a: EnemySide
    """The first side."""

    b: EnemySide
    """The second side."""


class Enemy(Illustrated, NamedDocument):
    """A regular enemy: a double-sided enemy card and its miniatures."""

    kind_name: ClassVar[str] = "enemy"
    kind: Literal["enemy"]
    """Always `enemy`."""

    hp: Hp
    """Damage it takes to slay one miniature."""

    movement: Annotated[int, Field(ge=0, le=5)] = 1
    """Spaces it moves toward the hunter when it activates."""

    miniatures: Annotated[int, Field(ge=1, le=10)] = 4
    """Miniatures in the box; when none is left, the one farthest from the hunters is moved."""

    sides: EnemySides
    """The two sides of its card."""

    flavor: Text | None = None
    """Optional prose of our own; the rules ignore it."""


HunterBracket = Literal["1-2", "3-4"]
"""The player counts an NPC enemy card side is for."""

BRACKETS: tuple[HunterBracket, ...] = ("1-2", "3-4")
"""Every hunter bracket an NPC enemy card needs a side for."""


class NpcSide(ContentModel):
    """One side of an NPC enemy card, used with a given number of hunters."""

    hp: Hp
    """Damage it takes to slay the NPC at this hunter count."""

    basic: Attack
    """The attack made when a Basic action card is flipped."""

    special: Attack
    """The attack made when a Special action card is flipped."""

    ability: Ability
    """The ability used when the Ability action card is flipped."""


class NpcSides(ContentModel):
    """The two sides of an NPC enemy card, keyed by the hunter counts they are for."""

    for_1_2: NpcSide | None = Field(default=None, alias="1-2")
    """The side used with 1 or 2 hunters; written `1-2:`."""

    for_3_4: NpcSide | None = Field(default=None, alias="3-4")
    """The side used with 3 or 4 hunters; written `3-4:`."""


class NpcEnemy(Illustrated, NamedDocument):
    """An NPC enemy, shown by a token: one card side for 1–2 hunters, the other for 3–4."""

    kind_name: ClassVar[str] = "npc-enemy"
    kind: Literal["npc-enemy"]
    """Always `npc-enemy`."""

    movement: Annotated[int, Field(ge=0, le=5)] = 1
    """Spaces it moves toward the hunter when it activates."""

    sides: NpcSides
    """The card side for each hunter bracket, keyed `1-2` and `3-4`; both are needed."""

    flavor: Text | None = None
    """Optional prose of our own; the rules ignore it."""

    def side_for(self, hunters: int) -> NpcSide | None:
        """The side in play with ``hunters`` hunters, if the card has it."""
        return self.sides.for_1_2 if hunters <= 2 else self.sides.for_3_4

    def missing_brackets(self) -> list[HunterBracket]:
        """The hunter brackets the card has no side for."""
        present = {"1-2": self.sides.for_1_2, "3-4": self.sides.for_3_4}
        return [bracket for bracket in BRACKETS if present[bracket] is None]


class BossAttackCard(ContentModel):
    """A boss action card that makes an attack."""

    type: Literal["attack"]
    """Always `attack`."""

    name: Text
    """The attack's name."""

    speed: Speed
    """How quickly it strikes."""

    damage: Damage
    """How much damage it deals."""

    effects: Effects
    """Effects linked to the attack."""

    count: Annotated[int, Field(ge=1, le=10)] = 1
    """Copies of this card in the phase's action deck."""


class BossAbilityCard(ContentModel):
    """A boss action card that uses an ability instead of attacking."""

    type: Literal["ability"]
    """Always `ability`."""

    name: Text
    """The ability's name."""

    speed: Speed | None = None
    """If set, the ability resolves at this speed instead of at once."""

    effects: Effects
    """What the ability does."""

    count: Annotated[int, Field(ge=1, le=10)] = 1
    """Copies of this card in the phase's action deck."""


BossAction = Annotated[BossAttackCard | BossAbilityCard, Field(discriminator="type")]
"""A boss action card: an attack or an ability, told apart by `type`."""


class BossPhase(ContentModel):
    """One phase of a boss: its HP for each hunter count and its own action deck."""

    hp: BossHp
    """HP in this phase, as a table for 1–4 hunters (`{1: 8, 2: 13, 3: 16, 4: 20}`)."""

    actions: list[BossAction]
    """The phase's action deck; a card is flipped each time the boss attacks."""

    def deck_size(self) -> int:
        """Cards in the action deck, counting copies."""
        return sum(card.count for card in self.actions)


class Boss(Illustrated, NamedDocument):
    """A boss: two phases, each with its HP and its action deck. Damage does not carry over
    from phase 1 to phase 2."""

    kind_name: ClassVar[str] = "boss"
    kind: Literal["boss"]
    """Always `boss`."""

    movement: Annotated[int, Field(ge=0, le=5)] = 1
    """Spaces it moves toward the hunter when it activates."""

    phases: Annotated[list[BossPhase], Field(min_length=2, max_length=2)]
    """Phase 1, then phase 2."""

    flavor: Text | None = None
    """Optional prose of our own; the rules ignore it."""
