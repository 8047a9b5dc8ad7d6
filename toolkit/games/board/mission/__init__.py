"""Campaigns, chapters, mission cards and the mission language of the board game.

A campaign pack holds a ``campaign`` (its introduction), three ``chapter`` documents (setup, and the
triggers that reveal mission cards), its ``mission-card`` deck and its ``insight-card`` deck, both
numbered like the physical cards. Every trigger, condition and effect is a single-key mapping naming
its verb::

    kind: mission-card
    campaign: the-pale-bell
    chapter: 1
    number: 3
    type: hunt
    title: Ropes of Hair
    on_reveal:
      - spawn: {enemy: hair-rope-warden, at: {space: graveyard}, tag: bell-warden}
    goals:
      - goal: {slay: {tag: bell-warden}}
        then:
          - branch:
              if: {holds_insight: 24}
              then: [{blood_echoes: {amount: 1}}, {reveal: 4}]
              else: [{advance_hunt_track: 1}, {reveal: 4}]

``TRIGGER_VERBS``, ``CONDITION_VERBS`` and ``EFFECT_VERBS`` map each verb to its documented model.
"""

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
