"""The `card-scenario` kind: a rule test of the card game, run by `huntkit test`.

A scenario sets a table (hunters with their runes and Blood Echoes, the monster or boss being
fought, the main boss, death tokens and trophies), plays steps (cards played this round, hits,
monster attacks, deaths, trophies, the Transform Weapons step) and checks expectations (damage
dealt and received, the killing blow, echoes, death-token positions). Example::

    kind: card-scenario
    id: beast-rune-melee
    name: The Beast Rune adds 2 to a melee hit on a monster
    table:
      hunters: {ann: {rune: beast-rune}}
      monster: gutter-hound
    steps:
      - play: {ann: pilgrims-hatchet}
      - hit: {hunter: ann}
      - expect: {dealt: 4, monster_echoes: 0, killing_blow: ann}

The base game's round, dice and health are not in our sources (docs/card-game.md), so a scenario
says what happens in which order; the table applies the expansion's rule modules to it.
"""

from __future__ import annotations

from typing import Annotated, ClassVar, Literal

from pydantic import Discriminator, Field, Tag

from toolkit.core.model import ContentModel, Id, NamedDocument, QualifiedId, RefTo, Text, single_key_verb

HunterName = Annotated[str, Field(pattern=r"^[a-z][a-z0-9-]{0,30}$")]
"""A hunter's name at the scenario's table (`ann`)."""

STARTING_CARDS = ("melee", "ranged", "transform", "hunters-dream")
"""Base-game starting cards a `play` step may name instead of an upgrade: a starting weapon of
either class (their cards are not in our sources), Transform, and the Hunter's Dream."""

PlayedCard = Annotated[str, Field(pattern=r"^(?:[a-z0-9]+(?:-[a-z0-9]+)*:)?[a-z0-9]+(?:-[a-z0-9]+)*$")]
"""An upgrade id (checked by the card game's checks, BB0305 when unknown) or one of
:data:`STARTING_CARDS`."""

MonsterRef = Annotated[QualifiedId, RefTo("monster", "nightmare-boss")]
"""A monster or boss being fought."""


class EchoCount(ContentModel):
    """A hunter's Blood Echoes."""

    unbanked: Annotated[int, Field(ge=0, le=99)] = 0
    """Accumulated and not yet banked."""

    banked: Annotated[int, Field(ge=0, le=99)] = 0
    """Banked, safe from death."""


class SeatedHunter(ContentModel):
    """A hunter at the table."""

    rune: Annotated[QualifiedId, RefTo("rune")] | None = None
    """The rune the hunter kept at set-up."""

    echoes: EchoCount = Field(default_factory=EchoCount)
    """Blood Echoes at the start."""

    death_tokens: dict[Id, Annotated[int, Field(ge=1, le=31)]] = Field(default_factory=dict)
    """Where death tokens stand at the start, by type: the position counted from 1 at the leftmost
    trophy space (a token at set-up stands just right of the track, one past its last space)."""

    trophies: Annotated[int, Field(ge=0, le=30)] = 0
    """Trophies already on the track (placed from the left)."""


class Table(ContentModel):
    """The table before the first step."""

    hunters: Annotated[dict[HunterName, SeatedHunter], Field(min_length=1, max_length=5)]
    """The hunters in seat order (which is turn order), by name."""

    monster: MonsterRef | None = None
    """The monster or boss being fought."""

    main_boss: Annotated[QualifiedId, RefTo("nightmare-boss")] | None = None
    """The main boss chosen at set-up; its effects belong to every hunter."""


# --- steps -------------------------------------------------------------------------------------


class Play(ContentModel):
    """The cards the hunters reveal this round: `play: {ann: pilgrims-hatchet, bo: ranged}`.

    Starts a new round: what each hunter plays decides which weapon triggers hold. Then, in seat
    order, each hunter's upgrade does its `instant` effects and their `when_playing_weapon`
    effects fire (an order the base rules would fix; our sources do not give it).
    """

    verb: ClassVar[str] = "play"
    play: Annotated[dict[HunterName, PlayedCard], Field(min_length=1)]
    """Each hunter's card: an upgrade id or a starting card (`melee`, `ranged`, `transform`,
    `hunters-dream`). A hunter left out plays nothing this round."""


class HitOptions(ContentModel):
    """One hit by a hunter."""

    hunter: HunterName
    """Who deals it."""

    damage: Annotated[int, Field(ge=0, le=40)] | None = None
    """The damage before modifiers; the played weapon's `damage` when left out."""

    target: HunterName | None = None
    """Another hunter to hit; the monster when left out."""


class Hit(ContentModel):
    """A hunter deals damage: `hit: {hunter: ann}` or `hit: {hunter: ann, damage: 3, target: bo}`.

    The damage goes through every modifier in play; against the monster it removes Blood Echoes,
    which the hunter takes unbanked, and the hit that removes the last one is the killing blow
    (its `when_dealing_killing_blow` effects fire)."""

    verb: ClassVar[str] = "hit"
    hit: HitOptions
    """Who hits whom, for how much."""


class AttackOptions(ContentModel):
    """The monster's attack."""

    hunters: Annotated[list[HunterName], Field(min_length=1)]
    """The hunters it hits."""

    damage: Annotated[int, Field(ge=0, le=40)] | None = None
    """The damage before modifiers; the monster's `attack` when left out."""


