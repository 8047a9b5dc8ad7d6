"""Save files of the companion, written atomically so a crash or Ctrl-C never corrupts one.

A save is written to a temporary file in the same folder, flushed and fsynced, then moved over the
old save with ``os.replace`` (atomic on POSIX and Windows), and the folder is fsynced so the rename
itself survives a power cut. Until the rename, the previous save is untouched.
"""

from __future__ import annotations

from pathlib import Path

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from toolkit.core.files import write_text_atomic
from toolkit.games.board.interpreter.state import MissionState

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
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise SaveError(f"no save file at {path}") from None
    except (OSError, UnicodeDecodeError) as error:
        raise SaveError(f"cannot read {path}: {error}") from None
    try:
        save = SaveFile.model_validate_json(text)
    except ValidationError as error:
        raise SaveError(f"{path} is not a huntkit board-game save ({error.error_count()} problems)") from None
    if save.format != SAVE_FORMAT:
        raise SaveError(f"{path} has save format {save.format!r}; this huntkit reads {SAVE_FORMAT!r}")
    return save
