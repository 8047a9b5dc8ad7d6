"""The round and the hunter's turn: refreshing hands, choosing who plays, the actions, moving.

A chapter in play is one loop of phases (:func:`play_chapter`): round start, turn order, a
hunter's actions, turn end, round end. Each decision of that loop is yielded from the loop itself,
so an answer reaches the rule that asked through one or two generators instead of the eight a
chain of nested rules would need. The separate steps (:func:`play_round`, :func:`finish_round`,
:func:`hunter_turn`) stay for tables that start mid-round (the rule scenarios).

A turn's options are built as a :class:`TurnMenu`: the strings the player sees, in the order
offered, and beside them the segments they were built from, so an answer is resolved by its
position rather than parsed back from its words.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, NamedTuple

from toolkit.games.board.engine import effects as run
from toolkit.games.board.engine import track
from toolkit.games.board.engine.activation import activate, pursue
from toolkit.games.board.engine.combat import combat, weapon_form
from toolkit.games.board.engine.combat_tables import combat_tables
from toolkit.games.board.engine.core import DONE, ChapterOver, Decision
from toolkit.games.board.engine.dream import go_to_dream, run_pending_dreams
from toolkit.games.board.engine.mission_effects import run_deferred
from toolkit.games.board.engine.movement import after_move
from toolkit.games.board.engine.tiles import reveal_tile
from toolkit.games.board.engine.world import EnemyState, Place
from toolkit.games.board.model import effects as fx

if TYPE_CHECKING:
    from toolkit.games.board.engine.core import Game, Gen

# --- the chapter as one loop ------------------------------------------------------------------------


def play_chapter(g: Game, opening: Gen[None] | None = None, resume: int = -1) -> Gen[None]:
    """Every round until the chapter is over: after ``opening`` (the setup), or from hunter
    ``resume``'s action decision of a copied table (see :meth:`.state.BoardState.clone`), in the
    same order of decisions as :func:`play_round` would take them."""
    try:
        if opening is not None:
            yield from opening
        hunters = g.world.hunters
        while True:
            if resume < 0:
                yield from start_round(g)
            while True:
                if resume >= 0:
                    index, resume = resume, -1
                else:
                    waiting = [i for i, h in enumerate(hunters) if not h.turn_taken]
                    if not waiting:
                        break
                    if len(waiting) == 1:
                        index = waiting[0]
                    else:
                        labels = [f"turn {hunters[i].id}" for i in waiting]
                        pick = yield Decision(waiting[0], labels, None, "order")
                        index = waiting[labels.index(pick)]
                    if not begin_turn(g, index):
                        continue
                    if hunters[index].place is None:
                        yield from return_from_dream(g, index)
                hunter = hunters[index]
                while hunter.place is not None:
                    menu = turn_menu(g, index)
                    options = menu.options
                    if len(options) == 1:
                        pick = options[0]
                    else:
                        pick = yield Decision(index, options, None, "action")
                    if pick == "end turn":
                        break
                    yield from perform(g, index, menu, pick)
                    if g.pending_dreams:
                        yield from run_pending_dreams(g)
                yield from end_turn(g, index)
            yield from end_round(g)
    except ChapterOver:
        return


def play_round(g: Game) -> Gen[None]:
    """One round: track, hands, every hunter's turn with its enemy activation, round end."""
    yield from start_round(g)
    yield from finish_round(g)


def start_round(g: Game) -> Gen[None]:
    """The round's start: the track advances, flags reset, the missions hear it, hands refresh."""
    world = g.world
    world.round += 1
    g.stats.rounds = world.round
    if world.round > 1:
        yield from track.advance(g)
    g.track_pending = False
    if world.track >= g.rules.track.length and not world.final_round:
        world.final_round = True
        g.log("the final round begins")
    firearms = g.rules.firearms
    for hunter in world.hunters:
        hunter.turn_taken = False
        hunter.skip_turn = False
        if hunter.firearm and firearms[hunter.firearm].refresh == "round-start":
            hunter.firearm_exhausted = False
    yield from g.event("round_start")
    for index in range(g.n):
        yield from refresh_hand(g, index)


