"""Menus of a decision: long ones asked in two steps.

Cards 6 (swap two tokens of different districts) and 7 (move a discard) offer every pair at once,
60 to 80 options at a full table. They are asked as two smaller questions instead: first the token
or card to take (named with its district), then what to do with it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from toolkit.games.blood_hunt.engine.actions import Op, decode
from toolkit.games.blood_hunt.engine.state import BloodHuntState
from toolkit.games.blood_hunt.play.telling import option_text


@dataclass(frozen=True, slots=True)
class Choice:
    """One line of a menu: its text, and either an action or a further menu."""

    text: str
    action: int | None = None
    then: tuple[Choice, ...] = ()


def menu(state: BloodHuntState, legal: list[int]) -> list[Choice]:
    """The first menu for the legal actions: one line per action, or per group for cards 6 and 7."""
    ops = {decode(a)[0] for a in legal}
    if ops == {Op.SWAP_CITIZENS} and len(legal) > 1:
        return _grouped(state, legal, _citizen_sides)
    if ops == {Op.MOVE} and len(legal) > 1:
        return _grouped(state, legal, _move_sides)
    return [Choice(option_text(state, a), a) for a in legal]


Sides = Callable[[BloodHuntState, int], list[tuple[tuple[int, int], str, str]]]
"""The groups an action is offered under: (sort key, first question's line, second question's line)."""


def _grouped(state: BloodHuntState, legal: list[int], sides: Sides) -> list[Choice]:
    groups: dict[tuple[tuple[int, int], str], list[Choice]] = {}
    for action in legal:
        for key, title, rest in sides(state, action):
            groups.setdefault((key, title), []).append(Choice(rest, action))
    return [Choice(title, then=tuple(choices)) for (_, title), choices in sorted(groups.items())]


def _citizen_sides(state: BloodHuntState, action: int) -> list[tuple[tuple[int, int], str, str]]:
    """A swap of two tokens is offered under either token: the player may think of either first."""
    _, d1, t1, d2, t2 = decode(action)
    names, token = state.rules.district_names, state.rules.token_label
    first = f"{token(t1)} of {names[d1]}"
    second = f"{token(t2)} of {names[d2]}"
    return [
        ((d1, t1), f"swap {first} with a token of another district", f"with {second}"),
        ((d2, t2), f"swap {second} with a token of another district", f"with {first}"),
    ]


def _move_sides(state: BloodHuntState, action: int) -> list[tuple[tuple[int, int], str, str]]:
    _, card, destination, _, _ = decode(action)
    source = next(d for d, pile in enumerate(state.discards) if card in pile)
    names = state.rules.district_names
    title = f"move {state.card_label(card)} from {names[source]}"
    return [((source, card), title, f"to {names[destination]}")]
