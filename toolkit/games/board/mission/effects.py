"""Effects: what a mission card does when revealed, when a goal is met, or when a standing rule fires.

An effect is written as a single-key mapping naming the verb: `{reveal: 5}`,
`{spawn: {enemy: scourge-beast, at: {tile: graveyard, enemy_slot: 1}, count: hunters}}`.
Effect lists run in order. Everything a card creates (tokens, spawned enemies, fog gates, counters,
standing rules) belongs to that card and is discarded when its step completes, unless the next card
`keeps` it.

A goal's effects must end the step on every path through its choices and branches: by revealing the
next card (`reveal`), completing the mission (`complete_mission`), or completing the hunt
(`complete_hunt`).
"""

from __future__ import annotations

from typing import Annotated, ClassVar, Literal

from pydantic import Field

from toolkit.core.expressions import Scaling
from toolkit.core.model import ContentModel, QualifiedId, RefTo, Text
from toolkit.games.board.mission.common import (
    HUNT_TRACK_SPACES,
    MAX_CHOICE_OPTIONS,
    BossRef,
    CardNumber,
    CounterName,
    EnemyRef,
    EnemySelector,
    Place,
    RewardRecipient,
    TagName,
    TileRef,
    TokenName,
    TokenType,
    tagged,
    verb_discriminator,
)
from toolkit.games.board.mission.conditions import Condition
from toolkit.games.board.scaling import Amount, CounterChange, CounterValue, HpChange, SpawnCount, TokenCount

# --- moving through the deck ----------------------------------------------------------------------


class Reveal(ContentModel):
    """Reveal a mission card: read its story, apply its `on_reveal` effects, and play its goals.

    In a goal's effects, revealing the next card ends this card's step (the mission advances).
    """

    verb: ClassVar[str] = "reveal"
    reveal: CardNumber
    """The number of the mission card to reveal."""


class CompleteMissionParams(ContentModel):
    """The insight card a completed mission earns."""

    insight: CardNumber | None = None
    """The insight card revealed and kept (1 collected insight); omit if the mission earns none."""


class CompleteMission(ContentModel):
    """Complete this card's mission: its step ends, and the named insight card is revealed and kept.

    Write `complete_mission: {insight: 21}`. Completing a hunt mission's last step is `complete_hunt`.
    """

    verb: ClassVar[str] = "complete_mission"
    complete_mission: CompleteMissionParams
    """Which insight card the mission earns."""


class CompleteHunt(ContentModel):
    """Complete the Hunt: the chapter ends at once in victory (`complete_hunt: true`)."""

    verb: ClassVar[str] = "complete_hunt"
    complete_hunt: Literal[True]
    """Write `complete_hunt: true`."""


class UntoldEffect(ContentModel):
    """What happens next is not stated by the source material; play stops here, undecided.

    Only for encoding published material as far as it is described (the `rulebook-examples` pack).
    The graph checks accept it as an end of a goal but report the chapter as partial (info).
    """

    verb: ClassVar[str] = "untold"
    untold: Text
    """What the source leaves out, in a few words."""


class LockCard(ContentModel):
    """Lock a mission card: it cannot be revealed for the rest of the chapter."""

    verb: ClassVar[str] = "lock_card"
    lock_card: CardNumber
    """The locked card's number."""


class DiscardCard(ContentModel):
    """Discard a mission card in play: its goals no longer count, and what it created is removed."""

    verb: ClassVar[str] = "discard_card"
    discard_card: CardNumber
    """The discarded card's number."""


# --- tokens ------------------------------------------------------------------------------------------


class PlaceTokenParams(ContentModel):
    """A named token and where it goes."""

    token: TokenName
    """The name goals and rules use for this token (`red-brooch`)."""

    type: TokenType
    """The physical token: `corpse`, `survivor`, `insight` or `npc`."""

    label: Text | None = None
    """What the token stands for at the table ("the Red-Jeweled Brooch")."""

    at: Place
    """Where it is placed."""

    count: TokenCount = Scaling(1)
    """How many tokens of this name; may scale with hunters."""


class PlaceToken(ContentModel):
    """Place named tokens on the map (corpse, survivor, insight token with a name, NPC)."""

    verb: ClassVar[str] = "place_token"
    place_token: PlaceTokenParams
    """The token, its type, and where it goes."""


class RemoveToken(ContentModel):
    """Remove every token of this name from the map."""

    verb: ClassVar[str] = "remove_token"
    remove_token: TokenName
    """The token's name."""


