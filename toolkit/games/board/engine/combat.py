"""Combat: stat card to a slot, enemy action flipped, dodge, attacks resolved by speed.

Speeds are numbers: Fast 3, Medium 2, Slow 1; an attack sped past Fast counts higher, one slowed to
0 or less strikes after everything else (rulebook, Faster than Fast). Equal speeds strike together.

What each slot, card and enemy action resolves through is worked out once per rules bundle
(:mod:`.combat_tables`); a combat folds those facts into its two strikes.
"""

from __future__ import annotations

from bisect import insort
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from toolkit.games.board.engine import effects as run
from toolkit.games.board.engine.combat_tables import (
    AT_ONCE,
    BLOCK,
    CANCEL,
    DAMAGE,
    FOLD_KIND,
    SPEED,
    STAGGER,
    CardFacts,
    CombatTables,
    Line,
    LineFacts,
    combat_tables,
)
from toolkit.games.board.engine.dream import run_pending_dreams
from toolkit.games.board.engine.enemies import (
    attack_change,
    hurt_enemy,
    invulnerable,
    max_hp,
    on_map,
    slay_enemy,
)
from toolkit.games.board.engine.world import EnemyState, HunterState
from toolkit.games.board.model import effects as fx
from toolkit.games.board.model.weapons import WeaponForm

if TYPE_CHECKING:
    from toolkit.games.board.engine.core import Game, Gen

LAST = -99
"""Where an attack slowed to speed 0 or less strikes: after every other attack."""


@dataclass(slots=True)
class Strike:
    """One side's attack (or an ability with a speed) in a combat."""

    name: str
    speed: int
    damage: int = 0
    stagger: bool = False
    cancel: bool = False
    block: int = 0
    """Damage the enemy prevents from the hunter's attack this combat (an enemy's `block`)."""
    is_attack: bool = True
    """Abilities are not attacks: they cannot be dodged or staggered."""
    effects: list[fx.BasicEffect] = field(default_factory=list)
    """Effects linked to the strike; they land with its damage."""
    cancelled: bool = False

    @property
    def order(self) -> int:
        return self.speed if self.speed > 0 else LAST


@dataclass(slots=True)
class HunterSide:
    """What the hunter brings to a combat besides the strike."""

    strike: Strike | None = None
    block: int = 0
    on_kill: list[fx.BasicEffect] = field(default_factory=list)
    returning: list[int] = field(default_factory=list)
    """Slots whose card goes back to hand after the combat."""
    cancel_enemy: bool = False


def weapon_form(g: Game, index: int) -> WeaponForm:
    hunter = g.world.hunters[index]
    forms = g.rules.weapons[hunter.weapon].forms
    return forms.b if hunter.form == "b" else forms.a


def slot_options(
    g: Game, index: int, verb: str, cards: list[str], min_rank: int = 0, tables: CombatTables | None = None
) -> list[str]:
    """`<verb> <card> in slot <n> (<attack>)` for every card and empty slot fast enough."""
    hunter = g.world.hunters[index]
    slots = hunter.slots
    forms = (tables or combat_tables(g.rules)).forms
    facts = forms[(hunter.weapon, hunter.form)].slots
    return [
        f"{verb} {card} {s.where}"
        for card in sorted(set(cards))
        for s in facts
        if slots[s.index] is None and s.rank >= min_rank
    ]


class _Parsed(dict[str, tuple[str, int]]):
    """Slot option string → (card, slot index), parsed once per string. The strings come from
    the content's cards and slots, so there are few; the memo starts over past a bound anyway."""

    def __missing__(self, option: str) -> tuple[str, int]:
        if len(self) >= 10_000:
            self.clear()
        words = option.split(" ")
        found = self[option] = (words[1], int(words[4]) - 1)
        return found


_PARSED = _Parsed()


def parse_slot_option(option: str) -> tuple[str, int]:
    """(card, slot index) from a slot option string."""
    return _PARSED[option]


def _modify(strike: Strike, effects: list[fx.BasicEffect], side: HunterSide | None) -> list[fx.BasicEffect]:
    """Fold combat modifiers into the strike; return the effects left to carry out."""
    rest: list[fx.BasicEffect] = []
    for effect in effects:
        kind = FOLD_KIND[type(effect)]
        if kind == DAMAGE:
            strike.damage = max(0, strike.damage + effect.damage)  # type: ignore[union-attr]
        elif kind == SPEED:
            strike.speed += effect.speed  # type: ignore[union-attr]
        elif kind == STAGGER:
            strike.stagger = True
        elif kind == CANCEL:
            strike.cancel = True
            if side is not None:
                side.cancel_enemy = True
        elif kind == BLOCK:
            # A hunter's block guards the hunter; an enemy's guards the enemy (ruling
            # `board-enemy-combat-modifiers`).
            if side is not None:
                side.block += effect.block  # type: ignore[union-attr]
            else:
                strike.block += effect.block  # type: ignore[union-attr]
        else:
            rest.append(effect)
    return rest


