"""The round and the hunter's turn: refreshing hands, choosing who plays, the actions, moving."""

from __future__ import annotations

from typing import TYPE_CHECKING

from toolkit.games.board.engine import effects as run
from toolkit.games.board.engine import track
from toolkit.games.board.engine.activation import activate, pursue
from toolkit.games.board.engine.combat import combat, parse_slot_option, slot_options, weapon_form
from toolkit.games.board.engine.core import ChapterOver
from toolkit.games.board.engine.dream import go_to_dream, run_pending_dreams
from toolkit.games.board.engine.mission_effects import run_deferred
from toolkit.games.board.engine.movement import after_move
from toolkit.games.board.engine.tiles import reveal_tile
from toolkit.games.board.engine.world import Place

if TYPE_CHECKING:
    from toolkit.games.board.engine.core import Game, Gen


def play_round(g: Game) -> Gen[None]:
    """One round: track, hands, every hunter's turn with its enemy activation, round end."""
    world = g.world
    world.round += 1
    g.stats.rounds = world.round
    if world.round > 1:
        yield from track.advance(g)
    g.track_pending = False
    if world.track >= g.rules.track.length and not world.final_round:
        world.final_round = True
        g.log("the final round begins")
    for hunter in world.hunters:
        hunter.turn_taken = False
        hunter.skip_turn = False
        if hunter.firearm and g.rules.firearms[hunter.firearm].refresh == "round-start":
            hunter.firearm_exhausted = False
    yield from g.event("round_start")
    for index in range(g.n):
        yield from refresh_hand(g, index)
    yield from finish_round(g)


def finish_round(g: Game) -> Gen[None]:
    """The turns of the hunters who have not played this round, then the round's end.

    Everything it needs is on the table (who has taken their turn), so a copied game resumes a
    round here (:func:`resume_at_action`)."""
    world = g.world
    while True:
        waiting = [i for i, h in enumerate(world.hunters) if not h.turn_taken]
        if not waiting:
            break
        pick = yield from g.ask(waiting[0], [f"turn {world.hunters[i].id}" for i in waiting], "order")
        index = next(i for i in waiting if f"turn {world.hunters[i].id}" == pick)
        yield from hunter_turn(g, index)
    g.track_pending = True
    yield from g.event("round_end")
    if world.final_round:
        world.outcome = "lost"
        g.log("the final round ends: the hunt is lost")
        raise ChapterOver


def resume_at_action(g: Game, index: int) -> Gen[None]:
    """The rest of the chapter from hunter ``index``'s action decision: the same decisions, in the
    same order, as the game the table was copied from (see :meth:`.state.BoardState.clone`)."""
    yield from turn_actions(g, index)
    yield from finish_round(g)
    while True:
        yield from play_round(g)


def refresh_hand(g: Game, index: int) -> Gen[None]:
    """Discard any cards the player wants, then draw up to the hand size."""
    hunter = g.hunter(index)
    if g.world.round > 1:
        while hunter.hand:
            options = ["keep hand"] + [f"discard {c}" for c in sorted(set(hunter.hand))]
            pick = yield from g.ask(index, options, "refresh")
            if pick == "keep hand":
                break
            card = pick.removeprefix("discard ")
            hunter.hand.remove(card)
            hunter.discard.append(card)
    size = g.rules.hunters[hunter.id].hand_size
    yield from run.draw_cards(g, index, max(0, size - len(hunter.hand)))


def hunter_turn(g: Game, index: int) -> Gen[None]:
    """The hunter's actions, poison at the end, then the enemy activation against them."""
    hunter = g.hunter(index)
    hunter.turn_taken = True
    g.active = index
    g.weapon_ability_used = False
    if hunter.skip_turn:
        g.log(f"{hunter.id} was slain before their turn and skips it")
        return
    g.log(f"{hunter.id} begins their turn")
    if hunter.place is None:
        yield from return_from_dream(g, index)
    yield from turn_actions(g, index)


