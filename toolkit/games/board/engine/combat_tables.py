"""What a combat resolves through, worked out once per rules bundle.

Content models do not change during play, so everything a combat would otherwise derive from them
at each strike is computed the first time it is needed and kept with the rules (``rules.cache``,
like :mod:`.tables`): the slots of a weapon form with their option text and their attack already
folded with its own modifiers, what a stat card does when placed, each enemy action line with its
strike, and the few facts about enemies that activation and damage read.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TypeVar

from toolkit.games.board.engine.rules import Rules
from toolkit.games.board.engine.tables import OnDemand
from toolkit.games.board.model import effects as fx
from toolkit.games.board.model.combat import SPEED_RANK, Ability, Attack
from toolkit.games.board.model.enemies import BossAbilityCard, BossAttackCard
from toolkit.games.board.model.weapons import WeaponForm

K = TypeVar("K")
V = TypeVar("V")

Line = Attack | Ability | BossAttackCard | BossAbilityCard
"""What an enemy's action flips: an attack or an ability (of an enemy card, an NPC or a boss)."""

AT_ONCE = 99
"""The speed of an ability without one: it resolves when flipped, before every attack."""

MODIFIERS = (fx.DamageModifier, fx.SpeedModifier, fx.Stagger, fx.CancelAttack, fx.Block)
"""The effects folded into a strike (:func:`.combat._modify`)."""

COMBAT_ONLY = (*MODIFIERS, fx.Dodge, fx.ReturnToHand)
"""Effects that only mean something inside a combat; :mod:`.effects` carries none of them out."""

DAMAGE, SPEED, STAGGER, CANCEL, BLOCK, OTHER_COMBAT = 1, 2, 3, 4, 5, 6
"""What :data:`FOLD_KIND` files an effect's class under; 0 is an effect carried out, not folded."""


def _fold_kind(kind: type) -> int:
    for code, verb in enumerate(MODIFIERS, start=DAMAGE):
        if issubclass(kind, verb):
            return code
    return OTHER_COMBAT if issubclass(kind, COMBAT_ONLY) else 0


@dataclass(frozen=True, slots=True)
class Folded:
    """A strike's numbers once the modifiers of one effect list are folded in, from given start
    values: what :func:`.combat._modify` leaves on the strike and on the hunter's side."""

    speed: int
    damage: int
    stagger: bool
    cancel: bool
    block: int
    """Block of an enemy's strike (an enemy's block guards the enemy)."""
    side_block: int
    """Block a hunter's strike gives the hunter."""
    cancel_enemy: bool
    rest: tuple[fx.BasicEffect, ...]
    """The effects left to carry out when the strike lands."""


def fold(speed: int, damage: int, effects: list[fx.BasicEffect], hunter: bool) -> Folded:
    """:func:`.combat._modify` on a fresh strike (and, for a hunter, a fresh side)."""
    stagger = cancel = cancel_enemy = False
    block = side_block = 0
    rest: list[fx.BasicEffect] = []
    for effect in effects:
        kind = FOLD_KIND[type(effect)]
        if kind == DAMAGE:
            damage = max(0, damage + effect.damage)  # type: ignore[union-attr]
        elif kind == SPEED:
            speed += effect.speed  # type: ignore[union-attr]
        elif kind == STAGGER:
            stagger = True
        elif kind == CANCEL:
            cancel = True
            cancel_enemy = hunter
        elif kind == BLOCK:
            if hunter:
                side_block += effect.block  # type: ignore[union-attr]
            else:
                block += effect.block  # type: ignore[union-attr]
        else:
            rest.append(effect)
    return Folded(speed, damage, stagger, cancel, block, side_block, cancel_enemy, tuple(rest))


@dataclass(frozen=True, slots=True)
class SlotFacts:
    """One attack slot of a weapon form."""

    index: int
    rank: int
    """The printed speed as a number (what a dodge must match)."""
    where: str
    """`in slot <n> (<attack>)`, the tail of the slot's option strings."""
    name: str
    strike: Folded
    """The attack with its own effects folded in."""


