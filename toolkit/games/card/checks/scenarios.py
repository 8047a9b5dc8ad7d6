"""The cards a `card-scenario` plays must exist (BB0305, like every other reference).

A `play` step names an upgrade or a base-game starting card, a union the core's reference walk
cannot mark, so the card game resolves these names itself.
"""

from __future__ import annotations

from collections.abc import Iterator

from toolkit.core import codes
from toolkit.core.diagnostics import Diagnostic
from toolkit.core.index import ContentIndex, Pack
from toolkit.core.validation import did_you_mean
from toolkit.games.card.scenarios.model import STARTING_CARDS, CardScenario, Play


def check_scenario_cards(index: ContentIndex, pack: Pack) -> Iterator[Diagnostic]:
    """Report `play` values that are neither a starting card nor an upgrade in play."""
    visible = index.visible_packs(pack.id)
    for document in pack.documents:
        scenario = document.model
        if not isinstance(scenario, CardScenario):
            continue
        for position, step in enumerate(scenario.steps):
            if not isinstance(step, Play):
                continue
            for hunter, card in step.play.items():
                if card in STARTING_CARDS or index.resolve(["card-upgrade"], card, pack.id) is not None:
                    continue
                choices = [*STARTING_CARDS, *index.keys_of(["card-upgrade"], visible)]
                yield codes.UNKNOWN_REFERENCE.at(
                    document.locate(("steps", position, "play", hunter)),
                    f"no card-upgrade with the id {card!r}, and it is not a starting card",
                    hint=did_you_mean(card, choices)
                    or "starting cards: " + ", ".join(f"`{c}`" for c in STARTING_CARDS),
                )
