"""Which renderer draws each card kind.

Every kind whose model is :class:`~toolkit.core.model.Illustrated` (a card or token) must be here;
``tests/publish/test_faces.py`` fails for a card kind of any installed game that has none.
"""

from __future__ import annotations

from collections.abc import Callable

from toolkit.core.document import LoadedDocument
from toolkit.publish.faces.context import FaceContext
from toolkit.publish.faces.face import Drawn
from toolkit.publish.faces.kinds import board

Renderer = Callable[[LoadedDocument, FaceContext], list[Drawn]]

RENDERERS: dict[str, Renderer] = {
    "enemy": board.enemy,
    "npc-enemy": board.npc_enemy,
}

SPOILER_KINDS = frozenset({"mission-card", "insight-card"})
"""Kinds whose text is a secret until the card is drawn."""