@dataclass(frozen=True, slots=True)
class FormFacts:
    """A weapon form: its slots and what its ability does when a card is placed."""

    form: WeaponForm
    slots: tuple[SlotFacts, ...]
    attacking: tuple[fx.BasicEffect, ...]
    """The ability's `on-attack` and `immediate` effects, in order."""
    on_kill: tuple[fx.BasicEffect, ...]
    transforming: tuple[fx.BasicEffect, ...]
    """The ability's `on-transform` effects: they apply when the weapon turns to this form."""


@dataclass(frozen=True, slots=True)
class CardFacts:
    """What a stat card does when placed in a slot (:func:`.combat.card_effects`)."""

    on_kill: tuple[fx.BasicEffect, ...]
    returns: bool
    """Whether it goes back to hand after the combat."""
    dodges: bool
    steps: tuple[fx.BasicEffect, ...]
    """Its other effects, in order."""
    folds_only: bool
    """Every step is a strike modifier: placing the card behind an attack carries nothing out."""


@dataclass(frozen=True, slots=True)
class LineFacts:
    """An enemy action line as a strike: its name, whether it is an attack, and its numbers."""

    name: str
    is_attack: bool
    speed: int
    """Printed speed as a number, or :data:`AT_ONCE` for an ability without one."""
    damage: int
    effects: list[fx.BasicEffect]
    plain: Folded
    """The strike with no mission changes to the enemy's attacks."""


def _form(form: WeaponForm) -> FormFacts:
    slots = tuple(
        SlotFacts(
            slot,
            SPEED_RANK[attack.speed],
            f"in slot {slot + 1} ({attack.name})",
            str(attack.name),
            fold(SPEED_RANK[attack.speed], attack.damage, [e for _, e in fx.flatten(attack.effects)], True),
        )
        for slot, attack in enumerate(form.attacks)
    )
    on_attack: list[fx.BasicEffect] = []
    on_kill: list[fx.BasicEffect] = []
    on_transform: list[fx.BasicEffect] = []
    if form.ability is not None:
        for timing, effect in fx.flatten(form.ability.effects):
            if timing in ("on-attack", "immediate"):
                on_attack.append(effect)
            elif timing == "on-kill":
                on_kill.append(effect)
            elif timing == "on-transform":
                on_transform.append(effect)
    return FormFacts(form, slots, tuple(on_attack), tuple(on_kill), tuple(on_transform))


def _card(effects: list[fx.Effect]) -> CardFacts:
    on_kill: list[fx.BasicEffect] = []
    steps: list[fx.BasicEffect] = []
    returns = dodges = False
    for timing, effect in fx.flatten(effects):
        # A dodge card is one with a dodge effect at any timing (what the dodge offer looks for).
        dodges = dodges or isinstance(effect, fx.Dodge)
        if timing == "on-kill":
            on_kill.append(effect)
        elif isinstance(effect, fx.ReturnToHand):
            returns = True
        elif isinstance(effect, fx.Dodge):
            continue
        else:
            steps.append(effect)
    folds_only = all(isinstance(e, MODIFIERS) for e in steps)
    return CardFacts(tuple(on_kill), returns, dodges, tuple(steps), folds_only)


def _line(line: Line) -> LineFacts:
    effects = [e for _, e in fx.flatten(line.effects)]
    if isinstance(line, Attack | BossAttackCard):
        speed, damage, attack = SPEED_RANK[line.speed], line.damage, True
    else:
        speed = AT_ONCE if line.speed is None else SPEED_RANK[line.speed]
        damage, attack = 0, False
    return LineFacts(str(line.name), attack, speed, damage, effects, fold(speed, damage, effects, False))