class MonsterAttacks(ContentModel):
    """The monster hits hunters: `monster_attacks: {hunters: [ann, bo]}`. Each takes the damage
    after the modifiers in play."""

    verb: ClassVar[str] = "monster_attacks"
    monster_attacks: AttackOptions
    """Whom it hits, for how much."""


class KillOptions(ContentModel):
    """A hunter's death."""

    hunter: HunterName
    """Who dies."""

    by: HunterName | Literal["monster"] = "monster"
    """`monster` (the one being fought) or the name of the hunter who killed them."""

    token: Id | None = None
    """Killed by a hunter: the death-token type the slain hunter chooses to move."""


class Kill(ContentModel):
    """A hunter dies: `kill: {hunter: ann}` (by the monster) or `kill: {hunter: ann, by: bo,
    token: kin}`. Death tokens move; the hunter's unbanked Blood Echoes are lost (the base game's
    rule as our summary gives it)."""

    verb: ClassVar[str] = "kill"
    kill: KillOptions
    """Who dies, and to whom."""


class PlaceTrophy(ContentModel):
    """A hunter earns a trophy: `trophy: ann`. It goes on the leftmost free available space."""

    verb: ClassVar[str] = "trophy"
    trophy: HunterName
    """Who earns it."""


class NextMonster(ContentModel):
    """A new monster or boss comes out with its full Blood Echoes: `next_monster: drowned-seer`."""

    verb: ClassVar[str] = "next_monster"
    next_monster: MonsterRef
    """The monster or boss."""


class Transform(ContentModel):
    """The Transform Weapons step: `transform: {ann: true}` gives, for each hunter who played a
    transform-choice weapon (Logarius' Wheel), whether they transform."""

    verb: ClassVar[str] = "transform"
    transform: dict[HunterName, bool] = Field(default_factory=dict)
    """Each choosing hunter's decision; a choosing hunter left out does not transform."""


class Expectations(ContentModel):
    """What must hold now. Only the keys written are checked."""

    dealt: Annotated[int, Field(ge=0, le=99)] | None = None
    """The damage, after modifiers, of the last hit or attack (to the last hunter it hit)."""

    received: dict[HunterName, Annotated[int, Field(ge=0, le=999)]] | None = None
    """Damage each named hunter has received since the scenario began."""

    healed: dict[HunterName, Annotated[int, Field(ge=0, le=999)]] | None = None
    """Health each named hunter has recovered since the scenario began."""

    monster_echoes: Annotated[int, Field(ge=0, le=99)] | None = None
    """Blood Echoes left on the monster's card."""

    killing_blow: HunterName | Literal["none"] | None = None
    """Who dealt the killing blow to the monster being fought; `none` when it is alive."""

    echoes: dict[HunterName, EchoCount] | None = None
    """Each named hunter's Blood Echoes (both counts are checked)."""

    death_tokens: dict[HunterName, dict[Id, list[Annotated[int, Field(ge=1, le=31)]]]] | None = None
    """Positions of the named hunters' death tokens of the named types (counted from 1 at the
    leftmost space; one past the last space is where they start)."""

    capacity: dict[HunterName, Annotated[int, Field(ge=0, le=30)]] | None = None
    """How many trophies each named hunter's track can hold now."""

    trophies: dict[HunterName, Annotated[int, Field(ge=0, le=30)]] | None = None
    """Trophies on each named hunter's track."""

    lost_trophies: dict[HunterName, Annotated[int, Field(ge=0, le=30)]] | None = None
    """Trophies each named hunter lost off the left end of the track."""

    revealing: list[HunterName] | None = None
    """The hunters who reveal together in the last Transform Weapons step, in turn order."""

    rejected: str | None = None
    """The previous step must have been refused by the rules with a message containing this."""


class Expect(ContentModel):
    """Check the table: `expect: {dealt: 4, killing_blow: ann}`."""

    verb: ClassVar[str] = "expect"
    expect: Expectations
    """What must hold."""


def _tag(model: type[ContentModel]) -> Tag:
    verb: str = getattr(model, "verb")  # noqa: B009 - every step model sets the class variable
    return Tag(verb)


Step = Annotated[
    Annotated[Play, _tag(Play)]
    | Annotated[Hit, _tag(Hit)]
    | Annotated[MonsterAttacks, _tag(MonsterAttacks)]
    | Annotated[Kill, _tag(Kill)]
    | Annotated[PlaceTrophy, _tag(PlaceTrophy)]
    | Annotated[NextMonster, _tag(NextMonster)]
    | Annotated[Transform, _tag(Transform)]
    | Annotated[Expect, _tag(Expect)],
    Discriminator(single_key_verb),
]
"""One step: a single-key mapping naming what happens, or `expect`."""


class CardScenario(NamedDocument):
    """A rule scenario of the card game: a table, steps, and expectations."""

    kind_name: ClassVar[str] = "card-scenario"
    kind: Literal["card-scenario"] = "card-scenario"
    """Always `card-scenario`."""

    description: Text | None = None
    """What the scenario pins, in a sentence."""

    rulings: list[Annotated[Id, RefTo("card-ruling")]] = Field(default_factory=list)
    """The rulings it exercises."""

    table: Table
    """The table before the first step."""

    steps: Annotated[list[Step], Field(min_length=1, max_length=200)]
    """What happens, in order, and what must hold."""


SCENARIO_KINDS = {CardScenario.kind_name: CardScenario}
"""The kind this package adds to the card game."""
