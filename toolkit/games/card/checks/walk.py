"""Walking a card's effects with the YAML path of each, so checks can point at the exact line."""

from __future__ import annotations

from collections.abc import Iterator

from toolkit.core.document import PathKey
from toolkit.core.model import Document
from toolkit.games.card.model.effects import BasicEffect, Effect, Trigger

EFFECT_FIELDS = ("effects", "instant")
"""The fields of a card document that hold effect lists."""


def effects_with_paths(
    model: Document,
) -> Iterator[tuple[PathKey, Trigger | None, BasicEffect]]:
    """Every basic effect of ``model`` with its path (ending at the verb key) and its trigger."""
    for field_name in EFFECT_FIELDS:
        effects: list[Effect] = getattr(model, field_name, None) or []
        for i, effect in enumerate(effects):
            if isinstance(effect, Trigger):
                for j, inner in enumerate(effect.wrapped()):
                    yield (field_name, i, effect.verb, j, inner.verb), effect, inner
            else:
                yield (field_name, i, effect.verb), None, effect
