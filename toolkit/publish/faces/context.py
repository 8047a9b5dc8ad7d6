"""What a face renderer may ask about the content: names of referenced documents, the language,
whether spoilers are shown, and a card's art as a data URI."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import TypeVar

from toolkit.core.art import Art, load_art
from toolkit.core.document import LoadedDocument
from toolkit.core.index import ContentIndex
from toolkit.core.model import Document, Text, text_in

D = TypeVar("D", bound=Document)


def typed(document: LoadedDocument, model_type: type[D]) -> D:
    """The document's model as ``model_type`` (a renderer is only called for its own kind)."""
    model = document.model
    if not isinstance(model, model_type):
        raise TypeError(f"{document.path}: expected a {model_type.__name__}, got {type(model).__name__}")
    return model


@dataclass(slots=True)
class FaceContext:
    index: ContentIndex
    pack_id: str
    language: str = "en"
    spoilers: bool = True
    _art: dict[tuple[Path, str], Art | None] = field(default_factory=dict)

    def text(self, value: Text | None) -> str:
        return text_in(value, self.language)

    def name_of(self, kinds: tuple[str, ...], reference: str) -> str:
        """The display name of the document ``reference`` names (the id itself if it names none:
        validation has reported that already)."""
        found = self.index.resolve(kinds, reference, self.pack_id)
        if found is None or found.model is None:
            return reference
        name = getattr(found.model, "name", None) or getattr(found.model, "title", None)
        return text_in(name, self.language) if name is not None else found.model.display_name()

    def art_uri(self, document: LoadedDocument) -> str | None:
        """The document's art as a data URI; None without art or when the art check refused it."""
        reference = getattr(document.model, "art", None)
        pack = self.index.packs.get(document.pack_id)
        if not isinstance(reference, str) or pack is None:
            return None
        key = (pack.root, reference)
        if key not in self._art:
            found = load_art(reference, pack.root)
            self._art[key] = found if isinstance(found, Art) else None
        art = self._art[key]
        return art.data_uri() if art is not None else None
