"""Carrying out the effect vocabulary of cards, weapons, firearms, rewards and enemy abilities.

Combat modifiers (damage, speed, stagger, dodge, block, cancel_attack, return_to_hand) only mean
something inside a combat and are read there (:mod:`.combat`); here they do nothing.
"""

from __future__ import annotations

from bisect import insort
from typing import TYPE_CHECKING

from toolkit.games.board.engine import cruel
from toolkit.games.board.engine.combat_tables import FOLD_KIND, combat_tables
from toolkit.games.board.engine.dream import slay_hunter
from toolkit.games.board.engine.enemies import gain_echoes, heal_enemy, hurt_enemy
from toolkit.games.board.engine.movement import after_move, move_enemy
from toolkit.games.board.engine.rules import strip_pack
from toolkit.games.board.engine.spawn import spawn_enemy
from toolkit.games.board.engine.world import EnemyState, Place
from toolkit.games.board.model import effects as fx

if TYPE_CHECKING:
    from toolkit.games.board.engine.core import Game, Gen


# --- hunters' cards --------------------------------------------------------------------------------


def draw_cards(g: Game, index: int, count: int) -> Gen[None]:
    """Draw stat cards; an empty deck is rebuilt from the discard pile first."""
    hunter = g.hunter(index)
    for _ in range(count):
        if not hunter.deck:
            hunter.deck, hunter.discard = sorted(hunter.discard), []
        if not hunter.deck:
            return
        card = yield from g.draw(hunter.deck, "hunter-deck")
        insort(hunter.hand, card)  # the hand is kept sorted


def discard_from_hand(g: Game, index: int, count: int, topic: str = "discard") -> Gen[int]:
    """The hunter discards cards of their choice; returns how many they could not discard."""
    hunter = g.hunter(index)
    missing = 0
    for _ in range(count):
        if not hunter.hand:
            missing += 1
            continue
        pick = yield from g.ask(index, [f"discard {c}" for c in sorted(set(hunter.hand))], topic)
        card = pick.removeprefix("discard ")
        hunter.hand.remove(card)
        hunter.discard.append(card)
    return missing


def wound(g: Game, index: int, amount: int, cause: str = "") -> bool:
    """The hunter suffers damage from ``cause`` (an enemy or boss id, `poison`, …); returns whether
    they were slain."""
    hunter = g.hunter(index)
    if amount <= 0 or hunter.place is None:
        return False
    hunter.hp = hunter.hp - amount if hunter.hp > amount else 0
    g.log(f"{hunter.id} suffers {amount} damage ({hunter.hp} HP left)")
    if hunter.hp == 0:
        slay_hunter(g, index, cause)
        return True
    return False


def heal_hunter(g: Game, index: int, amount: int) -> None:
    hunter = g.hunter(index)
    if hunter.place is not None:
        hunter.hp = min(hunter.max_hp, hunter.hp + amount)


def draw_consumable(g: Game, index: int) -> Gen[None]:
    """Draw a random consumable card; an empty deck is rebuilt from its discard pile."""
    world = g.world
    if not world.consumable_deck:
        world.consumable_deck, world.consumable_discard = sorted(world.consumable_discard), []
    if not world.consumable_deck:
        return
    card = yield from g.draw(world.consumable_deck, "consumable-deck")
    g.hunter(index).consumables.append(card)
    g.hunter(index).consumables.sort()
    g.log(f"{g.hunter(index).id} draws consumable {card}")


def clear_slots(g: Game, index: int, count: int) -> Gen[None]:
    """Discard the cards of attack slots of the hunter's choice."""
    hunter = g.hunter(index)
    for _ in range(count):
        filled = [i for i, c in enumerate(hunter.slots) if c is not None]
        if not filled:
            return
        options = [f"clear slot {i + 1}" for i in filled] + ["clear nothing"]
        pick = yield from g.ask(index, options, "clear-slot")
        if pick == "clear nothing":
            return
        slot = int(pick.rsplit(" ", 1)[1]) - 1
        card = hunter.slots[slot]
        assert card is not None
        hunter.discard.append(card)
        hunter.slots[slot] = None


