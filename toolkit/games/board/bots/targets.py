"""Where the mission wants the hunters: places, tokens and enemies named by the open goals and the
chapter's unfired triggers, read from the mission interpreter's state."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from toolkit.games.board.engine.core import Game
from toolkit.games.board.engine.rules import strip_pack
from toolkit.games.board.mission import common as mc
from toolkit.games.board.mission import conditions as mcond
from toolkit.games.board.mission import effects as meff
from toolkit.games.board.mission import triggers as mtrig


@dataclass(slots=True, eq=False)
class Targets:
    """What the open goals and triggers point at. Compared and hashed by identity: the bots key
    what they work out from a situation's targets by the targets themselves."""

    tiles: set[str] = field(default_factory=set)
    """Tiles to end a move on (or to reveal)."""
    spaces: set[tuple[str, str]] = field(default_factory=set)
    """(tile, space) pairs to end a move on."""
    tokens: set[str] = field(default_factory=set)
    """Named tokens to interact with."""
    enemies: set[str] = field(default_factory=set)
    """Selector keys (`enemy:x`, `boss:y`, `tag:z`) of enemies to slay."""
    slays: dict[tuple[str, str, str], bool] = field(default_factory=dict, compare=False, repr=False)
    """Whether :attr:`enemies` names an enemy of (kind, type, tag), filled as asked (the targets
    are not changed once made)."""


def _place(targets: Targets, where: object) -> None:
    if isinstance(where, mc.SpacePlace):
        tile = strip_pack(where.space)
        targets.spaces.add((tile, where.space_id or tile))
    elif isinstance(where, mc.TilePlace | mc.SlotPlace):
        targets.tiles.add(strip_pack(where.tile))
    elif isinstance(where, mc.TokenPlace):
        targets.tokens.add(where.token)


def _condition(targets: Targets, condition: object, insight: int = 99, places: bool = True) -> None:
    """Add what a condition asks for; ``places=False`` leaves out where to end a move (a goal that
    still needs more insight than is held is not worth standing on yet)."""
    if isinstance(condition, mcond.AllOf):
        needs = [c for c in condition.all if isinstance(c, mcond.CollectedInsight)]
        ready = places and not any(c.collected_insight.evaluate(hunters=1) > insight for c in needs)
        for part in condition.all:
            _condition(targets, part, insight, ready)
    elif isinstance(condition, mcond.AnyOf):
        for part in condition.any:
            _condition(targets, part, insight, places)
    elif isinstance(condition, mcond.EndMoveOn):
        if places:
            _place(targets, condition.end_move_on)
    elif isinstance(condition, mcond.Interact):
        targets.tokens.add(condition.interact)
    elif isinstance(condition, mcond.Slay):
        slay = condition.slay
        if isinstance(slay, mcond.SlayBoss):
            targets.enemies.add(f"boss:{strip_pack(slay.boss)}")
        elif isinstance(slay, mcond.SlayTagged):
            targets.enemies.add(f"tag:{slay.tag}")
        else:
            targets.enemies.add(f"enemy:{strip_pack(slay.enemy)}")
    elif isinstance(condition, mcond.Escort):
        targets.tokens.add(condition.escort.token)
        _place(targets, condition.escort.to)


def _trigger(targets: Targets, when: object) -> None:
    """Add what a trigger waits for (a chapter trigger, or a standing rule feeding a counter)."""
    if isinstance(when, mtrig.EndMoveOnTrigger):
        _place(targets, when.end_move_on)
    elif isinstance(when, mtrig.TileRevealed):
        targets.tiles.add(strip_pack(when.tile_revealed))
    elif isinstance(when, mtrig.InteractTrigger):
        targets.tokens.add(when.interact)
    elif isinstance(when, mtrig.EnemySlainTrigger):
        _condition(targets, mcond.Slay.model_validate({"slay": when.enemy_slain.model_dump()}))


def _waiting(g: Game, targets: Targets) -> None:
    """A token or enemy the targets name that waits for its tile (ruling `board-offmap-placement`)
    makes that tile a target: the way to it is to reveal the tile."""
    for outcome in g.deferred:
        effect = outcome.effect
        if isinstance(effect, meff.PlaceToken) and effect.place_token.token in targets.tokens:
            _place(targets, effect.place_token.at)
        elif (
            isinstance(effect, meff.Spawn)
            and effect.spawn.tag
            and f"tag:{effect.spawn.tag}" in targets.enemies
        ):
            _place(targets, effect.spawn.at)
        elif (
            isinstance(effect, meff.SpawnBoss)
            and f"boss:{strip_pack(effect.spawn_boss.boss)}" in targets.enemies
        ):
            _place(targets, effect.spawn_boss.at)


