"""What the heuristic team reads of a stat card, once per rules bundle."""

from __future__ import annotations

from dataclasses import dataclass

from toolkit.games.board.engine.core import Game
from toolkit.games.board.model import effects as fx


@dataclass(slots=True, frozen=True)
class CardFacts:
    """What the team reads of a stat card, worked out once per rules bundle."""

    effects: list[fx.BasicEffect]
    value: int
    """How much the card is worth keeping (:func:`card_value`)."""
    upgrade: float
    """How much the card is worth taking as an upgrade (:func:`upgrade_value`)."""
    dodge: bool


def card_facts(g: Game, card: str) -> CardFacts:
    """A stat card's :class:`CardFacts`, kept in the rules bundle's cache (the bots ask about the
    same dozen cards tens of thousands of times a run)."""
    known = known_cards(g)
    if card in known:
        return known[card]
    facts = known[card] = _card_facts(g, card)
    return facts


def known_cards(g: Game) -> dict[str, CardFacts]:
    """The :class:`CardFacts` worked out so far in this rules bundle, by card (a loop over a hand
    looks here first and calls :func:`card_facts` only for a card not in it)."""
    known = g.rules.cache.get("bot-card-facts")
    if not isinstance(known, dict):
        known = g.rules.cache["bot-card-facts"] = {}
    return known


def _card_facts(g: Game, card: str) -> CardFacts:
    effects = [e for _, e in g.tables.flat(g.rules.stat_cards[card].effects)]
    # Keeping: dodge cards most, then damage and stagger, then the rest.
    value = 1
    if any(isinstance(e, fx.Dodge) for e in effects):
        value += 3
    if any(isinstance(e, fx.DamageModifier | fx.Stagger) for e in effects):
        value += 2
    value += 1 if g.rules.stat_cards[card].tier == "upgrade" else 0
    # Taking: damage and stagger win fights, a dodge saves a blow.
    upgrade = 0.0
    for effect in effects:
        if isinstance(effect, fx.DamageModifier):
            upgrade += 1.5 * effect.damage
        elif isinstance(effect, fx.Stagger):
            upgrade += 1.5
        elif isinstance(effect, fx.Dodge):
            upgrade += 2
        elif isinstance(effect, fx.SpeedModifier):
            upgrade += 0.5 * effect.speed
        else:
            upgrade += 0.5
    return CardFacts(effects, value, upgrade, any(isinstance(e, fx.Dodge) for e in effects))


def card_effects(g: Game, card: str) -> list[fx.BasicEffect]:
    """A stat card's effects, flattened once per rules bundle."""
    return card_facts(g, card).effects


def card_value(g: Game, card: str) -> int:
    """How much a card is worth keeping: dodge cards most, then damage and stagger, then the rest."""
    return card_facts(g, card).value


def upgrade_value(g: Game, card: str) -> float:
    """How much an upgrade is worth taking: damage and stagger win fights, a dodge saves a blow."""
    return card_facts(g, card).upgrade


def is_dodge(g: Game, card: str) -> bool:
    """Whether a stat card can dodge an enemy attack."""
    return card_facts(g, card).dodge
