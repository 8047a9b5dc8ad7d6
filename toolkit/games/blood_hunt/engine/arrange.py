"""Setting up a chosen table: the state behind scenario tests (YAML `bh-scenario` and pytest).

``arrange`` builds a state waiting at one player's keep-or-discard decision with the cards, tokens
and districts given; every other card is dealt into the remaining open slots (lowest first) or left
in the deck, every other token stays in the bag, so all invariants hold from the first step.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from toolkit.games.blood_hunt.engine.constants import CHOOSE, NO_CARD
from toolkit.games.blood_hunt.engine.rules import Rules
from toolkit.games.blood_hunt.engine.state import BloodHuntState, new_initial_state


class ArrangeError(ValueError):
    """A scenario names a card, token, suit or district the rules do not have, or uses one twice."""


def card_index(rules: Rules, label: str) -> int:
    """The card called ``crimson 7``."""
    for info in rules.cards:
        if info.label == label:
            return info.index
    raise ArrangeError(f"no card {label!r} (cards are named like {rules.cards[-1].label!r})")


def token_number(rules: Rules, name: str) -> int:
    """The token called ``lord`` or ``vampire lord``."""
    vampire = name.startswith("vampire ")
    kind = name.removeprefix("vampire ")
    ids = [c.id for c in rules.citizens]
    if kind not in ids:
        raise ArrangeError(f"no citizen kind {kind!r}; kinds are {', '.join(ids)}")
    return 2 * ids.index(kind) + (1 if vampire else 0)


def token_name(rules: Rules, token: int) -> str:
    """The scenario name of a token number (the inverse of :func:`token_number`)."""
    kind = rules.citizens[token // 2].id
    return f"vampire {kind}" if token % 2 else kind


def arrange(
    rules: Rules,
    players: int,
    *,
    drawn: str,
    holders: Mapping[tuple[int, int], str] | None = None,
    discards: Mapping[int, Sequence[str]] | None = None,
    tokens: Mapping[int, Sequence[str]] | None = None,
    collected: Mapping[int, Sequence[str]] | None = None,
    trump: str | None = None,
    first: int = 0,
    turn: int = 0,
    closed: Sequence[int] = (),
    round_number: int = 1,
) -> BloodHuntState:
    """A state at ``turn``'s keep-or-discard decision with the given table (see module doc)."""
    state = new_initial_state(rules, players, seed=1)
    slots = len(rules.districts)
    pool = list(range(len(rules.cards)))

    def take(label: str) -> int:
        index = card_index(rules, label)
        if index not in pool:
            raise ArrangeError(f"card {label!r} is placed twice")
        pool.remove(index)
        return index

    state.round = round_number
    state.open = [d not in closed for d in range(slots)]
    state.holders = [[NO_CARD] * slots for _ in range(players)]
    state.revealed = [[False] * slots for _ in range(players)]
    for (seat, slot), label in (holders or {}).items():
        state.holders[seat][slot] = take(label)
    state.discards = [[take(label) for label in (discards or {}).get(d, ())] for d in range(slots)]
    state.drawn = take(drawn)
    pool.sort()
    for seat in range(players):
        for slot in range(slots):
            if state.open[slot] and state.holders[seat][slot] == NO_CARD:
                state.holders[seat][slot] = pool.pop(0)
    state.deck_pool, state.deck_bottom = pool, []
    state.closed = [[] for _ in state.closed]
    state.bag = [c.count for c in rules.citizens]
    state.tokens = [[token_number(rules, n) for n in (tokens or {}).get(d, ())] for d in range(slots)]
    state.collected = [[0] * rules.token_types for _ in range(players)]
    for seat, names in (collected or {}).items():
        for name in names:
            state.collected[seat][token_number(rules, name)] += 1
    placed = [t for d in state.tokens for t in d]
    placed += [t for counts in state.collected for t, n in enumerate(counts) for _ in range(n)]
    for t in placed:
        state.bag[t // 2] -= 1
    short = [rules.citizens[k].id for k, left in enumerate(state.bag) if left < 0]
    if short:
        raise ArrangeError(f"more {', '.join(short)} tokens are placed than exist")
    if trump is not None:
        if trump not in rules.suits:
            raise ArrangeError(f"no suit {trump!r}; suits are {', '.join(rules.suits)}")
        state.trump = rules.suits.index(trump)
    state.first_player, state.turn_player, state.actor = first, turn, turn
    state.phase, state.queue = CHOOSE, []
    state.history, state.winners = [], []
    return state
