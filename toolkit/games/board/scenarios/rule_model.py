"""The `rule-scenario` kind: a rule of the board game pinned on the engine itself, run by
`huntkit test`.

A rule scenario sets a table, takes the engine's own actions and checks what follows — a table,
actions, expectations, as in a card-game rules suite. It is a sibling of the `scenario` kind
(which reports events to the mission interpreter alone) rather than an extension of it, so each
kind's step vocabulary stays closed: an interpreter event in a rule scenario, or an engine action
in a mission scenario, is an unknown step with a did-you-mean instead of a step that means
something else. Example::

    kind: rule-scenario
    id: cane-slays-the-beast
    name: The Threaded Cane slays a Scourge Beast after taking two damage
    rule: combat
    table:
      hunters:
        - hunter: threaded-cane-hunter
          form: a
          hand: [basic-endurance, basic-strength, basic-vitality]
          slots: [basic-skill, basic-vitality, null]
          at: central-lamp
      enemies:
        - {enemy: scourge-beast, side: a, at: central-lamp}
      enemy_actions: [basic]
    steps:
      - attack: {card: basic-strength, slot: 3, enemy: scourge-beast}
      - choose: strike
      - expect:
          hunters:
            threaded-cane-hunter: {hp: 4, echoes: 1}
          slain: [scourge-beast]

**The table.** Without `campaign`, the engine plays the components alone on the starting tile
(no mission cards); with `campaign` and `chapter`, that chapter's rules, and with `missions: true`
its mission cards react to what happens. Only what the table lists is there: no enemy, consumable
token or tile besides the starting one unless written. Places are written `tile/space`, or just
`tile` for the space that shares the tile's id (the named location). The scenario starts at the
beginning of the first listed hunter's turn (or `active`'s) in round `round`.

**Decks and chance.** The engine treats every deck as shuffled, so each draw is a chance outcome.
A deck the table lists in order (`enemy_actions`, a hunter's `deck_top`, `tile_deck`,
`consumable_deck_top`, `upgrade_deck_top`) is drawn in that order; any other draw must be named
by a `draws` step before it happens (`- draws: [basic]`), or the step that makes it fails, naming
the deck and its possible outcomes. Nothing is drawn "at random".

**Steps.** Each action step answers the engine's question at that point with the option it
names; a step that is not among the options fails there, listing what was offered. After its
answers, the engine runs until it asks something the scenario has not answered (a dodge, the next
action, an unnamed draw); the next step answers that, or an `expect` checks the state while the
question waits. `choose` answers any question by its option's text (or the text's beginning).
A question with one option is not asked (the engine takes it), except the hunter's action: a turn
ends only by an `end_turn` (or `end_round`) step. `end_round` ends the turns still to play and the
round, and plays the next round's start (hands kept and drawn up) to its first action.

**Missions.** With `missions: true`, `in_play` reveals mission cards before the first step (their
effects carried out by the engine, as in play), `start_of_hunt` begins the chapter as the rules do,
the table's `tokens` are known to the cards, and `spawned` lists mission groups a reset brings back.

**Expectations.** Only the keys written are checked; a failed one is reported at its own line
with the expected and the actual value.
"""

from __future__ import annotations

from typing import Annotated, ClassVar, Literal

from pydantic import Field

from toolkit.core.model import ContentModel, Id, NamedDocument, QualifiedId, RefTo, Text
from toolkit.games.board.mission.common import CardNumber, TokenName, tagged, verb_discriminator
from toolkit.games.board.mission.documents import CampaignRef, ChapterNumber

PLACE_PATTERN = r"^[a-z0-9]+(?:-[a-z0-9]+)*(?:/[a-z0-9]+(?:-[a-z0-9]+)*)?$"

PlaceName = Annotated[str, Field(pattern=PLACE_PATTERN, max_length=161)]
"""A space on the table: `tile/space`, or `tile` for the space that has the tile's id."""

