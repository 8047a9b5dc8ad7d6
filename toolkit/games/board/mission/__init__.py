"""Campaigns, chapters, mission cards and the mission language of the board game."""

from __future__ import annotations

from toolkit.core.model import Document

MISSION_KINDS: dict[str, type[Document]] = {}
