"""Carrying out what the mission interpreter answers: tokens, spawns, fog gates, HP and attack
changes, the hunt track, rewards, card clean-up, choices and the end of the hunt."""

from __future__ import annotations

from typing import TYPE_CHECKING

from toolkit.games.board.engine import cruel, supply, track
from toolkit.games.board.engine import effects as run
from toolkit.games.board.engine.core import ChapterOver
from toolkit.games.board.engine.dream import incorporate
from toolkit.games.board.engine.enemies import gain_echoes
from toolkit.games.board.engine.missions import CardEnded, HuntCompleted, MissionOutcome, WorldEffect
from toolkit.games.board.engine.rules import strip_pack
from toolkit.games.board.engine.spawn import spawn_boss, spawn_enemy
from toolkit.games.board.engine.world import Place, SpawnGroup, Token
from toolkit.games.board.mission import common as mc
from toolkit.games.board.mission import effects as me

if TYPE_CHECKING:
    from toolkit.games.board.engine.core import Game, Gen

REWARD_LIMIT = 2
"""A hunter holds at most 2 Hunter Tools and 2 Caryll Runes (rulebook)."""


def run_mission(g: Game, outcomes: list[MissionOutcome]) -> Gen[None]:
    """Apply the interpreter's answers in order, then settle any choice it waits for."""
    for outcome in outcomes:
        if isinstance(outcome, HuntCompleted):
            g.world.outcome = "won"
            g.log("the hunt is complete")
            raise ChapterOver
        if isinstance(outcome, CardEnded):
            end_card(g, outcome)
        else:
            yield from apply(g, outcome)
    for key, until in list(g.protection_ends.items()):
        # The interpreter judges the condition; the protection ends the moment it holds.
        if key in g.world.invulnerable and g.missions.holds(until):
            g.world.invulnerable.remove(key)
            del g.protection_ends[key]
    choice = g.missions.pending_choice()
    while choice is not None:
        options = [f"choose {i + 1}: {label}" for i, label in enumerate(choice.options)]
        pick = yield from g.ask(g.active, options, "mission-choice")
        number = int(pick.split(":", 1)[0].removeprefix("choose ")) - 1
        yield from run_mission(g, g.missions.choose(number))
        choice = g.missions.pending_choice()


def place_of(g: Game, where: object, *, for_spawn: bool = False) -> Place | None:
    """The space a mission place names, or None while its tile is not on the map."""
    if isinstance(where, mc.TokenPlace):
        token = next((t for t in g.world.tokens if t.name == where.token), None)
        return token.place if token else None
    if isinstance(where, mc.EventPlace):
        return g.last_event_place
    tile_ref = getattr(where, "tile", None) or getattr(where, "space", None)
    uid = g.map.find_tile(strip_pack(str(tile_ref)))
    if uid is None:
        return None
    tile = g.rules.tiles[g.world.tiles[uid].tile]
    if isinstance(where, mc.SlotPlace):
        icon = f"enemy-{where.enemy_slot}"
        space = next((s.id for s in tile.spaces if icon in s.icons), tile.spaces[0].id)
        return (uid, space)
    if isinstance(where, mc.SpacePlace):
        return (uid, where.space_id or tile.id)
    named = tile.space(tile.id)
    if named is not None and not for_spawn:
        return (uid, named.id)
    return cruel.spawn_space(g, [(uid, s.id) for s in tile.spaces])


