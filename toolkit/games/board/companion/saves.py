"""Save files of the companion, written atomically so a crash or Ctrl-C never corrupts one.

A save is written to a temporary file in the same folder, flushed and fsynced, then moved over the
old save with ``os.replace`` (atomic on POSIX and Windows), and the folder is fsynced so the rename
itself survives a power cut. Until the rename, the previous save is untouched.
"""

from __future__ import annotations

import json
from pathlib import Path

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from toolkit.core.files import MAX_SAVE_BYTES, InputTooLarge, read_text_bounded, write_text_atomic
from toolkit.games.board.interpreter.book import CampaignBook, CampaignNotFound
from toolkit.games.board.interpreter.machine import value_at
from toolkit.games.board.interpreter.state import MissionState, PendingChoice

SAVE_FORMAT = "huntkit-board-save/1"


class SaveError(Exception):
    """A save file that cannot be read or written."""


class SaveFile(BaseModel):
    """What a save holds: the mission state and the named save points."""

    model_config = ConfigDict(extra="forbid")

    format: str = SAVE_FORMAT
    """The save format and its version."""

    pack: str
    """The id of the pack holding the campaign."""

    state: MissionState
    """Where the campaign stands."""

    points: dict[str, MissionState] = Field(default_factory=dict)
    """Named save points to return to (`save before-boss`, `back before-boss`)."""


def save_game(path: Path, save: SaveFile) -> None:
    try:
        write_text_atomic(path, save.model_dump_json(indent=1) + "\n", durable=True)
    except OSError as error:
        raise SaveError(f"cannot write {path}: {error.strerror or error}") from None


def load_game(path: Path) -> SaveFile:
    try:
        text = read_text_bounded(path, MAX_SAVE_BYTES)
    except FileNotFoundError:
        raise SaveError(f"no save file at {path}") from None
    except InputTooLarge as error:
        raise SaveError(f"{error}; no save is that large") from None
    except (OSError, UnicodeDecodeError) as error:
        raise SaveError(f"cannot read {path}: {error}") from None
    try:
        save = SaveFile.model_validate_json(text)
    except ValidationError as error:
        if _is_blood_hunt_save(text):
            raise SaveError(f"{path} is a Blood Hunt save; play it with the Blood Hunt pack") from None
        raise SaveError(f"{path} is not a huntkit board-game save ({error.error_count()} problems)") from None
    if save.format != SAVE_FORMAT:
        raise SaveError(f"{path} has save format {save.format!r}; this huntkit reads {SAVE_FORMAT!r}")
    return save


def _is_blood_hunt_save(text: str) -> bool:
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):  # RecursionError: arrays nested thousands deep
        return False
    return isinstance(data, dict) and data.get("game") == "blood-hunt"


def check_save(save: SaveFile, pack_id: str, book: CampaignBook, path: Path) -> None:
    """Refuse a save that does not fit the campaign being played, before any of it is used.

    A hand-edited or foreign save would otherwise load and fail on every later line (a chapter the
    campaign lacks, a card number no card has), and the next autosave would write over it.
    """
    if save.pack != pack_id:
        raise SaveError(f"{path} is a save of pack {save.pack!r}; play it with that pack, not {pack_id!r}")
    states = [("the save", save.state), *((f"save point {name!r}", p) for name, p in save.points.items())]
    for where, state in states:
        problem = state_problem(state, book)
        if problem is not None:
            raise SaveError(f"{path} does not fit campaign {book.campaign_id!r}: {where}: {problem}")


def state_problem(state: MissionState, book: CampaignBook) -> str | None:
    """What in ``state`` the campaign has no room for, or ``None``."""
    campaign, chapter = state.campaign, state.chapter
    if campaign.campaign != book.campaign_id:
        return f"it is of campaign {campaign.campaign!r}"
    if not 1 <= campaign.hunters <= 4:
        return f"{campaign.hunters} hunters (the board game is for 1 to 4)"
    try:
        chapter_card = book.chapter(chapter.number).model
    except CampaignNotFound as error:
        return str(error)
    if chapter.round < 1 or not 1 <= chapter.hunt_track <= book.track.length:
        return f"round {chapter.round}, Hunt Track {chapter.hunt_track} (of 1 to {book.track.length})"
    cards = [
        *chapter.revealed,
        *chapter.in_play_numbers(),
        *(n for card in chapter.in_play for n in card.carries_rules_of),
        *chapter.completed,
        *chapter.missions_completed,
        *chapter.locked,
        *chapter.discarded,
        *([chapter.pending.card] if chapter.pending else []),
    ]
    missing = sorted({n for n in cards if book.card(n) is None})
    if missing:
        return f"no mission card numbered {', '.join(map(str, missing))}"
    insight = sorted({n for n in campaign.insight if book.insight(n) is None})
    if insight:
        return f"no insight card numbered {', '.join(map(str, insight))}"
    triggers = len(chapter_card.triggers)
    if any(not 0 <= n < triggers for n in chapter.fired_triggers):
        return f"a fired trigger outside the chapter card's {triggers}"
    if chapter.pending is not None and not _pending_fits(chapter.pending, book):
        return f"the pending choice does not match card {chapter.pending.card}"
    return None


def _pending_fits(pending: PendingChoice, book: CampaignBook) -> bool:
    """Whether the choice and the effect lists it returns to are where the save says, in the cards.

    A choice that points nowhere could never be answered, and every other report waits for it.
    """
    try:
        card = book.card(pending.card)
        options = value_at(card.model, [*pending.path, "choose", "options"]) if card else None
        if not isinstance(options, list) or len(options) != len(pending.options):
            return False
        for run in pending.runs:
            entry = book.card(run.card)
            if entry is None or any(not isinstance(value_at(entry.model, f.path), list) for f in run.frames):
                return False
    except (KeyError, IndexError, AttributeError, TypeError):
        return False
    return True