class MoveTokenParams(ContentModel):
    """How a token moves."""

    token: TokenName
    """The token's name."""

    direction: Literal["toward", "away"]
    """Toward or away from `relative_to`."""

    relative_to: Literal["nearest-hunter", "acting-hunter"] | Place = "nearest-hunter"
    """What it moves relative to: the nearest hunter, the acting hunter, or a place."""

    spaces: Annotated[int, Field(ge=1, le=6)] = 1
    """How many spaces it moves (ties are broken cruelly, against the hunters)."""


class MoveToken(ContentModel):
    """Move a named token toward or away from a hunter or a place (survivors fleeing, escorts)."""

    verb: ClassVar[str] = "move_token"
    move_token: MoveTokenParams
    """The token and its movement."""


# --- enemies -----------------------------------------------------------------------------------------


class SpawnParams(ContentModel):
    """Which enemies appear, how many, where, and under what name."""

    enemy: EnemyRef
    """The enemy type (a regular enemy or an NPC enemy, which is shown by an NPC token)."""

    at: Place
    """Where they appear: usually a space or an enemy slot of a tile."""

    count: SpawnCount = Scaling(1)
    """How many; may scale with hunters."""

    tag: TagName | None = None
    """A name for this group, so goals and rules can refer to exactly these enemies."""

    respawn: bool = False
    """Whether they respawn at their place at each map reset while this card is in play."""


class Spawn(ContentModel):
    """Spawn enemies (or an NPC enemy) belonging to this card."""

    verb: ClassVar[str] = "spawn"
    spawn: SpawnParams
    """What spawns and where."""


class SpawnBossParams(ContentModel):
    """Which boss appears and where."""

    boss: BossRef
    """The boss."""

    at: Place
    """Where it appears."""

    tag: TagName | None = None
    """A name for this boss, for rules such as `make_invulnerable`."""


class SpawnBoss(ContentModel):
    """Spawn a boss: place its miniature, take its Boss HP card and both Boss Action decks."""

    verb: ClassVar[str] = "spawn_boss"
    spawn_boss: SpawnBossParams
    """The boss and where it appears."""


class ChangeHpParams(ContentModel):
    """Whose hit points change, and by how much."""

    target: EnemySelector
    """Which enemies."""

    by: HpChange
    """Added to their HP (negative to lower it); may scale with hunters."""


class ChangeHp(ContentModel):
    """Raise or lower the HP of matching enemies while this card is in play."""

    verb: ClassVar[str] = "change_hp"
    change_hp: ChangeHpParams
    """The enemies and the change."""


class ChangeAttackParams(ContentModel):
    """Whose attacks change, and how."""

    target: EnemySelector
    """Which enemies."""

    damage: int = 0
    """Added to the damage of each of their attacks."""

    speed: Annotated[int, Field(ge=-2, le=2)] = 0
    """Steps of speed added (+1 turns Medium into Fast)."""


class ChangeAttack(ContentModel):
    """Change the damage or speed of matching enemies' attacks while this card is in play."""

    verb: ClassVar[str] = "change_attack"
    change_attack: ChangeAttackParams
    """The enemies and the change."""


class InvulnerableParams(ContentModel):
    """Who cannot be harmed, and until when."""

    target: EnemySelector
    """Which enemies or boss."""

    until: Condition
    """The protection ends when this condition holds."""


class MakeInvulnerable(ContentModel):
    """Matching enemies cannot suffer damage until a condition holds."""

    verb: ClassVar[str] = "make_invulnerable"
    make_invulnerable: InvulnerableParams
    """The enemies and the condition that ends their protection."""


# --- the map ----------------------------------------------------------------------------------------


class FogGates(ContentModel):
    """Surround a tile with fog gates (its exits closed, its lamp broken, other enemies removed).

    The gates belong to this card and go when its step completes, unless the next card keeps them.
    """

    verb: ClassVar[str] = "fog_gates"
    fog_gates: TileRef
    """The tile to surround."""


class RemoveFogGates(ContentModel):
    """Remove the fog gates (and their broken lamp) from a tile."""

    verb: ClassVar[str] = "remove_fog_gates"
    remove_fog_gates: TileRef
    """The tile to open."""


class AdvanceHuntTrack(ContentModel):
    """Move the Hunt Track token forward (resets and the final round apply as usual)."""

    verb: ClassVar[str] = "advance_hunt_track"
    advance_hunt_track: Annotated[int, Field(ge=1, le=HUNT_TRACK_SPACES)]
    """How many spaces."""