def _needs_insight(condition: object, insight: int, hunters: int) -> bool:
    """Whether a condition asks for more collected insight than ``insight``."""
    if isinstance(condition, mcond.CollectedInsight):
        return condition.collected_insight.evaluate(hunters=hunters) > insight
    if isinstance(condition, mcond.AllOf):
        return any(_needs_insight(part, insight, hunters) for part in condition.all)
    return False


CACHE_SIZE = 4096
"""Mission situations whose targets are kept per rules bundle (cleared when full)."""


@dataclass(slots=True, frozen=True)
class Situation:
    """What the heuristic team reads of the missions at one moment, worked out together."""

    targets: Targets
    """The targets of the cards in play and of the chapter triggers not fired yet."""
    hunt: Targets
    """Only those of the hunt cards and of the protections barring them."""
    insight_blocked: bool
    """Whether a hunt card in play waits on insight the team has not collected yet."""


def mission_situation(g: Game) -> Situation:
    """The mission :class:`Situation` now.

    It depends only on the cards in play, the insight held, the protections standing, the
    placements waiting and the triggers fired, which change a few times a game while the bots ask
    at every decision; so it is kept per rules bundle under those and shared: do not change it.
    The key is built with plain loops (no generator per part): it is made at every decision."""
    machine = getattr(g.missions, "machine", None)
    if machine is None:
        return Situation(Targets(), Targets(), False)
    chapter_state = machine.chapter
    # The protections' conditions and the waiting effects are models owned by the rules; the key
    # names them by id and the entry keeps them, so no id is reused while the entry lives.
    standing: tuple[tuple[str, Any], ...] = ()
    if g.protection_ends:
        invulnerable = g.world.invulnerable
        standing = tuple([(k, until) for k, until in g.protection_ends.items() if k in invulnerable])
    waiting = tuple([outcome.effect for outcome in g.deferred]) if g.deferred else ()
    key = (
        tuple([card.number for card in chapter_state.in_play]),
        len(machine.state.campaign.insight),
        tuple([(k, id(until)) for k, until in standing]) if standing else (),
        tuple([id(effect) for effect in waiting]) if waiting else (),
        tuple(chapter_state.fired_triggers),
    )
    cache = g.rules.cache.get("bot-situation")
    if not isinstance(cache, dict):
        cache = g.rules.cache["bot-situation"] = {}
    found = cache.get(key)
    if found is not None:
        return found[0]  # type: ignore[no-any-return]
    if len(cache) >= CACHE_SIZE:
        cache.clear()
    insight = len(machine.state.campaign.insight)
    situation = Situation(
        _mission_targets(g, machine, hunt_only=False),
        _mission_targets(g, machine, hunt_only=True),
        _insight_blocked(g, machine, insight),
    )
    cache[key] = (situation, standing, waiting)
    return situation


def insight_blocked(g: Game) -> bool:
    """Whether a hunt card in play waits on insight the team has not collected yet: the insight
    missions are then the way on, not a detour."""
    return mission_situation(g).insight_blocked


def _insight_blocked(g: Game, machine: Any, insight: int) -> bool:
    for card in machine.chapter.in_play:
        model = g.rules.mission_cards.get(card.number)
        if model is None or model.type != "hunt":
            continue
        if any(_needs_insight(goal.goal, insight, g.n) for goal in model.goals):
            return True
    return False


def mission_targets(g: Game, *, hunt_only: bool = False) -> Targets:
    """The targets of the cards in play and of the chapter triggers that have not fired; with
    ``hunt_only``, only those of the hunt cards and of the protections barring them (the way to
    victory, leaving insight missions and untriggered cards aside). Kept as
    :func:`mission_situation` says: do not change it."""
    situation = mission_situation(g)
    return situation.hunt if hunt_only else situation.targets


def _mission_targets(g: Game, machine: Any, *, hunt_only: bool) -> Targets:
    targets = Targets()
    chapter_state = machine.chapter
    insight = len(machine.state.campaign.insight)
    for card in chapter_state.in_play:
        model = g.rules.mission_cards.get(card.number)
        if model is None or (hunt_only and model.type != "hunt"):
            continue
        for goal in model.goals:
            _condition(targets, goal.goal, insight)
        if model.goals:
            # Standing rules of a mission step usually feed its goal (counters): chase them too.
            for rule in model.rules:
                when = getattr(rule, "when", None)
                if when is not None:
                    _trigger(targets, when)
    for key, until in g.protection_ends.items():
        # An enemy that cannot be harmed until something happens: that something is the way on.
        if key in g.world.invulnerable:
            _condition(targets, until, insight)
    _waiting(g, targets)
    if hunt_only:
        return targets
    for position, trigger in enumerate(g.rules.chapter.triggers):
        if position not in chapter_state.fired_triggers:
            _trigger(targets, trigger.when)
    return targets
