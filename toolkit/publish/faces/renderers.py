"""Which renderer draws each card kind.

Every kind whose model is :class:`~toolkit.core.model.Illustrated` (a card or token) must be here;
``tests/publish/test_faces.py`` fails for a card kind of any installed game that has none.
"""

from __future__ import annotations

from collections.abc import Callable

from toolkit.core.document import LoadedDocument
from toolkit.publish.faces.context import FaceContext
from toolkit.publish.faces.face import Drawn
from toolkit.publish.faces.kinds import blood_hunt, board, card

Renderer = Callable[[LoadedDocument, FaceContext], list[Drawn]]

RENDERERS: dict[str, Renderer] = {
    "enemy": board.enemy,
    "npc-enemy": board.npc_enemy,
    "boss": board.boss,
    "hunter": board.hunter,
    "trick-weapon": board.trick_weapon,
    "firearm": board.firearm,
    "stat-card": board.stat_card,
    "consumable": board.consumable,
    "reward": board.reward,
    "mission-card": board.mission_card,
    "insight-card": board.insight_card,
    "monster": card.monster,
    "nightmare-boss": card.nightmare_boss,
    "card-upgrade": card.card_upgrade,
    "rune": card.rune,
    "death-token": card.death_token,
    "bh-deck": blood_hunt.deck,
    "bh-citizen": blood_hunt.citizen,
}

SPOILER_KINDS = frozenset({"mission-card", "insight-card"})
"""Kinds whose text is a secret until the card is drawn."""
