"""Check BB0801: every monster type named in a pack has a death token."""

from __future__ import annotations

import difflib
from collections.abc import Iterator

from toolkit.core.diagnostics import Diagnostic
from toolkit.core.document import LoadedDocument, PathKey
from toolkit.core.index import ContentIndex, Pack
from toolkit.games.card.checks.walk import effects_with_paths
from toolkit.games.card.codes import UNKNOWN_MONSTER_TYPE
from toolkit.games.card.model.cards import Monster, NightmareBoss
from toolkit.games.card.model.effects import DamageModifierVerb
from toolkit.games.card.model.track import KNOWN_MONSTER_TYPES, DeathToken, TrophyTrack


def known_monster_types(index: ContentIndex, pack: Pack) -> list[str]:
    """The types of the death tokens visible from ``pack``; the expansion's three if none are."""
    visible = index.visible_packs(pack.id)
    declared = [token.type for _, token in index.models_of("death-token", DeathToken, visible)]
    return list(dict.fromkeys(declared)) or list(KNOWN_MONSTER_TYPES)


def type_paths(model: Monster | NightmareBoss) -> Iterator[tuple[PathKey, str]]:
    """Each type a monster or boss names, with the path of its `type` entry."""
    if isinstance(model.type, str):
        yield ("type",), model.type
    elif model.type is not None:
        for i, name in enumerate(model.type):
            yield ("type", i), name


def _named_types(document: LoadedDocument) -> Iterator[tuple[PathKey, str]]:
    """Each monster type ``document`` names, with its path."""
    model = document.model
    if isinstance(model, TrophyTrack):
        for i, name in enumerate(model.death_token_types):
            yield ("death_token_types", i), name
    elif isinstance(model, Monster | NightmareBoss):
        yield from type_paths(model)
    if model is None:
        return
    for path, _, effect in effects_with_paths(model):
        if isinstance(effect, DamageModifierVerb):
            wanted = effect.options().monster_type
            if wanted is not None:
                yield (*path, "monster_type"), wanted


def check_monster_types(index: ContentIndex, pack: Pack) -> Iterator[Diagnostic]:
    """Report monster types that no death token declares."""
    known = known_monster_types(index, pack)
    for document in pack.documents:
        for path, name in _named_types(document):
            if name in known:
                continue
            close = difflib.get_close_matches(name, known, n=1)
            hint = f"did you mean `{close[0]}`?" if close else None
            yield UNKNOWN_MONSTER_TYPE.at(
                document.locate(path),
                f"unknown monster type `{name}`; the types with death tokens are "
                + ", ".join(f"`{t}`" for t in known),
                hint=hint or "add a `death-token` document for a new type",
            )
