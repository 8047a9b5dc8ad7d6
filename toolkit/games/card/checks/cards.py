"""Checks BB0809 and BB0814: cards that do nothing, or claim what their kind cannot do."""

from __future__ import annotations

from collections.abc import Iterator

from toolkit.core.diagnostics import Diagnostic
from toolkit.core.index import ContentIndex, Pack
from toolkit.games.card.codes import RUNE_WITHOUT_EFFECT, TRANSFORM_CHOICE_NOT_WEAPON
from toolkit.games.card.model.cards import CardUpgrade, Rune


def check_cards(index: ContentIndex, pack: Pack) -> Iterator[Diagnostic]:
    """Report runes without effects (BB0809) and transform choices on non-weapons (BB0814)."""
    for document in pack.documents:
        model = document.model
        # A rune the booklet names without printing its text is knowingly unmodelled
        # (`text_in_sources: false` says so), not an author's slip.
        if isinstance(model, Rune) and not model.effects and model.text_in_sources:
            yield RUNE_WITHOUT_EFFECT.at(
                document.locate(("id",)),
                f"rune `{model.id}` has no effects, so the hunter who keeps it gains nothing",
                hint="give it `effects:`, or mark `text_in_sources: false` if the sources name "
                "the rune without saying what it does",
            )
        if isinstance(model, CardUpgrade) and model.transform_choice and model.weapon is None:
            yield TRANSFORM_CHOICE_NOT_WEAPON.at(
                document.locate(("transform_choice",)),
                f"upgrade `{model.id}` chooses whether to transform, but it is not a weapon "
                "(`weapon` is not set), and only weapons transform",
                hint="set `weapon: melee` or `weapon: ranged`, or remove `transform_choice`",
            )
