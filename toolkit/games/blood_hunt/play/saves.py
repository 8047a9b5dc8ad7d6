"""The table of a Blood Hunt game and its saves.

A save holds the seed and the actions so far; replaying them rebuilds the state exactly. A save is
written whole or not at all, and a resumed save is checked move by move before it is played on.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from toolkit.core.files import MAX_SAVE_BYTES, InputTooLarge, read_text_bounded, write_text_atomic
from toolkit.games.blood_hunt.bots.registry import make_bot
from toolkit.games.blood_hunt.engine.rules import Rules
from toolkit.games.blood_hunt.engine.state import BloodHuntState, new_initial_state


@dataclass(slots=True)
class TableSetup:
    """Who plays: the count, the human's seat, the bots for the other seats, the seed."""

    players: int
    seat: int
    bots: tuple[str, ...]
    seed: int


def replay(rules: Rules, table: TableSetup, actions: Sequence[int]) -> BloodHuntState:
    """The state after ``actions`` from the table's seed."""
    state = new_initial_state(rules, table.players, table.seed)
    for action in actions:
        state.apply_action(action)
    return state


def save_game(path: Path, rules: Rules, table: TableSetup, state: BloodHuntState) -> None:
    """Write the save atomically (a crash mid-write keeps the previous save)."""
    data = {
        "game": "blood-hunt",
        "setup": rules.setup_id,
        "players": table.players,
        "seat": table.seat,
        "bots": list(table.bots),
        "seed": table.seed,
        "actions": state.history,
    }
    write_text_atomic(path, json.dumps(data), durable=True)


class SaveProblem(ValueError):
    """A save that cannot be read, or does not fit the pack being played."""


@dataclass(slots=True)
class SavedGame:
    """What a Blood Hunt save holds."""

    table: TableSetup
    setup: str
    actions: list[int]


def load_save(path: Path) -> SavedGame:
    """Read a save written by :func:`save_game`; raises :class:`SaveProblem` when it is not one."""
    try:
        data = json.loads(read_text_bounded(path, MAX_SAVE_BYTES))
    except FileNotFoundError:
        raise SaveProblem(f"no save file at {path}") from None
    except InputTooLarge as error:
        raise SaveProblem(f"{error}; no save is that large") from None
    except (OSError, UnicodeDecodeError) as error:
        raise SaveProblem(f"cannot read {path}: {getattr(error, 'strerror', None) or error}") from None
    except RecursionError:  # arrays nested thousands deep: no save looks like that
        raise SaveProblem(f"{path} is not a Blood Hunt save: it is nested too deeply") from None
    except ValueError as error:
        raise SaveProblem(f"{path} is not a Blood Hunt save: it is not JSON ({error})") from None
    if not isinstance(data, dict) or data.get("game") != "blood-hunt":
        what = _what_save(data)
        raise SaveProblem(f"{path} is not a Blood Hunt save" + (f": it is {what}" if what else ""))
    problem = _shape_problem(data)
    if problem:
        raise SaveProblem(f"{path} is a damaged Blood Hunt save: {problem}")
    table = TableSetup(data["players"], data["seat"], tuple(data["bots"]), data["seed"])
    return SavedGame(table, data["setup"], list(data["actions"]))


def _what_save(data: object) -> str:
    if isinstance(data, dict) and str(data.get("format", "")).startswith("huntkit-board-save"):
        return "a board-game companion save (play it with its campaign's pack)"
    return ""


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _shape_problem(data: dict[str, object]) -> str | None:
    """What is wrong with the save's fields, or ``None``: hand-edited saves must not crash the game."""
    for key in ("players", "seat", "seed"):
        if not _is_int(data.get(key)):
            return f"`{key}` must be a whole number, not {data.get(key)!r}"
    if not isinstance(data.get("setup"), str):
        return "`setup` must name the set-up"
    bots = data.get("bots")
    if not isinstance(bots, list) or not bots or not all(isinstance(b, str) and b for b in bots):
        return "`bots` must be a list of bot names"
    actions = data.get("actions")
    if not isinstance(actions, list) or not all(_is_int(a) for a in actions):
        return "`actions` must be a list of whole numbers"
    return None


def check_table(rules: Rules, table: TableSetup) -> None:
    """Refuse a table the rules cannot seat; raises :class:`SaveProblem` (or ``RulesError``)."""
    rules.tokens_for(table.players)
    if not 0 <= table.seat < table.players:
        raise SaveProblem(f"seat {table.seat} is not a seat at a {table.players}-player table")
    if not table.bots:
        raise SaveProblem("--bot needs at least one bot name")
    for spec in table.bots:
        try:
            check_bot(spec)
        except ValueError as error:
            raise SaveProblem(str(error)) from None


MAX_SEARCH_SAMPLES = 1000
"""Samples the search bot may take per decision: `search:100000000` would never finish a game."""


def check_bot(spec: str) -> None:
    """Refuse a bot that cannot be made, or that would take forever; raises ``ValueError``."""
    make_bot(spec, 1, 0)
    name, _, samples = spec.partition(":")
    if name == "search" and samples and int(samples) > MAX_SEARCH_SAMPLES:
        raise ValueError(f"bot {spec!r}: the search bot takes 1 to {MAX_SEARCH_SAMPLES} samples")


def resume_state(rules: Rules, path: Path, saved: SavedGame) -> BloodHuntState:
    """The saved game's state, every move checked legal: a damaged save is refused, not half-played."""
    if saved.setup != rules.setup_id:
        raise SaveProblem(
            f"{path} is a game of set-up {saved.setup!r}; this pack's set-up is {rules.setup_id!r}"
        )
    try:
        check_table(rules, saved.table)
    except (SaveProblem, ValueError) as error:
        raise SaveProblem(f"{path} does not fit this pack: {error}") from None
    state = new_initial_state(rules, saved.table.players, saved.table.seed)
    for number, action in enumerate(saved.actions, start=1):
        # Chance outcomes are applied unchecked by the engine, so legality is checked here for all.
        if state.is_terminal() or action not in state.legal_actions():
            raise SaveProblem(f"{path} is damaged: move {number} of {len(saved.actions)} is not legal there")
        state.apply_action(action)
    return state


@dataclass(slots=True)
class Saver:
    """Saves after every move; a save that fails is reported once and the game goes on, and a game
    that ends with its last move unsaved exits 1 (before, a full disk played on and exited 0)."""

    path: Path | None
    rules: Rules
    table: TableSetup
    say: Callable[[str], object]
    failed: bool = False

    def save(self, state: BloodHuntState) -> None:
        if self.path is None:
            return
        try:
            save_game(self.path, self.rules, self.table, state)
        except OSError as error:
            if not self.failed:
                reason = error.strerror or error
                self.say(f"warning: cannot save to {self.path}: {reason}; the game goes on unsaved")
            self.failed = True
        else:
            if self.failed:
                self.say(f"saved to {self.path} again")
            self.failed = False

    def exit_code(self) -> int:
        if not self.failed:
            return 0
        sys.stderr.write(
            f"error: the game's last moves were not saved to {self.path}; "
            "it holds the last save that succeeded\n"
        )
        return 1
