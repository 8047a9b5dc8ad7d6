"""Card faces on the reference: each card's page shows its face, as SVG files beside the page.

The faces are files, not inline SVG: a page stays small, search never indexes a face's words, and
the site's link pass never rewrites text inside a drawing. Mission and insight cards are secrets:
a build without spoilers shows no face for them, and a build with spoilers keeps their faces in a
collapsed block, as the page keeps their story (their pages stay out of search unless
``--spoilers`` asks for it; see :func:`toolkit.publish.documents.document_markdown`).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from toolkit.core.document import LoadedDocument
from toolkit.core.index import ContentIndex
from toolkit.publish import escape
from toolkit.publish.context import SiteOptions, document_page
from toolkit.publish.faces.build import drawn_cards
from toolkit.publish.faces.context import FaceContext
from toolkit.publish.faces.face import Drawn
from toolkit.publish.faces.renderers import SPOILER_KINDS
from toolkit.publish.markdown import admonition

PX_PER_MM = 3.2
"""How large a face is shown: a poker card (63 mm) is about 200 px wide, two fit side by side on a
390 px phone screen at half that."""


@dataclass(slots=True)
class SiteFaces:
    blocks: dict[str, str] = field(default_factory=dict)
    """Document page → the Markdown showing its faces."""
    files: dict[str, str] = field(default_factory=dict)
    """Site-relative path → SVG text of a face's side."""


def site_faces(index: ContentIndex, options: SiteOptions) -> SiteFaces:
    """The faces of every card in the index, as page blocks and SVG files."""
    faces = SiteFaces()
    for pack_id, pack in index.packs.items():
        ctx = FaceContext(index, pack_id, options.language, spoilers=options.spoilers)
        drawn_by_page: dict[str, list[tuple[LoadedDocument, Drawn]]] = {}
        for document, drawn in drawn_cards(pack, ctx):
            if document.kind in SPOILER_KINDS and not options.spoilers:
                continue
            drawn_by_page.setdefault(document_page(document), []).append((document, drawn))
        for page, cards in drawn_by_page.items():
            faces.blocks[page] = _block(faces, page, cards)
    return faces


def _block(faces: SiteFaces, page: str, cards: list[tuple[LoadedDocument, Drawn]]) -> str:
    stem = page.removesuffix(".md")
    name = stem.rsplit("/", 1)[-1]
    images: list[str] = []
    backs: set[str] = set()
    for i, (_, drawn) in enumerate(cards):
        suffix = f"-{i + 1}" if len(cards) > 1 else ""
        width = round(drawn.front.width * PX_PER_MM)
        for side, canvas in (("front", drawn.front), ("back", drawn.back)):
            svg = canvas.svg(drawn.title)
            if side == "back":
                drawing = "".join(canvas.parts)  # the same back, whatever card's title it carries
                if drawing in backs:
                    continue  # one shared back (a deck's) is shown once
                backs.add(drawing)
            file = f"{name}{suffix}-{side}.svg"
            faces.files[f"{stem.rsplit('/', 1)[0]}/{file}"] = svg
            alt = escape.inline(f"{side.capitalize()} of {drawn.title}")
            images.append(f'![{alt}]({file}){{ width="{width}" loading="lazy" }}')
    body = "\n".join(images)
    if cards and cards[0][0].kind in SPOILER_KINDS:
        return admonition("spoiler", "Card face", body, collapsed=True)
    return f'<div class="hk-faces" markdown="1">\n\n{body}\n\n</div>\n'
