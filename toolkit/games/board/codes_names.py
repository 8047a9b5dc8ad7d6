"""Diagnostic codes of the board game's name checks. A misspelt name is a reference problem, so its
code sits in the reference layer (BB03xx): it sorts before the graph and flow problems it causes."""

from __future__ import annotations

from toolkit.core.codes import register
from toolkit.core.diagnostics import Severity

MISSPELT_NAME = register(
    "BB0311",
    "misspelt-name",
    Severity.ERROR,
    "A card brings in a token, tag or counter nothing uses, while a close name is used: a misspelling.",
)
