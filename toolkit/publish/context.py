"""What every renderer gets: the content index, the build options and link helpers."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from toolkit.core.document import LoadedDocument
from toolkit.core.index import ContentIndex
from toolkit.core.model import Document
from toolkit.publish import escape
from toolkit.publish.language import text_for
from toolkit.publish.messages import SOURCE_LANGUAGE, Words, words
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

    language: str = SOURCE_LANGUAGE
    """The language of this build's pages: content texts in it, the site's words from its catalogue."""


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

    @property
    def words(self) -> Words:
        """The site's words in the build's language."""
        return words(self.options.language)

    def languages_of(self, pack_id: str) -> list[str]:
        """The languages a pack declares, first language first (none declared: English)."""
        pack = self.index.packs.get(pack_id)
        declared = getattr(pack.manifest, "languages", None) if pack and pack.manifest else None
        return list(declared) if declared else [SOURCE_LANGUAGE]

    def primary_language(self, pack_id: str) -> str:
        """The first language a pack declares (its plain strings are in it)."""
        return self.languages_of(pack_id)[0]

    def declares(self, pack_id: str, language: str) -> bool:
        return language in self.languages_of(pack_id)

    def text(self, value: object, pack_id: str) -> str:
        """A content text of ``pack_id`` in the build's language (no fallback recorded: for
        navigation and titles; page bodies use :func:`toolkit.publish.language.localized`)."""
        if not isinstance(value, str | dict):
            return ""
        return text_for(value, self.options.language, self.primary_language(pack_id))[0]

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
            return self._secret_name(model)
        return self.title(document)

    def title(self, document: LoadedDocument) -> str:
        """The plain-text title of a document's page; secrets stay hidden without spoilers."""
        model = model_of(document)
        number = getattr(model, "number", None)
        if model.kind in SECRET_KINDS and not self.options.spoilers:
            return self._secret_name(model)
        title = getattr(model, "title", None)
        if model.kind == "chapter" and isinstance(title, str | dict):
            chapter = self.words("Chapter {number}: {title}")
            return chapter.format(number=number, title=self.text(title, document.pack_id))
        name = getattr(model, "name", None) or title
        if self.options.language != SOURCE_LANGUAGE and isinstance(name, dict):
            return self.text(name, document.pack_id)
        return model.display_name()

    def _secret_name(self, model: Document) -> str:
        """A secret document named by its kind and number (``Mission card 3``)."""
        number = getattr(model, "number", None)
        shown = number if number is not None else model.document_key()
        return f"{self.words(SECRET_KINDS[model.kind])} {shown}"

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