def transform(g: Game, index: int) -> Gen[None]:
    """Clear every slot and flip the weapon; the new form's on-transform effects apply, and a
    firearm refreshed by transforming is refreshed (ruling `board-on-transform-form`)."""
    hunter = g.world.hunters[index]
    placed = [c for c in hunter.slots if c is not None]
    if placed:
        hunter.discard.extend(placed)
    hunter.form = "b" if hunter.form == "a" else "a"
    form = combat_tables(g.rules).forms[(hunter.weapon, hunter.form)]
    hunter.slots = [None] * len(form.slots)
    g.log(f"{hunter.id} transforms the weapon to form {hunter.form}")
    if hunter.firearm and g.rules.firearms[hunter.firearm].refresh == "on-transform":
        hunter.firearm_exhausted = False
    for effect in form.transforming:
        yield from hunter_effect(g, index, effect, opponent=None)


# --- one effect, from a hunter's side ---------------------------------------------------------------


def _enemies_for(g: Game, origin: Place, target: str, within: int | None) -> list[EnemyState]:
    if target == "enemies-on-space":
        return g.enemies_at(origin)
    if target == "enemies-on-tile":
        return [e for e in g.world.enemies if e.place[0] == origin[0]]
    if target == "enemies-within":
        distances = g.map.distances(origin, enemy=False)
        return [e for e in g.world.enemies if distances.get(e.place, 99) <= (within or 0)]
    return []


def _hunters_for(g: Game, index: int, origin: Place | None, target: str, within: int | None) -> list[int]:
    if target == "self":
        return [index]
    if target == "ally":
        others = [i for i in g.hunters_on_map() if i != index]
        # The players pick the ally; we heal the most hurt one (ruling `board-auto-choices`).
        return sorted(others, key=lambda i: g.hunter(i).hp)[:1] or [index]
    if target == "all-hunters":
        return g.hunters_on_map()
    if origin is None:
        return []
    on_map = [(i, g.hunter(i).place) for i in g.hunters_on_map()]
    if target == "hunters-on-space":
        return [i for i, p in on_map if p == origin]
    if target == "hunters-on-tile":
        return [i for i, p in on_map if p is not None and p[0] == origin[0]]
    if target == "hunters-within":
        distances = g.map.distances(origin, enemy=False)
        return [i for i, p in on_map if p is not None and distances.get(p, 99) <= (within or 0)]
    return []


def hunter_effect(g: Game, index: int, effect: fx.BasicEffect, opponent: EnemyState | None) -> Gen[None]:
    """Carry out one effect a hunter's card, weapon, firearm, consumable or reward produced."""
    if FOLD_KIND[type(effect)]:
        return  # a combat-only effect (:data:`.combat_tables.COMBAT_ONLY`): read in combat
    hunter = g.hunter(index)
    origin = hunter.place
    if isinstance(effect, fx.Draw):
        yield from draw_cards(g, index, effect.draw)
    elif isinstance(effect, fx.Discard):
        yield from discard_from_hand(g, index, effect.discard)
    elif isinstance(effect, fx.ClearSlot):
        yield from clear_slots(g, index, effect.clear_slot)
    elif isinstance(effect, fx.DrawConsumable):
        for _ in range(effect.draw_consumable):
            yield from draw_consumable(g, index)
    elif isinstance(effect, fx.Transform):
        yield from transform(g, index)
    elif isinstance(effect, fx.Refresh):
        if effect.refresh.what in ("firearm", "any"):
            hunter.firearm_exhausted = False
        if effect.refresh.what in ("reward", "any"):
            hunter.exhausted_rewards = []
    elif isinstance(effect, fx.Heal):
        amount = effect.heal.amount.evaluate(hunters=g.n)
        if effect.heal.target.startswith("enemies") or effect.heal.target == "opponent":
            return  # a hunter never heals enemies on purpose
        for i in _hunters_for(g, index, origin, effect.heal.target, effect.heal.within):
            heal_hunter(g, i, amount)
    elif isinstance(effect, fx.DealDamage):
        amount = effect.deal_damage.amount.evaluate(hunters=g.n)
        target = effect.deal_damage.target
        if target == "opponent":
            victims = [opponent] if opponent is not None else []
        elif origin is not None:
            victims = _enemies_for(g, origin, target, effect.deal_damage.within)
        else:
            victims = []
        for enemy in list(victims):
            if enemy is not None:
                yield from hurt_enemy(g, enemy, amount, index)
    elif isinstance(effect, fx.Cure):
        if effect.cure.condition in ("poison", "all"):
            hunter.poison = False
        if effect.cure.condition in ("frenzy", "all"):
            hunter.frenzy = False
    elif isinstance(effect, fx.GainBloodEcho):
        gain_echoes(g, index, effect.gain_blood_echo)
    elif isinstance(effect, fx.Teleport):
        yield from teleport(g, index, effect.teleport)
    elif isinstance(effect, fx.Move):
        if effect.move.who == "self" and hunter.place is not None:
            yield from g.upcalls.free_move(g, index, effect.move.spaces)
    elif isinstance(effect, fx.Stun):
        yield from stun(g, index)
    elif isinstance(effect, fx.Poison):
        hunter.poison = True
    elif isinstance(effect, fx.Frenzy):
        hunter.frenzy = True
    elif isinstance(effect, fx.Spawn) and origin is not None:
        yield from spawn_near(g, effect.spawn, origin)


