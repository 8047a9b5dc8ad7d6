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

CACHE_SIZE = 4096
"""Option strings kept per rules bundle (cleared when full: a blow names its enemy's uid, so new
strings come in every game)."""

LIST_CACHE_SIZE = 2048
"""Option lists kept per rules bundle (cleared when full; about 40 % of a heuristic team's action
lists were offered before, and each entry holds its strings)."""

FIRE, ATTACK, SPEND, OTHER = range(4)
"""Kinds of option."""


# Not frozen: these two are made for every new option string (a blow names its enemy's uid, so
# new ones come in every game), and a frozen dataclass's constructor costs several times more.
# They are kept and shared; nothing changes them.
@dataclass(slots=True)
class Blow:
    """An `attack <card> in slot <n> (<attack>) vs <enemy>#<uid>` option, read."""

    option: str
    card: str
    slot: int
    """The weapon slot, from 0."""
    uid: int
    """The enemy attacked."""
    where: tuple[str, int]
    """(card, slot): what :func:`form_blows` is keyed by."""


@dataclass(slots=True)
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
    """`attack …` options, in offer order."""

    def cheapest(self, word: str) -> str | None:
        """The option spending the least valuable card for ``word`` (among equals, the first in
        sorted order); None when the word is not on offer."""
        found = self.spends.get(word)
        return found[1] if found is not None else None


def read_options(g: Game, options: list[str]) -> Choices:
    """The :class:`Choices` of an option list. A list offered before is answered from the rules
    bundle's cache (do not change what it gives); else its strings are read one by one."""
    lists = g.rules.cache.get("bot-option-lists")
    if not isinstance(lists, dict):
        lists = g.rules.cache["bot-option-lists"] = {}
    key = tuple(options)
    found = lists.get(key)
    if found is not None:
        return found  # type: ignore[no-any-return]
    if len(lists) >= LIST_CACHE_SIZE:
        lists.clear()
    found = lists[key] = _read_list(g, options)
    return found


def _read_list(g: Game, options: list[str]) -> Choices:
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
            assert facts.blow is not None
            blows.append(facts.blow)
        elif kind == FIRE and fire is None:
            fire = option
    return Choices(fire, spends, blows)


def _remember(g: Game, known: dict[str, OptionFacts], option: str) -> OptionFacts:
    """Read an option string not read before, and keep what was read."""
    if len(known) >= CACHE_SIZE:
        known.clear()
    if option.startswith("fire "):
        facts = OptionFacts(FIRE)
    elif option.startswith("attack "):
        # A blow's enemy is new in every game, its card and slot are not: those are kept apart.
        body = option.partition(" vs ")[0]
        card, slot = parse_slot_option(body)  # memoised per string there
        blow = Blow(option, card, slot, int(option.rsplit("#", 1)[1]), (card, slot))
        facts = OptionFacts(ATTACK, blow=blow)
    else:
        word, bracket, rest = option.partition(" [")
        card = rest.rstrip("]")
        if bracket and card in g.rules.stat_cards:
            # `<word> [<card>]`: the card is what follows the first bracket, closing one dropped.
            facts = OptionFacts(SPEND, word, (card_value(g, card), option))
        else:
            facts = OptionFacts(OTHER)
    known[option] = facts
    return facts


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


def form_blows(g: Game, index: int) -> dict[tuple[str, int], BlowFacts]:
    """The :class:`BlowFacts` worked out so far for hunter ``index``'s weapon form, by (card,
    slot); kept per rules bundle by weapon and side (do not change it: :func:`blow_facts` fills
    it)."""
    hunter = g.hunter(index)
    key = (hunter.weapon, hunter.form == "b")
    cache = g.rules.cache.get("bot-blows")
    if not isinstance(cache, dict):
        cache = g.rules.cache["bot-blows"] = {}
    if key in cache:
        return cache[key]  # type: ignore[no-any-return]
    found: dict[tuple[str, int], BlowFacts] = {}
    cache[key] = found
    return found


def blow_facts(g: Game, index: int, card: str, slot: int) -> BlowFacts:
    """The :class:`BlowFacts` of ``card`` in ``slot`` of hunter ``index``'s weapon form."""
    table = form_blows(g, index)
    known = table.get((card, slot))
    if known is not None:
        return known
    hunter = g.hunter(index)
    forms = g.rules.weapons[hunter.weapon].forms
    attack = (forms.b if hunter.form == "b" else forms.a).attacks[slot]
    facts = card_facts(g, card)
    effects = facts.effects
    damage = attack.damage + sum(e.damage for e in effects if isinstance(e, fx.DamageModifier))
    speed = SPEED_RANK[attack.speed] + sum(e.speed for e in effects if isinstance(e, fx.SpeedModifier))
    stagger = any(isinstance(e, fx.Stagger) for e in effects)
    found = table[(card, slot)] = BlowFacts(damage, speed, stagger, facts.value)
    return found