# --- rules and counters -----------------------------------------------------------------------------


class SpecialRules(ContentModel):
    """Put a special-rules card into play: its standing rules apply until it is ended."""

    verb: ClassVar[str] = "special_rules"
    special_rules: CardNumber
    """The special-rules card's number."""


class EndSpecialRules(ContentModel):
    """Take a special-rules card out of play."""

    verb: ClassVar[str] = "end_special_rules"
    end_special_rules: CardNumber
    """The special-rules card's number."""


class SetCounterParams(ContentModel):
    """A counter and its new value."""

    counter: CounterName
    """The counter's name."""

    value: CounterValue
    """The value it is set to."""


class SetCounter(ContentModel):
    """Set a named counter belonging to this card (created at 0 when first named)."""

    verb: ClassVar[str] = "set_counter"
    set_counter: SetCounterParams
    """The counter and its value."""


class AddCounterParams(ContentModel):
    """A counter and the amount added."""

    counter: CounterName
    """The counter's name."""

    amount: CounterChange = Scaling(1)
    """Added to it (negative to subtract)."""


class AddCounter(ContentModel):
    """Add to a named counter belonging to this card."""

    verb: ClassVar[str] = "add_counter"
    add_counter: AddCounterParams
    """The counter and the amount."""


# --- rewards ------------------------------------------------------------------------------------------


class AmountReward(ContentModel):
    """A number of things and who gets them."""

    amount: Amount = Scaling(1)
    """How many; may scale with hunters."""

    to: RewardRecipient = "each-hunter"
    """Who receives them."""


class BloodEchoes(ContentModel):
    """Gain Blood Echoes (each hunter carries at most 3)."""

    verb: ClassVar[str] = "blood_echoes"
    blood_echoes: AmountReward
    """How many, and for whom."""


class DrawConsumables(ContentModel):
    """Draw random cards from the Consumables deck."""

    verb: ClassVar[str] = "draw_consumables"
    draw_consumables: AmountReward
    """How many, and for whom."""


class Upgrades(ContentModel):
    """Choose cards from the Upgrade row, as in the Hunter's Dream."""

    verb: ClassVar[str] = "upgrades"
    upgrades: AmountReward
    """How many, and for whom."""


class CardReward(ContentModel):
    """A named card and who gets it."""

    card: QualifiedId
    """The card's id."""

    to: RewardRecipient = "one-hunter"
    """Who receives it."""


class ConsumableCardReward(CardReward):
    """A named consumable card."""

    card: Annotated[QualifiedId, RefTo("consumable")]
    """The consumable's id."""


class RewardCardReward(CardReward):
    """A named Reward card (a Hunter Tool or a Caryll Rune)."""

    card: Annotated[QualifiedId, RefTo("reward")]
    """The Reward card's id."""


class FirearmCardReward(CardReward):
    """A named firearm card."""

    card: Annotated[QualifiedId, RefTo("firearm")]
    """The firearm's id."""


class GainConsumable(ContentModel):
    """Gain a named consumable card."""

    verb: ClassVar[str] = "gain_consumable"
    gain_consumable: ConsumableCardReward
    """The consumable and who receives it."""


class GainReward(ContentModel):
    """Gain a Reward card: a Hunter Tool or a Caryll Rune (at most 2 of each per hunter)."""

    verb: ClassVar[str] = "gain_reward"
    gain_reward: RewardCardReward
    """The Reward card and who receives it."""


class GainFirearm(ContentModel):
    """Gain a firearm; the hunter may swap it for the one they carry."""

    verb: ClassVar[str] = "gain_firearm"
    gain_firearm: FirearmCardReward
    """The firearm and who receives it."""


# --- flow -------------------------------------------------------------------------------------------


class Option(ContentModel):
    """One option of a choice."""

    label: Text
    """What the players choose, as they read it."""

    then: Annotated[list[Effect], Field(min_length=1)]
    """What happens if they choose it."""


class ChooseParams(ContentModel):
    """A question to the players and its options."""

    prompt: Text
    """The question."""

    options: Annotated[list[Option], Field(min_length=2, max_length=MAX_CHOICE_OPTIONS)]
    """Two to twenty options (the answer to a choice is its number, 1-20)."""


class Choose(ContentModel):
    """The players choose one option; its effects run. The graph checks explore every option."""

    verb: ClassVar[str] = "choose"
    choose: ChooseParams
    """The question and its options."""


