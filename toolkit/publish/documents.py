"""Document pages: a generic page for every kind, and specific renderers registered per kind.

A specific renderer lays out the body of a page for its kind (a weapon's two forms side by side, a
boss's HP table…). It must cope with models that are still changing: read optional attributes with
``getattr`` and fall back to the generic field listing for anything it does not know.
"""

from __future__ import annotations

from collections.abc import Callable

from toolkit.core.document import LoadedDocument
from toolkit.core.model import Document
from toolkit.publish import escape
from toolkit.publish.context import SECRET_KINDS, RenderContext, kind_page, model_of, pack_page
from toolkit.publish.fields import ValueRenderer, provenance_badge
from toolkit.publish.language import fallback_note, writing_page

Renderer = Callable[[RenderContext, LoadedDocument], str]
"""Renders the body of one document's page (everything below the title and header line)."""

RENDERERS: dict[str, Renderer] = {}


def renders(*kinds: str) -> Callable[[Renderer], Renderer]:
    """Register a specific renderer for ``kinds``."""

    def register(function: Renderer) -> Renderer:
        for kind in kinds:
            RENDERERS[kind] = function
        return function

    return register


def generic_body(ctx: RenderContext, document: LoadedDocument) -> str:
    """Every field of the model, titled and explained by its docstring."""
    model = model_of(document)
    return ValueRenderer(ctx, model, document.pack_id).fields(model)


def header(ctx: RenderContext, document: LoadedDocument) -> str:
    model = model_of(document)
    pack = ctx.index.packs.get(document.pack_id)
    name = getattr(pack.manifest, "name", None) if pack and pack.manifest else None
    pack_name = escape.inline(ctx.text(name, document.pack_id) if name else document.pack_id)
    try:
        where = document.path.relative_to(pack.root).as_posix() if pack else document.path.name
    except ValueError:
        where = document.path.name
    say = ctx.words
    return (
        f"{ctx.link(kind_page(model.kind), escape.inline(model.kind))} · "
        f"{say('pack')} {ctx.link(pack_page(document.pack_id), pack_name)} · "
        f"{say('file')} {escape.inline(where)} · {say('numbers:')} {provenance_badge(model.source)}"
    )


def is_secret(model: Document) -> bool:
    """A mission or insight card, a scenario test, or a rule scenario that plays mission cards
    (its steps quote them): pages the search index leaves out unless the build asks."""
    return model.kind in SECRET_KINDS or (
        model.kind == "rule-scenario" and bool(getattr(model, "missions", False))
    )


def document_markdown(ctx: RenderContext, document: LoadedDocument) -> str:
    """The whole page of one document."""
    model = model_of(document)
    renderer = RENDERERS.get(model.kind, generic_body)
    with writing_page(
        ctx.options.language,
        ctx.primary_language(document.pack_id),
        ctx.declares(document.pack_id, ctx.options.language),
    ) as language:
        body = renderer(ctx, document)
    note = fallback_note(language)
    face = ctx.face_blocks.get(ctx.page, "")
    page = f"# {escape.inline(ctx.title(document))}\n\n{note}{header(ctx, document)}\n\n{face}{body}\n"
    if is_secret(model) and not ctx.options.search_spoilers:
        # Material's search plugin leaves the page out of its index (the page itself is unchanged).
        page = "---\nsearch:\n  exclude: true\n---\n\n" + page
    return page