HunterPlace = Annotated[str, Field(pattern=PLACE_PATTERN + r"|^dream$", max_length=161)]
"""Where a hunter is: a space (`tile/space` or `tile`), or `dream` for the Hunter's Dream."""

PieceName = Annotated[str, Field(pattern=r"^[a-z0-9]+(?:-[a-z0-9]+)*$", max_length=80)]
"""An enemy: the `label` the table gave it, or its type when only one of that type is on the map
(also one a card or a spawn point brought in)."""

HunterRef = Annotated[QualifiedId, RefTo("hunter")]
StatCardRef = Annotated[QualifiedId, RefTo("stat-card")]
EnemyTypeRef = Annotated[QualifiedId, RefTo("enemy", "npc-enemy")]
BossTypeRef = Annotated[QualifiedId, RefTo("boss")]
Form = Literal["a", "b"]
Edge = Literal["N", "E", "S", "W"]
SlotNumber = Annotated[int, Field(ge=1, le=6)]
CLOSED: dict[str, object] = {"additionalProperties": False}
"""For a mapping keyed by a pattern: a key that does not match is refused by the schema too (pydantic
emits only `patternProperties`), as the model refuses it."""
RuleArea = Annotated[str, Field(pattern=r"^[a-z0-9]+(?:-[a-z0-9]+)*$", max_length=80)]


# --- the table ------------------------------------------------------------------------------------


class HunterAtTable(ContentModel):
    """A hunter at the table, in seat order. Unwritten keys keep the hunter's starting values."""

    hunter: HunterRef
    """The hunter (their trick weapon and firearm come with them)."""

    weapon: Annotated[QualifiedId, RefTo("trick-weapon")] | None = None
    """Another trick weapon than the hunter's own."""

    form: Form = "a"
    """The weapon form face up: `a` or `b`."""

    hp: Annotated[int, Field(ge=0, le=20)] | None = None
    """HP now (the hunter's maximum if omitted)."""

    echoes: Annotated[int, Field(ge=0, le=10)] = 0
    """Blood echoes held."""

    hand: list[StatCardRef] = Field(default_factory=list)
    """Stat cards in hand."""

    deck_top: list[StatCardRef] = Field(default_factory=list)
    """The next cards of the hunter deck, drawn in this order before the rest."""

    discard: list[StatCardRef] = Field(default_factory=list)
    """The discard pile. The rest of the starting deck, less the cards written here, in
    `hand`, `slots` and `deck_top`, is the deck below `deck_top`."""

    slots: list[StatCardRef | None] | None = None
    """The card in each attack slot of the form, `null` for an empty one (all empty if omitted)."""

    at: HunterPlace | None = None
    """Where the miniature stands, or `dream`; the starting tile's lamp space if omitted."""

    poison: bool = False
    """Whether the hunter is poisoned."""

    frenzy: bool = False
    """Whether the hunter is in frenzy."""

    consumables: list[Annotated[QualifiedId, RefTo("consumable")]] = Field(default_factory=list)
    """Consumable cards held."""

    rewards: list[Annotated[QualifiedId, RefTo("reward")]] = Field(default_factory=list)
    """Reward cards held (hunter tools, runes)."""

    exhausted_rewards: list[Annotated[QualifiedId, RefTo("reward")]] = Field(default_factory=list)
    """Held rewards already used (exhausted)."""

    firearm_exhausted: bool = False
    """Whether the firearm is exhausted."""

    turn_taken: bool = False
    """Whether the hunter has already had their turn this round."""


