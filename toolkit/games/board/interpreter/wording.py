"""Short descriptions of conditions, triggers and effects, for the table and explanations: in
English, or in the language of :func:`toolkit.core.strings.catalogue.speaking`."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from pydantic import BaseModel

from toolkit.core.expressions import Scaling
from toolkit.core.model import Text, text_in
from toolkit.core.strings.catalogue import N_, _
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
        """A mission card's number, as the sentence around it ("reveal card {card}") shows it."""
        return str(card)

    def insight(self, card: int) -> str:
        """An insight card's number, as the sentence around it shows it."""
        return str(card)

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
        tile = words.component(value.space, "tile")
        if value.space_id:
            return f"{tile} ({value.space_id})"
        return _("{the_tile} space").format(the_tile=words.the_component(value.space, "tile"))
    if isinstance(value, SlotPlace):
        return _("enemy slot {slot} of {tile}").format(
            slot=value.enemy_slot, tile=words.component(value.tile, "tile")
        )
    if isinstance(value, TokenPlace):
        return _("{the_token} token's space").format(the_token=the(value.token))
    if isinstance(value, EventPlace):
        return _("that space")
    return str(value)


def the(name: str) -> str:
    """`the widow`, but `the-great-bridge` as it is: an id or name that begins with "the" gets no
    second one (the wording said "the the-great-bridge space")."""
    first = name.split("-", 1)[0].split(" ", 1)[0].lower()
    return name if first == "the" else _("the {name}").format(name=name)


def _slain_count(target: object, hunters: int, words: Words) -> str:
    """How many a Slay goal wants, as the sentence shows it: "1" for a named enemy or boss."""
    if isinstance(target, c.SlayEnemies | c.SlayTagged):
        return words.count(target.count, hunters)
    return "1"


def clause(value: BaseModel, hunters: int, words: Words = PLAIN) -> str:
    """A condition as a statement, after `if` or `until` or before `?`: `the hunters hold insight
    card 31`, where :func:`condition` says what to do (`hold insight card 31`)."""
    if isinstance(value, c.EndMoveOn):
        return _("a hunter ends a move on {place}").format(place=place(value.end_move_on, words))
    if isinstance(value, c.CollectedInsight):
        return _("the hunters have collected {count} insight").format(
            count=words.count(value.collected_insight, hunters)
        )
    if isinstance(value, c.HoldsInsight):
        return _("the hunters hold insight card {card}").format(card=words.insight(value.holds_insight))
    if isinstance(value, c.Slay):
        target = value.slay
        count = _slain_count(target, hunters, words)
        who = selector(target, words=words)
        if count != "1":
            return _("{count} × {who} are slain").format(count=count, who=who)
        return _("{who} is slain").format(who=who)
    if isinstance(value, c.Interact):
        return _("a hunter interacts with {the_token} token").format(the_token=the(value.interact))
    if isinstance(value, c.Escort):
        return _("{the_token} token is brought to {place}").format(
            the_token=the(value.escort.token), place=place(value.escort.to, words)
        )
    if isinstance(value, c.TilesRevealed):
        amount = value.tiles_revealed
        if amount == "all":
            return _("every tile is revealed")
        return _("{count} tiles are revealed").format(count=words.count(amount, hunters))
    if isinstance(value, c.AllOf):
        return _(" and ").join(clause(item, hunters, words) for item in value.all)
    if isinstance(value, c.AnyOf):
        return _(" or ").join(clause(item, hunters, words) for item in value.any)
    if isinstance(value, c.Not):
        return _("not ({condition})").format(condition=clause(value.not_, hunters, words))
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
        return _("end a move on {place}").format(place=place(value.end_move_on, words))
    if isinstance(value, c.CollectedInsight):
        return _("collect {count} insight").format(count=words.count(value.collected_insight, hunters))
    if isinstance(value, c.HoldsInsight):
        return _("hold insight card {card}").format(card=words.insight(value.holds_insight))
    if isinstance(value, c.Slay):
        target = value.slay
        count = _slain_count(target, hunters, words)
        who = selector(target, tags, words)
        if count != "1":
            return _("slay {count} × {who}").format(count=count, who=who)
        return _("slay {who}").format(who=who)
    if isinstance(value, c.Interact):
        return _("interact with {the_token} token").format(the_token=the(value.interact))
    if isinstance(value, c.Escort):
        return _("bring {the_token} token to {place}").format(
            the_token=the(value.escort.token), place=place(value.escort.to, words)
        )
    if isinstance(value, c.CounterAtLeast):
        return _("{counter} reaches {value}").format(
            counter=value.counter.counter, value=words.count(value.counter.at_least, hunters)
        )
    if isinstance(value, c.HuntTrackReaches):
        return _("the Hunt Track reaches {space}").format(space=value.hunt_track_reaches)
    if isinstance(value, c.TilesRevealed):
        amount = value.tiles_revealed
        if amount == "all":
            return _("reveal every tile")
        return _("reveal {count} tiles").format(count=words.count(amount, hunters))
    if isinstance(value, c.AllOf):
        return _(" and ").join(condition(item, hunters, tags, words) for item in value.all)
    if isinstance(value, c.AnyOf):
        return _(" or ").join(condition(item, hunters, tags, words) for item in value.any)
    if isinstance(value, c.Not):
        return _("not ({condition})").format(condition=condition(value.not_, hunters, tags, words))
    if isinstance(value, c.NarrativeCondition):
        return _("{text} (not simulated)").format(text=words.text(value.narrative))
    return describe(value)


