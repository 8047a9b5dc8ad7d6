"""An action decision's option strings read once: the blows on offer, the firearm shots, and the
cheapest card to spend on each action word; plus what a blow is worth, per weapon form and card.

Both are kept per rules bundle: a turn offers the same option list again and again (the same hand
on the same space), and the bots would otherwise split and compare every string at every look."""

from __future__ import annotations

from dataclasses import dataclass, field

from toolkit.games.board.bots.cards import card_facts, card_value
from toolkit.games.board.engine.combat import parse_slot_option
from toolkit.games.board.engine.core import Game
from toolkit.games.board.model import effects as fx
from toolkit.games.board.model.combat import SPEED_RANK

CACHE_SIZE = 4096
"""Option lists (and blows) kept per rules bundle (cleared when full)."""


@dataclass(slots=True, frozen=True)
class Blow:
    """An `attack <card> in slot <n> (<attack>) vs <enemy>#<uid>` option, read."""

    option: str
    card: str
    slot: int
    """The weapon slot, from 0."""
    uid: int
    """The enemy attacked."""


@dataclass(slots=True)
class Choices:
    """One option list, read."""

    fires: list[str]
    """`fire …` options, in offer order."""
    attacks: list[Blow]
    """`attack …` options, in offer order."""
    spends: dict[str, list[tuple[str, str]]]
    """(card, option) of every `<word> [<card>]` option, by word, in offer order."""
    _cheapest: dict[str, str | None] = field(default_factory=dict)

    def cheapest(self, g: Game, word: str) -> str | None:
        """The option spending the least valuable card for ``word`` (ties: the first option in
        sorted order); None when the word is not on offer."""
        if word in self._cheapest:
            return self._cheapest[word]
        best: str | None = None
        best_key: tuple[int, str] | None = None
        for card, option in self.spends.get(word, ()):
            key = (card_value(g, card), option)
            if best_key is None or key < best_key:
                best, best_key = option, key
        self._cheapest[word] = best
        return best


def choices(g: Game, options: list[str]) -> Choices:
    """The :class:`Choices` of an option list (kept per rules bundle; do not change them)."""
    cache = g.rules.cache.get("bot-choices")
    if not isinstance(cache, dict):
        cache = g.rules.cache["bot-choices"] = {}
    key = tuple(options)
    found = cache.get(key)
    if found is None:
        if len(cache) >= CACHE_SIZE:
            cache.clear()
        found = cache[key] = _read(options)
    return found


def _read(options: list[str]) -> Choices:
    fires: list[str] = []
    attacks: list[Blow] = []
    spends: dict[str, list[tuple[str, str]]] = {}
    for option in options:
        if option.startswith("fire "):
            fires.append(option)
        elif option.startswith("attack "):
            card, slot = parse_slot_option(option.split(" vs ")[0])
            attacks.append(Blow(option, card, slot, int(option.rsplit("#", 1)[1])))
        word, bracket, rest = option.partition(" [")
        if bracket:
            # `<word> [<card>]`: the card is what follows the first bracket, closing one dropped.
            spends.setdefault(word, []).append((rest.rstrip("]"), option))
    return Choices(fires, attacks, spends)


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
