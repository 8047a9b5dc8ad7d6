"""One simulated game: play a chapter with a bot, then record what the report needs of it.

A record is plain data (it crosses process boundaries to the parent): the ending, rounds, every
fall with its cause and tile, Dream trips by cause, the cards revealed and completed, and — for a
game not won — the goals still open at the end with the facts about each (:mod:`.stalls`).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from toolkit.core.strings.catalogue import N_
from toolkit.games.board.bots.base import make_bot, play_out
from toolkit.games.board.engine.rules import Rules
from toolkit.games.board.engine.state import BoardState, mix
from toolkit.games.board.simulation.stalls import OpenGoal, open_goals

STEP_CAP = 50_000
"""Moves (answers and chance outcomes) a game may take before it is cut off and counted as such."""

# Marked for the catalogue: the text report shows an ending through `_(end)`; JSON keeps the English.
END_WON = N_("won")
END_TRACK = N_("lost: the final round ended")
"""The Hunt Track reached its last space and the final round ran out."""
END_CUT = N_("cut off: move cap reached")
END_OTHER = N_("lost: the rules ended the chapter")
ENDS = (END_WON, END_TRACK, END_CUT, END_OTHER)


@dataclass(slots=True)
class GameResult:
    """What one game contributes to the report."""

    won: bool
    end: str
    """One of :data:`ENDS`."""
    rounds: int
    deaths: int
    dream_trips: int
    resets: int
    revealed: list[int] = field(default_factory=list)
    completed: list[int] = field(default_factory=list)
    not_simulated: list[str] = field(default_factory=list)
    falls: list[tuple[str, str]] = field(default_factory=list)
    """(what slew the hunter, the tile they stood on), per fall."""
    dream_causes: dict[str, int] = field(default_factory=dict)
    open_goals: list[OpenGoal] = field(default_factory=list)
    """Goals of the cards in play when a game not won ended."""


def game_seed(seed: int, chapter: int, hunters: int, game: int) -> int:
    """The seed of one game, independent of how games are split among workers (and of the bot, so
    every bot of a ladder plays the same deals)."""
    return int(mix(seed, chapter * 1_000_003 + hunters * 10_007 + game) * (1 << 53))


def play_game(rules: Rules, hunters: int, seed: int, bot: str) -> GameResult:
    """Play one chapter to its end with one bot for the team."""
    return record(play_out(BoardState(rules, hunters, seed), make_bot(bot, seed), STEP_CAP))


def prepare(rules: Rules, hunters: int) -> None:
    """Build what every game of a bundle shares (the engine's tables, the mission interpreter's
    campaign book, the names its cards mention) by setting one game up to its first question; the
    lookups stay in ``rules.cache``, so processes forked afterwards inherit them."""
    BoardState(rules, hunters, 0)


def record(state: BoardState) -> GameResult:
    """What the report needs of a game played to its end (or to the move cap)."""
    g = state.game
    machine = getattr(g.missions, "machine", None)
    completed = list(machine.chapter.completed) if machine is not None else []
    won = g.world.outcome == "won"
    if won:
        end = END_WON
    elif not state.is_terminal():
        end = END_CUT
    elif g.world.final_round:
        end = END_TRACK
    else:
        end = END_OTHER
    return GameResult(
        won=won,
        end=end,
        rounds=g.world.round,
        deaths=sum(h.deaths for h in g.world.hunters),
        dream_trips=sum(h.dream_trips for h in g.world.hunters),
        resets=g.world.resets,
        revealed=g.missions.revealed(),
        completed=completed,
        not_simulated=sorted(set(g.missions.not_simulated()) | set(g.stats.narrative)),
        falls=list(g.stats.falls),
        dream_causes=dict(g.stats.dream_causes),
        open_goals=[] if won else open_goals(g),
    )
