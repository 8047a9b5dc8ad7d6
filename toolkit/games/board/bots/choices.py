"""An action decision's option strings read for the heuristic team: the first firearm shot, the
blows on offer, and the cheapest card to spend on each action word; plus what a blow is worth,
per weapon form and card.

Each option string is read once per rules bundle (the same strings come back turn after turn:
the same card to spend, the same blow on the same enemy), so that reading a list is one pass of
lookups with no string splitting."""

from __future__ import annotations

from dataclasses import dataclass

from toolkit.games.board.bots.cards import card_facts, card_value
from toolkit.games.board.engine.combat import parse_slot_option
from toolkit.games.board.engine.core import Game
from toolkit.games.board.model import effects as fx
from toolkit.games.board.model.combat import SPEED_RANK

CACHE_SIZE = 16384
"""Option strings (and blows) kept per rules bundle (cleared when full)."""

FIRE, ATTACK, SPEND, OTHER = range(4)
"""Kinds of option."""


@dataclass(slots=True, frozen=True)
class Blow:
    """An `attack <card> in slot <n> (<attack>) vs <enemy>#<uid>` option, read."""

    option: str
    card: str
    slot: int
    """The weapon slot, from 0."""
    uid: int
    """The enemy attacked."""


@dataclass(slots=True, frozen=True)
class OptionFacts:
    """One option string, read."""

    kind: int
    """:data:`FIRE`, :data:`ATTACK`, :data:`SPEND` (`<word> [<card>]`) or :data:`OTHER`."""
    word: str = ""
    """The action word a card is spent on."""
    spend_key: tuple[int, str] = (0, "")
    """(worth of the card spent, option): the smallest is the cheapest spend."""
    blow: Blow | None = None


@dataclass(slots=True)
class Choices:
    """One option list, read."""

    fire: str | None
    """The first `fire …` option."""
    spends: dict[str, tuple[int, str]]
    """The cheapest :attr:`OptionFacts.spend_key` by action word."""
    attacks: list[Blow]
    """`attack …` options, in offer order (read only when asked for)."""

    def cheapest(self, word: str) -> str | None:
        """The option spending the least valuable card for ``word`` (among equals, the first in
        sorted order); None when the word is not on offer."""
        found = self.spends.get(word)
        return found[1] if found is not None else None


def read_options(g: Game, options: list[str], *, attacks: bool = True) -> Choices:
    """The :class:`Choices` of an option list; with ``attacks=False`` its blows are left out."""
    known = g.rules.cache.get("bot-options")
    if not isinstance(known, dict):
        known = g.rules.cache["bot-options"] = {}
    fire: str | None = None
    spends: dict[str, tuple[int, str]] = {}
    blows: list[Blow] = []
    for option in options:
        facts = known[option] if option in known else _remember(g, known, option)
        kind = facts.kind
        if kind == SPEND:
            word = facts.word
            if word not in spends or facts.spend_key < spends[word]:
                spends[word] = facts.spend_key
        elif kind == ATTACK:
            if attacks:
                assert facts.blow is not None
                blows.append(facts.blow)
        elif kind == FIRE and fire is None:
            fire = option
    return Choices(fire, spends, blows)


def _remember(g: Game, known: dict[str, OptionFacts], option: str) -> OptionFacts:
    if len(known) >= CACHE_SIZE:
        known.clear()
    facts = known[option] = _read(g, option)
    return facts


def _read(g: Game, option: str) -> OptionFacts:
    if option.startswith("fire "):
        return OptionFacts(FIRE)
    if option.startswith("attack "):
        card, slot = parse_slot_option(option.split(" vs ")[0])
        return OptionFacts(ATTACK, blow=Blow(option, card, slot, int(option.rsplit("#", 1)[1])))
    word, bracket, rest = option.partition(" [")
    if bracket and rest.rstrip("]") in g.rules.stat_cards:
        # `<word> [<card>]`: the card is what follows the first bracket, closing one dropped.
        return OptionFacts(SPEND, word, (card_value(g, rest.rstrip("]")), option))
    return OptionFacts(OTHER)


@dataclass(slots=True, frozen=True)
class BlowFacts:
    """What a card in a weapon slot strikes with."""

    damage: int
    """The slot's damage plus the card's damage modifiers."""
    speed: int
    """The slot's speed rank plus the card's speed modifiers."""
    stagger: bool
    value: int
    """How much the card is worth keeping."""


def blow_facts(g: Game, index: int, card: str, slot: int) -> BlowFacts:
    """The :class:`BlowFacts` of ``card`` in ``slot`` of hunter ``index``'s weapon form, kept per
    rules bundle by weapon, side, card and slot."""
    hunter = g.hunter(index)
    side_b = hunter.form == "b"
    key = (hunter.weapon, side_b, card, slot)
    cache = g.rules.cache.get("bot-blows")
    if not isinstance(cache, dict):
        cache = g.rules.cache["bot-blows"] = {}
    found = cache.get(key)
    if found is None:
        forms = g.rules.weapons[hunter.weapon].forms
        attack = (forms.b if side_b else forms.a).attacks[slot]
        facts = card_facts(g, card)
        effects = facts.effects
        damage = attack.damage + sum(e.damage for e in effects if isinstance(e, fx.DamageModifier))
        speed = SPEED_RANK[attack.speed] + sum(e.speed for e in effects if isinstance(e, fx.SpeedModifier))
        stagger = any(isinstance(e, fx.Stagger) for e in effects)
        if len(cache) >= CACHE_SIZE:
            cache.clear()
        found = cache[key] = BlowFacts(damage, speed, stagger, facts.value)
    return found
