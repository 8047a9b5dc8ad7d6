"""The card game expansion as a plug-in."""

from __future__ import annotations

from toolkit.core.plugin import GamePlugin
from toolkit.core.vocabulary import not_simulated_check
from toolkit.games.card.checks import CARD_CHECKS
from toolkit.games.card.model import CARD_KINDS
from toolkit.games.card.vocabulary import VOCABULARIES

PLUGIN = GamePlugin(
    id="bloodborne-card",
    title="Bloodborne: The Card Game — The Hunter's Nightmare",
    kinds=CARD_KINDS,
    checks=(*CARD_CHECKS, not_simulated_check(VOCABULARIES)),
    count_variable="players",
    player_counts=(3, 4, 5),
    core_pack="hunters-nightmare",
    vocabularies=VOCABULARIES,
)
