"""The narrow interface between the rules engine and the mission interpreter.

The engine reports events (a hunter ended a move on a space, an enemy was slain, a round ended …);
the interpreter decides which cards are revealed and which goals are met, and answers with the
effects that touch the table (place a token, spawn enemies, fog gates, rewards …) for the engine to
carry out. Card flow — reveals, goals, counters, insight, choices and branches — lives only in the
interpreter (issue 4); the engine never reads a mission card's goals itself.

:class:`NullMissions` is the stand-in used while no interpreter is installed: nothing is ever
revealed, so no chapter can be won, and the simulator says so.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Protocol

from toolkit.games.board.mission.common import Keeps
from toolkit.games.board.mission.handover import Handover

EVENT_KINDS = frozenset(
    {
        "start_of_hunt",
        "end_move",
        "tile_revealed",
        "enemy_slain",
        "interact",
        "round_start",
        "round_end",
        "reset",
        "hunt_track",
        "dream",
    }
)
"""Events the engine reports; `data` carries `hunter`, `tile`, `space`, `enemy`, `boss`, `tag`,
`tokens` or `space_number` as fits the event."""


@dataclass(slots=True)
class WorldEffect:
    """An effect of a mission card for the engine to carry out on the table."""

    card: int
    """The card it belongs to: what it creates is removed when that card's step completes."""
    effect: Any
    """A mission effect model (`PlaceToken`, `Spawn`, `SpawnBoss`, `FogGates`, `BloodEchoes` …)."""
    hunter: int | None = None
    """The hunter whose action caused it (`acting-hunter` rewards)."""


@dataclass(slots=True)
class CardEnded:
    """A card's step completed or the card was discarded: remove what it created, except what the
    next card keeps, which passes to that card."""

    card: int
    keeps: Keeps | None = None
    successor: int | None = None
    """The card that keeps things: they are its own from now on, and go when its step ends."""

    @property
    def handover(self) -> Handover:
        """The hand-over the interpreter also follows (one reading of `keeps` for both)."""
        return Handover(self.card, self.successor, self.keeps)


@dataclass(slots=True)
class HuntCompleted:
    """The hunt mission's last goal was met: the chapter is won."""


MissionOutcome = WorldEffect | CardEnded | HuntCompleted


@dataclass(slots=True)
class PendingChoice:
    """A `choose` effect waiting for the players."""

    prompt: str
    options: list[str] = field(default_factory=list)


class MissionPort(Protocol):
    """What the engine needs from a mission interpreter."""

    def notify(self, kind: str, data: dict[str, Any]) -> list[MissionOutcome]:
        """Report an event; return what the table must do now."""
        ...

    def pending_choice(self) -> PendingChoice | None:
        """A choice the players must make before play goes on."""
        ...

    def choose(self, option: int) -> list[MissionOutcome]:
        """Answer the pending choice by option index."""
        ...

    def revealed(self) -> list[int]:
        """Mission cards revealed so far, in order."""
        ...

    def goals_met(self) -> list[str]:
        """Goals met so far, as `<card>/<goal index>`."""
        ...

    def not_simulated(self) -> list[str]:
        """Narrative rules, triggers and effects met in play that the interpreter cannot run."""
        ...

    def holds(self, condition: Any) -> bool:
        """Whether a mission condition holds now (ends a `make_invulnerable`)."""
        ...

    def snapshot(self) -> dict[str, Any]:
        """The interpreter's state as a JSON value (for clone equality)."""
        ...


class NullMissions:
    """No interpreter: events are heard and nothing happens."""

    def notify(self, kind: str, data: dict[str, Any]) -> list[MissionOutcome]:
        return []

    def pending_choice(self) -> PendingChoice | None:
        return None

    def choose(self, option: int) -> list[MissionOutcome]:
        return []

    def revealed(self) -> list[int]:
        return []

    def goals_met(self) -> list[str]:
        return []

    def not_simulated(self) -> list[str]:
        return ["no mission interpreter is installed: mission cards are never revealed"]

    def holds(self, condition: Any) -> bool:
        return False

    def snapshot(self) -> dict[str, Any]:
        return {}
