"""Which campaign a document belongs to: the part of a pack whose checks it can hold back."""

from __future__ import annotations

from typing import Any

from toolkit.games.board.mission.deck import local_id


def campaign_scope(data: Any) -> str | None:
    """The campaign of a document (its own id for a `campaign`), from its plain data, so that a
    broken card holds back the checks of its campaign only; None for components, which hold back
    the whole pack."""
    if not isinstance(data, dict):
        return None
    name = data.get("id") if data.get("kind") == "campaign" else data.get("campaign")
    return f"campaign {local_id(name)!r}" if isinstance(name, str) and name else None