class BranchParams(ContentModel):
    """A test and what happens either way."""

    condition: Condition = Field(alias="if")
    """The test, usually `{holds_insight: N}` on an insight card from this or an earlier chapter."""

    then: Annotated[list[Effect], Field(min_length=1)]
    """What happens when it holds."""

    otherwise: Annotated[list[Effect], Field(min_length=1, alias="else")]
    """What happens when it does not."""


class Branch(ContentModel):
    """Run one of two effect lists depending on a condition (`if` / `then` / `else`).

    The graph checks explore both sides.
    """

    verb: ClassVar[str] = "branch"
    branch: BranchParams
    """The test and both outcomes."""


class NarrativeEffect(ContentModel):
    """An effect in prose that the language cannot express; the interpreter skips it.

    Each one is reported as a `not-simulated` warning (BB0210).
    """

    verb: ClassVar[str] = "narrative"
    narrative: Text
    """The effect, in words."""


EFFECT_MODELS: tuple[type[ContentModel], ...] = (
    Reveal,
    CompleteMission,
    CompleteHunt,
    UntoldEffect,
    LockCard,
    DiscardCard,
    PlaceToken,
    RemoveToken,
    MoveToken,
    Spawn,
    SpawnBoss,
    ChangeHp,
    ChangeAttack,
    MakeInvulnerable,
    FogGates,
    RemoveFogGates,
    AdvanceHuntTrack,
    SpecialRules,
    EndSpecialRules,
    SetCounter,
    AddCounter,
    BloodEchoes,
    DrawConsumables,
    Upgrades,
    GainConsumable,
    GainReward,
    GainFirearm,
    Choose,
    Branch,
    NarrativeEffect,
)

EFFECT_VERBS: dict[str, type[ContentModel]] = {m.verb: m for m in EFFECT_MODELS}  # type: ignore[attr-defined]
"""Every effect verb and its model, for the reference site."""

Effect = Annotated[
    Annotated[Reveal, tagged(Reveal)]
    | Annotated[CompleteMission, tagged(CompleteMission)]
    | Annotated[CompleteHunt, tagged(CompleteHunt)]
    | Annotated[UntoldEffect, tagged(UntoldEffect)]
    | Annotated[LockCard, tagged(LockCard)]
    | Annotated[DiscardCard, tagged(DiscardCard)]
    | Annotated[PlaceToken, tagged(PlaceToken)]
    | Annotated[RemoveToken, tagged(RemoveToken)]
    | Annotated[MoveToken, tagged(MoveToken)]
    | Annotated[Spawn, tagged(Spawn)]
    | Annotated[SpawnBoss, tagged(SpawnBoss)]
    | Annotated[ChangeHp, tagged(ChangeHp)]
    | Annotated[ChangeAttack, tagged(ChangeAttack)]
    | Annotated[MakeInvulnerable, tagged(MakeInvulnerable)]
    | Annotated[FogGates, tagged(FogGates)]
    | Annotated[RemoveFogGates, tagged(RemoveFogGates)]
    | Annotated[AdvanceHuntTrack, tagged(AdvanceHuntTrack)]
    | Annotated[SpecialRules, tagged(SpecialRules)]
    | Annotated[EndSpecialRules, tagged(EndSpecialRules)]
    | Annotated[SetCounter, tagged(SetCounter)]
    | Annotated[AddCounter, tagged(AddCounter)]
    | Annotated[BloodEchoes, tagged(BloodEchoes)]
    | Annotated[DrawConsumables, tagged(DrawConsumables)]
    | Annotated[Upgrades, tagged(Upgrades)]
    | Annotated[GainConsumable, tagged(GainConsumable)]
    | Annotated[GainReward, tagged(GainReward)]
    | Annotated[GainFirearm, tagged(GainFirearm)]
    | Annotated[Choose, tagged(Choose)]
    | Annotated[Branch, tagged(Branch)]
    | Annotated[NarrativeEffect, tagged(NarrativeEffect)],
    verb_discriminator(),
]
"""A change to the game, written as a single-key mapping naming the effect verb."""

for _model in (Option, ChooseParams, Choose, BranchParams, Branch):
    _model.model_rebuild()

ENDING_VERBS = frozenset({"reveal", "complete_mission", "complete_hunt", "untold"})
"""Effects that end a card's step when its goal is met."""

REWARD_VERBS = frozenset(
    {"blood_echoes", "draw_consumables", "upgrades", "gain_consumable", "gain_reward", "gain_firearm"}
)
"""Effects an insight card may carry as its rewards."""
