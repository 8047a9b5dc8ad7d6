"""Content in one language: a copy of the index whose every text is the plain string in that language.

`play --lang pl` and `simulate --lang pl` hand their game this copy, so every ``text_in(text)`` the
companion, the interpreter and the reports already make gives the Polish text, with no game asked to
know about languages. A text without the language falls back as :func:`~toolkit.core.model.text_in`
does (English, then any). The loaded index is left as it was.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any, TypeVar

from pydantic import BaseModel

from toolkit.core.document import LoadedDocument, PathKey
from toolkit.core.index import ContentIndex
from toolkit.core.model import text_in
from toolkit.core.references import walk_marked

M = TypeVar("M", bound=BaseModel)


def localised_model(model: M, language: str) -> M:
    """``model`` with every per-language text replaced by its string in ``language``."""
    result: Any = model
    for marked in list(walk_marked(model)):
        if marked.is_text and isinstance(marked.value, dict):
            result = _set(result, marked.path, text_in(marked.value, language))
    localised: M = result
    return localised


def _set(node: Any, path: PathKey, value: Any) -> Any:
    if not path:
        return value
    head, rest = path[0], path[1:]
    if isinstance(node, BaseModel):
        return node.model_copy(update={str(head): _set(getattr(node, str(head)), rest, value)})
    if isinstance(node, list | tuple) and isinstance(head, int):
        items = list(node)
        items[head] = _set(items[head], rest, value)
        return type(node)(items) if isinstance(node, tuple) else items
    if isinstance(node, dict):
        # Dict keys of models are strings or ints (`{1: ..., 2: ...}` tables); the path holds strings.
        key = next((k for k in node if str(k) == str(head)), head)
        return {**node, key: _set(node[key], rest, value)}
    return node


def localised_index(index: ContentIndex, language: str) -> ContentIndex:
    """A copy of ``index`` whose documents and pack manifests speak ``language``."""
    replacements: dict[int, LoadedDocument] = {}
    for pack in index.packs.values():
        for document in pack.documents:
            if document.model is None:
                continue
            model = localised_model(document.model, language)
            if model is not document.model:
                replacements[id(document)] = replace(document, model=model)
    manifests = {
        pack_id: localised_model(pack.manifest, language)
        for pack_id, pack in index.packs.items()
        if pack.manifest is not None
    }
    return index.with_documents(replacements, manifests)
