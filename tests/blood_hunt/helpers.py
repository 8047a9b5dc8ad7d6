"""Helpers for Blood Hunt tests: load rules through the validation pipeline, arrange a table, and
play actions by their readable names."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path

from toolkit.core.pipeline import validate_paths
from toolkit.games.blood_hunt.actions import Op, encode
from toolkit.games.blood_hunt.engine import (
    CHOOSE,
    NO_CARD,
    BloodHuntState,
    new_initial_state,
    play_random_chance,
)
from toolkit.games.blood_hunt.invariants import violations
from toolkit.games.blood_hunt.loading import rules_from_index
from toolkit.games.blood_hunt.rules import Rules

CONTENT = Path(__file__).resolve().parents[2] / "content" / "blood-hunt"

LORDS, LADIES, CATHEDRAL, COLLEGE, BALLROOM = range(5)
"""District slots of the built-in set-up, in card-holder order."""


def load_rules(path: Path = CONTENT) -> Rules:
    """Validate the pack at ``path`` and compile its rules (failing on any error)."""
    result = validate_paths([path])
    errors = [d for d in result.diagnostics if d.severity.value == "error"]
    assert not errors, [f"{d.code} {d.location.describe()} {d.message}" for d in errors]
    return rules_from_index(result.index, result.packs[0].id)


def card(rules: Rules, label: str) -> int:
    """The card index of ``crimson 7``."""
    for info in rules.cards:
        if info.label == label:
            return info.index
    raise KeyError(label)


def token(rules: Rules, name: str) -> int:
    """The token number of ``lord`` or ``vampire lord``."""
    vampire = name.startswith("vampire ")
    kind = name.removeprefix("vampire ")
    index = [c.id for c in rules.citizens].index(kind)
    return 2 * index + (1 if vampire else 0)


def arrange(
    rules: Rules,
    players: int,
    *,
    holders: Mapping[tuple[int, int], str] = {},
    drawn: str,
    discards: Mapping[int, Sequence[str]] = {},
    tokens: Mapping[int, Sequence[str]] = {},
    collected: Mapping[int, Sequence[str]] = {},
    trump: str = "crimson",
    first: int = 0,
    turn: int = 0,
    closed: Sequence[int] = (),
    round_number: int = 1,
) -> BloodHuntState:
    """A state at ``turn``'s keep-or-discard decision with the given table; every other card is
    in the deck or fills the remaining open slots (lowest cards first), every other token in the
    bag."""
    state = new_initial_state(rules, players, seed=1)
    play_random_chance(state)
    slots = len(rules.districts)
    pool = list(range(len(rules.cards)))

    def take(label: str) -> int:
        index = card(rules, label)
        pool.remove(index)
        return index

    state.round = round_number
    state.open = [d not in closed for d in range(slots)]
    state.holders = [[NO_CARD] * slots for _ in range(players)]
    state.revealed = [[False] * slots for _ in range(players)]
    for (seat, slot), label in holders.items():
        state.holders[seat][slot] = take(label)
    state.discards = [[take(label) for label in discards.get(d, ())] for d in range(slots)]
    state.drawn = take(drawn)
    pool.sort()
    for seat in range(players):
        for slot in range(slots):
            if state.open[slot] and state.holders[seat][slot] == NO_CARD:
                state.holders[seat][slot] = pool.pop(0)
    state.deck_pool, state.deck_bottom, state.closed_pile = pool, [], []
    state.bag = [c.count for c in rules.citizens]
    state.tokens = [[token(rules, n) for n in tokens.get(d, ())] for d in range(slots)]
    state.collected = [[0] * rules.token_types for _ in range(players)]
    for seat, names in collected.items():
        for name in names:
            state.collected[seat][token(rules, name)] += 1
    for t in [t for d in state.tokens for t in d] + [
        t for counts in state.collected for t, n in enumerate(counts) for _ in range(n)
    ]:
        state.bag[t // 2] -= 1
    state.trump = rules.suits.index(trump)
    state.first_player, state.turn_player, state.actor = first, turn, turn
    state.phase, state.queue = CHOOSE, []
    state.history, state.winners = [], []
    assert violations(state) == [], violations(state)
    return state


def names(state: BloodHuntState) -> list[str]:
    """The readable names of the legal actions."""
    return [state.action_to_string(a) for a in state.legal_actions()]


def do(state: BloodHuntState, text: str) -> None:
    """Play the legal action called ``text``; fail listing what was legal instead."""
    for action in state.legal_actions():
        if state.action_to_string(action) == text:
            state.apply_action(action)
            return
    raise AssertionError(f"{text!r} is not legal; legal: {names(state)}")


def deal(state: BloodHuntState, label: str) -> None:
    """Resolve the pending card draw with ``label``."""
    state.apply_action(encode(Op.CHANCE_CARD, card(state.rules, label)))


def bag_gives(state: BloodHuntState, name: str) -> None:
    """Resolve the pending bag draw with a token of kind ``name``."""
    state.apply_action(encode(Op.CHANCE_TOKEN, token(state.rules, name) // 2))
