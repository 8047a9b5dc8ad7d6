"""What a goal still open at the end of a lost game was waiting for, and whether it could happen.

A designer reading "step 6 completed in 0 of 50 games" needs the reason. For each goal of the cards
in play when the game ended, this module states facts about the table at that moment in plain
words: a tile never drawn or behind fog gates, how many miniatures of an enemy type were on the map
against the box's limit and how often one was taken away for a new spawn, a token that is not on the
map, insight or a counter short of its target. Facts are worded the same way in every game, so the
report can count how often each was true.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from pydantic import BaseModel

from toolkit.games.board.engine.core import Game
from toolkit.games.board.interpreter import wording
from toolkit.games.board.mission import common as mc
from toolkit.games.board.mission import conditions as cond


@dataclass(frozen=True, slots=True)
class OpenGoal:
    """A goal of a card in play when the game ended, and what was true of it then."""

    card: int
    goal: str
    """The goal in words (`slay 1 tagged gatekeeper → reveal card 7`)."""
    facts: tuple[str, ...]


def open_goals(g: Game) -> list[OpenGoal]:
    """The goals still open at the end of the game, with the facts about each."""
    machine = getattr(g.missions, "machine", None)
    if machine is None:
        return []
    found = []
    for in_play in machine.chapter.in_play:
        entry = machine.book.card(in_play.number)
        if entry is None:
            continue
        for goal in entry.model.goals:
            facts = tuple(dict.fromkeys(_facts(g, machine, goal.goal)))
            found.append(OpenGoal(in_play.number, wording.goal_line(goal, g.n), facts))
    return found


def _facts(g: Game, machine: object, condition: BaseModel) -> Iterator[str]:
    if isinstance(condition, cond.EndMoveOn):
        yield from _place_facts(g, condition.end_move_on)
    elif isinstance(condition, cond.Slay):
        yield from _slay_facts(g, condition.slay)
    elif isinstance(condition, cond.Interact):
        yield from _token_facts(g, condition.interact)
    elif isinstance(condition, cond.Escort):
        yield from _token_facts(g, condition.escort.token)
        yield from _place_facts(g, condition.escort.to)
    elif isinstance(condition, cond.CollectedInsight):
        held = len(machine.state.campaign.insight)  # type: ignore[attr-defined]
        needed = condition.collected_insight.evaluate(hunters=g.n)
        yield (
            f"fewer than the {needed} insight card(s) needed are held"
            if held < needed
            else "enough insight is held"
        )
    elif isinstance(condition, cond.HoldsInsight):
        if condition.holds_insight not in machine.state.campaign.insight:  # type: ignore[attr-defined]
            yield f"insight card {condition.holds_insight} is not held"
    elif isinstance(condition, cond.CounterAtLeast):
        name = condition.counter.counter
        value = machine.chapter.counters.get(name)  # type: ignore[attr-defined]
        needed = condition.counter.at_least.evaluate(hunters=g.n)
        if value is None:
            yield f"counter {name} was never set"
        elif value < needed:
            yield f"counter {name} is short of {needed}"

    elif isinstance(condition, cond.HuntTrackReaches):
        if g.world.track < condition.hunt_track_reaches:
            yield f"the Hunt Track never reached space {condition.hunt_track_reaches}"
    elif isinstance(condition, cond.TilesRevealed):
        if g.world.tile_deck:
            yield "tiles were still face down"
    elif isinstance(condition, cond.AllOf | cond.AnyOf):
        for part in condition.all if isinstance(condition, cond.AllOf) else condition.any:
            yield from _facts(g, machine, part)
    elif isinstance(condition, cond.NarrativeCondition):
        yield "a goal in prose: the simulator never meets it"


def _bare(ref: str) -> str:
    return ref.rsplit(":", 1)[-1]


def _placed_tile(g: Game, tile: str) -> int | None:
    return next((t.uid for t in g.world.tiles if t.tile == tile), None)


def _place_facts(g: Game, place: BaseModel) -> Iterator[str]:
    tile_ref = getattr(place, "tile", None) or getattr(place, "space", None)
    if isinstance(place, mc.TokenPlace):
        yield from _token_facts(g, place.token)
        return
    if tile_ref is None:
        return
    tile = _bare(str(tile_ref))
    uid = _placed_tile(g, tile)
    if uid is None:
        yield f"tile {tile} was never drawn"
        return
    owner = g.map.tile_of(uid).fog_owner
    if owner >= 0:
        yield f"tile {tile} is behind fog gates of card {owner}"
    else:
        yield f"tile {tile} is on the map and open"


def _token_facts(g: Game, name: str) -> Iterator[str]:
    token = next((t for t in g.world.tokens if t.name == name), None)
    if token is None:
        yield f"token {name} is not on the map"
        return
    tile = g.map.tile_of(token.place[0])
    if tile.fog_owner >= 0:
        yield f"token {name} lies behind fog gates of card {tile.fog_owner}"
    else:
        yield f"token {name} is on tile {tile.tile}"


def _slay_facts(g: Game, target: BaseModel) -> Iterator[str]:
    if isinstance(target, cond.SlayBoss):
        boss = _bare(target.boss)
        present = [e for e in g.world.enemies if e.kind == "boss" and e.type == boss]
        yield f"boss {boss} is on the map" if present else f"boss {boss} is not on the map"
        return
    if isinstance(target, cond.SlayTagged):
        tagged = [e for e in g.world.enemies if e.tag == target.tag]
        kinds = sorted({e.type for e in tagged}) or _tagged_types(g, target.tag)
        yield (
            f"an enemy tagged {target.tag} is on the map"
            if tagged
            else f"no enemy tagged {target.tag} is on the map"
        )
        for kind in kinds:
            yield from _miniature_facts(g, kind)
        return
    if isinstance(target, cond.SlayEnemies):
        yield from _miniature_facts(g, _bare(target.enemy))


def _tagged_types(g: Game, tag: str) -> list[str]:
    return sorted({group.enemy for group in g.world.groups if group.tag == tag})


def _miniature_facts(g: Game, kind: str) -> Iterator[str]:
    rules = g.rules
    on_map = sum(1 for e in g.world.enemies if e.type == kind)
    enemy = rules.enemies.get(kind)
    if enemy is None:
        yield f"{on_map} {kind} on the map"
        return
    limit = enemy.miniatures
    in_slot = any(entry and entry[0] == kind for entry in g.world.slots.values())
    where = " (it is also in a Hunt board slot)" if in_slot else ""
    if on_map >= limit:
        yield f"all {limit} {kind} miniatures are on the map{where}"
    elif not on_map:
        yield f"no {kind} is on the map"

    taken = sum(1 for line in g.world.log if f"no {kind} miniature left" in line)
    if taken:
        yield f"a {kind} miniature was taken from the map for a new spawn (miniature limit {limit})"