def trigger(value: BaseModel, words: Words = PLAIN) -> str:
    """`a hunter ends a move on oedon-chapel`."""
    if isinstance(value, t.StartOfHunt):
        return _("start of the hunt")
    if isinstance(value, t.EndMoveOnTrigger):
        return _("a hunter ends a move on {place}").format(place=place(value.end_move_on, words))
    if isinstance(value, t.TileRevealed):
        return _("{the_tile} tile is revealed").format(
            the_tile=words.the_component(value.tile_revealed, "tile")
        )
    if isinstance(value, t.EnemySlainTrigger):
        return _("{who} is slain").format(who=selector(value.enemy_slain, words=words))
    if isinstance(value, t.InteractTrigger):
        return _("a hunter interacts with {the_token} token").format(the_token=the(value.interact))
    if isinstance(value, t.HuntTrackReachesTrigger):
        return _("the Hunt Track reaches {space}").format(space=value.hunt_track_reaches)
    if isinstance(value, t.InsightCollectedTrigger):
        return _("{count} insight collected").format(count=value.insight_collected)
    if isinstance(value, t.RoundEnd):
        return _("a round ends")
    if isinstance(value, t.RoundStart):
        return _("a round starts")
    if isinstance(value, t.MapReset):
        return _("the map resets")
    return describe(value)


RELATIVE_TO = {"nearest-hunter": N_("the nearest hunter"), "acting-hunter": N_("the acting hunter")}


def effect(value: BaseModel, hunters: int, words: Words = PLAIN) -> str:
    """`reveal card 5`, `complete the mission (insight card 21)`."""
    if isinstance(value, e.Reveal):
        return _("reveal card {card}").format(card=words.card(value.reveal))
    if isinstance(value, e.CompleteMission):
        insight = value.complete_mission.insight
        if insight:
            return _("complete the mission (insight card {card})").format(card=words.insight(insight))
        return _("complete the mission")
    if isinstance(value, e.CompleteHunt):
        return _("complete the hunt")
    if isinstance(value, e.Choose):
        return _("choose: {prompt}").format(prompt=words.text(value.choose.prompt))
    if isinstance(value, e.Branch):
        return _("if {condition} … else …").format(condition=clause(value.branch.condition, hunters, words))
    if isinstance(value, e.PlaceToken):
        token = value.place_token
        return _("place {count} {type} token ({token}) on {place}").format(
            count=words.count(token.count, hunters),
            type=_(token.type),
            token=words.token(token.token, token.label),
            place=place(token.at, words),
        )
    if isinstance(value, e.MoveToken):
        move = value.move_token
        if isinstance(move.relative_to, str):
            relative = (
                _(RELATIVE_TO[move.relative_to]) if move.relative_to in RELATIVE_TO else move.relative_to
            )
        else:
            relative = place(move.relative_to, words)
        spaces = _("1 space") if move.spaces == 1 else _("{count} spaces").format(count=move.spaces)
        if move.direction == "away":
            return _("move the {token} token {spaces} away from {relative}").format(
                token=move.token, spaces=spaces, relative=relative
            )
        return _("move the {token} token {spaces} toward {relative}").format(
            token=move.token, spaces=spaces, relative=relative
        )
    if isinstance(value, e.Spawn):
        spawn = value.spawn
        again = _(", respawning at resets") if spawn.respawn else ""
        return _("spawn {count} × {enemy} on {place}{again}").format(
            count=words.count(spawn.count, hunters),
            enemy=words.component(spawn.enemy, "enemy"),
            place=place(spawn.at, words),
            again=again,
        )
    if isinstance(value, e.SpawnBoss):
        return _("spawn the boss {boss} on {place}").format(
            boss=words.component(value.spawn_boss.boss, "boss"), place=place(value.spawn_boss.at, words)
        )
    if isinstance(value, e.AddCounter):
        amount = words.count(value.add_counter.amount, hunters)
        return _("add {amount} to the {counter} counter").format(
            amount=amount, counter=value.add_counter.counter
        )
    if isinstance(value, e.SetCounter):
        return _("set the {counter} counter to {value}").format(
            counter=value.set_counter.counter, value=words.count(value.set_counter.value, hunters)
        )
    if isinstance(value, e.FogGates):
        return _("fog gates around {tile}").format(tile=words.component(value.fog_gates, "tile"))
    if isinstance(value, e.RemoveFogGates):
        return _("remove the fog gates around {tile}").format(
            tile=words.component(value.remove_fog_gates, "tile")
        )
    if isinstance(value, e.AdvanceHuntTrack):
        return _("advance the Hunt Track {spaces}").format(spaces=value.advance_hunt_track)
    if isinstance(value, e.NarrativeEffect):
        return _("{text} (not simulated)").format(text=words.text(value.narrative))
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
        return _("{who} HP {amount} while this card is in play.").format(
            who=selector(value.change_hp.target, words=words),
            amount=words.signed(value.change_hp.by, hunters),
        )
    if isinstance(value, e.ChangeAttack):
        params = value.change_attack
        parts = []
        if params.damage:
            parts.append(_("damage {change}").format(change=f"{params.damage:+d}"))
        if params.speed:
            parts.append(_("speed {change}").format(change=f"{params.speed:+d}"))
        change = ", ".join(parts) or _("unchanged")
        return _("{who} attacks: {change} while this card is in play.").format(
            who=selector(params.target, words=words), change=change
        )
    if isinstance(value, e.MakeInvulnerable):
        guard = value.make_invulnerable
        until = clause(guard.until, hunters, words)
        return _("{who} cannot suffer damage until {condition}.").format(
            who=selector(guard.target, words=words), condition=until
        )
    return effect(value, hunters, words)