def teleport(g: Game, index: int, options: fx.TeleportOptions) -> Gen[None]:
    """Place the hunter on a space of their choice; it counts as moving there."""
    hunter = g.hunter(index)
    if hunter.place is None:
        return
    if options.to == "lamp":
        targets = g.map.lamp_spaces()
    elif options.to == "ally":
        targets = [p for i in g.hunters_on_map() if i != index and (p := g.hunter(i).place) is not None]
    else:
        distances = g.map.distances(hunter.place, enemy=False)
        targets = [p for p, d in distances.items() if d <= (options.within or 1)]
    if not targets:
        return
    labels = {f"teleport to {g.label(p)}": p for p in sorted(set(targets))}
    pick = yield from g.ask(index, sorted(labels), "teleport")
    hunter.place = labels[pick]
    g.log(f"{hunter.id} teleports to {g.label(hunter.place)}")
    yield from after_move(g, index)


def stun(g: Game, index: int) -> Gen[None]:
    """Discard a card of the hunter's choice, or suffer 1 damage with an empty hand."""
    missing = yield from discard_from_hand(g, index, 1, "stun")
    if missing:
        wound(g, index, 1, "stun")


def spawn_near(g: Game, options: fx.SpawnOptions, origin: Place) -> Gen[None]:
    """An ability's spawn: the game picks the space, cruelly."""
    enemy = strip_pack(options.enemy)
    if enemy not in g.rules.enemies and enemy not in g.rules.npcs:
        return
    for _ in range(options.count.evaluate(hunters=g.n)):
        if options.where == "same-space":
            place = origin
        elif options.where == "same-tile":
            tile = g.rules.tiles[g.world.tiles[origin[0]].tile]
            place = cruel.spawn_space(g, [(origin[0], s.id) for s in tile.spaces])
        else:
            place = cruel.spawn_space(g, g.map.enemy_steps(origin) or [origin])
        spawn_enemy(g, enemy, place)
    yield from ()


# --- one effect, from an enemy's side ---------------------------------------------------------------


def enemy_effect(g: Game, enemy: EnemyState, index: int, effect: fx.BasicEffect) -> Gen[None]:
    """Carry out one effect of an enemy's attack or ability against hunter ``index``."""
    if FOLD_KIND[type(effect)]:
        return  # a combat-only effect (:data:`.combat_tables.COMBAT_ONLY`): read in combat
    if isinstance(effect, fx.Heal):
        amount = effect.heal.amount.evaluate(hunters=g.n)
        target = effect.heal.target
        if target in ("self", "enemies-on-space", "enemies-on-tile", "enemies-within"):
            group = [enemy] if target == "self" else _enemies_for(g, enemy.place, target, effect.heal.within)
            for other in group:
                heal_enemy(g, other, amount)
        return
    if isinstance(effect, fx.DealDamage):
        amount = effect.deal_damage.amount.evaluate(hunters=g.n)
        target = effect.deal_damage.target
        victims = (
            [index]
            if target in ("opponent", "self")
            else _hunters_for(g, index, enemy.place, target, effect.deal_damage.within)
        )
        for victim in victims:
            wound(g, victim, amount, enemy.type)
        return
    if isinstance(effect, fx.Stun):
        yield from stun(g, index)
    elif isinstance(effect, fx.Poison):
        g.hunter(index).poison = True
    elif isinstance(effect, fx.Frenzy):
        g.hunter(index).frenzy = True
    elif isinstance(effect, fx.Discard):
        yield from discard_from_hand(g, index, effect.discard, "enemy-discard")
    elif isinstance(effect, fx.Move):
        if effect.move.who == "self":
            move_enemy(g, enemy, index, effect.move.spaces)
    elif isinstance(effect, fx.Spawn):
        yield from spawn_near(g, effect.spawn, enemy.place)
    elif isinstance(effect, fx.Teleport):
        return
    # Effects that only make sense for hunters (draw, refresh, cure …) do nothing for an enemy.