def apply(g: Game, outcome: WorldEffect) -> Gen[None]:
    effect, card = outcome.effect, outcome.card
    if isinstance(effect, me.PlaceToken):
        place = place_of(g, effect.place_token.at)
        if place is None:
            return _offmap(g, effect.place_token.token, outcome)
        placing = effect.place_token
        wanted = placing.count.evaluate(hunters=g.n)
        count = min(wanted, supply.mission_tokens_left(g, placing.type))
        if count < wanted:
            # Ruling `board-token-supply`: the box is out of these tokens; the rest are not placed.
            g.log(f"only {count} of {wanted} {placing.type} tokens for {placing.token} are left in the box")
        for _ in range(count):
            g.world.tokens.append(Token(placing.token, placing.type, place, card))
    elif isinstance(effect, me.RemoveToken):
        g.world.tokens = [t for t in g.world.tokens if t.name != effect.remove_token]
    elif isinstance(effect, me.MoveToken):
        token = move_token(g, effect.move_token, outcome.hunter)
        if token is not None:
            tile = g.world.tiles[token.place[0]].tile
            yield from g.event("token_moved", token=token.name, tile=tile, space=token.place[1])
    elif isinstance(effect, me.Spawn):
        params = effect.spawn
        place = place_of(g, params.at, for_spawn=True)
        if place is None:
            return _offmap(g, str(params.enemy), outcome)
        count = params.count.evaluate(hunters=g.n)
        enemy = strip_pack(params.enemy)
        g.world.groups.append(SpawnGroup(card, enemy, place, count, params.tag or "", params.respawn))
        for _ in range(count):
            spawn_enemy(g, enemy, place, tag=params.tag or "", owner=card, respawn=params.respawn)
    elif isinstance(effect, me.SpawnBoss):
        place = place_of(g, effect.spawn_boss.at, for_spawn=True)
        if place is None:
            return _offmap(g, str(effect.spawn_boss.boss), outcome)
        spawn_boss(g, strip_pack(effect.spawn_boss.boss), place, tag=effect.spawn_boss.tag or "", owner=card)
    elif isinstance(effect, me.ChangeHp):
        key = f"{card}|{selector_key(effect.change_hp.target)}"
        g.world.hp_changes[key] = g.world.hp_changes.get(key, 0) + effect.change_hp.by.evaluate(hunters=g.n)
    elif isinstance(effect, me.ChangeAttack):
        key = f"{card}|{selector_key(effect.change_attack.target)}"
        old = g.world.attack_changes.get(key, [0, 0])
        g.world.attack_changes[key] = [
            old[0] + effect.change_attack.damage,
            old[1] + effect.change_attack.speed,
        ]
    elif isinstance(effect, me.MakeInvulnerable):
        key = f"{card}|{selector_key(effect.make_invulnerable.target)}"
        g.world.invulnerable.append(key)
        g.protection_ends[key] = effect.make_invulnerable.until
    elif isinstance(effect, me.FogGates):
        if g.map.find_tile(strip_pack(effect.fog_gates)) is None:
            return _offmap(g, f"fog gates on {effect.fog_gates}", outcome)
        raise_fog(g, strip_pack(effect.fog_gates), card)
    elif isinstance(effect, me.RemoveFogGates):
        uid = g.map.find_tile(strip_pack(effect.remove_fog_gates))
        if uid is not None:
            g.world.tiles[uid].fog_owner = -1
            g.map.rebuild()
    elif isinstance(effect, me.AdvanceHuntTrack):
        yield from track.advance(g, effect.advance_hunt_track)
    else:
        yield from reward(g, outcome)


def _offmap(g: Game, what: str, outcome: WorldEffect | None = None) -> None:
    # Ruling `board-offmap-placement`: it waits for its tile and happens when the tile is revealed.
    g.log(f"{what} waits: its tile is not on the map yet")
    if outcome is not None:
        g.deferred.append(outcome)


def run_deferred(g: Game) -> Gen[None]:
    """A tile was revealed: carry out the placements that were waiting for it."""
    waiting, g.deferred = g.deferred, []
    for outcome in waiting:
        yield from apply(g, outcome)


def selector_key(selector: object) -> str:
    if isinstance(selector, mc.BossSelector):
        return f"boss:{strip_pack(selector.boss)}"
    if isinstance(selector, mc.TagSelector):
        return f"tag:{selector.tag}"
    assert isinstance(selector, mc.EnemyTypeSelector)
    return f"enemy:{strip_pack(selector.enemy)}"


