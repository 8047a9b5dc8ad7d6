"""The card game expansion as a plug-in."""

from __future__ import annotations

from toolkit.core.plugin import GamePlugin
from toolkit.core.vocabulary import not_simulated_check
from toolkit.games.card.checks import CARD_CHECKS
from toolkit.games.card.content import PLAYER_COUNTS
from toolkit.games.card.model import CARD_KINDS
from toolkit.games.card.scenarios.entry import SCENARIO_KINDS, run_scenarios
from toolkit.games.card.vocabulary import VOCABULARIES
from toolkit.publish.faces.check import check_card_text

PLUGIN = GamePlugin(
    id="bloodborne-card",
    title="Bloodborne: The Card Game — The Hunter's Nightmare",
    kinds={**CARD_KINDS, **SCENARIO_KINDS},
    checks=(*CARD_CHECKS, not_simulated_check(VOCABULARIES), check_card_text),
    count_variable="players",
    player_counts=PLAYER_COUNTS,
    core_pack="hunters-nightmare",
    test=run_scenarios,
    vocabularies=VOCABULARIES,
)