class EnemyAtTable(ContentModel):
    """An enemy, NPC enemy or boss on the map. Write `enemy` or `boss`."""

    enemy: EnemyTypeRef | None = None
    """A regular or NPC enemy type."""

    boss: BossTypeRef | None = None
    """A boss."""

    at: PlaceName
    """Its space."""

    label: PieceName | None = None
    """A name for steps and expectations to refer to it by (needed when two of a type are there)."""

    side: Form | None = None
    """A regular enemy's card side in its Hunt board slot (`a` if the slot does not say)."""

    slot: Annotated[int, Field(ge=1, le=3)] | None = None
    """A regular enemy's Hunt board slot (the slot holding its type, else 1)."""

    damage: Annotated[int, Field(ge=0, le=99)] = 0
    """Damage it has suffered."""

    phase: Annotated[int, Field(ge=1, le=2)] = 1
    """A boss's phase."""

    tag: Id | None = None
    """The tag a mission card's spawn gave it."""

    card: CardNumber | None = None
    """The mission card that brought it in (it leaves when that card's step ends)."""

    respawn: bool = False
    """Whether it comes back to its place at each reset while its card is in play."""


class SlotCard(ContentModel):
    """An Enemy card in a Hunt board slot."""

    enemy: Annotated[QualifiedId, RefTo("enemy")]
    """The enemy type."""

    side: Form = "a"
    """The side face up."""


class TileAtTable(ContentModel):
    """A revealed tile, joined to one already on the table (listed in the order they join)."""

    tile: Annotated[QualifiedId, RefTo("tile")]
    """The tile."""

    to: PlaceName
    """A space of the tile already on the table whose exit it joins."""

    edge: Edge
    """That tile's exit edge."""

    join: Edge
    """The new tile's edge that joins it."""


class TokenAtTable(ContentModel):
    """A named mission token on the map."""

    name: TokenName
    """Its name."""

    type: Id = "token"
    """Its token type (`survivor`, `insight`, …)."""

    at: PlaceName
    """Its space."""

    card: CardNumber = 1
    """The mission card that placed it."""


class FogGates(ContentModel):
    """Fog gates around a tile."""

    tile: Annotated[QualifiedId, RefTo("tile")]
    """The tile they surround (it must be on the table)."""

    card: CardNumber = 1
    """The mission card that raised them."""


class SpawnedGroup(ContentModel):
    """Enemies a mission card spawned, as a group a reset brings back (with `missions`)."""

    card: CardNumber
    """The mission card that spawned them."""

    enemy: EnemyTypeRef
    """Their enemy type."""

    at: PlaceName
    """The space they were spawned on (and come back to)."""

    count: Annotated[int, Field(ge=1, le=12)] = 1
    """How many the card spawned."""

    tag: Id | None = None
    """The tag the card gave them."""

    respawn: bool = False
    """Whether the slain come back at each reset too (else only the survivors go back)."""