def place_card(
    g: Game, tables: CombatTables, index: int, side: HunterSide, card: str, slot: int, enemy: EnemyState
) -> Gen[None]:
    """Put the card in the slot, build the hunter's strike, and apply the card's own effects."""
    hunter = g.world.hunters[index]
    hunter.hand.remove(card)
    hunter.slots[slot] = card
    facts = tables.forms[(hunter.weapon, hunter.form)].slots[slot]
    # The attack's own modifiers are folded once per bundle; the side is fresh here.
    base = facts.strike
    strike = Strike(facts.name, base.speed, base.damage, base.stagger, base.cancel, effects=list(base.rest))
    side.block += base.side_block
    if base.cancel_enemy:
        side.cancel_enemy = True
    side.strike = strike
    g.log(f"{hunter.id} puts {card} in slot {slot + 1} ({facts.name})")
    model = tables.cards[card]
    if model.folds_only and facts.name != "dodge":
        _fold_card(model, side, strike, slot)
    else:
        yield from card_effects(g, model, index, side, slot, enemy)
    # The ability of the form face up now: a card's Transform may have flipped the weapon.
    now = tables.forms[(hunter.weapon, hunter.form)]
    for effect in now.attacking:
        for other in _modify(strike, [effect], side):
            yield from run.hunter_effect(g, index, other, enemy)
    if now.on_kill:
        side.on_kill.extend(now.on_kill)


def _fold_card(model: CardFacts, side: HunterSide, strike: Strike, slot: int) -> None:
    """:func:`card_effects` for a card whose every effect is a strike modifier (nothing to ask)."""
    if model.on_kill:
        side.on_kill.extend(model.on_kill)
    if model.returns:
        side.returning.append(slot)
    if model.steps:
        _modify(strike, list(model.steps), side)


def card_effects(
    g: Game, model: CardFacts, index: int, side: HunterSide, slot: int, enemy: EnemyState
) -> Gen[None]:
    """A stat card's effects when placed: modifiers join the strike, the rest happen now."""
    if model.on_kill:
        side.on_kill.extend(model.on_kill)
    if model.returns:
        side.returning.append(slot)
    for effect in model.steps:
        if side.strike is not None and side.strike.name != "dodge":
            for rest in _modify(side.strike, [effect], side):
                yield from run.hunter_effect(g, index, rest, enemy)
        else:
            kind = FOLD_KIND[type(effect)]
            if kind == BLOCK:
                side.block += effect.block  # type: ignore[union-attr]
            elif not kind:
                yield from run.hunter_effect(g, index, effect, enemy)


def boosts(g: Game, tables: CombatTables, index: int, side: HunterSide, enemy: EnemyState) -> Gen[None]:
    """On-attack consumables, firearm and rewards, used while picking the attack."""
    hunter = g.world.hunters[index]
    while side.strike is not None and hunter.place is not None:
        # With nothing usable the only option is to strike: no question asked.
        firearm = (
            bool(hunter.firearm)
            and not hunter.firearm_exhausted
            and hunter.firearm in tables.on_attack_firearms
        )
        items = (
            [f"use {c}" for c in sorted(set(hunter.consumables)) if c in tables.on_attack_consumables]
            if hunter.consumables
            else []
        )
        rewards = (
            [
                f"use reward {r}"
                for r in sorted(set(hunter.rewards))
                if r not in hunter.exhausted_rewards and r in tables.on_attack_rewards
            ]
            if hunter.rewards
            else []
        )
        if not (firearm or items or rewards) or not on_map(g, enemy):
            return
        options = (
            ["strike", *items, f"fire {hunter.firearm}", *rewards]
            if firearm
            else ["strike", *items, *rewards]
        )
        pick = yield from g.ask(index, options, "boost")
        if pick == "strike":
            return
        if pick.startswith("fire "):
            hunter.firearm_exhausted = True
            model_effects = g.rules.firearms[hunter.firearm].effects
        elif pick.startswith("use reward "):
            reward = pick.removeprefix("use reward ")
            hunter.exhausted_rewards.append(reward)
            model_effects = g.rules.rewards[reward].effects
        else:
            item = pick.removeprefix("use ")
            hunter.consumables.remove(item)
            g.world.consumable_discard.append(item)
            model_effects = g.rules.consumables[item].effects
        g.log(f"{hunter.id} {pick}")
        for timing, effect in g.tables.flat(model_effects):
            if timing == "on-kill":
                side.on_kill.append(effect)
                continue
            for rest in _modify(side.strike, [effect], side):
                yield from run.hunter_effect(g, index, rest, enemy)


