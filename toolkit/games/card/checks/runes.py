"""Check BB0804: always-on cards do not hold instant effects outside a trigger."""

from __future__ import annotations

from collections.abc import Iterator

from toolkit.core.diagnostics import Diagnostic
from toolkit.core.index import ContentIndex, Pack
from toolkit.games.card.checks.walk import effects_with_paths
from toolkit.games.card.codes import UNTRIGGERED_INSTANT
from toolkit.games.card.model.cards import NightmareBoss, Rune
from toolkit.games.card.model.effects import INSTANT_VERBS, TRIGGER_VERBS


def check_untriggered_instants(index: ContentIndex, pack: Pack) -> Iterator[Diagnostic]:
    """Report instant verbs at the top level of a rune's or main boss's effects."""
    triggers = ", ".join(f"`{verb}`" for verb in TRIGGER_VERBS)
    for document in pack.documents:
        model = document.model
        is_always_on = isinstance(model, Rune) or (isinstance(model, NightmareBoss) and model.main)
        if model is None or not is_always_on:
            continue
        what = "a rune" if isinstance(model, Rune) else "a main boss"
        for path, trigger, effect in effects_with_paths(model):
            if trigger is None and effect.verb in INSTANT_VERBS:
                yield UNTRIGGERED_INSTANT.at(
                    document.locate(path, key=True),
                    f"`{effect.verb}` happens once, but {what} is in effect all game, "
                    "so nothing says when it happens",
                    hint=f"put it inside a trigger: {triggers}",
                )