def finish_round(g: Game) -> Gen[None]:
    """The turns of the hunters who have not played this round, then the round's end.

    Everything it needs is on the table (who has taken their turn), so a table set mid-round
    resumes here."""
    world = g.world
    while True:
        waiting = [i for i, h in enumerate(world.hunters) if not h.turn_taken]
        if not waiting:
            break
        labels = [f"turn {world.hunters[i].id}" for i in waiting]
        pick = yield from g.ask(waiting[0], labels, "order")
        yield from hunter_turn(g, waiting[labels.index(pick)])
    yield from end_round(g)


def end_round(g: Game) -> Gen[None]:
    """The missions hear the round end; the final round's end loses the hunt."""
    world = g.world
    g.track_pending = True
    yield from g.event("round_end")
    if world.final_round:
        world.outcome = "lost"
        g.log("the final round ends: the hunt is lost")
        raise ChapterOver


def resume_at_action(g: Game, index: int) -> Gen[None]:
    """The rest of the chapter from hunter ``index``'s action decision: the same decisions, in the
    same order, as the game the table was copied from (see :meth:`.state.BoardState.clone`)."""
    return play_chapter(g, None, index)


def refresh_hand(g: Game, index: int) -> Gen[None]:
    """Discard any cards the player wants, then draw up to the hand size."""
    hunter = g.world.hunters[index]
    if g.world.round > 1:
        discards = g.tables.discard_options
        while hunter.hand:
            options = ["keep hand"] + [discards[c] for c in sorted(set(hunter.hand))]
            pick = yield Decision(index, options, None, "refresh")
            if pick == "keep hand":
                break
            card = pick.removeprefix("discard ")
            hunter.hand.remove(card)
            hunter.discard.append(card)
    size = g.rules.hunters[hunter.id].hand_size
    yield from run.draw_cards(g, index, max(0, size - len(hunter.hand)))


def begin_turn(g: Game, index: int) -> bool:
    """The hunter's turn starts; False when they were slain before it and skip it."""
    hunter = g.world.hunters[index]
    hunter.turn_taken = True
    g.active = index
    g.weapon_ability_used = False
    if hunter.skip_turn:
        g.log(f"{hunter.id} was slain before their turn and skips it")
        return False
    g.log(f"{hunter.id} begins their turn")
    return True


def hunter_turn(g: Game, index: int) -> Gen[None]:
    """The hunter's actions, poison at the end, then the enemy activation against them."""
    if not begin_turn(g, index):
        return
    if g.world.hunters[index].place is None:
        yield from return_from_dream(g, index)
    yield from turn_actions(g, index)


def turn_actions(g: Game, index: int) -> Gen[None]:
    """The rest of a turn from the hunter's next action: actions until the turn ends, poison, the
    enemy activation."""
    hunter = g.world.hunters[index]
    while hunter.place is not None:
        menu = turn_menu(g, index)
        pick = yield from g.ask(index, menu.options, "action")
        if pick == "end turn":
            break
        yield from perform(g, index, menu, pick)
        yield from run_pending_dreams(g)
    yield from end_turn(g, index)


def end_turn(g: Game, index: int) -> Gen[None]:
    """Poison at the end of the actions, then the enemy activation against the hunter."""
    hunter = g.world.hunters[index]
    if hunter.place is not None and hunter.poison:
        g.log(f"{hunter.id} suffers poison")
        run.wound(g, index, 1, "poison")
    if g.pending_dreams:
        yield from run_pending_dreams(g)
    if hunter.place is not None:
        yield from activate(g, index)
    if g.pending_dreams:
        yield from run_pending_dreams(g)


def return_from_dream(g: Game, index: int) -> Gen[None]:
    """Choose the weapon side, then a lamp space to wake on (not under broken lamps); being placed
    there is not a move (ruling `board-dream-return`)."""
    hunter = g.world.hunters[index]
    side = yield Decision(index, ["form a", "form b"], None, "form")
    hunter.form = side[-1]
    hunter.slots = [None] * len(weapon_form(g, index).attacks)
    lamps = g.map.lamp_spaces() or [(0, g.rules.tiles[g.world.tiles[0].tile].spaces[0].id)]
    labels = {f"wake at {g.label(p)}": p for p in lamps}
    pick = yield from g.ask(index, sorted(labels), "lamp")
    hunter.place = labels[pick]
    g.log(f"{hunter.id} returns from the Dream to {g.label(hunter.place)}")


# --- the actions of a turn --------------------------------------------------------------------------

CARDS, ATTACK, USE, FIRE, RELOAD, REWARD, ABILITY, END = range(8)
"""The kinds of segment of a :class:`TurnMenu`."""


