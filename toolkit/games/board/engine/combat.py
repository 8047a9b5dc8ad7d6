"""Combat: stat card to a slot, enemy action flipped, dodge, attacks resolved by speed.

Speeds are numbers: Fast 3, Medium 2, Slow 1; an attack sped past Fast counts higher, one slowed to
0 or less strikes after everything else (rulebook, Faster than Fast). Equal speeds strike together.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from toolkit.games.board.engine import effects as run
from toolkit.games.board.engine.dream import run_pending_dreams
from toolkit.games.board.engine.enemies import attack_change, hurt_enemy, slay_enemy
from toolkit.games.board.engine.world import EnemyState
from toolkit.games.board.model import effects as fx
from toolkit.games.board.model.combat import SPEED_RANK, Ability, Attack
from toolkit.games.board.model.enemies import BossAbilityCard, BossAttackCard
from toolkit.games.board.model.weapons import WeaponForm

if TYPE_CHECKING:
    from toolkit.games.board.engine.core import Game, Gen

LAST = -99
"""Where an attack slowed to speed 0 or less strikes: after every other attack."""
AT_ONCE = 99
"""The speed of an ability without one: it resolves when flipped, before every attack."""


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
    hunter = g.hunter(index)
    forms = g.rules.weapons[hunter.weapon].forms
    return forms.b if hunter.form == "b" else forms.a


def slot_options(g: Game, index: int, verb: str, cards: list[str], min_rank: int = 0) -> list[str]:
    """`<verb> <card> in slot <n> (<attack>)` for every card and empty slot fast enough."""
    slots = g.hunter(index).slots
    free = [
        f"in slot {slot + 1} ({attack.name})"
        for slot, attack in enumerate(weapon_form(g, index).attacks)
        if slots[slot] is None and SPEED_RANK[attack.speed] >= min_rank
    ]
    if not free:
        return []
    return [f"{verb} {card} {where}" for card in sorted(set(cards)) for where in free]


def parse_slot_option(option: str) -> tuple[str, int]:
    """(card, slot index) from a slot option string."""
    words = option.split(" ")
    return words[1], int(words[4]) - 1


def _modify(strike: Strike, effects: list[fx.BasicEffect], side: HunterSide | None) -> list[fx.BasicEffect]:
    """Fold combat modifiers into the strike; return the effects left to carry out."""
    rest: list[fx.BasicEffect] = []
    for effect in effects:
        if isinstance(effect, fx.DamageModifier):
            strike.damage = max(0, strike.damage + effect.damage)
        elif isinstance(effect, fx.SpeedModifier):
            strike.speed += effect.speed
        elif isinstance(effect, fx.Stagger):
            strike.stagger = True
        elif isinstance(effect, fx.CancelAttack):
            strike.cancel = True
            if side is not None:
                side.cancel_enemy = True
        elif isinstance(effect, fx.Block):
            # A hunter's block guards the hunter; an enemy's guards the enemy (ruling
            # `board-enemy-combat-modifiers`).
            if side is not None:
                side.block += effect.block
            else:
                strike.block += effect.block
        else:
            rest.append(effect)
    return rest


def place_card(g: Game, index: int, side: HunterSide, card: str, slot: int, enemy: EnemyState) -> Gen[None]:
    """Put the card in the slot, build the hunter's strike, and apply the card's own effects."""
    hunter = g.hunter(index)
    hunter.hand.remove(card)
    hunter.slots[slot] = card
    attack: Attack = weapon_form(g, index).attacks[slot]
    strike = Strike(str(attack.name), SPEED_RANK[attack.speed], attack.damage)
    strike.effects = _modify(strike, [e for _, e in g.tables.flat(attack.effects)], side)
    side.strike = strike
    g.log(f"{hunter.id} puts {card} in slot {slot + 1} ({attack.name})")
    yield from card_effects(g, index, side, card, slot, enemy)
    ability = weapon_form(g, index).ability
    if ability is not None:
        for timing, effect in g.tables.flat(ability.effects):
            if timing in ("on-attack", "immediate"):
                rest = _modify(strike, [effect], side)
                for other in rest:
                    yield from run.hunter_effect(g, index, other, enemy)
            elif timing == "on-kill":
                side.on_kill.append(effect)


def card_effects(g: Game, index: int, side: HunterSide, card: str, slot: int, enemy: EnemyState) -> Gen[None]:
    """A stat card's effects when placed: modifiers join the strike, the rest happen now."""
    model = g.rules.stat_cards[card]
    for timing, effect in g.tables.flat(model.effects):
        if timing == "on-kill":
            side.on_kill.append(effect)
        elif isinstance(effect, fx.ReturnToHand):
            side.returning.append(slot)
        elif isinstance(effect, fx.Dodge):
            continue
        elif side.strike is not None and side.strike.name != "dodge":
            for rest in _modify(side.strike, [effect], side):
                yield from run.hunter_effect(g, index, rest, enemy)
        elif isinstance(effect, fx.Block):
            side.block += effect.block
        elif not isinstance(effect, run.COMBAT_ONLY):
            yield from run.hunter_effect(g, index, effect, enemy)