def flip_enemy_action(g: Game, enemy: EnemyState) -> Gen[Line]:
    """Flip the enemy action deck (or the boss's phase deck) for this enemy."""
    line, _ = yield from _flip(g, combat_tables(g.rules), enemy)
    return line


def _flip(g: Game, tables: CombatTables, enemy: EnemyState) -> Gen[tuple[Line, Strike]]:
    """:func:`flip_enemy_action`, with the enemy's strike for the flipped line: its combat
    modifiers (damage, speed, stagger, cancel, block) folded in. An ability is a strike that is
    not an attack: it cannot be dodged or staggered; one without a speed resolves at once
    (:data:`AT_ONCE`)."""
    world = g.world
    if enemy.kind == "boss":
        key = f"{enemy.type}/{enemy.phase}"
        deck, discard = world.boss_decks[key], world.boss_discards[key]
        if not deck:
            deck.extend(sorted(discard))
            discard.clear()
        pick = yield from g.draw([str(i) for i in deck], "boss-action")
        deck.remove(int(pick))
        discard.append(int(pick))
        line, facts = tables.boss_lines[(enemy.type, enemy.phase, int(pick))]
        g.log(f"{g.enemy_name(enemy)} flips {facts.name}")
    else:
        if not world.action_deck:
            world.action_deck, world.action_discard = sorted(world.action_discard), []
        action = yield from g.draw(world.action_deck, "enemy-action")
        world.action_discard.append(action)
        if enemy.kind == "npc":
            line, facts = tables.npc_lines[(enemy.type, 1 if g.n <= 2 else 3, action)]
        else:
            face = world.slots[str(enemy.slot)][1] if enemy.slot else "a"
            line, facts = tables.enemy_lines[(enemy.type, "b" if face == "b" else "a", action)]
        g.log(f"{g.enemy_name(enemy)} flips {action}: {facts.name}")
    if facts.is_attack and world.attack_changes:
        changed = _changed_strike(g, enemy, facts)
        if changed is not None:
            return line, changed
    # No mission changes this enemy's attacks: the strike folded once per bundle.
    done = facts.plain
    strike = Strike(
        facts.name,
        done.speed,
        done.damage,
        done.stagger,
        done.cancel,
        done.block,
        facts.is_attack,
        list(done.rest),
    )
    return line, strike


def _changed_strike(g: Game, enemy: EnemyState, facts: LineFacts) -> Strike | None:
    """The enemy's attack with the missions' changes to its damage and speed, folded here (a
    change moves where damage stops at 0); None when the changes add up to nothing."""
    damage_change, speed_change = attack_change(g, enemy)
    if not (damage_change or speed_change):
        return None
    strike = Strike(facts.name, facts.speed + speed_change, facts.damage + damage_change)
    strike.effects = _modify(strike, list(facts.effects), None)
    return strike


def ability_at_once(g: Game, index: int, enemy: EnemyState, side: HunterSide, theirs: Strike) -> Gen[None]:
    """An ability without a speed resolves when flipped, before any attack: its damage and effects
    land now, and a stagger or cancel in it stops the hunter's attack (ruling
    `board-enemy-combat-modifiers`)."""
    hunter = g.world.hunters[index]
    ours = side.strike
    if (theirs.stagger or theirs.cancel) and ours is not None and ours.name != "dodge":
        ours.cancelled = True
        g.log(f"{theirs.name} stops {ours.name}")
    if theirs.damage > 0:
        g.log(f"{theirs.name} hurts {hunter.id}")
        run.wound(g, index, max(0, theirs.damage - side.block))
    for effect in theirs.effects:
        if hunter.place is None:
            break
        yield from run.enemy_effect(g, enemy, index, effect)
    theirs.effects = []
    theirs.cancelled = True  # resolved: it takes no part in the exchange of attacks


