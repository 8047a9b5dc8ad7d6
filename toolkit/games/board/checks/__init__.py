"""Rule and graph checks of the board game."""

from __future__ import annotations

from toolkit.core.plugin import Check

BOARD_CHECKS: tuple[Check, ...] = ()
