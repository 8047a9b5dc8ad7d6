"""Faces of every card of a pack: validate it the way other commands do, then draw each card."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from pathlib import Path

from toolkit.core.diagnostics import Diagnostic, Severity
from toolkit.core.document import LoadedDocument
from toolkit.core.index import ContentIndex, Pack
from toolkit.core.pipeline import ValidationResult, validate_paths
from toolkit.publish.faces.context import FaceContext
from toolkit.publish.faces.face import CardFace, Drawn
from toolkit.publish.faces.renderers import RENDERERS, SPOILER_KINDS


class PackNotValid(Exception):
    """The pack has errors, so its cards are not drawn; ``result`` holds every diagnostic (report it
    with the usual reporters, ``toolkit.core.reporters``)."""

    def __init__(self, result: ValidationResult) -> None:
        self.result = result
        errors = [d for d in result.diagnostics if d.severity is Severity.ERROR]
        first = min(errors, key=Diagnostic.sort_key).location.describe() if errors else "?"
        super().__init__(f"the pack has {len(errors)} error(s), the first at {first}")


class UnknownKinds(ValueError):
    """``kinds`` names kinds that have no card faces."""


def faces_for_pack(
    pack_path: Path,
    *,
    language: str | None = None,
    spoilers: bool = True,
    kinds: Sequence[str] | None = None,
) -> list[CardFace]:
    """Every card face of the pack at ``pack_path``, in file order.

    The pack is validated as ``huntkit validate --quick`` does (files, schema, references, rules;
    not the slow flow exploration, which says whether a campaign plays, not whether it prints); a
    pack with errors raises :class:`PackNotValid`. ``language`` picks the texts (English, then
    any language, where a text lacks it); ``spoilers=False`` leaves mission and insight cards' text
    out; ``kinds`` keeps only those kinds (:class:`UnknownKinds` for a kind without faces).
    """
    wanted = _kinds(kinds)
    result = validate_paths([pack_path], quick=True)
    if result.error_count:
        raise PackNotValid(result)
    faces: list[CardFace] = []
    for pack in result.packs:
        faces.extend(faces_of(result.index, pack, language=language or "en", spoilers=spoilers, kinds=wanted))
    return faces


def _kinds(kinds: Sequence[str] | None) -> frozenset[str] | None:
    if kinds is None:
        return None
    unknown = sorted(set(kinds) - set(RENDERERS))
    if unknown:
        raise UnknownKinds(
            f"no card faces for {', '.join(map(repr, unknown))}; card kinds: {', '.join(sorted(RENDERERS))}"
        )
    return frozenset(kinds)


def faces_of(
    index: ContentIndex,
    pack: Pack,
    *,
    language: str = "en",
    spoilers: bool = True,
    kinds: frozenset[str] | None = None,
) -> list[CardFace]:
    """The faces of one loaded pack's valid documents."""
    ctx = FaceContext(index, pack.id, language, spoilers)
    faces: list[CardFace] = []
    for document, drawn in drawn_cards(pack, ctx, kinds):
        faces.append(card_face(pack, document, drawn))
    return faces


def drawn_cards(
    pack: Pack, ctx: FaceContext, kinds: frozenset[str] | None = None
) -> Iterator[tuple[LoadedDocument, Drawn]]:
    """Each card of the pack as drawn (with what did not fit), by document."""
    for document in pack.documents:
        kind = document.kind
        if document.model is None or kind not in RENDERERS or (kinds is not None and kind not in kinds):
            continue
        for drawn in RENDERERS[kind](document, ctx):
            yield document, drawn


def card_face(pack: Pack, document: LoadedDocument, drawn: Drawn) -> CardFace:
    kind = document.kind or ""
    return CardFace(
        kind=kind,
        id=drawn.id,
        title=drawn.title,
        front_svg=drawn.front.svg(drawn.title),
        back_svg=drawn.back.svg(drawn.title),
        width_mm=drawn.front.width,
        height_mm=drawn.front.height,
        spoiler=drawn.spoiler or kind in SPOILER_KINDS,
        source=source_of(pack, document),
    )


def source_of(pack: Pack, document: LoadedDocument) -> str:
    """``file:line`` of the document, relative to its pack's folder."""
    try:
        relative = document.path.resolve().relative_to(pack.root.resolve()).as_posix()
    except ValueError:
        relative = document.path.name
    line = document.locate(()).line or document.locate(("kind",), key=True).line or 1
    return f"{relative}:{line}"
