"""Helpers for Blood Hunt tests: load rules through the validation pipeline, arrange a table, and
play actions by their readable names."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from toolkit.core.pipeline import validate_paths
from toolkit.games.blood_hunt.engine.actions import Op, encode
from toolkit.games.blood_hunt.engine.arrange import arrange as arrange_table
from toolkit.games.blood_hunt.engine.arrange import card_index, token_number
from toolkit.games.blood_hunt.engine.invariants import violations
from toolkit.games.blood_hunt.engine.loading import rules_from_index
from toolkit.games.blood_hunt.engine.rules import Rules
from toolkit.games.blood_hunt.engine.state import BloodHuntState

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
    return card_index(rules, label)


def token(rules: Rules, name: str) -> int:
    """The token number of ``lord`` or ``vampire lord``."""
    return token_number(rules, name)


def arrange(rules: Rules, players: int, **table: Any) -> BloodHuntState:
    """:func:`toolkit.games.blood_hunt.engine.arrange.arrange`, checking the invariants of the result."""
    state = arrange_table(rules, players, **table)
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
