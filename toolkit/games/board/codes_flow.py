"""Diagnostic codes of board-game mission flow and scenario tests (BB06xx).

Each code has a fixture folder under ``tests/fixtures/codes/<CODE>/`` with a broken pack that yields
it and the fixed one that does not.
"""

from __future__ import annotations

from toolkit.core.codes import register
from toolkit.core.diagnostics import Severity

SOFT_LOCK = register(
    "BB0601",
    "soft-lock",
    Severity.ERROR,
    "Some order of play reaches a state where the hunt can never be completed again.",
)
EXPLORATION_BOUND = register(
    "BB0602",
    "exploration-bound",
    Severity.WARNING,
    "The mission-flow exploration stopped at its bound; states beyond it were not checked for soft locks.",
)
SCENARIO_UNKNOWN_CHAPTER = register(
    "BB0603",
    "scenario-unknown-chapter",
    Severity.ERROR,
    "A scenario test names a chapter its campaign does not have.",
)
RULE_SCENARIO_UNKNOWN_PLACE = register(
    "BB0604",
    "rule-scenario-unknown-place",
    Severity.ERROR,
    "A rule scenario names a place on a tile its table never has, or a space the tile lacks.",
)
RULE_SCENARIO_UNKNOWN_PIECE = register(
    "BB0605",
    "rule-scenario-unknown-piece",
    Severity.ERROR,
    "A rule scenario's step or expectation names a hunter or an enemy that is not at its table.",
)
RULE_SCENARIO_NEEDS_MISSIONS = register(
    "BB0606",
    "rule-scenario-needs-missions",
    Severity.ERROR,
    "A rule scenario uses mission cards (`in_play`, `start_of_hunt`, `missions`) without what "
    "they need: `missions: true`, and a `campaign` for it.",
)
