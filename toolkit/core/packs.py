"""Content packs: the ``pack.yaml`` manifest, finding packs on disk, and the built-in packs."""

from __future__ import annotations

import os
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, ClassVar, Literal

from pydantic import Field

from toolkit.core.model import ID_PATTERN, Document, Id, LanguageCode, Text

PACK_FILE = "pack.yaml"
YAML_SUFFIXES = (".yaml", ".yml")
MAX_SEARCH_DEPTH = 8
"""How deep below a given folder packs are looked for."""

SKIPPED_FOLDERS = frozenset({".git", ".venv", "node_modules", "__pycache__", "site-build"})


class PackManifest(Document):
    """``pack.yaml``: what a pack is, which game it is for, and which packs it builds on."""

    kind_name: ClassVar[str] = "pack"

    kind: Literal["pack"] = "pack"
    """Optional in `pack.yaml`; always `pack`."""

    id: Id
    """The pack's id; other packs require it by this id and qualify references with it."""

    game: Literal["bloodborne-board", "bloodborne-card", "blood-hunt"]
    """Which game the content is for."""

    name: Text
    """The pack's title."""

    version: Annotated[str, Field(pattern=r"^\d+\.\d+(\.\d+)?([-+][0-9A-Za-z.-]+)?$")]
    """The pack's version, `MAJOR.MINOR` or `MAJOR.MINOR.PATCH`."""

    requires: list[Annotated[str, Field(pattern=ID_PATTERN)]] = Field(default_factory=list)
    """Ids of packs whose content this pack refers to (a custom campaign requires `core`)."""

    description: Text | None = None
    """What the pack holds, in a sentence or two."""

    authors: list[str] = Field(default_factory=list)
    """Who made it."""

    license: str | None = None
    """The licence fans may share it under (an SPDX id such as `CC-BY-4.0`)."""

    languages: list[LanguageCode] = Field(default_factory=list)
    """Languages every text must have; a text missing one of them is a warning."""

    status: Literal["draft", "playtesting", "final"] = "draft"
    """How finished the content is."""

    homepage: str | None = None
    """Where the pack is published."""

    def document_key(self) -> str | None:
        return self.id


@dataclass(frozen=True, slots=True)
class PackSource:
    """Where a pack's files are: a pack folder, or one lone file checked as if in a pack."""

    root: Path
    lone_file: Path | None = None

    @property
    def manifest_path(self) -> Path | None:
        return None if self.lone_file else self.root / PACK_FILE

    def content_files(self) -> list[Path]:
        """The YAML files of the pack (not ``pack.yaml``), sorted, nested packs excluded."""
        if self.lone_file is not None:
            return [self.lone_file]
        return sorted(_content_files(self.root, self.root, 0, set()))


FolderId = tuple[int, int]
"""A folder's device and inode: the same folder reached again through a symlink has the same id."""


def _first_visit(folder: Path, visited: set[FolderId]) -> bool:
    """Whether ``folder`` is seen for the first time in this walk (symlinks can lead in circles)."""
    try:
        status = folder.stat()
    except OSError:  # a broken link or a symlink loop: nothing to walk
        return False
    identity = (status.st_dev, status.st_ino)
    if identity in visited:
        return False
    visited.add(identity)
    return True


def _entries(folder: Path) -> list[Path]:
    try:
        return sorted(folder.iterdir())
    except OSError:
        return []


def _skipped(entry: Path) -> bool:
    return entry.name.startswith(".") or entry.name in SKIPPED_FOLDERS


def _content_files(folder: Path, root: Path, depth: int, visited: set[FolderId]) -> Iterator[Path]:
    if depth > MAX_SEARCH_DEPTH or not _first_visit(folder, visited):
        return
    for entry in _entries(folder):
        if _skipped(entry):
            continue
        if entry.is_dir():
            if has_manifest(entry):
                continue  # a nested pack is a pack of its own
            yield from _content_files(entry, root, depth + 1, visited)
        elif entry.suffix in YAML_SUFFIXES and not (folder == root and entry.name == PACK_FILE):
            yield entry


def has_manifest(folder: Path) -> bool:
    """Whether ``folder`` is a pack: it holds something named ``pack.yaml``.

    Anything: a ``pack.yaml`` that is a folder, a device or a link that leads nowhere makes a pack
    whose manifest is an error, rather than a folder skipped with a warning and exit 0.
    """
    return os.path.lexists(folder / PACK_FILE)


def is_yaml_file(path: Path) -> bool:
    return path.suffix in YAML_SUFFIXES


def find_packs(folder: Path, depth: int = 0, visited: set[FolderId] | None = None) -> list[Path]:
    """Pack folders at or below ``folder``, nested packs included, in a stable order.

    Each folder is visited once, so a symlink back up the tree neither loops nor finds a pack twice.
    """
    visited = set() if visited is None else visited
    found: list[Path] = []
    if depth > MAX_SEARCH_DEPTH or not _first_visit(folder, visited):
        return found
    if has_manifest(folder):
        found.append(folder)
    for child in _entries(folder):
        if child.is_dir() and not _skipped(child):
            found.extend(find_packs(child, depth + 1, visited))
    return found


def yaml_files_outside_packs(
    folder: Path, depth: int = 0, visited: set[FolderId] | None = None
) -> list[Path]:
    """YAML files in ``folder`` that belong to no pack (to warn that nothing checked them)."""
    visited = set() if visited is None else visited
    if depth > MAX_SEARCH_DEPTH or has_manifest(folder) or not _first_visit(folder, visited):
        return []
    found: list[Path] = []
    for entry in _entries(folder):
        if _skipped(entry):
            continue
        if entry.is_dir():
            found.extend(yaml_files_outside_packs(entry, depth + 1, visited))
        elif is_yaml_file(entry):
            found.append(entry)
    return found


def builtin_content_root() -> Path:
    """The built-in packs: inside the wheel when installed, else the repository's ``content/``."""
    package = Path(__file__).resolve().parent.parent
    bundled = package / "_data" / "content"
    if bundled.is_dir():
        return bundled
    return package.parent / "content"


def builtin_schema_root() -> Path:
    """The exported JSON Schemas: inside the wheel when installed, else the repository's ``schema/``."""
    package = Path(__file__).resolve().parent.parent
    bundled = package / "_data" / "schema"
    if bundled.is_dir():
        return bundled
    return package.parent / "schema"