class Table(ContentModel):
    """The table when the scenario begins: only what is written is there."""

    hunters: Annotated[list[HunterAtTable], Field(min_length=1, max_length=4)]
    """The hunters, in seat order."""

    active: HunterRef | None = None
    """Whose turn begins (the first hunter's if omitted)."""

    round: Annotated[int, Field(ge=1, le=99)] = 1
    """The round being played."""

    hunt_track: Annotated[int, Field(ge=1, le=40)] = 1
    """The Hunt Track space."""

    final_round: bool = False
    """Whether the final round has begun."""

    start: Annotated[QualifiedId, RefTo("tile")] | None = None
    """The starting tile (the chapter's, or `central-lamp`)."""

    tiles: list[TileAtTable] = Field(default_factory=list)
    """Tiles revealed besides the starting tile, in the order they joined the map."""

    enemies: list[EnemyAtTable] = Field(default_factory=list)
    """Enemies, NPC enemies and bosses on the map, in activation-tie order."""

    slots: dict[Literal["1", "2", "3"], SlotCard] = Field(default_factory=dict)
    """The Hunt board's Enemy cards by slot (the chapter's three enemies, side `a`, by default)."""

    enemy_actions: list[Literal["basic", "special", "ability"]] = Field(default_factory=list)
    """The top of the enemy action deck, flipped in this order before the rest."""

    enemy_action_discard: list[Literal["basic", "special", "ability"]] = Field(default_factory=list)
    """The enemy action discard pile (the rest of the deck is below `enemy_actions`)."""

    tile_deck: list[Annotated[QualifiedId, RefTo("tile")]] = Field(default_factory=list)
    """The tile deck, drawn in this order (empty if omitted: no exploring)."""

    consumable_deck_top: list[Annotated[QualifiedId, RefTo("consumable")]] = Field(default_factory=list)
    """The next consumable cards, drawn in this order before the rest of the deck."""

    consumable_tokens: list[PlaceName] = Field(default_factory=list)
    """Spaces holding a consumable token."""

    upgrade_row: list[StatCardRef] | None = None
    """The upgrade cards face up (the first four of the upgrade deck if omitted)."""

    upgrade_deck_top: list[StatCardRef] = Field(default_factory=list)
    """The next upgrade cards, drawn in this order before the rest of the deck."""

    tokens: list[TokenAtTable] = Field(default_factory=list)
    """Named mission tokens on the map."""

    fog_gates: list[FogGates] = Field(default_factory=list)
    """Tiles surrounded by fog gates."""

    spawned: list[SpawnedGroup] = Field(default_factory=list)
    """Groups of enemies mission cards spawned, which resets bring back (their enemies on the map
    are listed in `enemies` with the same `card` and `tag`)."""

    in_play: list[CardNumber] = Field(default_factory=list)
    """Mission cards revealed before the first step, in order, their effects carried out by the
    engine (needs `missions`)."""


# --- steps ----------------------------------------------------------------------------------------


class ExploreStep(ContentModel):
    """Explore through an exit of the space the hunter is on: `{explore: E, join: W}`."""

    explore: Edge
    """The exit edge explored."""

    join: Edge | None = None
    """The revealed tile's edge that joins (asked only when it has several exits)."""


class MoveParams(ContentModel):
    """A Move action."""

    card: StatCardRef
    """The stat card discarded for it."""

    path: Annotated[list[PlaceName | ExploreStep], Field(min_length=1, max_length=8)]
    """The spaces stepped onto, in order, or `{explore: EDGE}` to reveal a tile; a shorter path
    than the move allows stops there."""


class Move(ContentModel):
    """Move along a path: `move: {card: basic-vitality, path: [central-lamp/east]}`."""

    verb: ClassVar[str] = "move"
    move: MoveParams
    """The card and the path."""


class SlotParams(ContentModel):
    """A stat card into a weapon slot."""

    card: StatCardRef
    """The stat card."""

    slot: SlotNumber
    """The weapon slot, counted from 1."""


class AttackParams(SlotParams):
    """An Attack action."""

    enemy: PieceName | None = None
    """The enemy attacked (the only one on the space if omitted)."""


class AttackStep(ContentModel):
    """Attack with a card in a slot: `attack: {card: basic-strength, slot: 3, enemy: beast}`."""

    verb: ClassVar[str] = "attack"
    attack: AttackParams
    """The card, the slot and the enemy."""


class Counter(ContentModel):
    """Answer an enemy's attack with a card in a slot: `counter: {card: basic-skill, slot: 1}`."""

    verb: ClassVar[str] = "counter"
    counter: SlotParams
    """The card and the slot."""


class Dodge(ContentModel):
    """Dodge with a card in a slot at least as fast as the attack: `dodge: {card: …, slot: 1}`."""

    verb: ClassVar[str] = "dodge"
    dodge: SlotParams
    """The dodge card and the slot."""


class CardParams(ContentModel):
    """An action paid for with a stat card."""

    card: StatCardRef
    """The stat card discarded for it."""


class Interact(ContentModel):
    """The Interact action: `interact: {card: basic-skill}`."""

    verb: ClassVar[str] = "interact"
    interact: CardParams
    """The card."""


