"""Sampling a full state that agrees with everything one player has seen (a determinization).

The search bot plays many such samples: cards the player cannot see are dealt at random into the
places they could be (opponents' hidden slots, the deck, cards others put under the deck), and the
sample gets a fresh generator so it cannot foretell the real game's future draws.
"""

from __future__ import annotations

from toolkit.games.blood_hunt.engine.constants import NO_CARD
from toolkit.games.blood_hunt.engine.rng import SeededRandom
from toolkit.games.blood_hunt.engine.state import BloodHuntState


def determinize(state: BloodHuntState, player: int, rng: SeededRandom) -> BloodHuntState:
    """A copy of ``state`` with every card hidden from ``player`` re-dealt at random."""
    sample = state.clone()
    hidden_slots: list[tuple[int, int]] = [
        (seat, slot)
        for seat in range(state.n)
        if seat != player
        for slot, card in enumerate(state.holders[seat])
        if card != NO_CARD and not state.revealed[seat][slot]
    ]
    hidden_bottom = [i for i, (_, seat) in enumerate(state.deck_bottom) if seat != player]
    hidden_drawn = state.drawn != NO_CARD and state.turn_player != player
    unknown = [state.holders[seat][slot] for seat, slot in hidden_slots]
    unknown.extend(state.deck_bottom[i][0] for i in hidden_bottom)
    unknown.extend(state.deck_pool)
    if hidden_drawn:
        unknown.append(state.drawn)
    unknown.sort()
    rng.shuffle(unknown)
    position = 0
    for seat, slot in hidden_slots:
        sample.holders[seat][slot] = unknown[position]
        position += 1
    for i in hidden_bottom:
        sample.deck_bottom[i] = (unknown[position], state.deck_bottom[i][1])
        position += 1
    if hidden_drawn:
        sample.drawn = unknown[position]
        position += 1
    sample.deck_pool = unknown[position:]
    sample.rng = rng.below(1 << 62)
    return sample
