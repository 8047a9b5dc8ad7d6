"""Content models of The Hunter's Nightmare."""

from __future__ import annotations

from toolkit.core.model import Document
from toolkit.games.card.model.cards import CardUpgrade, Monster, NightmareBoss, Rune
from toolkit.games.card.model.rulings import CardRuling
from toolkit.games.card.model.track import DeathToken, TrophyTrack

CARD_KINDS: dict[str, type[Document]] = {
    model.kind_name: model
    for model in (Monster, NightmareBoss, CardUpgrade, Rune, DeathToken, TrophyTrack, CardRuling)
}
"""The card game's content kinds by their `kind` value."""
