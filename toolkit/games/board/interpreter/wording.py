"""Short English descriptions of conditions, triggers and effects, for the table and explanations."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from pydantic import BaseModel

from toolkit.core.expressions import Scaling
from toolkit.core.model import text_in
from toolkit.games.board.mission import conditions as c
from toolkit.games.board.mission import effects as e
from toolkit.games.board.mission import triggers as t
from toolkit.games.board.mission.common import (
    EventPlace,
    SlotPlace,
    SpacePlace,
    TilePlace,
    TokenPlace,
)
from toolkit.games.board.mission.deck import local_id
from toolkit.games.board.mission.walk import describe

if TYPE_CHECKING:
    from toolkit.games.board.interpreter.book import CampaignBook


def number(value: Scaling, hunters: int) -> int:
    """A scaling number for this many hunters (0 when the content does not cover the count)."""
    try:
        return value.evaluate(hunters=hunters)
    except (KeyError, ValueError, ZeroDivisionError):
        return 0


def place(value: object) -> str:
    if isinstance(value, TilePlace):
        return local_id(value.tile)
    if isinstance(value, SpacePlace):
        tile = local_id(value.space)
        return f"{tile} ({value.space_id})" if value.space_id else f"{the(tile)} space"
    if isinstance(value, SlotPlace):
        return f"enemy slot {value.enemy_slot} of {local_id(value.tile)}"
    if isinstance(value, TokenPlace):
        return f"{the(value.token)} token's space"
    if isinstance(value, EventPlace):
        return "that space"
    return str(value)


def the(name: str) -> str:
    """`the widow`, but `the-great-bridge` as it is: an id or name that begins with "the" gets no
    second one (the wording said "the the-great-bridge space")."""
    first = name.split("-", 1)[0].split(" ", 1)[0].lower()
    return name if first == "the" else f"the {name}"


def clause(value: BaseModel, hunters: int) -> str:
    """A condition as a statement, after `if` or `until` or before `?`: `the hunters hold insight
    card 31`, where :func:`condition` says what to do (`hold insight card 31`)."""
    if isinstance(value, c.EndMoveOn):
        return f"a hunter ends a move on {place(value.end_move_on)}"
    if isinstance(value, c.CollectedInsight):
        return f"the hunters have collected {number(value.collected_insight, hunters)} insight"
    if isinstance(value, c.HoldsInsight):
        return f"the hunters hold insight card {value.holds_insight}"
    if isinstance(value, c.Slay):
        target = value.slay
        count = number(target.count, hunters) if isinstance(target, c.SlayEnemies | c.SlayTagged) else 1
        return f"{count} × {selector(target)} are slain" if count != 1 else f"{selector(target)} is slain"
    if isinstance(value, c.Interact):
        return f"a hunter interacts with {the(value.interact)} token"
    if isinstance(value, c.Escort):
        return f"{the(value.escort.token)} token is brought to {place(value.escort.to)}"
    if isinstance(value, c.TilesRevealed):
        amount = value.tiles_revealed
        return (
            "every tile is revealed" if amount == "all" else f"{number(amount, hunters)} tiles are revealed"
        )
    if isinstance(value, c.AllOf):
        return " and ".join(clause(item, hunters) for item in value.all)
    if isinstance(value, c.AnyOf):
        return " or ".join(clause(item, hunters) for item in value.any)
    if isinstance(value, c.Not):
        return f"not ({clause(value.not_, hunters)})"
    return condition(value, hunters)


def selector(value: object, tags: Mapping[str, str] | None = None) -> str:
    """`hunter-mob`, or a tag with its enemy's name when ``tags`` knows it: `The Hair-Rope Warden
    (bell-warden)`, so the table knows whom a goal on a tag is waiting for."""
    for key in ("tag", "boss", "enemy"):
        found = getattr(value, key, None)
        if isinstance(found, str):
            name = local_id(found)
            if key == "tag" and tags and name in tags:
                return f"{tags[name]} ({name})"
            return name
    return str(value)


def condition(value: BaseModel, hunters: int, tags: Mapping[str, str] | None = None) -> str:
    """`end a move on central-lamp and hold 2 insight`; ``tags`` names the enemies of tagged goals."""
    if isinstance(value, c.EndMoveOn):
        return f"end a move on {place(value.end_move_on)}"
    if isinstance(value, c.CollectedInsight):
        return f"collect {number(value.collected_insight, hunters)} insight"
    if isinstance(value, c.HoldsInsight):
        return f"hold insight card {value.holds_insight}"
    if isinstance(value, c.Slay):
        target = value.slay
        count = number(target.count, hunters) if isinstance(target, c.SlayEnemies | c.SlayTagged) else 1
        who = selector(target, tags)
        return f"slay {count} × {who}" if count != 1 else f"slay {who}"
    if isinstance(value, c.Interact):
        return f"interact with {the(value.interact)} token"
    if isinstance(value, c.Escort):
        return f"bring {the(value.escort.token)} token to {place(value.escort.to)}"
    if isinstance(value, c.CounterAtLeast):
        return f"{value.counter.counter} reaches {number(value.counter.at_least, hunters)}"
    if isinstance(value, c.HuntTrackReaches):
        return f"the Hunt Track reaches {value.hunt_track_reaches}"
    if isinstance(value, c.TilesRevealed):
        amount = value.tiles_revealed
        return "reveal every tile" if amount == "all" else f"reveal {number(amount, hunters)} tiles"
    if isinstance(value, c.AllOf):
        return " and ".join(condition(item, hunters, tags) for item in value.all)
    if isinstance(value, c.AnyOf):
        return " or ".join(condition(item, hunters, tags) for item in value.any)
    if isinstance(value, c.Not):
        return f"not ({condition(value.not_, hunters, tags)})"
    if isinstance(value, c.NarrativeCondition):
        return f"{text_in(value.narrative)} (not simulated)"
    return describe(value)


def trigger(value: BaseModel) -> str:
    """`a hunter ends a move on oedon-chapel`."""
    if isinstance(value, t.StartOfHunt):
        return "start of the hunt"
    if isinstance(value, t.EndMoveOnTrigger):
        return f"a hunter ends a move on {place(value.end_move_on)}"
    if isinstance(value, t.TileRevealed):
        return f"{the(local_id(value.tile_revealed))} tile is revealed"
    if isinstance(value, t.EnemySlainTrigger):
        return f"{selector(value.enemy_slain)} is slain"
    if isinstance(value, t.InteractTrigger):
        return f"a hunter interacts with {the(value.interact)} token"
    if isinstance(value, t.HuntTrackReachesTrigger):
        return f"the Hunt Track reaches {value.hunt_track_reaches}"
    if isinstance(value, t.InsightCollectedTrigger):
        return f"{value.insight_collected} insight collected"
    if isinstance(value, t.RoundEnd):
        return "a round ends"
    if isinstance(value, t.RoundStart):
        return "a round starts"
    if isinstance(value, t.MapReset):
        return "the map resets"
    return describe(value)


def effect(value: BaseModel, hunters: int) -> str:
    """`reveal card 5`, `complete the mission (insight card 21)`."""
    if isinstance(value, e.Reveal):
        return f"reveal card {value.reveal}"
    if isinstance(value, e.CompleteMission):
        insight = value.complete_mission.insight
        return "complete the mission" + (f" (insight card {insight})" if insight else "")
    if isinstance(value, e.CompleteHunt):
        return "complete the hunt"
    if isinstance(value, e.Choose):
        return f"choose: {text_in(value.choose.prompt)}"
    if isinstance(value, e.Branch):
        return f"if {clause(value.branch.condition, hunters)} … else …"
    if isinstance(value, e.PlaceToken):
        token = value.place_token
        return f"place {number(token.count, hunters)} {token.type} token ({token.token}) on {place(token.at)}"
    if isinstance(value, e.MoveToken):
        move = value.move_token
        if isinstance(move.relative_to, str):
            relative = "the " + move.relative_to.replace("-", " ")
        else:
            relative = place(move.relative_to)
        way = "away from" if move.direction == "away" else "toward"
        spaces = f"{move.spaces} space{'s' if move.spaces != 1 else ''}"
        return f"move the {move.token} token {spaces} {way} {relative}"
    if isinstance(value, e.Spawn):
        spawn = value.spawn
        again = ", respawning at resets" if spawn.respawn else ""
        return f"spawn {number(spawn.count, hunters)} × {local_id(spawn.enemy)} on {place(spawn.at)}{again}"
    if isinstance(value, e.SpawnBoss):
        return f"spawn the boss {local_id(value.spawn_boss.boss)} on {place(value.spawn_boss.at)}"
    if isinstance(value, e.AddCounter):
        amount = number(value.add_counter.amount, hunters)
        return f"add {amount} to the {value.add_counter.counter} counter"
    if isinstance(value, e.SetCounter):
        return f"set the {value.set_counter.counter} counter to {number(value.set_counter.value, hunters)}"
    if isinstance(value, e.FogGates):
        return f"fog gates around {local_id(value.fog_gates)}"
    if isinstance(value, e.RemoveFogGates):
        return f"remove the fog gates around {local_id(value.remove_fog_gates)}"
    if isinstance(value, e.AdvanceHuntTrack):
        return f"advance the Hunt Track {value.advance_hunt_track}"
    if isinstance(value, e.NarrativeEffect):
        return f"{text_in(value.narrative)} (not simulated)"
    return describe(value)


def goal_line(goal: BaseModel, hunters: int, tags: Mapping[str, str] | None = None) -> str:
    """A goal and what meeting it does: `end a move on X → reveal card 5`."""
    met = condition(getattr(goal, "goal"), hunters, tags)  # noqa: B009 - Goal.goal
    then = ", ".join(effect(item, hunters) for item in getattr(goal, "then"))  # noqa: B009
    return f"{met} → {then}"


def modifier_text(value: BaseModel, hunters: int) -> str:
    """A change to enemies in words: `hunter-mob HP +1 while this card is in play.`"""
    if isinstance(value, e.ChangeHp):
        amount = number(value.change_hp.by, hunters)
        return f"{selector(value.change_hp.target)} HP {amount:+d} while this card is in play."
    if isinstance(value, e.ChangeAttack):
        params = value.change_attack
        parts = []
        if params.damage:
            parts.append(f"damage {params.damage:+d}")
        if params.speed:
            parts.append(f"speed {params.speed:+d}")
        change = ", ".join(parts) or "unchanged"
        return f"{selector(params.target)} attacks: {change} while this card is in play."
    if isinstance(value, e.MakeInvulnerable):
        guard = value.make_invulnerable
        until = clause(guard.until, hunters)
        return f"{selector(guard.target)} cannot suffer damage until {until}."
    return effect(value, hunters)


_RECIPIENTS = {"each-hunter": "each hunter", "one-hunter": "one hunter", "acting-hunter": "the acting hunter"}


def reward_text(effect: BaseModel, hunters: int, book: CampaignBook) -> str:
    """A reward in words: `2 Blood Echoes to each hunter`."""
    verb = str(getattr(type(effect), "verb", ""))
    params = getattr(effect, verb, None)
    to = _RECIPIENTS.get(str(getattr(params, "to", "")), "")
    if isinstance(effect, e.BloodEchoes | e.DrawConsumables | e.Upgrades):
        amount = number(_effect_amount(effect), hunters)
        what = {
            "blood_echoes": "Blood Echo",
            "draw_consumables": "consumable card",
            "upgrades": "upgrade",
        }[verb]
        plural = {"Blood Echo": "Blood Echoes"}.get(what, what + "s")
        return f"{amount} {what if amount == 1 else plural} to {to}"
    card = getattr(params, "card", None)
    if isinstance(card, str):
        what = {"gain_consumable": "consumable", "gain_reward": "reward card", "gain_firearm": "firearm"}.get(
            verb, "card"
        )
        return f"the {what} {book.name_of(card)} to {to}"
    return verb.replace("_", " ")


def _effect_amount(effect: e.BloodEchoes | e.DrawConsumables | e.Upgrades) -> Any:
    if isinstance(effect, e.BloodEchoes):
        return effect.blood_echoes.amount
    if isinstance(effect, e.DrawConsumables):
        return effect.draw_consumables.amount
    return effect.upgrades.amount
