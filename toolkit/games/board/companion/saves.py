"""Save files of the companion, written atomically so a crash or Ctrl-C never corrupts one.

A save is written to a temporary file in the same folder, flushed and fsynced, then moved over the
old save with ``os.replace`` (atomic on POSIX and Windows), and the folder is fsynced so the rename
itself survives a power cut. Until the rename, the previous save is untouched.
"""

from __future__ import annotations

import contextlib
import os
import tempfile
from pathlib import Path

from pydantic import BaseModel, ConfigDict, Field, ValidationError

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


def write_atomic(path: Path, text: str) -> None:
    """Replace ``path`` with ``text`` so that readers see the old or the new file, never half of one."""
    folder = path.parent if str(path.parent) else Path(".")
    descriptor, temporary = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=folder)
    try:
        with os.fdopen(descriptor, "w", encoding="utf-8") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(temporary, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise
    _fsync_folder(folder)


def _fsync_folder(folder: Path) -> None:
    try:
        descriptor = os.open(folder, os.O_RDONLY)
    except OSError:
        return  # folders cannot be opened on some systems (Windows); the rename is still atomic
    try:
        os.fsync(descriptor)
    except OSError:
        pass
    finally:
        os.close(descriptor)


def save_game(path: Path, save: SaveFile) -> None:
    try:
        write_atomic(path, save.model_dump_json(indent=1) + "\n")
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
