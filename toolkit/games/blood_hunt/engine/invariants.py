"""Invariants every Blood Hunt state must keep; the random-playout test and the benchmark check them.

Every card is in exactly one place, every token is in exactly one place, and holder slots agree with
the districts: a closed district's slots are empty, an open district's slots hold a card while the
deck lasts, and only a card can be face up.
"""

from __future__ import annotations

from collections import Counter

from toolkit.games.blood_hunt.engine.constants import NO_CARD, OVER, SETUP
from toolkit.games.blood_hunt.engine.state import BloodHuntState


def violations(state: BloodHuntState) -> list[str]:
    """Every broken invariant of ``state``, as readable sentences (empty when all hold)."""
    return [*_card_violations(state), *_token_violations(state), *_holder_violations(state)]


def _card_violations(state: BloodHuntState) -> list[str]:
    places: Counter[int] = Counter()
    places.update(state.deck_pool)
    places.update(card for card, _ in state.deck_bottom)
    for holder in state.holders:
        places.update(card for card in holder if card != NO_CARD)
    for pile in state.discards:
        places.update(pile)
    places.update(state.closed_pile)
    places.update(card for card in (state.drawn, state.effect_card) if card != NO_CARD)
    problems = [f"card {state.card_label(c)} is in {n} places" for c, n in places.items() if n > 1]
    missing = set(range(len(state.rules.cards))) - set(places)
    problems.extend(f"card {state.card_label(c)} is nowhere" for c in sorted(missing))
    return problems


def _token_violations(state: BloodHuntState) -> list[str]:
    rules = state.rules
    held = [0] * len(rules.citizens)
    for kind, count in enumerate(state.bag):
        held[kind] += count
    for district in state.tokens:
        for token in district:
            held[token // 2] += 1
    for counts in state.collected:
        for token, count in enumerate(counts):
            held[token // 2] += count
    if state.pending_token >= 0:
        held[state.pending_token // 2] += 1
    return [
        f"{kind.name}: {held[k]} tokens accounted for, {kind.count} exist"
        for k, kind in enumerate(rules.citizens)
        if held[k] != kind.count or state.bag[k] < 0
    ]


def _holder_violations(state: BloodHuntState) -> list[str]:
    problems: list[str] = []
    deck_left = bool(state.deck_pool or state.deck_bottom)
    dealing = any(what == "deal" for what, _, _ in state.queue)
    for seat, holder in enumerate(state.holders):
        for slot, card in enumerate(holder):
            name = state.district_name(slot)
            if card == NO_CARD and state.revealed[seat][slot]:
                problems.append(f"P{seat + 1}'s empty {name} slot is marked face up")
            if state.phase in (OVER, SETUP) or state.resolving == slot:
                continue
            if not state.open[slot] and card != NO_CARD:
                problems.append(f"P{seat + 1} holds a card for closed {name}")
            cycling = any(w == "cycle" and x == seat and y == slot for w, x, y in state.queue)
            if state.open[slot] and card == NO_CARD and deck_left and not dealing and not cycling:
                problems.append(f"P{seat + 1}'s {name} slot is empty while the district is open")
    return problems
