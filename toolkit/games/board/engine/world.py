"""The mutable pieces of a game in progress: hunters, enemies, the map and the shared decks.

Everything here is plain data (ints, strings, lists, dicts) so a snapshot is a JSON value and two
states compare equal exactly when their snapshots do.
"""

from __future__ import annotations

from copy import deepcopy
from dataclasses import asdict, dataclass, field, fields
from typing import Any

Place = tuple[int, str]
"""A space on the map: (the placed tile's number, the space id on that tile)."""


@dataclass(slots=True)
class HunterState:
    """One hunter at the table."""

    id: str
    """The hunter's content id."""
    weapon: str
    """The trick weapon's id."""
    form: str = "a"
    """The weapon form face up: `a` or `b`."""
    hp: int = 6
    max_hp: int = 6
    hand: list[str] = field(default_factory=list)
    """Stat card ids in hand, sorted."""
    deck: list[str] = field(default_factory=list)
    """The hunter deck as an unordered pool, sorted; a draw is a chance outcome over it."""
    discard: list[str] = field(default_factory=list)
    slots: list[str | None] = field(default_factory=list)
    """The card in each attack slot of the current form, or None when empty."""
    echoes: int = 0
    poison: bool = False
    frenzy: bool = False
    consumables: list[str] = field(default_factory=list)
    rewards: list[str] = field(default_factory=list)
    exhausted_rewards: list[str] = field(default_factory=list)
    firearm: str = ""
    firearm_exhausted: bool = False
    place: Place | None = None
    """Where the miniature stands, or None while it is in the Hunter's Dream."""
    turn_taken: bool = False
    """Whether the hunter has had their turn this round."""
    skip_turn: bool = False
    """Slain before their turn this round: the turn is skipped (rulebook, Slain out of Activation)."""
    deaths: int = 0
    dream_trips: int = 0

    def all_cards(self) -> list[str]:
        """Every stat card the hunter owns (hand, deck, discard pile and weapon slots)."""
        return self.hand + self.deck + self.discard + [c for c in self.slots if c is not None]


@dataclass(slots=True)
class EnemyState:
    """One enemy miniature (or NPC token, or boss) on the map."""

    uid: int
    kind: str
    """`enemy`, `npc` or `boss`."""
    type: str
    """The enemy, NPC enemy or boss id."""
    place: Place
    slot: int = 0
    """The Hunt board slot (1-3) of a regular enemy; 0 for NPCs and bosses."""
    damage: int = 0
    phase: int = 1
    """A boss's phase (1 or 2)."""
    tag: str = ""
    """The tag a mission spawn gave it."""
    owner: int = 0
    """The mission card that spawned it, or 0."""
    respawn: bool = False
    """Whether it respawns on its place at each reset while its card is in play."""
    home: Place | None = None
    """Where it respawns."""


@dataclass(slots=True)
class PlacedTile:
    """A tile on the map."""

    uid: int
    tile: str
    links: dict[str, list[int | str]] = field(default_factory=dict)
    """Each connected exit edge → [other tile uid, other edge]."""
    fog_owner: int = -1
    """The mission card whose fog gates surround this tile, or -1 when there are none."""


@dataclass(slots=True)
class Token:
    """A named mission token on the map."""

    name: str
    type: str
    place: Place
    owner: int


@dataclass(slots=True)
class SpawnGroup:
    """Enemies one mission effect spawned: where they belong and whether the slain come back."""

    card: int
    enemy: str
    place: Place
    count: int
    tag: str = ""
    respawn: bool = False


@dataclass(slots=True)
class World:
    """The whole table."""

    hunters: list[HunterState] = field(default_factory=list)
    enemies: list[EnemyState] = field(default_factory=list)
    tiles: list[PlacedTile] = field(default_factory=list)
    consumable_tokens: list[Place] = field(default_factory=list)
    tokens: list[Token] = field(default_factory=list)
    tile_deck: list[str] = field(default_factory=list)
    """Tiles still face down (an unordered pool)."""
    slots: dict[str, list[str]] = field(default_factory=dict)
    """Hunt board slot ("1".."3") → [enemy id, side]."""
    action_deck: list[str] = field(default_factory=list)
    action_discard: list[str] = field(default_factory=list)
    boss_decks: dict[str, list[int]] = field(default_factory=dict)
    """`<boss>/<phase>` → indices of the phase's cards still in the deck (copies repeated)."""
    boss_discards: dict[str, list[int]] = field(default_factory=dict)
    consumable_deck: list[str] = field(default_factory=list)
    consumable_discard: list[str] = field(default_factory=list)
    upgrade_deck: list[str] = field(default_factory=list)
    upgrade_row: list[str] = field(default_factory=list)
    reward_deck: list[str] = field(default_factory=list)
    track: int = 1
    round: int = 0
    final_round: bool = False
    outcome: str = ""
    """`won`, `lost` or `` while the chapter is in play."""
    next_uid: int = 1
    resets: int = 0
    hp_changes: dict[str, int] = field(default_factory=dict)
    """Mission changes to enemy HP: `<selector>` → added HP."""
    attack_changes: dict[str, list[int]] = field(default_factory=dict)
    """Mission changes to enemy attacks: `<selector>` → [damage, speed]."""
    groups: list[SpawnGroup] = field(default_factory=list)
    """Enemies mission cards spawned, by group, for resets."""
    invulnerable: list[str] = field(default_factory=list)
    """Selectors of enemies that cannot suffer damage now."""
    fog_order: list[int] = field(default_factory=list)
    """Placed tiles in the order their fog gates went up (the earliest are reused first when the
    box runs out of fog gate tokens); tiles whose gates came down are skipped."""
    log: list[str] = field(default_factory=list)
    """What happened, in order: the transcript lines of the game."""

    def snapshot(self) -> dict[str, Any]:
        """The world as a JSON value."""
        return asdict(self)

    def __deepcopy__(self, memo: dict[int, Any]) -> World:
        """A deep copy; the log (immutable strings, hundreds of them) is copied as a list."""
        copy = World.__new__(World)
        memo[id(self)] = copy
        for item in fields(self):
            value = getattr(self, item.name)
            setattr(copy, item.name, list(value) if item.name == "log" else deepcopy(value, memo))
        return copy

    def take_uid(self) -> int:
        uid = self.next_uid
        self.next_uid += 1
        return uid
