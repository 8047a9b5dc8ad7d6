"""Text pictures of a Blood Hunt state, for the terminal game and for debugging."""

from __future__ import annotations

from typing import TYPE_CHECKING

from toolkit.games.blood_hunt.engine.constants import NO_CARD

if TYPE_CHECKING:
    from toolkit.games.blood_hunt.engine.state import BloodHuntState


def render_state(state: BloodHuntState, player: int | None) -> str:
    """The table as ``player`` sees it; ``None`` shows every card."""
    rules = state.rules
    lines = [
        f"Round {state.round}/{rules.rounds}"
        f" · trump {rules.suit_names[state.trump]} · first player P{state.first_player + 1}"
        f" · deck {len(state.deck_pool) + len(state.deck_bottom)}",
    ]
    for d, name in enumerate(rules.district_names):
        status = "open" if state.open[d] else "closed"
        discards = ", ".join(state.card_label(c) for c in state.discards[d]) or "-"
        tokens = ", ".join(sorted(rules.token_label(t) for t in state.tokens[d])) or "-"
        lines.append(f"  {name} [{status}] discards: {discards} | tokens: {tokens}")
    for seat in range(state.n):
        slots = []
        for d in range(len(rules.districts)):
            card = state.holders[seat][d]
            if card == NO_CARD:
                slots.append("·")
            elif player is None or seat == player or state.revealed[seat][d]:
                mark = "*" if state.revealed[seat][d] else ""
                slots.append(state.card_label(card) + mark)
            else:
                slots.append("??")
        collected = ", ".join(
            f"{n}× {rules.token_label(t)}" for t, n in enumerate(state.collected[seat]) if n
        )
        you = " (you)" if seat == player else ""
        lines.append(
            f"  P{seat + 1}{you}: [{' | '.join(slots)}] score {state.score(seat)} tokens: {collected or '-'}"
        )
    if state.drawn != NO_CARD and (player is None or player == state.turn_player):
        lines.append(f"  drawn: {state.card_label(state.drawn)}")
    if state.effect_card != NO_CARD:
        lines.append(f"  resolving: {state.card_label(state.effect_card)}")
    return "\n".join(lines)