def turn_actions(g: Game, index: int) -> Gen[None]:
    """The rest of a turn from the hunter's next action: actions until the turn ends, poison, the
    enemy activation. Its state is all on the table, so a copied game resumes a turn here."""
    hunter = g.hunter(index)
    while hunter.place is not None:
        options = action_options(g, index)
        pick = yield from g.ask(index, options, "action")
        if pick == "end turn":
            break
        yield from do_action(g, index, pick)
        yield from run_pending_dreams(g)
    if hunter.place is not None and hunter.poison:
        g.log(f"{hunter.id} suffers poison")
        run.wound(g, index, 1, "poison")
    yield from run_pending_dreams(g)
    if hunter.place is not None:
        yield from activate(g, index)
    yield from run_pending_dreams(g)


def return_from_dream(g: Game, index: int) -> Gen[None]:
    """Choose the weapon side, then a lamp space to wake on (not under broken lamps); being placed
    there is not a move (ruling `board-dream-return`)."""
    hunter = g.hunter(index)
    side = yield from g.ask(index, ["form a", "form b"], "form")
    hunter.form = side[-1]
    hunter.slots = [None] * len(weapon_form(g, index).attacks)
    lamps = g.map.lamp_spaces() or [(0, g.rules.tiles[g.world.tiles[0].tile].spaces[0].id)]
    labels = {f"wake at {g.label(p)}": p for p in lamps}
    pick = yield from g.ask(index, sorted(labels), "lamp")
    hunter.place = labels[pick]
    g.log(f"{hunter.id} returns from the Dream to {g.label(hunter.place)}")


def action_options(g: Game, index: int) -> list[str]:
    """Every action the hunter may take now, as readable strings."""
    hunter = g.hunter(index)
    place = hunter.place
    assert place is not None
    tables = g.tables
    options: list[str] = []
    cards = sorted(set(hunter.hand))
    spending = tables.card_actions
    # Interact only where there is something to interact with: a consumable or a mission token.
    interactable = place in g.world.consumable_tokens or any(t.place == place for t in g.world.tokens)
    for card in cards:
        move, interact, transform, dream = spending[card]
        options += (move, interact, transform, dream) if interactable else (move, transform, dream)
    enemies = g.enemies_at(place)
    if enemies:
        attacks = slot_options(g, index, "attack", cards)
        for enemy in enemies:
            name = g.enemy_name(enemy)
            options += [f"{option} vs {name}" for option in attacks]
    if hunter.consumables:
        usable = tables.turn_consumables
        options += [f"use {c}" for c in sorted(set(hunter.consumables)) if c in usable]
    if hunter.firearm and not hunter.firearm_exhausted:
        firearm = g.rules.firearms[hunter.firearm]
        if firearm.timing == "hunter-turn":
            options.append(f"fire {hunter.firearm}")
    elif hunter.firearm and g.rules.firearms[hunter.firearm].refresh == "discard-card":
        options += [f"reload [{c}]" for c in cards]
    if hunter.rewards:
        usable = tables.turn_rewards
        options += [
            f"use reward {r}"
            for r in sorted(set(hunter.rewards))
            if r not in hunter.exhausted_rewards and r in usable
        ]
    # A weapon ability usable in the turn is free, once per turn (ruling `board-weapon-ability-once`).
    if not g.weapon_ability_used and tables.turn_ability[(hunter.weapon, hunter.form)]:
        options.append("weapon ability")
    options.append("end turn")
    return options


def spend(g: Game, index: int, option: str) -> str:
    """Discard the stat card named in brackets; return the action word."""
    word, card = option.split(" [", 1)
    card = card.rstrip("]")
    hunter = g.hunter(index)
    hunter.hand.remove(card)
    hunter.discard.append(card)
    return word


