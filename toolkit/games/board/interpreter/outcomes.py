"""What the interpreter tells the table after each event: outcomes, each explaining itself."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Literal

from toolkit.core.diagnostics import Location
from toolkit.core.reporters import display_path

OutcomeKind = Literal[
    "reveal",
    "special-rules",
    "goal-met",
    "step-complete",
    "mission-complete",
    "insight",
    "reward",
    "hunt-complete",
    "hunt-lost",
    "untold",
    "token",
    "spawn",
    "enemy",
    "fog-gates",
    "counter",
    "hunt-track",
    "reset",
    "final-round",
    "round",
    "choice",
    "rule",
    "discard",
    "lock",
    "narrative",
    "note",
]
"""What kind of thing happened; the companion and the tests pick outcomes by kind."""


@dataclass(frozen=True, slots=True)
class Why:
    """Why an outcome happened: the instruction that caused it and where it is written."""

    reason: str
    """In words: `trigger "end move on oedon-chapel" of chapter 1`."""

    location: Location | None = None
    """The file, line and column of that instruction."""

    def describe(self) -> str:
        where = _where(self.location)
        return f"{self.reason} ({where})" if where else self.reason


@dataclass(frozen=True, slots=True)
class Outcome:
    """One thing that happened as a result of an event: reveal card 7, place a token, win the hunt."""

    kind: OutcomeKind
    """What kind of thing."""

    text: str
    """What the players should know or do, in words."""

    card: int | None = None
    """The card concerned, if any."""

    why: Why | None = None
    """The instruction that caused it."""

    detail: tuple[str, ...] = ()
    """Further lines to show (a card's story, its goals, its standing rules)."""


def _where(location: Location | None) -> str:
    if location is None or location.file is None or location.file == Path("<memory>"):
        return ""
    line = location.line
    return f"{display_path(location.file)}:{line}" if line is not None else display_path(location.file)
