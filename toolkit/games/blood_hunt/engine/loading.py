"""From a validated content index (or plain models) to the :class:`Rules` the engine plays."""

from __future__ import annotations

from collections.abc import Iterable

from toolkit.core.index import ContentIndex
from toolkit.core.model import Document
from toolkit.games.blood_hunt.engine.rules import Rules, RulesError, compile_rules
from toolkit.games.blood_hunt.model.documents import BhCitizen, BhDeck, BhDistrict, BhSetup


def rules_from_models(documents: Iterable[Document], setup_id: str | None = None) -> Rules:
    """Compile rules from models in document order; the set-up is ``setup_id`` or the only one."""
    setups: list[BhSetup] = []
    decks: dict[str, BhDeck] = {}
    citizens: list[BhCitizen] = []
    districts: dict[str, BhDistrict] = {}
    for model in documents:
        if isinstance(model, BhSetup):
            setups.append(model)
        elif isinstance(model, BhDeck):
            decks[model.id] = model
        elif isinstance(model, BhCitizen):
            citizens.append(model)
        elif isinstance(model, BhDistrict):
            districts[model.id] = model
    chosen = [s for s in setups if setup_id is None or s.id == setup_id]
    if len(chosen) != 1:
        names = ", ".join(s.id for s in setups) or "none"
        raise RulesError(f"expected exactly one bh-setup (found: {names}); pick one by id")
    setup = chosen[0]
    deck = decks.get(setup.deck.split(":")[-1])
    if deck is None:
        raise RulesError(f"the set-up names deck {setup.deck!r}, which is not in the pack")
    return compile_rules(setup, deck, citizens, districts)


def rules_from_index(index: ContentIndex, pack_id: str, setup_id: str | None = None) -> Rules:
    """Compile the rules of ``pack_id`` (and the packs it requires) from a validated index."""
    packs = index.visible_packs(pack_id)
    models: list[Document] = []
    for kind in ("bh-setup", "bh-deck", "bh-citizen", "bh-district"):
        models.extend(d.model for d in index.documents_of(kind, packs) if d.model is not None)
    return rules_from_models(models, setup_id)
