"""The card game's checks (BB08xx; BB0317 for rulings' helpers), run after schema and references."""

from __future__ import annotations

from collections.abc import Sequence

from toolkit.core.plugin import Check
from toolkit.games.card.checks.cards import check_cards
from toolkit.games.card.checks.effects import check_effects
from toolkit.games.card.checks.helpers import check_helpers
from toolkit.games.card.checks.ordering import check_damage_order
from toolkit.games.card.checks.runes import check_untriggered_instants
from toolkit.games.card.checks.scenarios import check_scenario_cards
from toolkit.games.card.checks.shadows import check_shadows
from toolkit.games.card.checks.supply import check_supply
from toolkit.games.card.checks.track import check_trophy_tracks
from toolkit.games.card.checks.types import check_monster_types

CARD_CHECKS: Sequence[Check] = (
    check_monster_types,
    check_trophy_tracks,
    check_damage_order,
    check_untriggered_instants,
    check_helpers,
    check_effects,
    check_cards,
    check_shadows,
    check_supply,
    check_scenario_cards,
)
"""Every check of the card game, in the order they run."""
