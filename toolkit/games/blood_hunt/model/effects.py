"""The card-effect vocabulary of Blood Hunt: one typed, single-key mapping per verb.

A card's ``effect`` is written as ``{verb: {arguments}}``, e.g. ``move_discard: {}``. The union of
verbs uses a callable discriminator that returns the single key, so an unknown verb is reported by
pydantic as ``union_tag_invalid`` naming the key the author wrote. :data:`EFFECT_VERBS` maps each verb
to its model; the reference site documents every verb from the model docstrings.
"""

from __future__ import annotations

from typing import Annotated

from pydantic import Discriminator, Field, Tag

from toolkit.core.model import ContentModel, single_key_verb


class NoArguments(ContentModel):
    """This verb takes no arguments: write it as `{}`."""


class TakeFirstPlayer(ContentModel):
    """The player takes the first-player token (it decides who starts the next round and wins
    ties between equal non-trump values). Nothing happens if they already hold it."""

    take_first_player: NoArguments
    """Arguments of the verb (none)."""


class ForceReveal(ContentModel):
    """The player picks an open district and one opponent; that opponent turns the card in that
    district's slot face up. The card stays in its slot. Only hidden cards may be picked."""

    force_reveal: NoArguments
    """Arguments of the verb (none)."""


class CycleCard(ContentModel):
    """The player puts one card of their holder face down at the bottom of the deck and fills that
    slot with the top card of the deck; the new card is hidden even if the old one was face up."""

    cycle_card: NoArguments
    """Arguments of the verb (none)."""


class SwapOwnCards(ContentModel):
    """The player exchanges the slots of two cards in their own holder; each card keeps its
    face-up or hidden state."""

    swap_own_cards: NoArguments
    """Arguments of the verb (none)."""


class TurnVampire(ContentModel):
    """The player turns one citizen token lying in a district to its vampire side. Vampires never
    count toward a set but score their vampire points at the end."""

    turn_vampire: NoArguments
    """Arguments of the verb (none)."""


class DrawCitizen(ContentModel):
    """The player draws a token from the bag, lays it citizen side up in an open district of their
    choice, then puts one token of that district (possibly the new one) back into the bag."""

    draw_citizen: NoArguments
    """Arguments of the verb (none)."""


class SwapCitizens(ContentModel):
    """The player exchanges one token of a district with one token of another district; both keep
    the side they show."""

    swap_citizens: NoArguments
    """Arguments of the verb (none)."""


class MoveDiscard(ContentModel):
    """The player moves one discarded card from an open district to another open district. If it
    becomes that district's closing card, the district closes and is resolved at once; the card
    whose effect this is has not been placed yet."""

    move_discard: NoArguments
    """Arguments of the verb (none)."""


class SwapWithOpponent(ContentModel):
    """The player exchanges their card in one district's slot with an opponent's card in the same
    district's slot; each card keeps its face-up or hidden state."""

    swap_with_opponent: NoArguments
    """Arguments of the verb (none)."""


class ChangeTrump(ContentModel):
    """The player makes another suit the trump. The trump must change."""

    change_trump: NoArguments
    """Arguments of the verb (none)."""


EFFECT_VERBS: dict[str, type[ContentModel]] = {
    "take_first_player": TakeFirstPlayer,
    "force_reveal": ForceReveal,
    "cycle_card": CycleCard,
    "swap_own_cards": SwapOwnCards,
    "turn_vampire": TurnVampire,
    "draw_citizen": DrawCitizen,
    "swap_citizens": SwapCitizens,
    "move_discard": MoveDiscard,
    "swap_with_opponent": SwapWithOpponent,
    "change_trump": ChangeTrump,
}
"""Every effect verb by its key, for the engine and the reference site."""

EFFECT_SUMMARIES: dict[str, str] = {
    "take_first_player": "take the first-player token",
    "force_reveal": "make an opponent turn up their card for an open district",
    "cycle_card": "put one of your cards under the deck and draw its replacement",
    "swap_own_cards": "swap two cards of your holder",
    "turn_vampire": "turn a citizen in any district to its vampire side",
    "draw_citizen": "add a citizen from the bag to an open district, then return one from it",
    "swap_citizens": "swap two tokens of different districts",
    "move_discard": "move a discard from one open district to another",
    "swap_with_opponent": "swap your card for a district with an opponent's card for it",
    "change_trump": "change the trump suit",
}
"""A line per verb for a player deciding whether to play a card (our words, not the rulebook's)."""


verb_of = single_key_verb
"""The discriminator of this vocabulary's verb union (shared by every game: `single_key_verb`)."""


Effect = Annotated[
    Annotated[TakeFirstPlayer, Tag("take_first_player")]
    | Annotated[ForceReveal, Tag("force_reveal")]
    | Annotated[CycleCard, Tag("cycle_card")]
    | Annotated[SwapOwnCards, Tag("swap_own_cards")]
    | Annotated[TurnVampire, Tag("turn_vampire")]
    | Annotated[DrawCitizen, Tag("draw_citizen")]
    | Annotated[SwapCitizens, Tag("swap_citizens")]
    | Annotated[MoveDiscard, Tag("move_discard")]
    | Annotated[SwapWithOpponent, Tag("swap_with_opponent")]
    | Annotated[ChangeTrump, Tag("change_trump")],
    Discriminator(verb_of),
    Field(description="A card effect: a mapping with exactly one verb key."),
]
"""A card effect: exactly one verb of :data:`EFFECT_VERBS`."""


def effect_verb(effect: ContentModel) -> str:
    """The verb key of a validated effect model."""
    verb = verb_of(effect)
    assert verb is not None
    return verb
