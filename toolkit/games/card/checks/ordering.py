"""Check BB0803: damage modifiers do not declare contradictory orderings."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field

from toolkit.core.diagnostics import Diagnostic, Related
from toolkit.core.document import LoadedDocument, PathKey
from toolkit.core.index import ContentIndex, Pack
from toolkit.games.card.checks.walk import effects_with_paths
from toolkit.games.card.codes import CONTRADICTORY_DAMAGE_ORDER
from toolkit.games.card.model.effects import CARD_KINDS_REFERABLE, DamageModifierVerb
from toolkit.games.card.rules.ordering import Declared, ordering_conflicts

HINT = (
    "the booklet applies doubling and halving first, then flat increases and prevention, then "
    "limits; within a stage modifiers commute, so an ordering there only documents intent"
)


@dataclass(frozen=True, slots=True)
class Where:
    """Where a modifier is written, and where each card its declarations name is written."""

    document: LoadedDocument
    path: PathKey
    """The path of the modifier's verb key."""

    named_at: dict[tuple[str, str], int] = field(default_factory=dict)
    """(field, card key) -> position in that field's list."""


def _card_key(document: LoadedDocument, pack: Pack) -> str:
    """A readable key, unique across kinds and packs: ``rune `beast-rune```."""
    assert document.model is not None
    qualifier = "" if document.pack_id == pack.id else f"{document.pack_id}:"
    return f"{document.model.kind} `{qualifier}{document.model.document_key()}`"


def _declared(index: ContentIndex, pack: Pack) -> list[Declared[Where]]:
    """Every damage modifier of every card visible from ``pack``, references resolved to keys."""
    found: list[Declared[Where]] = []
    for kind in CARD_KINDS_REFERABLE:
        for document in index.documents_of(kind, index.visible_packs(pack.id)):
            assert document.model is not None
            for path, _, effect in effects_with_paths(document.model):
                if not isinstance(effect, DamageModifierVerb):
                    continue
                options = effect.options()
                where = Where(document, path)
                keys: dict[str, tuple[str, ...]] = {}
                for field_name in ("resolve_after", "resolve_before"):
                    resolved: list[str] = []
                    for position, ref in enumerate(getattr(options, field_name)):
                        target = index.resolve(CARD_KINDS_REFERABLE, ref, document.pack_id)
                        # An unknown reference is BB0305's business; it orders nothing.
                        if target is not None and target.model is not None:
                            key = _card_key(target, pack)
                            resolved.append(key)
                            where.named_at[(field_name, key)] = position
                    keys[field_name] = tuple(resolved)
                found.append(
                    Declared(
                        _card_key(document, pack),
                        effect.stage,
                        after=keys["resolve_after"],
                        before=keys["resolve_before"],
                        where=where,
                    )
                )
    return found


def check_damage_order(index: ContentIndex, pack: Pack) -> Iterator[Diagnostic]:
    """Report ordering declarations in ``pack`` that contradict the stages or each other."""
    declared = _declared(index, pack)
    first_of_card: dict[str, Declared[Where]] = {}
    for modifier in declared:
        first_of_card.setdefault(modifier.card, modifier)
    for conflict in ordering_conflicts(declared):
        where = conflict.declared.where
        if where is None or where.document.pack_id != pack.id:
            continue
        field_name = "resolve_after" if conflict.other in conflict.declared.after else "resolve_before"
        position = where.named_at[(field_name, conflict.other)]
        related: tuple[Related, ...] = ()
        other = first_of_card.get(conflict.other)
        if other is not None and other.where is not None and other.card != conflict.declared.card:
            other_at = other.where.document.locate(other.where.path, key=True)
            related = (Related(other_at, f"a damage modifier of {conflict.other}"),)
        yield CONTRADICTORY_DAMAGE_ORDER.at(
            where.document.locate((*where.path, field_name, position)),
            conflict.reason,
            hint=HINT,
            related=related,
        )
