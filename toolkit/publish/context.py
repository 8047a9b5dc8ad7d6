"""What every renderer gets: the content index, the build options and link helpers."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from toolkit.core.document import LoadedDocument
from toolkit.core.index import ContentIndex
from toolkit.core.model import Document, text_in
from toolkit.publish import escape
from toolkit.publish.pages import relative


@dataclass(frozen=True, slots=True)
class SiteOptions:
    """Choices of one build."""

    spoilers: bool = True
    """Show mission-card story, goals and outcomes (collapsed); ``False`` leaves them out."""

    search_spoilers: bool = False
    """Let the site's search find them too. Off by default: a collapsed block hides nothing from
    search, and searching a boss's name would show the card that spawns it, story and all."""

    fixtures_root: Path | None = None
    """``tests/fixtures/codes``: broken and fixed examples for the diagnostic code pages."""

    schema_root: Path | None = None
    """Folder of the exported JSON Schemas offered for download."""

    reports: tuple[dict[str, Any], ...] = ()
    """Simulation reports (`huntkit simulate --format json`) to show on their chapters' pages."""

    docs_dir: Path | None = None
    """The hand-written pages (``site/``); pages there outside the rules get a "Guides" tab."""


SEARCH_EXCLUDE = " { data-search-exclude }"
"""After a Markdown heading: Material's search leaves that section out of its index."""


SECRET_KINDS = {
    "mission-card": "Mission card",
    "insight-card": "Insight card",
    "scenario": "Scenario test",
}
"""Kinds whose title and text are secrets until revealed at the table."""


def document_page(document: LoadedDocument) -> str:
    """The docs-relative path of a document's page: ``content/<pack>/<kind>/<key>.md``."""
    model = document.model
    assert model is not None
    key = model.document_key() or f"{document.path.stem}-{document.index}"
    return f"content/{escape.slug(document.pack_id)}/{model.kind}/{escape.slug(key)}.md"


def pack_page(pack_id: str) -> str:
    return f"content/{escape.slug(pack_id)}/index.md"


def kind_page(kind: str) -> str:
    return f"reference/kinds/{escape.slug(kind)}.md"


@dataclass(slots=True)
class RenderContext:
    """Shared by every renderer during one build; ``page`` is the page being written."""

    index: ContentIndex
    options: SiteOptions
    page: str = ""
    rendered: set[str] = field(default_factory=set)
    """Paths of document pages that exist in this build (links to anything else are plain text)."""

    verb_pages: dict[type, str] = field(default_factory=dict)
    """The vocabulary page of each verb model, so content pages link the verbs they use."""

    face_blocks: dict[str, str] = field(default_factory=dict)
    """Document page → the Markdown showing its card faces (see :mod:`toolkit.publish.face_pages`)."""

    def at(self, page: str) -> RenderContext:
        """The same context, writing ``page``."""
        return RenderContext(self.index, self.options, page, self.rendered, self.verb_pages, self.face_blocks)

    def link(self, target: str, label: str, anchor: str = "") -> str:
        """A Markdown link to a docs-relative page; ``label`` is already-escaped Markdown."""
        return f"[{label}]({relative(self.page, target, anchor)})"

    def heading(self, text: str, *, secret: bool) -> str:
        """A section heading; a section listing secrets (titles of mission and insight cards,
        scenario names, goal labels) stays out of the search index unless the build asks for it."""
        return f"## {text}" + (SEARCH_EXCLUDE if secret and not self.options.search_spoilers else "")

    def listed_title(self, document: LoadedDocument) -> str:
        """How other pages name a document: a mission card, insight card or scenario by its number
        only unless the build lets search find spoilers — its title is a spoiler, and every page but
        its own is searched."""
        model = model_of(document)
        if model.kind in SECRET_KINDS and not self.options.search_spoilers:
            number = getattr(model, "number", None)
            return f"{SECRET_KINDS[model.kind]} {number if number is not None else model.document_key()}"
        return self.title(document)

    def title(self, document: LoadedDocument) -> str:
        """The plain-text title of a document's page; secrets stay hidden without spoilers."""
        model = model_of(document)
        number = getattr(model, "number", None)
        if model.kind in SECRET_KINDS and not self.options.spoilers:
            return f"{SECRET_KINDS[model.kind]} {number if number is not None else model.document_key()}"
        title = getattr(model, "title", None)
        if model.kind == "chapter" and isinstance(title, str | dict):
            return f"Chapter {number}: {text_in(title)}"
        return model.display_name()

    def link_document(self, document: LoadedDocument, label: str | None = None) -> str:
        assert document.model is not None
        text = label if label is not None else escape.inline(self.listed_title(document))
        target = document_page(document)
        return self.link(target, text) if target in self.rendered else text

    def resolve(self, kinds: tuple[str, ...], reference: str, from_pack: str) -> LoadedDocument | None:
        found = self.index.resolve(kinds, reference, from_pack)
        return found if found is not None and found.model is not None else None

    def link_reference(self, kinds: tuple[str, ...], reference: str, from_pack: str) -> str:
        """A link to the document ``reference`` names, or the escaped reference if unresolved."""
        found = self.resolve(kinds, reference, from_pack)
        return self.link_document(found) if found is not None else escape.inline(reference)


def model_of(document: LoadedDocument) -> Document:
    assert document.model is not None
    return document.model
