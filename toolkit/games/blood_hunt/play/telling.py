"""What the terminal says about the table: a district's resolution step by step, and the effect of
each card beside the decision that would play it."""

from __future__ import annotations

from collections.abc import Iterator

from toolkit.games.blood_hunt.engine.actions import Op, decode
from toolkit.games.blood_hunt.engine.events import DistrictClosed, DistrictRevealed, Event, TokenTaken
from toolkit.games.blood_hunt.engine.state import BloodHuntState
from toolkit.games.blood_hunt.model.effects import EFFECT_SUMMARIES

ORDINALS = ("1st", "2nd", "3rd", "4th", "5th", "6th", "7th", "8th", "9th", "10th")


def card_with_effect(state: BloodHuntState, card: int) -> str:
    """``moon 3 (swap two cards of your holder)``: a card named with what discarding it does."""
    verb = state.rules.cards[card].verb
    effect = EFFECT_SUMMARIES.get(verb, verb) if verb else "no effect"
    return f"{state.card_label(card)} ({effect})"


def option_text(state: BloodHuntState, action: int) -> str:
    """An action as a menu shows it: keep-or-discard choices say which card's effect they trigger."""
    op, a, _, _, _ = decode(action)
    text = state.action_to_string(action)
    if op is Op.DISCARD_DRAWN:
        return f"{text}: {card_with_effect(state, state.drawn)}"
    if op is Op.SWAP_IN:
        return f"{text}, discarding {card_with_effect(state, state.holders[state.actor][a])}"
    return text


def tell_events(state: BloodHuntState, viewer: int) -> Iterator[str]:
    """Lines for the events recorded since the last call (the recorded list is emptied)."""
    events: list[Event] = state.events or []
    picks = 0
    for event in events:
        if isinstance(event, DistrictRevealed):
            picks = 0
            yield from _revealed(state, event, viewer)
        elif isinstance(event, TokenTaken):
            yield _taken(state, event, viewer, picks)
            picks += 1
        elif isinstance(event, DistrictClosed):
            yield from _closed(state, event)
    if state.events is not None:
        state.events.clear()


def _who(player: int, viewer: int) -> str:
    return f"P{player + 1}" + (" (you)" if player == viewer else "")


def _revealed(state: BloodHuntState, event: DistrictRevealed, viewer: int) -> Iterator[str]:
    rules = state.rules
    name = rules.district_names[event.district]
    tokens = ", ".join(rules.token_label(t) for t in sorted(event.tokens)) or "none"
    yield f"  ── {name} closes. Trump: {rules.suit_names[event.trump]}. Tokens: {tokens}."
    yield "     Cards revealed, strongest first:"
    previous: tuple[int, int] | None = None
    for place, (player, card) in enumerate(event.ranking):
        info = rules.cards[card]
        why = "trump" if info.suit == event.trump else ""
        if previous is not None and state_strength(event, previous[1], state) == state_strength(
            event, card, state
        ):
            why = (why + ", " if why else "") + (
                f"ties with P{previous[0] + 1}, who sits earlier from the first player"
            )
        yield f"     {place + 1}. {_who(player, viewer)}: {state.card_label(card)}" + (
            f" ({why})" if why else ""
        )
        previous = (player, card)
    if not event.ranking:
        yield "     (no player has a card for it)"


def state_strength(event: DistrictRevealed, card: int, state: BloodHuntState) -> int:
    """A card's strength under the trump in force when the district was revealed."""
    info = state.rules.cards[card]
    return info.value + (1000 if info.suit == event.trump else 0)


def _taken(state: BloodHuntState, event: TokenTaken, viewer: int, picks: int) -> str:
    token = state.rules.token_label(event.token)
    place = ORDINALS[picks] if picks < len(ORDINALS) else f"{picks + 1}th"
    how = "chosen" if event.chosen else "the only kind left"
    return f"     {place} pick: {_who(event.player, viewer)} takes {token} — {how}"


def _closed(state: BloodHuntState, event: DistrictClosed) -> Iterator[str]:
    rules = state.rules
    cards = ", ".join(state.card_label(c) for c in event.cards) or "none"
    yield f"     {rules.district_names[event.district]} is closed; face up on it: {cards}."
    if event.returned:
        back = ", ".join(rules.token_label(t) for t in sorted(event.returned))
        yield f"     Nobody could take {back}: back to the bag."
