"""Card faces: every card and token of the three games drawn as SVG at its printed size.

``faces_for_pack(path)`` is the entry point (``huntkit print`` and the reference site call it);
each card kind has one renderer (:mod:`toolkit.publish.faces.renderers`), text is measured with
bundled font metrics (:mod:`toolkit.publish.faces.metrics`) and fitted to its box
(:mod:`toolkit.publish.faces.layout`), and text that does not fit is a warning (BB0910) from
``huntkit validate`` at the field that holds it (:mod:`toolkit.publish.faces.check`).
"""

from __future__ import annotations

from toolkit.publish.faces.build import PackNotValid, UnknownKinds, faces_for_pack, faces_of
from toolkit.publish.faces.face import SIZES, CardFace, CardSize
from toolkit.publish.faces.renderers import RENDERERS, SPOILER_KINDS

__all__ = [
    "RENDERERS",
    "SIZES",
    "SPOILER_KINDS",
    "CardFace",
    "CardSize",
    "PackNotValid",
    "UnknownKinds",
    "faces_for_pack",
    "faces_of",
]
