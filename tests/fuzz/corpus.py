"""The documents mutations start from: every file of every built-in pack, grouped by kind.

A mutant is always a whole pack, copied from a built-in one with one file changed. The files of
``core`` cannot be tried as a pack of their own id (a user pack named ``core`` is a clash, not a
test of the engine), so a changed core file is added to a copy of *The Pale Bell*, where it stands
in for the built-in file: the campaign's references find its own pack's documents first, so the
mutated components reach validation, scenario tests, the simulator, the companion and the site.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from toolkit.core.loader import load_file
from toolkit.core.packs import PACK_FILE, PackSource, builtin_content_root, find_packs

CORE_HOST = "campaigns/the-pale-bell"
"""The pack a changed ``core`` file is tried in (relative to the built-in content)."""

CORE_ALONE = frozenset({"hunters.yaml", "stat-cards.yaml"})
"""Core files that cannot stand beside the built-in ones: the board checks count hunters' starting
firearms and the starting stat deck over every visible pack, so a second copy is an error. These
are tried in a copy of ``core`` itself, renamed :data:`CORE_COPY_ID` (validate, test and site
only: core has no campaign to simulate or play)."""

CORE_COPY_ID = "fuzz-core"

MANIFEST_KIND = "pack"
"""The kind name given to ``pack.yaml`` documents, which carry no ``kind:``."""


@dataclass(frozen=True, slots=True)
class SeedFile:
    """One built-in content file and the pack a mutant of it is tried in."""

    host: str
    """The host pack's folder, relative to the built-in content (``blood-hunt``); a copy of
    ``core`` is given the id :data:`CORE_COPY_ID`."""
    source: str
    """The file, relative to the built-in content (``core/enemies.yaml``)."""
    target: str
    """Where the mutated file goes, relative to the host pack (``enemies.yaml``)."""
    game: str
    documents: tuple[Any, ...]
    """The plain values of its documents, as huntkit's loader reads them (YAML 1.2)."""


@dataclass(frozen=True, slots=True)
class SeedDocument:
    file: SeedFile
    index: int

    @property
    def kind(self) -> str:
        return document_kind(self.file.documents[self.index], self.file.target)


def document_kind(data: Any, target: str) -> str:
    """A document's ``kind``; ``pack`` for the manifest (``target`` is its path in the pack)."""
    if target == PACK_FILE:
        return MANIFEST_KIND
    kind = data.get("kind") if isinstance(data, dict) else None
    return kind if isinstance(kind, str) else "?"


@cache
def seed_files() -> tuple[SeedFile, ...]:
    """Every YAML file of every built-in pack, pack manifests included, in a stable order."""
    root = builtin_content_root()
    found: list[SeedFile] = []
    for pack_root in find_packs(root):
        relative = pack_root.relative_to(root).as_posix()
        is_core = relative == "core"
        paths = [pack_root / PACK_FILE, *PackSource(pack_root).content_files()]
        game = _game(pack_root)
        for path in paths:
            if is_core and path.name == PACK_FILE:
                continue  # core's manifest tried in another pack would only say "two manifests"
            loaded = load_file(path)
            documents = tuple(d.data for d in loaded.documents if d.data is not None)
            if loaded.diagnostics or not documents:
                continue
            inside = path.relative_to(pack_root).as_posix()
            host = CORE_HOST if is_core and inside not in CORE_ALONE else relative
            beside = is_core and host != relative
            target = f"fuzz-core-{inside.replace('/', '-')}" if beside else inside
            found.append(SeedFile(host, path.relative_to(root).as_posix(), target, game, documents))
    return tuple(found)


def _game(pack_root: Path) -> str:
    loaded = load_file(pack_root / PACK_FILE)
    data = loaded.documents[0].data if loaded.documents else None
    game = data.get("game") if isinstance(data, dict) else None
    return game if isinstance(game, str) else ""


@cache
def documents_by_kind() -> dict[str, tuple[SeedDocument, ...]]:
    """Every seed document, grouped by its kind (``pack`` for manifests), kinds sorted."""
    groups: dict[str, list[SeedDocument]] = defaultdict(list)
    for file in seed_files():
        for index, data in enumerate(file.documents):
            groups[document_kind(data, file.target)].append(SeedDocument(file, index))
    return {kind: tuple(groups[kind]) for kind in sorted(groups)}


def is_playable(host: str, game: str) -> bool:
    """Whether the host pack has something to simulate and play: a campaign or a Blood Hunt game
    (the card game has neither command; ``core`` has no campaign)."""
    return host.startswith("campaigns/") or game == "blood-hunt"
