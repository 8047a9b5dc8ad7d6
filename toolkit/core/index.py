"""The content index: every loaded pack and document, and reference resolution across packs."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING, TypeVar

from toolkit.core.document import LoadedDocument

if TYPE_CHECKING:
    from toolkit.core.loader import UnreadDocument
    from toolkit.core.model import Document
    from toolkit.core.packs import PackManifest

D = TypeVar("D", bound="Document")


@dataclass(slots=True)
class Pack:
    """A content pack: a folder with ``pack.yaml`` (or a lone file checked as if in one)."""

    id: str
    game: str
    root: Path
    manifest: PackManifest | None
    manifest_document: LoadedDocument | None
    builtin: bool = False
    requires: tuple[str, ...] = ()
    files: list[Path] = field(default_factory=list)
    documents: list[LoadedDocument] = field(default_factory=list)
    """The documents that validated, in file order."""
    documents_seen: list[LoadedDocument] = field(default_factory=list)
    """Every document read, valid or not."""
    invalid_documents: list[LoadedDocument] = field(default_factory=list)
    """Documents of a known kind that failed the schema."""
    unread_documents: list[tuple[Path, UnreadDocument]] = field(default_factory=list)
    """Documents a YAML error or a limit kept from being read, with their files."""

    @property
    def languages(self) -> tuple[str, ...]:
        return tuple(self.manifest.languages) if self.manifest is not None else ()


@dataclass(slots=True)
class ContentIndex:
    """All packs in play. Checks read from it; nothing here re-reads a file."""

    packs: dict[str, Pack] = field(default_factory=dict)
    _by_pack_kind: dict[tuple[str, str], dict[str, LoadedDocument]] = field(
        default_factory=lambda: defaultdict(dict)
    )

    _invalid: set[tuple[str, str, str]] = field(default_factory=set)

    def add_invalid(self, pack_id: str, kind: str, key: str) -> None:
        """Remember a document that exists but failed the schema, so references to it are not
        reported a second time as unknown."""
        self._invalid.add((pack_id, kind, key))

    def is_invalid(self, kinds: Iterable[str], reference: str, from_pack: str) -> bool:
        """Does ``reference`` name a document that exists but failed the schema?"""
        pack_ids = self.visible_packs(from_pack)
        if ":" in reference:
            qualifier, reference = reference.split(":", 1)
            pack_ids = [qualifier]
        return any((p, k, reference) in self._invalid for p in pack_ids for k in kinds)

    def add_pack(self, pack: Pack) -> None:
        self.packs[pack.id] = pack

    def add_document(self, document: LoadedDocument) -> LoadedDocument | None:
        """Index a validated document; return the earlier document with the same key, if any."""
        assert document.model is not None
        key = document.model.document_key()
        if key is None:
            return None
        bucket = self._by_pack_kind[(document.pack_id, document.model.kind)]
        earlier = bucket.get(key)
        if earlier is None:
            bucket[key] = document
        return earlier

    def visible_packs(self, pack_id: str) -> list[str]:
        """The pack itself, then everything it requires, transitively, without repeats."""
        seen: list[str] = []
        stack = [pack_id]
        while stack:
            current = stack.pop(0)
            if current in seen or current not in self.packs:
                continue
            seen.append(current)
            stack.extend(self.packs[current].requires)
        return seen

    def documents_of(self, kind: str, pack_ids: Iterable[str]) -> Iterator[LoadedDocument]:
        """Validated documents of ``kind`` in the given packs, in pack order then file order."""
        for pack_id in pack_ids:
            yield from self._by_pack_kind.get((pack_id, kind), {}).values()

    def with_document(self, old: LoadedDocument, new: LoadedDocument) -> ContentIndex:
        """A copy in which ``new`` stands where ``old`` stood, sharing every other document (what-if
        play, such as `huntkit tune` trying a value, without touching the loaded content)."""
        return self.with_documents({id(old): new})

    def with_documents(
        self, replacements: Mapping[int, LoadedDocument], manifests: Mapping[str, PackManifest] | None = None
    ) -> ContentIndex:
        """A copy in which each document whose ``id()`` is a key of ``replacements`` is replaced by
        its value (and each pack named in ``manifests`` gets that manifest), sharing the rest."""
        buckets = {
            key: {name: replacements.get(id(document), document) for name, document in bucket.items()}
            for key, bucket in self._by_pack_kind.items()
        }
        manifests = manifests or {}
        packs = {}
        for pack_id, pack in self.packs.items():
            if any(id(d) in replacements for d in pack.documents):
                pack = replace(pack, documents=[replacements.get(id(d), d) for d in pack.documents])
            if pack_id in manifests:
                pack = replace(pack, manifest=manifests[pack_id])
            packs[pack_id] = pack
        return ContentIndex(packs, defaultdict(dict, buckets), set(self._invalid))

    def models_of(
        self, kind: str, model_type: type[D], pack_ids: Iterable[str]
    ) -> Iterator[tuple[LoadedDocument, D]]:
        """Pairs of (document, typed model) of ``kind``; a typed convenience for checks."""
        for document in self.documents_of(kind, pack_ids):
            if isinstance(document.model, model_type):
                yield document, document.model

    def keys_of(self, kinds: Iterable[str], pack_ids: Iterable[str]) -> list[str]:
        """Every key of ``kinds`` visible from ``pack_ids`` (for did-you-mean hints)."""
        keys: list[str] = []
        pack_list = list(pack_ids)
        for kind in kinds:
            for pack_id in pack_list:
                keys.extend(self._by_pack_kind.get((pack_id, kind), {}).keys())
        return keys

    def resolve(self, kinds: Iterable[str], reference: str, from_pack: str) -> LoadedDocument | None:
        """Find the document a reference names: ``id`` searches the pack and what it requires,
        ``pack:id`` searches that pack only (it must be visible from ``from_pack``)."""
        kind_list = list(kinds)
        visible = self.visible_packs(from_pack)
        if ":" in reference:
            pack_id, key = reference.split(":", 1)
            search = [pack_id] if pack_id in visible else []
        else:
            key, search = reference, visible
        for pack_id in search:
            for kind in kind_list:
                found = self._by_pack_kind.get((pack_id, kind), {}).get(key)
                if found is not None:
                    return found
        return None
