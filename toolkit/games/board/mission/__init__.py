"""Campaigns, chapters, mission cards and the mission language of the board game."""

from __future__ import annotations

from toolkit.core.model import Document
from toolkit.games.board.mission.conditions import CONDITION_VERBS, Condition
from toolkit.games.board.mission.documents import (
    Campaign,
    Chapter,
    InsightCard,
    MissionCard,
)
from toolkit.games.board.mission.effects import EFFECT_VERBS, Effect
from toolkit.games.board.mission.triggers import TRIGGER_VERBS, Trigger

MISSION_KINDS: dict[str, type[Document]] = {
    model.kind_name: model for model in (Campaign, Chapter, MissionCard, InsightCard)
}

__all__ = [
    "CONDITION_VERBS",
    "EFFECT_VERBS",
    "MISSION_KINDS",
    "TRIGGER_VERBS",
    "Campaign",
    "Chapter",
    "Condition",
    "Effect",
    "InsightCard",
    "MissionCard",
    "Trigger",
]
