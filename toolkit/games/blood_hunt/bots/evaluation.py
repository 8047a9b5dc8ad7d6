"""A static evaluation of a Blood Hunt position, shared by the heuristic and the search bot.

``value(state, player, seer)`` estimates how well ``player`` stands: points already collected, progress
toward an instant-win set, and the tokens their cards are likely to take from the open districts.
``seer`` is whose knowledge is used: cards that seer cannot see count as an average unknown card, so
the heuristic bot never peeks; the search bot evaluates determinized states with ``seer=None``
(every card known, because it sampled them).
"""

from __future__ import annotations

import math
from bisect import bisect_right

from toolkit.games.blood_hunt.engine.constants import NO_CARD, OVER
from toolkit.games.blood_hunt.engine.state import BloodHuntState

SET_WEIGHT = 10.0
"""Points a set is worth on top of its tokens, scaled by how complete it is."""
WIN_VALUE = 1000.0


def token_value(state: BloodHuntState, player: int, token: int) -> float:
    """What one more ``token`` is worth to ``player``: its points plus set progress."""
    kind = state.rules.citizens[token // 2]
    points = float(kind.vampire_points if token % 2 else kind.points)
    if token % 2 or not kind.instant_win:
        return points
    have = state.collected[player][token]
    if have + 1 >= kind.instant_win:
        return WIN_VALUE / 10
    return points + SET_WEIGHT * ((have + 1) ** 2 - have**2) / kind.instant_win**2


def collected_value(state: BloodHuntState, player: int) -> float:
    """Points collected plus set progress (squared, so nearly finished sets weigh most)."""
    total = float(state.score(player))
    for kind_index, kind in enumerate(state.rules.citizens):
        if kind.instant_win:
            have = state.collected[player][2 * kind_index]
            total += SET_WEIGHT * (have / kind.instant_win) ** 2
    return total


def unknown_strengths(state: BloodHuntState, seer: int | None) -> list[int]:
    """Sorted strengths of the cards ``seer`` cannot see (empty when every card is known)."""
    if seer is None:
        return []
    seen = {c for c in state.holders[seer] if c != NO_CARD}
    for seat in range(state.n):
        for slot, card in enumerate(state.holders[seat]):
            if card != NO_CARD and state.revealed[seat][slot]:
                seen.add(card)
    for pile in state.discards:
        seen.update(pile)
    seen.update(state.closed_pile)
    if state.drawn != NO_CARD and state.turn_player == seer:
        seen.add(state.drawn)
    if state.effect_card != NO_CARD:
        seen.add(state.effect_card)
    return sorted(state.strength(c) for c in range(len(state.rules.cards)) if c not in seen)


def _beats_me(
    state: BloodHuntState, me: int, strength: float, district: int, seer: int | None, unknown: list[int]
) -> float:
    """Expected number of other players whose card for ``district`` beats ``strength``."""
    expected = 0.0
    for other in range(state.n):
        if other == me:
            continue
        card = state.holders[other][district]
        if card == NO_CARD:
            continue
        if seer is None or other == seer or state.revealed[other][district]:
            expected += 1.0 if state.strength(card) > strength else 0.0
        elif unknown:
            expected += 1.0 - bisect_right(unknown, strength) / len(unknown)
        else:
            expected += 0.5
    return expected


def prospects(state: BloodHuntState, player: int, seer: int | None, unknown: list[int]) -> float:
    """Expected value of the tokens ``player`` will take from districts still to resolve."""
    worth = [token_value(state, player, t) for t in range(state.rules.token_types)]
    total = 0.0
    close = state.rules.cards_to_close
    for district, is_open in enumerate(state.open):
        if state.resolving == district:
            total += state.picks.count(player) * _prize(state, worth, district)
            continue
        if not is_open or not state.tokens[district]:
            continue
        card = state.holders[player][district]
        if card == NO_CARD:
            strength: float = unknown[len(unknown) // 2] if unknown else 4.5
        elif seer is None or seer == player or state.revealed[player][district]:
            strength = state.strength(card)
        else:
            strength = unknown[len(unknown) // 2] if unknown else 4.5
        rank = _beats_me(state, player, strength, district, seer, unknown)
        share = max(0.0, min(1.0, len(state.tokens[district]) - rank))
        # A district close to closing is more certain: less time for effects to upset it.
        certainty = 0.5 + 0.5 * len(state.discards[district]) / close
        total += share * certainty * _prize(state, worth, district)
    return total


def _prize(state: BloodHuntState, worth: list[float], district: int) -> float:
    """The best token of ``district`` by the player's ``worth`` table (the first pick)."""
    tokens = state.tokens[district]
    return max(worth[t] for t in tokens) if tokens else 0.0


def value(state: BloodHuntState, player: int, seer: int | None) -> float:
    """How well ``player`` stands, as ``seer`` can judge it."""
    if state.phase == OVER:
        return WIN_VALUE * state.returns()[player]
    unknown = unknown_strengths(state, seer)
    return collected_value(state, player) + prospects(state, player, seer, unknown)


def advantage(state: BloodHuntState, player: int, seer: int | None) -> float:
    """``player``'s value minus the best opponent's."""
    if state.phase == OVER:
        return WIN_VALUE * (2 * state.returns()[player] - 1)
    unknown = unknown_strengths(state, seer)
    values = [collected_value(state, p) + prospects(state, p, seer, unknown) for p in range(state.n)]
    best_other = max(v for p, v in enumerate(values) if p != player)
    return values[player] - best_other


def win_estimate(state: BloodHuntState, player: int) -> float:
    """A 0..1 estimate that ``player`` wins, from a fully known (determinized) state."""
    if state.phase == OVER:
        return state.returns()[player]
    return 1.0 / (1.0 + math.exp(-advantage(state, player, None) / 8.0))


def win_estimates(state: BloodHuntState, seer: int | None = None) -> list[float]:
    """For every player, a 0..1 estimate of winning, as ``seer`` judges (``None``: all known)."""
    if state.phase == OVER:
        return state.returns()
    unknown = unknown_strengths(state, seer)
    values = [collected_value(state, p) + prospects(state, p, seer, unknown) for p in range(state.n)]
    estimates = []
    for player, mine in enumerate(values):
        best_other = max(v for p, v in enumerate(values) if p != player)
        estimates.append(1.0 / (1.0 + math.exp(-(mine - best_other) / 8.0)))
    return estimates