def raise_fog(g: Game, tile_id: str, card: int) -> None:
    """Fog gates on every exit of the tile; its lamp is broken; other enemies leave it."""
    uid = g.map.find_tile(tile_id)
    if uid is None:
        return
    supply.free_fog_tokens(g, uid)
    g.world.tiles[uid].fog_owner = card
    if uid in g.world.fog_order:
        g.world.fog_order.remove(uid)
    g.world.fog_order.append(uid)
    g.world.enemies = [e for e in g.world.enemies if e.place[0] != uid or e.owner == card]
    g.map.rebuild()
    g.log(f"fog gates surround {tile_id}")


def end_card(g: Game, ended: CardEnded) -> None:
    """Remove what a card created; what the next card keeps becomes that card's own, so it goes
    when that card's step ends (the interpreter's hand-over, read from the same `Handover`)."""
    handover = ended.handover
    card = ended.card
    tokens: list[Token] = []
    for token in g.world.tokens:
        if token.owner == card:
            owner = handover.owner_after("tokens", token.name)
            if owner is None:
                continue
            token.owner = owner
        tokens.append(token)
    g.world.tokens = tokens
    enemies = []
    for enemy in g.world.enemies:
        if enemy.owner == card:
            owner = handover.owner_after("enemies", enemy.tag) if enemy.tag else None
            if owner is None:
                continue
            enemy.owner = owner
        enemies.append(enemy)
    g.world.enemies = enemies
    groups = []
    for group in g.world.groups:
        if group.card == card:
            owner = handover.owner_after("enemies", group.tag) if group.tag else None
            if owner is None:
                continue
            group.card = owner
        groups.append(group)
    g.world.groups = groups
    for placed in g.world.tiles:
        if placed.fog_owner == card:
            owner = handover.owner_after("fog_gates", placed.tile)
            placed.fog_owner = -1 if owner is None else owner
    prefix = f"{card}|"
    for table in (g.world.hp_changes, g.world.attack_changes):
        for key in [k for k in table if k.startswith(prefix)]:
            del table[key]
    g.world.invulnerable = [k for k in g.world.invulnerable if not k.startswith(prefix)]
    g.map.rebuild()


def move_token(g: Game, params: me.MoveTokenParams, acting: int | None) -> Token | None:
    """Move a named token; return it if it moved."""
    token = next((t for t in g.world.tokens if t.name == params.token), None)
    if token is None:
        return None
    if params.relative_to == "acting-hunter" and acting is not None:
        target = g.hunter(acting).place
    elif isinstance(params.relative_to, str):
        places = [g.hunter(i).place for i in g.hunters_on_map()]
        d = g.map.distances(token.place, enemy=False)
        target = min((p for p in places if p is not None), key=lambda p: d.get(p, 999), default=None)
    else:
        target = place_of(g, params.relative_to)
    if target is None:
        return None
    start = token.place
    for _ in range(params.spaces):
        here = g.map.distance(token.place, target) or 0
        steps = [
            p
            for p in g.map.hunter_steps(token.place)
            if (g.map.distance(p, target) or 0) != here
            and ((g.map.distance(p, target) or 0) < here) == (params.direction == "toward")
        ]
        if not steps:
            break
        token.place = cruel.token_step(g, steps, target, params.direction == "toward")
    return token if token.place != start else None


def recipients(g: Game, to: str, acting: int | None) -> list[int]:
    if to == "each-hunter":
        return list(range(g.n))
    if to == "acting-hunter" and acting is not None:
        return [acting]
    # `one-hunter`: the players choose; we give it to the hunter with the least (ruling
    # `board-auto-choices`).
    return [acting if acting is not None else g.active]