def combat(
    g: Game,
    index: int,
    enemy: EnemyState,
    *,
    card: str | None = None,
    slot: int | None = None,
    respond: bool = True,
) -> Gen[None]:
    """One combat between hunter ``index`` and ``enemy``.

    With ``card``/``slot`` the hunter attacked (the Attack action); otherwise the enemy attacks and,
    when ``respond`` is true, the hunter may counter with a card and dodge (an Interact action gives
    no response).
    """
    hunter = g.world.hunters[index]
    tables = combat_tables(g.rules)
    side = HunterSide()
    g.log(f"combat: {hunter.id} vs {g.enemy_name(enemy)}")
    if card is None and respond:
        options = slot_options(g, index, "counter", hunter.hand, 0, tables)
        if options:
            options.append("take the blow")
            pick = yield from g.ask(index, options, "counter")
            if pick != "take the blow":
                card, slot = _PARSED[pick]
    if card is not None and slot is not None:
        yield from place_card(g, tables, index, side, card, slot, enemy)
        if hunter.consumables or hunter.rewards or hunter.firearm:
            yield from boosts(g, tables, index, side, enemy)
        # Both were on the map when the combat began (every caller's condition); the card's
        # effects and the boosts may have changed that.
        if hunter.place is None or not on_map(g, enemy):
            if side.returning:
                _after(g, index, side)
            return
    _, theirs = yield from _flip(g, tables, enemy)
    if theirs.speed == AT_ONCE:
        yield from ability_at_once(g, index, enemy, side, theirs)
        # A hunter it slew goes to the Dream at once; a reset there ends this combat.
        if g.pending_dreams:
            yield from run_pending_dreams(g)
        if hunter.place is None or not on_map(g, enemy):
            _after(g, index, side)
            return
    elif theirs.is_attack and side.cancel_enemy:
        theirs.cancelled = True
        g.log(f"{theirs.name} is cancelled")
    if theirs.is_attack and respond and hunter.place is not None and not theirs.cancelled:
        options = _dodge_options(tables, hunter, theirs.speed if theirs.speed > 1 else 1)
        if options:
            yield from dodge(g, tables, index, side, theirs, enemy, options)
    yield from resolve(g, index, enemy, side, theirs)
    if side.returning:
        _after(g, index, side)


def _dodge_options(tables: CombatTables, hunter: HunterState, min_rank: int) -> list[str]:
    """:func:`slot_options` for the dodge cards in hand, into slots at least ``min_rank`` fast."""
    slots, cards = hunter.slots, tables.cards
    facts = tables.forms[(hunter.weapon, hunter.form)].slots
    return [
        f"dodge {card} {s.where}"
        for card in sorted(set(hunter.hand))
        if cards[card].dodges
        for s in facts
        if slots[s.index] is None and s.rank >= min_rank
    ]


def dodge(
    g: Game,
    tables: CombatTables,
    index: int,
    side: HunterSide,
    theirs: Strike,
    enemy: EnemyState,
    options: list[str],
) -> Gen[None]:
    """Offer a dodge (``options``: :func:`_dodge_options`, not empty): a dodge card into an empty
    slot at least as fast as the enemy attack."""
    hunter = g.world.hunters[index]
    cards = tables.cards
    options.append("no dodge")
    pick = yield from g.ask(index, options, "dodge")
    if pick == "no dodge":
        return
    card, slot = _PARSED[pick]
    hunter.hand.remove(card)
    hunter.slots[slot] = card
    theirs.cancelled = True
    g.log(f"{hunter.id} dodges {theirs.name} with {card} in slot {slot + 1}")
    dodge_side = HunterSide()
    dodge_side.strike = Strike("dodge", 0)
    yield from card_effects(g, cards[card], index, dodge_side, slot, enemy)
    side.returning.extend(dodge_side.returning)


