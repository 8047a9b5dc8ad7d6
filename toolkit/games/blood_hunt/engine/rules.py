"""The rules of one Blood Hunt set-up, compiled from validated content models into plain tuples.

The engine reads only this object, so every number it uses comes from content. Citizen tokens are
small integers: ``kind_index * 2`` for the citizen side and ``kind_index * 2 + 1`` for the vampire.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from toolkit.core.model import text_in
from toolkit.games.blood_hunt.model.documents import BhCitizen, BhDeck, BhDistrict, BhSetup
from toolkit.games.blood_hunt.model.effects import effect_verb


class RulesError(ValueError):
    """The content cannot be compiled into rules (checks report the same problems as diagnostics)."""


@dataclass(frozen=True, slots=True)
class Card:
    """One physical card."""

    index: int
    suit: int
    value: int
    verb: str | None
    label: str
    """``crimson 7``: how transcripts and observations name the card."""


@dataclass(frozen=True, slots=True)
class CitizenKind:
    """One kind of double-sided citizen token."""

    id: str
    name: str
    count: int
    points: int
    vampire_points: int
    instant_win: int | None
    """Tokens of this kind, citizen side up, that win at once; ``None`` when no such set."""


@dataclass(frozen=True, slots=True)
class Rules:
    """Everything the engine needs to play one set-up."""

    setup_id: str
    suits: tuple[str, ...]
    suit_names: tuple[str, ...]
    cards: tuple[Card, ...]
    citizens: tuple[CitizenKind, ...]
    districts: tuple[str, ...]
    district_names: tuple[str, ...]
    tokens_by_players: Mapping[int, tuple[int, ...]]
    """Tokens drawn into each district (slot order) at set-up and refill, by player count."""
    players: tuple[int, ...]
    rounds: int
    cards_to_close: int
    open_districts_to_end_round: int
    final_ties: str
    card_values: tuple[int, ...] = ()
    """``cards[i].value`` as a flat tuple: the engine's hot paths index it."""
    card_suits: tuple[int, ...] = ()
    token_points_table: tuple[int, ...] = ()
    """Points of every token number (citizen and vampire sides)."""

    @property
    def token_types(self) -> int:
        return 2 * len(self.citizens)

    def token_label(self, token: int) -> str:
        kind = self.citizens[token // 2]
        return f"vampire ({kind.name})" if token % 2 else kind.name

    def token_points(self, token: int) -> int:
        return self.token_points_table[token]

    def tokens_for(self, players: int) -> tuple[int, ...]:
        if players not in self.tokens_by_players:
            supported = ", ".join(str(p) for p in self.players)
            raise RulesError(f"this set-up supports {supported} players, not {players}")
        return self.tokens_by_players[players]


def compile_rules(
    setup: BhSetup,
    deck: BhDeck,
    citizens: list[BhCitizen],
    districts: Mapping[str, BhDistrict],
) -> Rules:
    """Compile validated models into :class:`Rules`; raises :class:`RulesError` on inconsistency."""
    suit_ids = tuple(s.id for s in deck.suits)
    cards: list[Card] = []
    seen: set[tuple[int, int]] = set()
    for line in deck.cards:
        for suit_id in line.suits or suit_ids:
            if suit_id not in suit_ids:
                raise RulesError(f"card {line.value} names unknown suit {suit_id!r}")
            suit = suit_ids.index(suit_id)
            if (suit, line.value) in seen:
                raise RulesError(f"{suit_id} {line.value} is listed twice")
            seen.add((suit, line.value))
            verb = effect_verb(line.effect) if line.effect is not None else None
            cards.append(Card(len(cards), suit, line.value, verb, f"{suit_id} {line.value}"))
    sets = {win.citizen.split(":")[-1]: win.count for win in setup.instant_wins}
    kinds = tuple(
        CitizenKind(c.id, text_in(c.name), c.count, c.points, c.vampire_points, sets.get(c.id))
        for c in citizens
    )
    district_ids = tuple(d.district.split(":")[-1] for d in setup.districts)
    missing = [d for d in district_ids if d not in districts]
    if missing:
        raise RulesError(f"unknown districts: {', '.join(missing)}")
    table: dict[int, tuple[int, ...]] = {}
    for players in setup.players:
        try:
            table[players] = tuple(d.tokens.evaluate(players=players) for d in setup.districts)
        except (KeyError, ZeroDivisionError) as error:
            raise RulesError(f"the token table has no value for {players} players") from error
    return Rules(
        setup_id=setup.id,
        suits=suit_ids,
        suit_names=tuple(text_in(s.name) for s in deck.suits),
        cards=tuple(cards),
        citizens=kinds,
        districts=district_ids,
        district_names=tuple(text_in(districts[d].name) for d in district_ids),
        tokens_by_players=table,
        players=tuple(setup.players),
        rounds=setup.rounds,
        cards_to_close=setup.cards_to_close,
        open_districts_to_end_round=setup.open_districts_to_end_round,
        final_ties=setup.final_ties,
        card_values=tuple(c.value for c in cards),
        card_suits=tuple(c.suit for c in cards),
        token_points_table=tuple(p for k in kinds for p in (k.points, k.vampire_points)),
    )
