"""Blood Hunt's vocabulary, all of it played by the engine (issue 13, "nothing is silently
ignored"); see :mod:`toolkit.core.vocabulary`."""

from __future__ import annotations

from toolkit.core.vocabulary import Vocabulary
from toolkit.games.blood_hunt.model import BhCitizen, BhDeck, BhDistrict, BhSetup

BLOOD_HUNT = Vocabulary(
    name="Blood Hunt",
    models=(BhDeck, BhCitizen, BhDistrict, BhSetup),
    readers=(
        "toolkit.games.blood_hunt.loading",
        "toolkit.games.blood_hunt.rules",
        "toolkit.games.blood_hunt.engine",
        "toolkit.games.blood_hunt.effects",
    ),
)
"""The deck, citizens, districts and set-ups: read into the rules bundle and played by the engine."""

VOCABULARIES: tuple[Vocabulary, ...] = (BLOOD_HUNT,)
"""Every vocabulary of Blood Hunt."""
