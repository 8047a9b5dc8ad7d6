"""Card text in prose for the reference pages: the table companion's wording, with names and links.

The companion's wording (``toolkit.games.board.interpreter.wording``) writes plain text for one
hunter count. :class:`LinkWords` gives it other words: components by their names, every card number
a link to the card's page, numbers as they scale. Links cannot be put into plain text before it is
escaped, so each is a marker (a private-use character around its position in a list) that
:meth:`LinkWords.markdown` swaps for the link after escaping the rest.
"""

from __future__ import annotations

import re

from toolkit.core.document import LoadedDocument
from toolkit.core.expressions import Scaling
from toolkit.core.model import Text
from toolkit.games.board.interpreter.wording import Words, the
from toolkit.games.board.mission.deck import local_id
from toolkit.publish import escape
from toolkit.publish.context import RenderContext, document_page
from toolkit.publish.language import localized

_OPEN, _CLOSE = "\ue000", "\ue001"
_MARKER = re.compile(f"{_OPEN}(\\d+){_CLOSE}")

COMPONENT_KINDS: dict[str, tuple[str, ...]] = {
    "enemy": ("enemy", "npc-enemy", "boss"),
    "boss": ("boss", "npc-enemy", "enemy"),
    "tile": ("tile",),
    "consumable": ("consumable",),
    "reward": ("reward",),
    "firearm": ("firearm",),
}
"""The kinds a reference of the wording's kinds may name (a slain target may be any enemy)."""


def scaling_text(value: Scaling | int) -> str:
    """A number as the card gives it: `2`, `(hunters + 1)`, `(by hunters 1: 2, 2: 3)`."""
    if not isinstance(value, Scaling) or value.is_constant:
        return str(value)
    if value.table_counts() is not None:
        return f"(by hunters {value})"
    return f"({value})"


class LinkWords(Words):
    """The companion's words for one page: names instead of ids, links to the cards' pages."""

    def __init__(self, ctx: RenderContext, pack_id: str, campaign: str | None = None) -> None:
        self.ctx = ctx
        self.pack_id = pack_id
        self.campaign = local_id(campaign) if campaign else None
        self.links: list[str] = []

    def _mark(self, markdown: str) -> str:
        self.links.append(markdown)
        return f"{_OPEN}{len(self.links) - 1}{_CLOSE}"

    def count(self, value: Scaling, hunters: int) -> str:
        return scaling_text(value)

    def signed(self, value: Scaling, hunters: int) -> str:
        if isinstance(value, int):
            return f"{value:+d}"
        if value.is_constant and isinstance(value.raw, int):
            return f"{value.raw:+d}"
        return f"+{scaling_text(value)}"

    def _numbered(self, kind: str, number: int, label: str) -> str:
        found = self.numbered(kind, number)
        if found is None or document_page(found) not in self.ctx.rendered:
            return label
        return self._mark(self.ctx.link(document_page(found), escape.inline(label)))

    def numbered(self, kind: str, number: int) -> LoadedDocument | None:
        """The mission or insight card with ``number`` in this page's campaign."""
        for document in self.ctx.index.documents_of(kind, [self.pack_id]):
            model = document.model
            if getattr(model, "number", None) != number:
                continue
            if self.campaign is None or local_id(str(getattr(model, "campaign", ""))) == self.campaign:
                return document
        return None

    def card(self, card: int) -> str:
        # The number is the link: the words around it ("reveal card 6") are the catalogue's.
        return self._numbered("mission-card", card, str(card))

    def insight(self, card: int) -> str:
        return self._numbered("insight-card", card, str(card))

    def _found(self, reference: str, kind: str) -> LoadedDocument | None:
        return self.ctx.resolve(COMPONENT_KINDS.get(kind, (kind,)), reference, self.pack_id)

    def component(self, reference: str, kind: str) -> str:
        found = self._found(reference, kind)
        if found is None:
            return local_id(reference)
        return self._mark(self.ctx.link_document(found, escape.inline(self.ctx.listed_title(found))))

    def the_component(self, reference: str, kind: str) -> str:
        found = self._found(reference, kind)
        name = self.ctx.listed_title(found) if found is not None else local_id(reference)
        linked = self.component(reference, kind)
        return linked if the(name) == name else f"the {linked}"

    def text(self, value: Text) -> str:
        # Content text cannot forge a marker.
        return localized(value).replace(_OPEN, "").replace(_CLOSE, "")

    def token(self, name: str, label: Text | None) -> str:
        return self.text(label) if label else name

    def markdown(self, plain: str) -> str:
        """``plain`` (built with these words) escaped for one line of Markdown, links put in."""
        parts = _MARKER.split(plain)
        out = []
        for i, part in enumerate(parts):
            if i % 2 == 0:
                # Escaping trims a piece; the spaces around a link are kept.
                before = " " if part[:1].isspace() and i else ""
                after = " " if part[-1:].isspace() and i + 1 < len(parts) else ""
                out.append(before + escape.inline(part) + after if part.strip() else before or after)
            elif int(part) < len(self.links):
                out.append(self.links[int(part)])
        return "".join(out)

    def sentence(self, plain: str, end: str = ".") -> str:
        """``plain`` as a sentence: capitalised, ending in ``end`` unless it ends in punctuation."""
        text = plain.strip()
        if not text:
            return ""
        text = text[0].upper() + text[1:]
        if end and not text.endswith((".", "!", "?", "…", ":")):
            text += end
        elif not end:
            text = text.rstrip(".")
        return self.markdown(text)