class Transform(ContentModel):
    """The Transform action: `transform: {card: basic-vitality}`."""

    verb: ClassVar[str] = "transform"
    transform: CardParams
    """The card."""


class GoToDream(ContentModel):
    """The Hunter's Dream action: `dream: {card: basic-skill}`."""

    verb: ClassVar[str] = "dream"
    dream: CardParams
    """The card."""


class Use(ContentModel):
    """Use a consumable in the turn: `use: blood-vial`."""

    verb: ClassVar[str] = "use"
    use: Annotated[QualifiedId, RefTo("consumable")]
    """The consumable."""


class UseReward(ContentModel):
    """Use a reward in the turn: `use_reward: beast-roar`."""

    verb: ClassVar[str] = "use_reward"
    use_reward: Annotated[QualifiedId, RefTo("reward")]
    """The reward."""


class Fire(ContentModel):
    """Fire the firearm (`fire: true`), in the turn or when an attack offers it."""

    verb: ClassVar[str] = "fire"
    fire: Literal[True]
    """Write `fire: true`."""


class EndTurn(ContentModel):
    """End the hunter's turn (`end_turn: true`): poison, then the enemies' activation."""

    verb: ClassVar[str] = "end_turn"
    end_turn: Literal[True]
    """Write `end_turn: true`."""


class EndRound(ContentModel):
    """End the turns of every hunter still to play this round and the round itself, then play the
    next round's start — the track, hands kept and drawn up — to its first action
    (`end_round: true`). It stops early at any other question (a counter, a dodge) or a draw
    nobody named: the next step answers it, and another `end_round` goes on."""

    verb: ClassVar[str] = "end_round"
    end_round: Literal[True]
    """Write `end_round: true`."""


class Choose(ContentModel):
    """Answer the engine's questions by their options' text, its beginning, or a part of it only
    one option has: `choose: strike`, `choose: [upgrade nimble-step, leave nimble-step]`."""

    verb: ClassVar[str] = "choose"
    choose: (
        Annotated[str, Field(min_length=1, max_length=200)]
        | Annotated[list[Annotated[str, Field(min_length=1, max_length=200)]], Field(min_length=1)]
    )
    """One option, or several for the questions in turn."""


class Draws(ContentModel):
    """Name the next chance outcomes, in order: `draws: [basic]` (an enemy action),
    `draws: [blood-vial]` (a consumable), a card id for a hunter deck."""

    verb: ClassVar[str] = "draws"
    draws: Annotated[list[Annotated[str, Field(min_length=1, max_length=80)]], Field(min_length=1)]
    """The outcomes, in the order they are drawn."""


# --- expectations ---------------------------------------------------------------------------------


class HunterExpect(ContentModel):
    """What must hold for one hunter. Only the keys written are checked."""

    hp: Annotated[int, Field(ge=0, le=20)] | None = None
    """HP."""

    echoes: Annotated[int, Field(ge=0, le=10)] | None = None
    """Blood echoes."""

    hand: list[StatCardRef] | None = None
    """Exactly these cards in hand, in any order."""

    hand_includes: list[StatCardRef] | None = None
    """These cards (at least) in hand."""

    slots: list[StatCardRef | None] | None = None
    """The card in each slot, `null` for an empty one."""

    discard: list[StatCardRef] | None = None
    """Exactly this discard pile, in any order."""

    deck_size: Annotated[int, Field(ge=0, le=40)] | None = None
    """How many cards in the hunter deck."""

    deck_includes: list[StatCardRef] | None = None
    """These cards (at least, with repeats) in the deck."""

    deck_excludes: list[StatCardRef] | None = None
    """None of these cards in the deck."""

    at: HunterPlace | None = None
    """Where the hunter is (`dream` for the Hunter's Dream)."""

    form: Form | None = None
    """The weapon form face up."""

    consumables: list[Annotated[QualifiedId, RefTo("consumable")]] | None = None
    """Exactly these consumables held."""

    rewards: list[Annotated[QualifiedId, RefTo("reward")]] | None = None
    """Exactly these rewards held."""

    exhausted_rewards: list[Annotated[QualifiedId, RefTo("reward")]] | None = None
    """Exactly these rewards exhausted."""

    poison: bool | None = None
    """Whether poisoned."""

    frenzy: bool | None = None
    """Whether in frenzy."""

    firearm_exhausted: bool | None = None
    """Whether the firearm is exhausted."""