_RECIPIENTS = {
    "each-hunter": N_("each hunter"),
    "one-hunter": N_("one hunter"),
    "acting-hunter": N_("the acting hunter"),
}
"""Whom a reward goes to; always said after "to" (a translation gives the form that follows it)."""

# One message per thing and number rather than a word pasted into a sentence: another language
# inflects the thing by the number and the recipient by the preposition.
_AMOUNTS = {
    "blood_echoes": (N_("{amount} Blood Echo to {recipient}"), N_("{amount} Blood Echoes to {recipient}")),
    "draw_consumables": (
        N_("{amount} consumable card to {recipient}"),
        N_("{amount} consumable cards to {recipient}"),
    ),
    "upgrades": (N_("{amount} upgrade to {recipient}"), N_("{amount} upgrades to {recipient}")),
}
_NAMED = {
    "gain_consumable": N_("the consumable {name} to {recipient}"),
    "gain_reward": N_("the reward card {name} to {recipient}"),
    "gain_firearm": N_("the firearm {name} to {recipient}"),
}
_NAMED_CARD = N_("the card {name} to {recipient}")
_REWARD_KINDS = {"gain_consumable": "consumable", "gain_reward": "reward", "gain_firearm": "firearm"}
"""The component kind of each named reward (for the site's links to it)."""


def reward_text(
    effect: BaseModel, hunters: int, book: CampaignBook | None, words: Words | None = None
) -> str:
    """A reward in words: `2 Blood Echoes to each hunter`; cards by the book's names unless
    ``words`` names them."""
    verb = str(getattr(type(effect), "verb", ""))
    params = getattr(effect, verb, None)
    recipient = _RECIPIENTS.get(str(getattr(params, "to", "")))
    # _("") would be the catalogue's header, so an unknown recipient stays empty as before.
    to = _(recipient) if recipient else ""
    if isinstance(effect, e.BloodEchoes | e.DrawConsumables | e.Upgrades):
        amount = (words or PLAIN).count(_effect_amount(effect), hunters)
        one, many = _AMOUNTS[verb]
        # Chosen before `_`: an extractor would take a literal inside the call for the message.
        template = one if amount == "1" else many
        return _(template).format(amount=amount, recipient=to)
    card = getattr(params, "card", None)
    if isinstance(card, str):
        if words is not None:
            name = words.component(card, _REWARD_KINDS.get(verb, "card"))
        else:
            name = book.name_of(card) if book is not None else local_id(card)
        return _(_NAMED.get(verb, _NAMED_CARD)).format(name=name, recipient=to)
    return verb.replace("_", " ")


def _effect_amount(effect: e.BloodEchoes | e.DrawConsumables | e.Upgrades) -> Any:
    if isinstance(effect, e.BloodEchoes):
        return effect.blood_echoes.amount
    if isinstance(effect, e.DrawConsumables):
        return effect.draw_consumables.amount
    return effect.upgrades.amount
