"""Blood Hunt's vocabulary, all of it played by the engine (issue 13, "nothing is silently
ignored"); see :mod:`toolkit.core.vocabulary`."""

from __future__ import annotations

from toolkit.core.vocabulary import Vocabulary
from toolkit.games.blood_hunt.model.documents import BhCitizen, BhDeck, BhDistrict, BhSetup
from toolkit.games.blood_hunt.model.effects import EFFECT_VERBS

BLOOD_HUNT = Vocabulary(
    name="Blood Hunt",
    models=(BhDeck, BhCitizen, BhDistrict, BhSetup),
    readers=("toolkit.games.blood_hunt.engine",),
    verbs=tuple(EFFECT_VERBS.values()),
)
"""The deck, citizens (with their effect verbs), districts and set-ups: read into the rules bundle
and played by the engine."""

VOCABULARIES: tuple[Vocabulary, ...] = (BLOOD_HUNT,)
"""Every vocabulary of Blood Hunt."""