class EnemyExpect(ContentModel):
    """What must hold for one enemy; it must be on the map."""

    at: PlaceName | None = None
    """Its space."""

    damage: Annotated[int, Field(ge=0, le=99)] | None = None
    """Damage suffered."""

    phase: Annotated[int, Field(ge=1, le=2)] | None = None
    """A boss's phase."""


class Offered(ContentModel):
    """The options of the question the engine asks now (an option matches by its beginning)."""

    includes: list[str] = Field(default_factory=list)
    """Options that must be offered."""

    excludes: list[str] = Field(default_factory=list)
    """Options that must not be offered (no offered option may begin with one)."""


class PlacedEnemy(ContentModel):
    """An enemy expected at a space: `{enemy: hunter-mob, at: courtyard-lamp/gate}`."""

    enemy: Annotated[QualifiedId, RefTo("enemy", "npc-enemy", "boss")]
    """The enemy type."""

    at: PlaceName
    """Its space."""


class RuleExpectations(ContentModel):
    """What must be true at this point. Only the keys written are checked."""

    hunters: Annotated[dict[Id, HunterExpect], Field(json_schema_extra=CLOSED)] | None = None
    """Hunters by id, and what must hold for each."""

    enemies: Annotated[dict[PieceName, EnemyExpect], Field(json_schema_extra=CLOSED)] | None = None
    """Enemies of the table by label (or type), and what must hold for each; each must be on the
    map."""

    slain: list[PieceName] | None = None
    """Enemies that must no longer be on the map: a table label's enemy, or, for a type, every
    enemy of that type."""

    on_map: list[Annotated[QualifiedId, RefTo("enemy", "npc-enemy", "boss")]] | None = None
    """Exactly the enemy types on the map, a type once per miniature, in any order."""

    placed: list[PlacedEnemy] | None = None
    """Exactly these enemies at these spaces, in any order (enemies the step brought in too)."""

    hunt_track: Annotated[int, Field(ge=1, le=40)] | None = None
    """The Hunt Track space."""

    resets: Annotated[int, Field(ge=0, le=99)] | None = None
    """How many resets happened since the scenario began."""

    round: Annotated[int, Field(ge=1, le=99)] | None = None
    """The round."""

    final_round: bool | None = None
    """Whether the final round has begun."""

    outcome: Literal["playing", "won", "lost"] | None = None
    """How the chapter stands."""

    asks: str | None = None
    """What the engine asks now: `action`, `dodge`, `counter`, `step`, …, or `nothing` when the
    chapter is over."""

    offered: Offered | None = None
    """Options that must (or must not) be offered now."""

    heuristic_picks: Annotated[str, Field(min_length=1, max_length=200)] | None = None
    """The option the heuristic bot takes at the question asked now (an option matches by its
    beginning): pins how the bot that measures win rates plays a rule. The scenario goes on
    with its own steps, not with the bot's answer."""

    log: list[str] | None = None
    """Texts that must each appear in a line of the game log since the scenario began."""

    not_log: list[str] | None = None
    """Texts that must appear in no line of the game log since the scenario began."""

    enemy_actions: list[str] | None = None
    """Exactly the enemy action deck, in any order."""

    enemy_action_discard: list[str] | None = None
    """Exactly the enemy action discard pile, in any order."""

    consumable_tokens: list[PlaceName] | None = None
    """Exactly the spaces holding a consumable token, in any order."""

    consumable_discard: list[Annotated[QualifiedId, RefTo("consumable")]] | None = None
    """Exactly the consumable discard pile, in any order."""

    tokens: list[TokenName] | None = None
    """Exactly the named mission tokens on the map, in any order."""

    upgrade_row: list[StatCardRef] | None = None
    """Exactly the upgrade row, in any order."""

    tile_deck: list[Annotated[QualifiedId, RefTo("tile")]] | None = None
    """Exactly the tile deck, in any order."""

    tiles: list[Annotated[QualifiedId, RefTo("tile")]] | None = None
    """Exactly the tiles on the map, in any order."""

    fog_gates: list[Annotated[QualifiedId, RefTo("tile")]] | None = None
    """Exactly the tiles surrounded by fog gates, in any order."""

    revealed: list[CardNumber] | None = None
    """Mission cards that must have been revealed (with `missions: true`)."""