def boosts(g: Game, index: int, side: HunterSide, enemy: EnemyState) -> Gen[None]:
    """On-attack consumables, firearm and rewards, used while picking the attack."""
    hunter = g.hunter(index)
    while enemy in g.world.enemies and hunter.place is not None and side.strike is not None:
        options = ["strike"]
        options += [
            f"use {c}"
            for c in sorted(set(hunter.consumables))
            if g.rules.consumables[c].timing == "on-attack"
        ]
        if (
            hunter.firearm
            and not hunter.firearm_exhausted
            and g.rules.firearms[hunter.firearm].timing == "on-attack"
        ):
            options.append(f"fire {hunter.firearm}")
        options += [
            f"use reward {r}"
            for r in sorted(set(hunter.rewards))
            if r not in hunter.exhausted_rewards and g.rules.rewards[r].timing == "on-attack"
        ]
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


def flip_enemy_action(g: Game, enemy: EnemyState) -> Gen[Attack | Ability | BossAttackCard | BossAbilityCard]:
    """Flip the enemy action deck (or the boss's phase deck) for this enemy."""
    world = g.world
    if enemy.kind == "boss":
        key = f"{enemy.type}/{enemy.phase}"
        deck, discard = world.boss_decks[key], world.boss_discards[key]
        if not deck:
            deck.extend(sorted(discard))
            discard.clear()
        cards = g.rules.bosses[enemy.type].phases[enemy.phase - 1].actions
        pick = yield from g.draw([str(i) for i in deck], "boss-action")
        deck.remove(int(pick))
        discard.append(int(pick))
        card = cards[int(pick)]
        g.log(f"{g.enemy_name(enemy)} flips {card.name}")
        return card
    if not world.action_deck:
        world.action_deck, world.action_discard = sorted(world.action_discard), []
    action = yield from g.draw(world.action_deck, "enemy-action")
    world.action_discard.append(action)
    if enemy.kind == "npc":
        side = g.rules.npcs[enemy.type].side_for(g.n)
        assert side is not None
        line: Attack | Ability = getattr(side, action)
    else:
        face = world.slots[str(enemy.slot)][1] if enemy.slot else "a"
        sides = g.rules.enemies[enemy.type].sides
        line = getattr(sides.b if face == "b" else sides.a, action)
    g.log(f"{g.enemy_name(enemy)} flips {action}: {line.name}")
    return line


