"""Short English descriptions of conditions, triggers and effects, for the table and explanations."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from pydantic import BaseModel

from toolkit.core.expressions import Scaling
from toolkit.core.model import Text, text_in
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


class Words:
    """How the wording names what it mentions. These plain words are the companion's: ids, and
    numbers for the table's hunter count. The reference site passes words of its own that name
    components by their names and link cards to their pages (``toolkit.publish.prose``)."""

    def count(self, value: Scaling, hunters: int) -> str:
        return str(number(value, hunters))

    def signed(self, value: Scaling, hunters: int) -> str:
        return f"{number(value, hunters):+d}"

    def card(self, card: int) -> str:
        return f"card {card}"

    def insight(self, card: int) -> str:
        return f"insight card {card}"

    def component(self, reference: str, kind: str) -> str:
        """An enemy, boss, tile or card named by ``reference`` (of ``kind``)."""
        return local_id(reference)

    def the_component(self, reference: str, kind: str) -> str:
        return the(self.component(reference, kind))

    def text(self, value: Text) -> str:
        return text_in(value)

    def token(self, name: str, label: Text | None) -> str:
        """A named token a card places: its name (the companion's), or the label it is given."""
        return name


PLAIN = Words()


def place(value: object, words: Words = PLAIN) -> str:
    if isinstance(value, TilePlace):
        return words.component(value.tile, "tile")
    if isinstance(value, SpacePlace):
        if value.space_id:
            return f"{words.component(value.space, 'tile')} ({value.space_id})"
        return f"{words.the_component(value.space, 'tile')} space"
    if isinstance(value, SlotPlace):
        return f"enemy slot {value.enemy_slot} of {words.component(value.tile, 'tile')}"
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


def clause(value: BaseModel, hunters: int, words: Words = PLAIN) -> str:
    """A condition as a statement, after `if` or `until` or before `?`: `the hunters hold insight
    card 31`, where :func:`condition` says what to do (`hold insight card 31`)."""
    if isinstance(value, c.EndMoveOn):
        return f"a hunter ends a move on {place(value.end_move_on, words)}"
    if isinstance(value, c.CollectedInsight):
        return f"the hunters have collected {words.count(value.collected_insight, hunters)} insight"
    if isinstance(value, c.HoldsInsight):
        return f"the hunters hold {words.insight(value.holds_insight)}"
    if isinstance(value, c.Slay):
        target = value.slay
        count = (
            words.count(target.count, hunters) if isinstance(target, c.SlayEnemies | c.SlayTagged) else "1"
        )
        who = selector(target, words=words)
        return f"{count} × {who} are slain" if count != "1" else f"{who} is slain"
    if isinstance(value, c.Interact):
        return f"a hunter interacts with {the(value.interact)} token"
    if isinstance(value, c.Escort):
        return f"{the(value.escort.token)} token is brought to {place(value.escort.to, words)}"
    if isinstance(value, c.TilesRevealed):
        amount = value.tiles_revealed
        return (
            "every tile is revealed"
            if amount == "all"
            else f"{words.count(amount, hunters)} tiles are revealed"
        )
    if isinstance(value, c.AllOf):
        return " and ".join(clause(item, hunters, words) for item in value.all)
    if isinstance(value, c.AnyOf):
        return " or ".join(clause(item, hunters, words) for item in value.any)
    if isinstance(value, c.Not):
        return f"not ({clause(value.not_, hunters, words)})"
    return condition(value, hunters, words=words)


def selector(value: object, tags: Mapping[str, str] | None = None, words: Words = PLAIN) -> str:
    """`hunter-mob`, or a tag with its enemy's name when ``tags`` knows it: `The Hair-Rope Warden
    (bell-warden)`, so the table knows whom a goal on a tag is waiting for."""
    for key in ("tag", "boss", "enemy"):
        found = getattr(value, key, None)
        if isinstance(found, str):
            if key != "tag":
                return words.component(found, key)
            name = local_id(found)
            if tags and name in tags:
                return f"{tags[name]} ({name})"
            return name
    return str(value)


def condition(
    value: BaseModel, hunters: int, tags: Mapping[str, str] | None = None, words: Words = PLAIN
) -> str:
    """`end a move on central-lamp and hold 2 insight`; ``tags`` names the enemies of tagged goals."""
    if isinstance(value, c.EndMoveOn):
        return f"end a move on {place(value.end_move_on, words)}"
    if isinstance(value, c.CollectedInsight):
        return f"collect {words.count(value.collected_insight, hunters)} insight"
    if isinstance(value, c.HoldsInsight):
        return f"hold {words.insight(value.holds_insight)}"
    if isinstance(value, c.Slay):
        target = value.slay
        count = (
            words.count(target.count, hunters) if isinstance(target, c.SlayEnemies | c.SlayTagged) else "1"
        )
        who = selector(target, tags, words)
        return f"slay {count} × {who}" if count != "1" else f"slay {who}"
    if isinstance(value, c.Interact):
        return f"interact with {the(value.interact)} token"
    if isinstance(value, c.Escort):
        return f"bring {the(value.escort.token)} token to {place(value.escort.to, words)}"
    if isinstance(value, c.CounterAtLeast):
        return f"{value.counter.counter} reaches {words.count(value.counter.at_least, hunters)}"
    if isinstance(value, c.HuntTrackReaches):
        return f"the Hunt Track reaches {value.hunt_track_reaches}"
    if isinstance(value, c.TilesRevealed):
        amount = value.tiles_revealed
        return "reveal every tile" if amount == "all" else f"reveal {words.count(amount, hunters)} tiles"
    if isinstance(value, c.AllOf):
        return " and ".join(condition(item, hunters, tags, words) for item in value.all)
    if isinstance(value, c.AnyOf):
        return " or ".join(condition(item, hunters, tags, words) for item in value.any)
    if isinstance(value, c.Not):
        return f"not ({condition(value.not_, hunters, tags, words)})"
    if isinstance(value, c.NarrativeCondition):
        return f"{words.text(value.narrative)} (not simulated)"
    return describe(value)


def trigger(value: BaseModel, words: Words = PLAIN) -> str:
    """`a hunter ends a move on oedon-chapel`."""
    if isinstance(value, t.StartOfHunt):
        return "start of the hunt"
    if isinstance(value, t.EndMoveOnTrigger):
        return f"a hunter ends a move on {place(value.end_move_on, words)}"
    if isinstance(value, t.TileRevealed):
        return f"{words.the_component(value.tile_revealed, 'tile')} tile is revealed"
    if isinstance(value, t.EnemySlainTrigger):
        return f"{selector(value.enemy_slain, words=words)} is slain"
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


def effect(value: BaseModel, hunters: int, words: Words = PLAIN) -> str:
    """`reveal card 5`, `complete the mission (insight card 21)`."""
    if isinstance(value, e.Reveal):
        return f"reveal {words.card(value.reveal)}"
    if isinstance(value, e.CompleteMission):
        insight = value.complete_mission.insight
        return "complete the mission" + (f" ({words.insight(insight)})" if insight else "")
    if isinstance(value, e.CompleteHunt):
        return "complete the hunt"
    if isinstance(value, e.Choose):
        return f"choose: {words.text(value.choose.prompt)}"
    if isinstance(value, e.Branch):
        return f"if {clause(value.branch.condition, hunters, words)} … else …"
    if isinstance(value, e.PlaceToken):
        token = value.place_token
        count = words.count(token.count, hunters)
        name = words.token(token.token, token.label)
        return f"place {count} {token.type} token ({name}) on {place(token.at, words)}"
    if isinstance(value, e.MoveToken):
        move = value.move_token
        if isinstance(move.relative_to, str):
            relative = "the " + move.relative_to.replace("-", " ")
        else:
            relative = place(move.relative_to, words)
        way = "away from" if move.direction == "away" else "toward"
        spaces = f"{move.spaces} space{'s' if move.spaces != 1 else ''}"
        return f"move the {move.token} token {spaces} {way} {relative}"
    if isinstance(value, e.Spawn):
        spawn = value.spawn
        again = ", respawning at resets" if spawn.respawn else ""
        count = words.count(spawn.count, hunters)
        return f"spawn {count} × {words.component(spawn.enemy, 'enemy')} on {place(spawn.at, words)}{again}"
    if isinstance(value, e.SpawnBoss):
        boss = words.component(value.spawn_boss.boss, "boss")
        return f"spawn the boss {boss} on {place(value.spawn_boss.at, words)}"
    if isinstance(value, e.AddCounter):
        amount = words.count(value.add_counter.amount, hunters)
        return f"add {amount} to the {value.add_counter.counter} counter"
    if isinstance(value, e.SetCounter):
        amount = words.count(value.set_counter.value, hunters)
        return f"set the {value.set_counter.counter} counter to {amount}"
    if isinstance(value, e.FogGates):
        return f"fog gates around {words.component(value.fog_gates, 'tile')}"
    if isinstance(value, e.RemoveFogGates):
        return f"remove the fog gates around {words.component(value.remove_fog_gates, 'tile')}"
    if isinstance(value, e.AdvanceHuntTrack):
        return f"advance the Hunt Track {value.advance_hunt_track}"
    if isinstance(value, e.NarrativeEffect):
        return f"{words.text(value.narrative)} (not simulated)"
    return describe(value)


def goal_line(
    goal: BaseModel, hunters: int, tags: Mapping[str, str] | None = None, words: Words = PLAIN
) -> str:
    """A goal and what meeting it does: `end a move on X → reveal card 5`."""
    met = condition(getattr(goal, "goal"), hunters, tags, words)  # noqa: B009 - Goal.goal
    then = ", ".join(effect(item, hunters, words) for item in getattr(goal, "then"))  # noqa: B009
    return f"{met} → {then}"


def modifier_text(value: BaseModel, hunters: int, words: Words = PLAIN) -> str:
    """A change to enemies in words: `hunter-mob HP +1 while this card is in play.`"""
    if isinstance(value, e.ChangeHp):
        amount = words.signed(value.change_hp.by, hunters)
        return f"{selector(value.change_hp.target, words=words)} HP {amount} while this card is in play."
    if isinstance(value, e.ChangeAttack):
        params = value.change_attack
        parts = []
        if params.damage:
            parts.append(f"damage {params.damage:+d}")
        if params.speed:
            parts.append(f"speed {params.speed:+d}")
        change = ", ".join(parts) or "unchanged"
        return f"{selector(params.target, words=words)} attacks: {change} while this card is in play."
    if isinstance(value, e.MakeInvulnerable):
        guard = value.make_invulnerable
        until = clause(guard.until, hunters, words)
        return f"{selector(guard.target, words=words)} cannot suffer damage until {until}."
    return effect(value, hunters, words)


_RECIPIENTS = {"each-hunter": "each hunter", "one-hunter": "one hunter", "acting-hunter": "the acting hunter"}
_REWARD_KINDS = {"gain_consumable": "consumable", "gain_reward": "reward", "gain_firearm": "firearm"}


def reward_text(
    effect: BaseModel, hunters: int, book: CampaignBook | None, words: Words | None = None
) -> str:
    """A reward in words: `2 Blood Echoes to each hunter`; cards by the book's names unless
    ``words`` names them."""
    verb = str(getattr(type(effect), "verb", ""))
    params = getattr(effect, verb, None)
    to = _RECIPIENTS.get(str(getattr(params, "to", "")), "")
    if isinstance(effect, e.BloodEchoes | e.DrawConsumables | e.Upgrades):
        amount = (words or PLAIN).count(_effect_amount(effect), hunters)
        what = {
            "blood_echoes": "Blood Echo",
            "draw_consumables": "consumable card",
            "upgrades": "upgrade",
        }[verb]
        plural = {"Blood Echo": "Blood Echoes"}.get(what, what + "s")
        return f"{amount} {what if amount == '1' else plural} to {to}"
    card = getattr(params, "card", None)
    if isinstance(card, str):
        what = {"gain_reward": "reward card"}.get(verb, _REWARD_KINDS.get(verb, "card"))
        if words is not None:
            name = words.component(card, _REWARD_KINDS.get(verb, "card"))
        else:
            name = book.name_of(card) if book is not None else local_id(card)
        return f"the {what} {name} to {to}"
    return verb.replace("_", " ")


def _effect_amount(effect: e.BloodEchoes | e.DrawConsumables | e.Upgrades) -> Any:
    if isinstance(effect, e.BloodEchoes):
        return effect.blood_echoes.amount
    if isinstance(effect, e.DrawConsumables):
        return effect.draw_consumables.amount
    return effect.upgrades.amount
