"""Component models of the board game: hunters, weapons, cards, enemies, bosses, tiles, track."""

from __future__ import annotations

from toolkit.core.model import Document

COMPONENT_KINDS: dict[str, type[Document]] = {}