class TurnMenu(NamedTuple):
    """A hunter's action options, in the order offered, and what each stands for."""

    options: list[str]
    segments: list[tuple[int, int, Any]]
    """(end position, kind, what the segment was built from), in order; a segment covers the
    options from the previous segment's end up to its own."""


def turn_menu(g: Game, index: int) -> TurnMenu:
    """Every action the hunter may take now (:class:`TurnMenu`)."""
    world = g.world
    hunter = world.hunters[index]
    place = hunter.place
    assert place is not None
    tables = g.tables
    options: list[str] = []
    segments: list[tuple[int, int, Any]] = []
    cards = sorted(set(hunter.hand))
    # Interact only where there is something to interact with: a consumable or a mission token.
    interactable = place in world.consumable_tokens
    if not interactable:
        for token in world.tokens:
            if token.place == place:
                interactable = True
                break
    if cards:
        spending = tables.card_actions if interactable else tables.card_actions_away
        for card in cards:
            options += spending[card]
        segments.append((len(options), CARDS, (cards, CARD_WORDS if interactable else CARD_WORDS_AWAY)))
    enemies: list[EnemyState] = []
    for enemy in world.enemies:
        if enemy.place == place:
            enemies.append(enemy)
    if enemies and cards:
        slots = hunter.slots
        form = combat_tables(g.rules).forms[(hunter.weapon, hunter.form)]
        free = [(slot.index, slot.where) for slot in form.slots if slots[slot.index] is None]
        if free:
            attacks = [f"attack {card} {where}" for card in cards for _, where in free]
            for enemy in enemies:
                suffix = f" vs {enemy.type}#{enemy.uid}"
                options += [attack + suffix for attack in attacks]
            segments.append((len(options), ATTACK, (enemies, cards, free)))
    if hunter.consumables:
        usable = tables.turn_consumables
        items = [c for c in sorted(set(hunter.consumables)) if c in usable]
        if items:
            options += [f"use {c}" for c in items]
            segments.append((len(options), USE, tuple(items)))
    if hunter.firearm and not hunter.firearm_exhausted:
        firearm = g.rules.firearms[hunter.firearm]
        if firearm.timing == "hunter-turn":
            options.append(f"fire {hunter.firearm}")
            segments.append((len(options), FIRE, ()))
    elif hunter.firearm and cards and g.rules.firearms[hunter.firearm].refresh == "discard-card":
        options += [f"reload [{c}]" for c in cards]
        segments.append((len(options), RELOAD, tuple(cards)))
    if hunter.rewards:
        usable = tables.turn_rewards
        exhausted = hunter.exhausted_rewards
        rewards = [r for r in sorted(set(hunter.rewards)) if r not in exhausted and r in usable]
        if rewards:
            options += [f"use reward {r}" for r in rewards]
            segments.append((len(options), REWARD, tuple(rewards)))
    # A weapon ability usable in the turn is free, once per turn (ruling `board-weapon-ability-once`).
    if not g.weapon_ability_used and tables.turn_ability[(hunter.weapon, hunter.form)]:
        options.append("weapon ability")
        segments.append((len(options), ABILITY, ()))
    options.append("end turn")
    segments.append((len(options), END, ()))
    return TurnMenu(options, segments)


CARD_WORDS = ("move", "interact", "transform", "dream")
"""What a stat card can be spent on, in the order offered (:attr:`.tables.Tables.card_actions`)."""
CARD_WORDS_AWAY = ("move", "transform", "dream")
"""The same where there is nothing to interact with."""


class Chosen(NamedTuple):
    """An action option of a :class:`TurnMenu` as what it stands for."""

    kind: int
    """`CARDS`, `ATTACK`, `USE`, `FIRE`, `RELOAD`, `REWARD`, `ABILITY` or `END`."""
    name: str = ""
    """The stat card spent (`CARDS`, `ATTACK`, `RELOAD`), the consumable or the reward used."""
    word: str = ""
    """What the card is spent on (`CARDS`: one of :data:`CARD_WORDS`)."""
    slot: int = -1
    """The attack slot the card goes to (`ATTACK`)."""
    enemy: EnemyState | None = None
    """The enemy attacked (`ATTACK`)."""