def reward(g: Game, outcome: WorldEffect) -> Gen[None]:
    effect = outcome.effect
    acting = outcome.hunter
    if isinstance(effect, me.BloodEchoes):
        for i in recipients(g, effect.blood_echoes.to, acting):
            gain_echoes(g, i, effect.blood_echoes.amount.evaluate(hunters=g.n))
    elif isinstance(effect, me.DrawConsumables):
        for i in recipients(g, effect.draw_consumables.to, acting):
            for _ in range(effect.draw_consumables.amount.evaluate(hunters=g.n)):
                yield from run.draw_consumable(g, i)
    elif isinstance(effect, me.Upgrades):
        for i in recipients(g, effect.upgrades.to, acting):
            for _ in range(effect.upgrades.amount.evaluate(hunters=g.n)):
                if not g.world.upgrade_row:
                    break
                pick = yield from g.ask(
                    i, [f"upgrade {c}" for c in sorted(set(g.world.upgrade_row))], "upgrade"
                )
                card = pick.removeprefix("upgrade ")
                slot = g.world.upgrade_row.index(card)
                g.world.upgrade_row.pop(slot)
                if g.world.upgrade_deck:
                    g.world.upgrade_row.insert(slot, (yield from g.draw(g.world.upgrade_deck, "upgrade-row")))
                yield from incorporate(g, i, card)
    elif isinstance(effect, me.GainConsumable):
        for i in recipients(g, effect.gain_consumable.to, acting):
            g.hunter(i).consumables.append(strip_pack(effect.gain_consumable.card))
            g.hunter(i).consumables.sort()
    elif isinstance(effect, me.GainReward):
        card = strip_pack(effect.gain_reward.card)
        for i in recipients(g, effect.gain_reward.to, acting):
            yield from give_reward(g, i, card)
    elif isinstance(effect, me.GainFirearm):
        firearm = strip_pack(effect.gain_firearm.card)
        for i in recipients(g, effect.gain_firearm.to, acting):
            pick = yield from g.ask(i, [f"take {firearm}", f"keep {g.hunter(i).firearm}"], "firearm")
            if pick.startswith("take "):
                g.hunter(i).firearm, g.hunter(i).firearm_exhausted = firearm, False
    elif isinstance(effect, me.NarrativeEffect):
        g.stats.narrative.append(str(effect.narrative))


def give_reward(g: Game, index: int, card: str) -> Gen[None]:
    """The hunter gains a Reward card. With a third of its type (Hunter Tool or Caryll Rune) the
    players choose one of the three to give to a hunter with room, or to set aside (rulebook)."""
    hunter = g.hunter(index)
    kind = g.rules.rewards[card].type
    hunter.rewards.append(card)
    held = sorted(r for r in hunter.rewards if g.rules.rewards[r].type == kind)
    if len(held) <= REWARD_LIMIT:
        return
    room = [
        i
        for i in range(g.n)
        if i != index and sum(g.rules.rewards[r].type == kind for r in g.hunter(i).rewards) < REWARD_LIMIT
    ]
    options = [f"give {r} to {g.hunter(i).id}" for r in sorted(set(held)) for i in room]
    options += [f"set aside {r}" for r in sorted(set(held))]
    pick = yield from g.ask(index, options, "reward-overflow")
    if pick.startswith("set aside "):
        given = pick.removeprefix("set aside ")
        hunter.rewards.remove(given)
        if given in hunter.exhausted_rewards and given not in hunter.rewards:
            hunter.exhausted_rewards.remove(given)
        g.log(f"{given} is set aside")
        return
    given, receiver = pick.removeprefix("give ").split(" to ", 1)
    to = next(i for i in room if g.hunter(i).id == receiver)
    hunter.rewards.remove(given)
    exhausted = given in hunter.exhausted_rewards and given not in hunter.rewards
    if exhausted:
        # A card passed on stays exhausted until its new holder's Dream.
        hunter.exhausted_rewards.remove(given)
        g.hunter(to).exhausted_rewards.append(given)
    g.hunter(to).rewards.append(given)
    g.log(f"{hunter.id} gives {given} to {receiver}")