def enemy_strike(
    g: Game, enemy: EnemyState, line: Attack | Ability | BossAttackCard | BossAbilityCard
) -> Strike:
    """The enemy's strike for the flipped line, its combat modifiers (damage, speed, stagger,
    cancel, block) folded in. An ability is a strike that is not an attack: it cannot be dodged or
    staggered; one without a speed resolves at once (:data:`AT_ONCE`)."""
    damage_change, speed_change = attack_change(g, enemy)
    effects = [e for _, e in g.tables.flat(line.effects)]
    if isinstance(line, Attack | BossAttackCard):
        strike = Strike(str(line.name), SPEED_RANK[line.speed] + speed_change, line.damage + damage_change)
    else:
        speed = AT_ONCE if line.speed is None else SPEED_RANK[line.speed]
        strike = Strike(str(line.name), speed, 0, is_attack=False)
    strike.effects = _modify(strike, effects, None)
    return strike


def ability_at_once(g: Game, index: int, enemy: EnemyState, side: HunterSide, theirs: Strike) -> Gen[None]:
    """An ability without a speed resolves when flipped, before any attack: its damage and effects
    land now, and a stagger or cancel in it stops the hunter's attack (ruling
    `board-enemy-combat-modifiers`)."""
    hunter = g.hunter(index)
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
    hunter = g.hunter(index)
    side = HunterSide()
    g.log(f"combat: {hunter.id} vs {g.enemy_name(enemy)}")
    if card is None and respond:
        options = [*slot_options(g, index, "counter", hunter.hand), "take the blow"]
        pick = yield from g.ask(index, options, "counter")
        if pick != "take the blow":
            card, slot = parse_slot_option(pick)
    if card is not None and slot is not None:
        yield from place_card(g, index, side, card, slot, enemy)
        yield from boosts(g, index, side, enemy)
    if enemy not in g.world.enemies or hunter.place is None:
        yield from _after(g, index, side)
        return
    line = yield from flip_enemy_action(g, enemy)
    theirs = enemy_strike(g, enemy, line)
    if theirs.speed == AT_ONCE:
        yield from ability_at_once(g, index, enemy, side, theirs)
        # A hunter it slew goes to the Dream at once; a reset there ends this combat.
        yield from run_pending_dreams(g)
        if enemy not in g.world.enemies or hunter.place is None:
            yield from _after(g, index, side)
            return
    elif theirs.is_attack and side.cancel_enemy:
        theirs.cancelled = True
        g.log(f"{theirs.name} is cancelled")
    if theirs.is_attack and respond and hunter.place is not None and not theirs.cancelled:
        yield from dodge(g, index, side, theirs, enemy)
    yield from resolve(g, index, enemy, side, theirs)
    yield from _after(g, index, side)


def dodge(g: Game, index: int, side: HunterSide, theirs: Strike, enemy: EnemyState) -> Gen[None]:
    """Offer a dodge: a dodge card into an empty slot at least as fast as the enemy attack."""
    hunter = g.hunter(index)
    dodgers = [
        c
        for c in hunter.hand
        if any(isinstance(e, fx.Dodge) for _, e in g.tables.flat(g.rules.stat_cards[c].effects))
    ]
    options = slot_options(g, index, "dodge", dodgers, min_rank=max(1, theirs.speed))
    if not options:
        return
    pick = yield from g.ask(index, [*options, "no dodge"], "dodge")
    if pick == "no dodge":
        return
    card, slot = parse_slot_option(pick)
    hunter.hand.remove(card)
    hunter.slots[slot] = card
    theirs.cancelled = True
    g.log(f"{hunter.id} dodges {theirs.name} with {card} in slot {slot + 1}")
    dodge_side = HunterSide()
    dodge_side.strike = Strike("dodge", 0)
    yield from card_effects(g, index, dodge_side, card, slot, enemy)
    side.returning.extend(dodge_side.returning)


