"""Checks BB0810 and BB0811: a document hiding one of a required pack, and `replaces:` itself.

A card-game document with the id of a document of the same kind in a pack it requires hides that
document: the table gets the nearest one (:mod:`toolkit.games.card.content`). Done on purpose, the
pack says so with `replaces: pack:id` on the new document; otherwise it is a warning naming both.
"""

from __future__ import annotations

from collections.abc import Iterator

from toolkit.core.diagnostics import Diagnostic, Related
from toolkit.core.document import LoadedDocument
from toolkit.core.index import ContentIndex, Pack
from toolkit.games.card.codes import BAD_REPLACES, SHADOWED_ID
from toolkit.games.card.model.cards import Replacing


def _hidden(index: ContentIndex, pack: Pack, kind: str, key: str) -> LoadedDocument | None:
    """The nearest document of ``kind`` and ``key`` in a pack ``pack`` requires, if any."""
    for pack_id in index.visible_packs(pack.id)[1:]:
        for document in index.documents_of(kind, [pack_id]):
            if document.model is not None and document.model.document_key() == key:
                return document
    return None


def check_shadows(index: ContentIndex, pack: Pack) -> Iterator[Diagnostic]:
    """Report undeclared shadowing (BB0810) and `replaces:` that replaces nothing (BB0811)."""
    for document in pack.documents:
        model = document.model
        if not isinstance(model, Replacing):
            continue
        hidden = _hidden(index, pack, model.kind, model.id)
        if model.replaces is not None:
            yield from _check_replaces(index, pack, document, model, hidden)
        elif hidden is not None:
            yield SHADOWED_ID.at(
                document.locate(("id",)),
                f"{model.kind} `{pack.id}:{model.id}` has the id of {model.kind} "
                f"`{hidden.pack_id}:{model.id}`, which it hides from the table",
                hint=f"add `replaces: {hidden.pack_id}:{model.id}` if it is meant to replace that "
                "card, or give it an id of its own",
                related=(Related(hidden.locate(("id",)), "the hidden document"),),
            )


def _check_replaces(
    index: ContentIndex,
    pack: Pack,
    document: LoadedDocument,
    model: Replacing,
    hidden: LoadedDocument | None,
) -> Iterator[Diagnostic]:
    assert model.replaces is not None
    target_pack, target_id = model.replaces.split(":", 1)
    expected = f"{hidden.pack_id}:{model.id}" if hidden is not None else None
    if model.replaces == expected:
        return
    if expected is not None:
        reason = f"it hides `{expected}`, the nearest {model.kind} with its id"
        hint = f"write `replaces: {expected}`"
    elif target_pack not in index.visible_packs(pack.id)[1:]:
        reason = f"`{target_pack}` is not a pack this pack requires"
        hint = "name a pack listed in `requires` (or one those packs require)"
    else:
        reason = f"no {model.kind} of a required pack has the id `{model.id}`"
        hint = "a document replaces one of the same kind and id; remove `replaces` for a new card"
    if target_id != model.id and expected is None:
        reason += f" (and `{target_id}` is not this document's id)"
    yield BAD_REPLACES.at(
        document.locate(("replaces",)),
        f"`replaces: {model.replaces}` replaces nothing: {reason}",
        hint=hint,
    )
