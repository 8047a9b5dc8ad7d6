"""Names in a checked pack: ids and mission-card numbers, what they name and where they are written."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from toolkit.core.diagnostics import Location
from toolkit.core.document import LoadedDocument
from toolkit.core.pipeline import ValidationResult


@dataclass(frozen=True, slots=True)
class Named:
    """A document an id or a card number names."""

    kind: str
    key: str
    title: str
    location: Location
    pack: str


def _named(document: LoadedDocument) -> Named | None:
    model = document.model
    if model is None:
        return None
    key = model.document_key()
    if key is None:
        return None
    field = "number" if "#" in key else "id"
    return Named(model.kind, key, model.display_name(), document.locate((field,)), document.pack_id)


def visible_documents(result: ValidationResult, path: Path) -> list[LoadedDocument]:
    """Valid documents visible from the pack holding ``path`` (the pack, then what it requires)."""
    pack = next((p for p in result.packs if any(f.resolve() == path.resolve() for f in p.files)), None)
    pack = pack or (result.packs[0] if result.packs else None)
    if pack is None:
        return []
    found: list[LoadedDocument] = []
    for pack_id in result.index.visible_packs(pack.id):
        other = result.index.packs.get(pack_id)
        if other is not None:
            found.extend(d for d in other.documents if d.model is not None)
    return found


def find_id(result: ValidationResult, path: Path, word: str, kinds: set[str] | None = None) -> Named | None:
    """The document an id (``scourge-beast`` or ``core:scourge-beast``) names."""
    pack_id, _, key = word.rpartition(":")
    for document in visible_documents(result, path):
        model = document.model
        if model is None or (kinds and model.kind not in kinds):
            continue
        if model.document_key() == key and (not pack_id or document.pack_id == pack_id):
            return _named(document)
    return None


def campaign_of(result: ValidationResult, path: Path) -> str | None:
    """The campaign of the chapter or card documents in ``path``'s file."""
    for document in visible_documents(result, path):
        if document.path.resolve() == path.resolve() and document.model is not None:
            campaign = getattr(document.model, "campaign", None)
            if isinstance(campaign, str):
                return campaign.rsplit(":", 1)[-1]
    return None


def find_card(result: ValidationResult, path: Path, number: int) -> Named | None:
    """The mission card ``number`` of the campaign of ``path``."""
    campaign = campaign_of(result, path)
    for document in visible_documents(result, path):
        model = document.model
        if model is None or model.kind != "mission-card":
            continue
        if (
            getattr(model, "number", None) == number
            and str(getattr(model, "campaign", "")).rsplit(":", 1)[-1] == campaign
        ):
            return _named(document)
    return None


def ids_of(result: ValidationResult, path: Path, kinds: set[str]) -> list[Named]:
    found = []
    for document in visible_documents(result, path):
        if document.model is not None and document.model.kind in kinds:
            named = _named(document)
            if named is not None:
                found.append(named)
    return found


def cards_of(result: ValidationResult, path: Path) -> list[Named]:
    campaign = campaign_of(result, path)
    return [
        named
        for document in visible_documents(result, path)
        if document.model is not None
        and document.model.kind == "mission-card"
        and str(getattr(document.model, "campaign", "")).rsplit(":", 1)[-1] == campaign
        and (named := _named(document)) is not None
    ]