class RuleExpect(ContentModel):
    """Check the table: `expect: {hunters: {saw-cleaver-hunter: {hp: 4}}, slain: [beast]}`."""

    verb: ClassVar[str] = "expect"
    expect: RuleExpectations
    """What must hold now."""


RuleStep = Annotated[
    Annotated[Move, tagged(Move)]
    | Annotated[AttackStep, tagged(AttackStep)]
    | Annotated[Counter, tagged(Counter)]
    | Annotated[Dodge, tagged(Dodge)]
    | Annotated[Interact, tagged(Interact)]
    | Annotated[Transform, tagged(Transform)]
    | Annotated[GoToDream, tagged(GoToDream)]
    | Annotated[Use, tagged(Use)]
    | Annotated[UseReward, tagged(UseReward)]
    | Annotated[Fire, tagged(Fire)]
    | Annotated[EndTurn, tagged(EndTurn)]
    | Annotated[EndRound, tagged(EndRound)]
    | Annotated[Choose, tagged(Choose)]
    | Annotated[Draws, tagged(Draws)]
    | Annotated[RuleExpect, tagged(RuleExpect)],
    verb_discriminator(),
]
"""A step: an engine action, `choose`, `draws`, or `expect`."""

STEP_MODELS: tuple[type[ContentModel], ...] = (
    Move,
    AttackStep,
    Counter,
    Dodge,
    Interact,
    Transform,
    GoToDream,
    Use,
    UseReward,
    Fire,
    EndTurn,
    EndRound,
    Choose,
    Draws,
    RuleExpect,
)
"""Every step model, for the reference and the documentation test."""


class RuleScenario(NamedDocument):
    """A rule of the board game pinned on the engine: a table, the engine's actions, expectations."""

    kind: Literal["rule-scenario"]
    """Always `rule-scenario`."""
    kind_name: ClassVar[str] = "rule-scenario"

    rule: RuleArea
    """The rule it pins, named by its page of the reference's board-game rules (`setup`, `round`,
    `actions`, `activation`, `combat`, `bosses`, `npcs`, `dream`, `hunt-track`, `fog-gates`,
    `campaign`): that page shows the scenario as a worked example."""

    description: Text | None = None
    """What the scenario pins, in a sentence."""

    campaign: CampaignRef | None = None
    """The campaign whose chapter's rules are played (the components alone if omitted)."""

    chapter: ChapterNumber = 1
    """The chapter of `campaign`."""

    missions: bool = False
    """Whether the chapter's mission cards react to play (needs `campaign`)."""

    start_of_hunt: bool = False
    """Tell the missions the hunt has begun before the first step (needs `missions`)."""

    table: Table
    """The table when the scenario begins."""

    steps: Annotated[list[RuleStep], Field(min_length=1)]
    """Engine actions, answers, named draws and `expect` checks, in order."""


RULE_SCENARIO_KINDS = {RuleScenario.kind_name: RuleScenario}
"""The kind this module adds to the board game."""