def resolve(g: Game, index: int, enemy: EnemyState, side: HunterSide, theirs: Strike | None) -> Gen[None]:
    """Strike by speed, fastest first; equal speeds land together."""
    hunter = g.hunter(index)
    ours = side.strike
    # The enemy's block took effect at the flip, like a stat card's: a later stagger keeps it.
    guard = theirs.block if theirs is not None else 0
    strikes = [s for s in (ours, theirs) if s is not None and s.name != "dodge"]
    for speed in sorted({s.order for s in strikes}, reverse=True):
        group = [s for s in strikes if s.order == speed and not s.cancelled]
        if not group:
            continue
        # Stagger and cancel act at their speed: they stop opposing attacks not yet resolved.
        for strike in group:
            opposing = theirs if strike is ours else ours
            if opposing is None or opposing.cancelled or not opposing.is_attack:
                continue
            if strike.stagger and opposing.order < strike.order:
                opposing.cancelled = True
                g.log(f"{strike.name} staggers {opposing.name}")
            if strike.cancel and opposing.order <= strike.order:
                opposing.cancelled = True
        group = [s for s in group if not s.cancelled]
        hunter_hits = ours in group and enemy in g.world.enemies and hunter.place is not None
        enemy_hits = theirs in group and enemy in g.world.enemies and hunter.place is not None
        slain = hunter_down = False
        if enemy_hits and theirs is not None:
            if theirs.is_attack or theirs.damage > 0:
                # Frenzy adds to attacks only; an ability's damage is not an attack's.
                frenzy = 1 if hunter.frenzy and theirs.is_attack else 0
                amount = theirs.damage + frenzy - side.block
                g.log(f"{theirs.name} hits {hunter.id}")
                hunter_down = run.wound(g, index, max(0, amount), enemy.type)
            if not hunter_down:
                for effect in theirs.effects:
                    yield from run.enemy_effect(g, enemy, index, effect)
                    if hunter.place is None:
                        hunter_down = True
                        break
        if hunter_hits and ours is not None:
            dealt = max(0, ours.damage - guard)
            g.log(f"{ours.name} hits {g.enemy_name(enemy)} for {dealt}")
            # A hunter slain in the same instant earns no Blood Echo (Simultaneous Slayings).
            slain = yield from _hit_enemy(g, index, enemy, dealt, None if hunter_down else index)
            if not slain and not hunter_down:
                for effect in ours.effects:
                    yield from run.hunter_effect(g, index, effect, enemy)
            if slain and not hunter_down:
                yield from on_kill(g, index, side, enemy)
        # Strikes of one speed land together; then whoever they slew goes to the Dream at once,
        # before anything else happens (its track advance may reset the map).
        yield from run_pending_dreams(g)
        if hunter.place is None or enemy not in g.world.enemies:
            return


def _hit_enemy(g: Game, index: int, enemy: EnemyState, amount: int, slayer: int | None) -> Gen[bool]:
    if slayer is None and amount > 0:
        # Simultaneous slaying: the enemy dies but pays no echo.
        from toolkit.games.board.engine.enemies import invulnerable, max_hp

        if invulnerable(g, enemy):
            return False
        enemy.damage += amount
        if enemy.damage >= max_hp(g, enemy) and not (enemy.kind == "boss" and enemy.phase == 1):
            yield from slay_enemy(g, enemy, None)
            return True
        if enemy.kind == "boss" and enemy.phase == 1 and enemy.damage >= max_hp(g, enemy):
            enemy.phase, enemy.damage = 2, 0
        return False
    slain = yield from hurt_enemy(g, enemy, amount, slayer)
    return slain


def on_kill(g: Game, index: int, side: HunterSide, enemy: EnemyState) -> Gen[None]:
    hunter = g.hunter(index)
    if hunter.firearm and g.rules.firearms[hunter.firearm].refresh == "on-kill":
        hunter.firearm_exhausted = False
    for effect in side.on_kill:
        yield from run.hunter_effect(g, index, effect, None)


def _after(g: Game, index: int, side: HunterSide) -> Gen[None]:
    """Cards that return to hand do so after the combat."""
    hunter = g.hunter(index)
    for slot in side.returning:
        card = hunter.slots[slot] if slot < len(hunter.slots) else None
        if card is not None:
            hunter.slots[slot] = None
            hunter.hand.append(card)
            hunter.hand.sort()
    yield from ()