def resolve(menu: TurnMenu, option: str) -> Chosen:
    """What ``option`` of ``menu`` stands for, from its position among the options."""
    position = menu.options.index(option)
    start = 0
    for segment in menu.segments:
        if position < segment[0]:
            break
        start = segment[0]
    _, kind, built = segment
    offset = position - start
    if kind == CARDS:
        cards, words = built
        return Chosen(CARDS, cards[offset // len(words)], words[offset % len(words)])
    if kind == ATTACK:
        enemies, cards, free = built
        per_enemy = len(cards) * len(free)
        card = cards[offset % per_enemy // len(free)]
        return Chosen(ATTACK, card, "", free[offset % len(free)][0], enemies[offset // per_enemy])
    if kind in (USE, RELOAD, REWARD):
        return Chosen(kind, built[offset])
    return Chosen(kind)


def perform(g: Game, index: int, menu: TurnMenu, option: str) -> Gen[None]:
    """Take the action ``option`` of ``menu``: its immediate part now, and the rest (a move, a
    combat, effects) as the generator returned, so that the decisions it asks reach the turn's
    loop directly."""
    hunter = g.world.hunters[index]
    g.log(f"{hunter.id}: {option}")
    kind, name, word, slot, enemy = resolve(menu, option)
    if kind == CARDS:
        hunter.hand.remove(name)
        hunter.discard.append(name)
        if word == "move":
            return move_action(g, index, 2, pursuit=True)
        if word == "interact":
            return interact(g, index)
        if word == "transform":
            return run.transform(g, index)
        g.log(f"{hunter.id} goes to the Hunter's Dream")
        go_to_dream(g, index)
        return DONE
    if kind == ATTACK:
        assert enemy is not None
        return combat(g, index, enemy, card=name, slot=slot)
    if kind == USE:
        hunter.consumables.remove(name)
        g.world.consumable_discard.append(name)
        return _hunter_effects(g, index, g.tables.flat(g.rules.consumables[name].effects), None)
    if kind == FIRE:
        hunter.firearm_exhausted = True
        return _hunter_effects(g, index, g.tables.flat(g.rules.firearms[hunter.firearm].effects), None)
    if kind == RELOAD:
        hunter.hand.remove(name)
        hunter.discard.append(name)
        hunter.firearm_exhausted = False
        return DONE
    if kind == REWARD:
        hunter.exhausted_rewards.append(name)
        return _hunter_effects(g, index, g.tables.flat(g.rules.rewards[name].effects), None)
    if kind == ABILITY:
        g.weapon_ability_used = True
        ability = weapon_form(g, index).ability
        assert ability is not None
        return _hunter_effects(g, index, g.tables.flat(ability.effects), "hunter-turn")
    raise ValueError(f"`{option}` is not an action to perform")


def _hunter_effects(
    g: Game, index: int, effects: list[tuple[fx.Timing, fx.BasicEffect]], timing: str | None
) -> Gen[None]:
    """Carry out a flattened effect list (only the effects of ``timing``, when given)."""
    for when, effect in effects:
        if timing is None or when == timing:
            yield from run.hunter_effect(g, index, effect, None)


def move_action(g: Game, index: int, spaces: int, *, pursuit: bool) -> Gen[None]:
    """Move up to ``spaces`` spaces, one step at a time; then pursuit, then end-of-move triggers."""
    hunter = g.world.hunters[index]
    world, board = g.world, g.map
    assert hunter.place is not None
    path: list[Place] = [hunter.place]
    for _ in range(spaces):
        here = hunter.place
        assert here is not None
        # The map's list is kept until the map changes: the decision shows a copy.
        options = board.step_options(here, bool(world.tile_deck))
        pick = options[0] if len(options) == 1 else (yield Decision(index, list(options), None, "step"))
        if pick == "stop":
            break
        if pick.startswith("explore "):
            entry = yield from reveal_tile(g, index, here, pick.split(" ")[1])
            if entry is None:
                break
            hunter.place = entry
            path.append(entry)
            tile = world.tiles[entry[0]].tile
            if g.deferred:
                yield from run_deferred(g)
            yield from g.event("tile_revealed", hunter=index, tile=tile)
        else:
            label = pick.removeprefix("step ")
            for nxt in board.hunter_steps(here):
                if board.label(nxt) == label:
                    break
            else:
                raise ValueError(f"`{pick}` is not a step from {board.label(here)}")
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
    return move_action(g, index, spaces, pursuit=False)


def interact(g: Game, index: int) -> Gen[None]:
    """Enemies on the space attack first (no response); then the consumable and tokens."""
    hunter = g.world.hunters[index]
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