class CombatTables:
    """The combat lookups of one rules bundle, each entry worked out on first use."""

    def __init__(self, rules: Rules) -> None:
        weapons = rules.weapons
        self.forms: OnDemand[tuple[str, str], FormFacts] = OnDemand(
            lambda key: _form(weapons[key[0]].forms.b if key[1] == "b" else weapons[key[0]].forms.a)
        )
        """(weapon, face) → the form's facts."""
        cards = rules.stat_cards
        self.cards: OnDemand[str, CardFacts] = OnDemand(lambda card: _card(cards[card].effects))
        """Stat card → what it does when placed."""
        enemies, npcs, bosses = rules.enemies, rules.npcs, rules.bosses

        def enemy_line(key: tuple[str, str, str]) -> tuple[Line, LineFacts]:
            sides = enemies[key[0]].sides
            line: Line = getattr(sides.b if key[1] == "b" else sides.a, key[2])
            return line, _line(line)

        self.enemy_lines: OnDemand[tuple[str, str, str], tuple[Line, LineFacts]] = OnDemand(enemy_line)
        """(enemy, face, action) → the line its card shows for that action, and its strike."""

        def npc_line(key: tuple[str, int, str]) -> tuple[Line, LineFacts]:
            side = npcs[key[0]].side_for(key[1])
            assert side is not None
            line: Line = getattr(side, key[2])
            return line, _line(line)

        self.npc_lines: OnDemand[tuple[str, int, str], tuple[Line, LineFacts]] = OnDemand(npc_line)
        """(NPC enemy, hunters, action) → the line of the side in play, and its strike."""

        def boss_line(key: tuple[str, int, int]) -> tuple[Line, LineFacts]:
            line: Line = bosses[key[0]].phases[key[1] - 1].actions[key[2]]
            return line, _line(line)

        self.boss_lines: OnDemand[tuple[str, int, int], tuple[Line, LineFacts]] = OnDemand(boss_line)
        """(boss, phase, card index) → the action card, and its strike."""
        self.movement: OnDemand[tuple[str, str], int] = OnDemand(
            lambda key: (
                bosses[key[1]].movement
                if key[0] == "boss"
                else npcs[key[1]].movement
                if key[0] == "npc"
                else enemies[key[1]].movement
            )
        )
        """(kind, type) → how far the enemy moves when it activates."""
        self.on_attack_consumables = frozenset(
            c for c, model in rules.consumables.items() if model.timing == "on-attack"
        )
        self.on_attack_rewards = frozenset(
            r for r, model in rules.rewards.items() if model.timing == "on-attack"
        )
        self.on_attack_firearms = frozenset(
            f for f, model in rules.firearms.items() if model.timing == "on-attack"
        )


def combat_tables(rules: Rules) -> CombatTables:
    """The combat lookups of a rules bundle, built on first use."""
    try:
        return rules.cache[KEY]  # type: ignore[return-value]  # only ever a CombatTables
    except KeyError:
        built = CombatTables(rules)
        rules.cache[KEY] = built
        return built


KEY = "engine-combat-tables"
"""Where :func:`combat_tables` keeps its tables in ``rules.cache``."""


class Memo(OnDemand[K, V]):
    """An :class:`OnDemand` that starts over when it holds :data:`MEMO_LIMIT` entries (its keys
    come from content, so a long-lived process loading many bundles stays bounded)."""

    def __missing__(self, key: K) -> V:
        if len(self) >= MEMO_LIMIT:
            self.clear()
        return super().__missing__(key)


MEMO_LIMIT = 10_000

FOLD_KIND: Memo[type, int] = Memo(_fold_kind)
"""An effect's class → how a strike folds it (:data:`DAMAGE` … :data:`BLOCK`), :data:`OTHER_COMBAT`
for the other combat-only effects (dodge, return to hand), 0 for the rest: the chain of
``isinstance`` checks once per class instead of once per effect."""

SELECTOR_OF: Memo[str, str] = Memo(lambda key: key.split("|", 1)[1])
"""A mission change's key (`<card>|<selector>`) → its selector; keys recur all game long."""

SELECTORS: Memo[tuple[str, str, str], tuple[str, ...]] = Memo(
    lambda key: (
        ((f"boss:{key[1]}" if key[0] == "boss" else f"enemy:{key[1]}"),)
        + ((f"tag:{key[2]}",) if key[2] else ())
    )
)
"""(kind, type, tag) of an enemy → the selector keys that match it."""