def resolve(g: Game, index: int, enemy: EnemyState, side: HunterSide, theirs: Strike | None) -> Gen[None]:
    """Strike by speed, fastest first; equal speeds land together."""
    hunter = g.world.hunters[index]
    ours = side.strike
    # The enemy's block took effect at the flip, like a stat card's: a later stagger keeps it.
    guard = theirs.block if theirs is not None else 0
    # At most two strikes take part (a dodge is not one); their speeds do not change here.
    mine = ours is not None and ours.name != "dodge"
    yours = theirs is not None and theirs.name != "dodge"
    our_order = (ours.speed if ours.speed > 0 else LAST) if ours is not None else 0
    their_order = (theirs.speed if theirs.speed > 0 else LAST) if theirs is not None else 0
    if mine and yours:
        if our_order == their_order:
            speeds: tuple[int, ...] = (our_order,)
        else:
            speeds = (our_order, their_order) if our_order > their_order else (their_order, our_order)
    elif mine:
        speeds = (our_order,)
    elif yours:
        speeds = (their_order,)
    else:
        speeds = ()
    # Whether both are still there; after a speed's strikes, the check below has said so.
    present = hunter.place is not None and on_map(g, enemy)
    for speed in speeds:
        our_turn = mine and our_order == speed and not ours.cancelled  # type: ignore[union-attr]
        their_turn = yours and their_order == speed and not theirs.cancelled  # type: ignore[union-attr]
        if not (our_turn or their_turn):
            continue
        # Stagger and cancel act at their speed: they stop opposing attacks not yet resolved.
        if our_turn and (ours.stagger or ours.cancel):  # type: ignore[union-attr]
            _stop(g, ours, our_order, theirs, their_order)  # type: ignore[arg-type]
        if their_turn and (theirs.stagger or theirs.cancel):  # type: ignore[union-attr]
            _stop(g, theirs, their_order, ours, our_order)  # type: ignore[arg-type]
        hunter_hits = our_turn and present and not ours.cancelled  # type: ignore[union-attr]
        enemy_hits = their_turn and present and not theirs.cancelled  # type: ignore[union-attr]
        slain = hunter_down = False
        if enemy_hits and theirs is not None:
            if theirs.is_attack or theirs.damage > 0:
                # Frenzy adds to attacks only; an ability's damage is not an attack's.
                frenzy = 1 if hunter.frenzy and theirs.is_attack else 0
                amount = theirs.damage + frenzy - side.block
                g.log(f"{theirs.name} hits {hunter.id}")
                hunter_down = run.wound(g, index, amount if amount > 0 else 0, enemy.type)
            if not hunter_down:
                for effect in theirs.effects:
                    yield from run.enemy_effect(g, enemy, index, effect)
                    if hunter.place is None:
                        hunter_down = True
                        break
        if hunter_hits and ours is not None:
            dealt = ours.damage - guard if ours.damage > guard else 0
            g.log(f"{ours.name} hits {g.enemy_name(enemy)} for {dealt}")
            # A hunter slain in the same instant earns no Blood Echo (Simultaneous Slayings).
            if hunter_down:
                slain = _hit_simultaneous(g, enemy, dealt)
                if slain:
                    yield from slay_enemy(g, enemy, None)
            else:
                slain = yield from hurt_enemy(g, enemy, dealt, index)
            if not slain and not hunter_down:
                for effect in ours.effects:
                    yield from run.hunter_effect(g, index, effect, enemy)
            if slain and not hunter_down:
                yield from on_kill(g, index, side, enemy)
        # Strikes of one speed land together; then whoever they slew goes to the Dream at once,
        # before anything else happens (its track advance may reset the map).
        if g.pending_dreams:
            yield from run_pending_dreams(g)
        if speed != speeds[-1] and (hunter.place is None or not on_map(g, enemy)):
            return


def _stop(g: Game, strike: Strike, order: int, opposing: Strike | None, opposing_order: int) -> None:
    """A stagger stops a slower opposing attack; a cancel one at most as fast."""
    if opposing is None or opposing.cancelled or not opposing.is_attack:
        return
    if strike.stagger and opposing_order < order:
        opposing.cancelled = True
        g.log(f"{strike.name} staggers {opposing.name}")
    if strike.cancel and opposing_order <= order:
        opposing.cancelled = True


def _hit_simultaneous(g: Game, enemy: EnemyState, amount: int) -> bool:
    """The hunter's strike lands in the instant the hunter is slain: the enemy may die but pays no
    echo (Simultaneous Slayings). Returns whether it is slain (the caller removes it)."""
    if amount <= 0:
        return False
    if invulnerable(g, enemy):
        return False
    enemy.damage += amount
    phase_one = enemy.kind == "boss" and enemy.phase == 1
    if enemy.damage >= max_hp(g, enemy) and not phase_one:
        return True
    if phase_one and enemy.damage >= max_hp(g, enemy):
        enemy.phase, enemy.damage = 2, 0
    return False


def on_kill(g: Game, index: int, side: HunterSide, enemy: EnemyState) -> Gen[None]:
    hunter = g.world.hunters[index]
    if hunter.firearm and g.rules.firearms[hunter.firearm].refresh == "on-kill":
        hunter.firearm_exhausted = False
    for effect in side.on_kill:
        yield from run.hunter_effect(g, index, effect, None)


def _after(g: Game, index: int, side: HunterSide) -> None:
    """Cards that return to hand do so after the combat."""
    hunter = g.world.hunters[index]
    for slot in side.returning:
        card = hunter.slots[slot] if slot < len(hunter.slots) else None
        if card is not None:
            hunter.slots[slot] = None
            insort(hunter.hand, card)  # the hand is kept sorted
