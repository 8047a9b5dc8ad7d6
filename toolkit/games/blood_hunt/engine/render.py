"""Text pictures of a Blood Hunt state, for the terminal game and for debugging.

The table is drawn district by district: each line holds what lies at that district (discards and
tokens, or the face-up cards of a closed district) and every player's holder slot for it, so a
player reads their card for a district on that district's line.
"""

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
        if state.open[d] or state.resolving == d:
            status = "open" if state.open[d] else "resolving"
            discards = ", ".join(state.card_label(c) for c in state.discards[d]) or "-"
            tokens = ", ".join(sorted(rules.token_label(t) for t in state.tokens[d])) or "-"
            slots = " · ".join(_slot(state, seat, d, player) for seat in range(state.n))
            lines.append(f"  {name} [{status}] discards: {discards} | tokens: {tokens} | {slots}")
        else:
            cards = ", ".join(state.card_label(c) for c in state.closed[d]) or "-"
            lines.append(f"  {name} [closed] cards: {cards}")
    for seat in range(state.n):
        collected = ", ".join(
            f"{n}× {rules.token_label(t)}" for t, n in enumerate(state.collected[seat]) if n
        )
        you = " (you)" if seat == player else ""
        lines.append(f"  P{seat + 1}{you}: score {state.score(seat)} · tokens: {collected or '-'}")
    if state.drawn != NO_CARD and (player is None or player == state.turn_player):
        lines.append(f"  drawn: {state.card_label(state.drawn)}")
    if state.effect_card != NO_CARD:
        lines.append(f"  resolving: {state.card_label(state.effect_card)}")
    return "\n".join(lines)


def _slot(state: BloodHuntState, seat: int, district: int, viewer: int | None) -> str:
    """One holder slot as ``viewer`` sees it: the card, ``??`` when hidden, ``·`` when empty."""
    card = state.holders[seat][district]
    you = " (you)" if seat == viewer else ""
    if card == NO_CARD:
        shown = "·"
    elif viewer is None or seat == viewer or state.revealed[seat][district]:
        shown = state.card_label(card) + (" (face up)" if state.revealed[seat][district] else "")
    else:
        shown = "??"
    return f"P{seat + 1}{you}: {shown}"
