"""Diagnostic codes of the card game (BB08xx). Each has a fixture folder in tests/fixtures/codes."""

from __future__ import annotations

from toolkit.core.codes import register
from toolkit.core.diagnostics import Severity

UNKNOWN_MONSTER_TYPE = register(
    "BB0801",
    "unknown-monster-type",
    Severity.ERROR,
    "A monster, boss, effect or trophy track names a monster type that has no death token.",
)
MALFORMED_TROPHY_TRACK = register(
    "BB0802",
    "malformed-trophy-track",
    Severity.ERROR,
    "A trophy track's spaces are not strictly increasing, lack the space death tokens start "
    "after, or list a death-token type twice.",
)
CONTRADICTORY_DAMAGE_ORDER = register(
    "BB0803",
    "contradictory-damage-order",
    Severity.ERROR,
    "Damage modifiers declare an order that contradicts the booklet's stages or each other.",
)
UNTRIGGERED_INSTANT = register(
    "BB0804",
    "untriggered-instant",
    Severity.ERROR,
    "A rune or main boss, always in effect, has an instant effect outside a trigger, so nothing "
    "says when it happens.",
)

UNKNOWN_HELPER = register(
    "BB0317",  # a reference (BB03xx), from the range of the hardening work (issue 15)
    "unknown-helper",
    Severity.ERROR,
    "A ruling's `helper` names a rule function huntkit does not have.",
)