def do_action(g: Game, index: int, option: str) -> Gen[None]:
    hunter = g.hunter(index)
    g.log(f"{hunter.id}: {option}")
    if option.startswith("attack "):
        body, target = option.split(" vs ", 1)
        card, slot = parse_slot_option(body)
        uid = int(target.rsplit("#", 1)[1])
        enemy = g.find_enemy(uid)
        assert enemy is not None
        yield from combat(g, index, enemy, card=card, slot=slot)
        return
    if option.startswith("use reward "):
        reward = option.removeprefix("use reward ")
        hunter.exhausted_rewards.append(reward)
        for _, effect in g.tables.flat(g.rules.rewards[reward].effects):
            yield from run.hunter_effect(g, index, effect, None)
        return
    if option.startswith("use "):
        item = option.removeprefix("use ")
        hunter.consumables.remove(item)
        g.world.consumable_discard.append(item)
        for _, effect in g.tables.flat(g.rules.consumables[item].effects):
            yield from run.hunter_effect(g, index, effect, None)
        return
    if option.startswith("fire "):
        hunter.firearm_exhausted = True
        for _, effect in g.tables.flat(g.rules.firearms[hunter.firearm].effects):
            yield from run.hunter_effect(g, index, effect, None)
        return
    if option == "weapon ability":
        g.weapon_ability_used = True
        ability = weapon_form(g, index).ability
        assert ability is not None
        for timing, effect in g.tables.flat(ability.effects):
            if timing == "hunter-turn":
                yield from run.hunter_effect(g, index, effect, None)
        return
    word = spend(g, index, option)
    if word == "reload":
        hunter.firearm_exhausted = False
    elif word == "move":
        yield from move_action(g, index, 2, pursuit=True)
    elif word == "interact":
        yield from interact(g, index)
    elif word == "transform":
        yield from run.transform(g, index)
    elif word == "dream":
        g.log(f"{hunter.id} goes to the Hunter's Dream")
        go_to_dream(g, index)


def step_options(g: Game, index: int) -> list[str]:
    hunter = g.hunter(index)
    assert hunter.place is not None
    return list(g.map.step_options(hunter.place, bool(g.world.tile_deck)))


def move_action(g: Game, index: int, spaces: int, *, pursuit: bool) -> Gen[None]:
    """Move up to ``spaces`` spaces, one step at a time; then pursuit, then end-of-move triggers."""
    hunter = g.hunter(index)
    assert hunter.place is not None
    path: list[Place] = [hunter.place]
    for _ in range(spaces):
        pick = yield from g.ask(index, step_options(g, index), "step")
        if pick == "stop":
            break
        assert hunter.place is not None
        if pick.startswith("explore "):
            entry = yield from reveal_tile(g, index, hunter.place, pick.split(" ")[1])
            if entry is None:
                break
            hunter.place = entry
            path.append(entry)
            tile = g.world.tiles[entry[0]].tile
            if g.deferred:
                yield from run_deferred(g)
            yield from g.event("tile_revealed", hunter=index, tile=tile)
        else:
            label = pick.removeprefix("step ")
            nxt = next(p for p in g.map.hunter_steps(hunter.place) if g.label(p) == label)
            hunter.place = nxt
            path.append(nxt)
        if hunter.place is None:
            return
    if len(path) < 2:
        return
    g.log(f"{hunter.id} moves to {g.label(hunter.place)}")
    if pursuit:
        pursue(g, index, path)
    yield from after_move(g, index)


def free_move(g: Game, index: int, spaces: int) -> Gen[None]:
    """A move granted by an effect: like the Move action, without pursuit (ruling
    `board-effect-moves`)."""
    yield from move_action(g, index, spaces, pursuit=False)


def interact(g: Game, index: int) -> Gen[None]:
    """Enemies on the space attack first (no response); then the consumable and tokens."""
    hunter = g.hunter(index)
    assert hunter.place is not None
    for enemy in list(g.enemies_at(hunter.place)):
        if hunter.place is None:
            return
        if enemy in g.world.enemies:
            yield from combat(g, index, enemy, respond=False)
    if hunter.place is None:
        return
    if hunter.place in g.world.consumable_tokens:
        g.world.consumable_tokens.remove(hunter.place)
        yield from run.draw_consumable(g, index)
    tokens = sorted({t.name for t in g.world.tokens if t.place == hunter.place})
    tile = g.world.tiles[hunter.place[0]].tile
    yield from g.event("interact", hunter=index, tokens=tokens, tile=tile, space=hunter.place[1])
