"""`huntkit validate`'s card text check: text a face cannot fit is a warning (BB0910) at its field.

Every card of the pack is drawn in each language the pack declares (English when it declares
none), exactly as ``huntkit print`` and the site draw it, so the warning is about the face a player
would get. The renderers load on the first call, so a validation of files that hold no cards never
imports them.
"""

from __future__ import annotations

from collections.abc import Iterator

from toolkit.core import codes
from toolkit.core.diagnostics import Diagnostic, Location
from toolkit.core.document import LoadedDocument, PathKey
from toolkit.core.index import ContentIndex, Pack


def check_card_text(index: ContentIndex, pack: Pack) -> Iterator[Diagnostic]:
    """Each text of a card that does not fit its face, once per field and language."""
    from toolkit.publish.faces.build import drawn_cards
    from toolkit.publish.faces.context import FaceContext
    from toolkit.publish.faces.renderers import RENDERERS

    if not any(document.kind in RENDERERS for document in pack.documents):
        return
    seen: set[tuple[str, int, PathKey]] = set()
    for language in pack.languages or ("en",):
        ctx = FaceContext(index, pack.id, language, spoilers=True)
        for document, drawn in drawn_cards(pack, ctx):
            for overflow in drawn.overflows:
                key = (str(document.path), document.index, overflow.path)
                if key in seen:
                    continue
                seen.add(key)
                where = f" ({language})" if pack.languages and len(pack.languages) > 1 else ""
                cut = max(1, round(len(overflow.text) * (1 - overflow.shown / max(overflow.needed, 1))))
                after = ""
                if overflow.left_off:
                    fields = ", ".join(_field(path) for path in overflow.left_off[:3])
                    more = f" and {len(overflow.left_off) - 3} more" if len(overflow.left_off) > 3 else ""
                    after = f"; what follows it on the face ({fields}{more}) gets no room and is left off"
                yield codes.CARD_TEXT_OVERFLOW.at(
                    _locate(document, _in_language(document, overflow.path, language)),
                    f"the text of {_field(overflow.path)}{where} does not fit on the face of "
                    f"{drawn.title!r}: it needs {overflow.needed} line(s) at the smallest size "
                    f"({overflow.size:g} mm) and {overflow.shown} fit, so the face cuts it{after}",
                    hint=f"shorten it by about {cut} characters, or move some of it to another field "
                    "(flavour, story) that has room",
                )


def _field(path: PathKey) -> str:
    return "`" + ".".join(str(part) for part in path) + "`" if path else "the card"


def _in_language(document: LoadedDocument, path: PathKey, language: str) -> PathKey:
    """The path of the text in ``language`` when the field is written one string per language."""
    value = document.data
    for part in path:
        try:
            value = value[part]
        except (KeyError, IndexError, TypeError):
            return path
    if isinstance(value, dict) and isinstance(value.get(language), str):
        return (*path, language)
    return path


def _locate(document: LoadedDocument, path: PathKey) -> Location:
    """The value at ``path``, or the nearest written field above it (a default is not written)."""
    for end in range(len(path), -1, -1):
        location = document.locate(path[:end])
        if location.span is not None:
            return location
    return document.locate(())
