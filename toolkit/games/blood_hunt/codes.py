"""Blood Hunt diagnostic codes (BB07xx): a deck, token bag and set-up table that cannot work."""

from __future__ import annotations

from toolkit.core.codes import register
from toolkit.core.diagnostics import Severity

E = Severity.ERROR
W = Severity.WARNING

DUPLICATE_CARD = register("BB0701", "bh-duplicate-card", E, "A deck lists the same suit and value twice.")
UNKNOWN_SUIT = register("BB0702", "bh-unknown-suit", E, "A card line names a suit the deck lacks.")
BAG_TOO_SMALL = register(
    "BB0703",
    "bh-bag-too-small",
    E,
    "The token bag cannot supply the set-up and every refill at some player count.",
)
DECK_TOO_SMALL = register(
    "BB0704",
    "bh-deck-too-small",
    W,
    "The deck cannot fill every card holder, or may run out during a round, at some player count.",
)
TOKEN_TABLE = register(
    "BB0705",
    "bh-token-table",
    E,
    "A district's token count has no value, or a negative one, for a supported player count.",
)
SETUP_COUNT = register(
    "BB0706", "bh-several-setups", E, "A pack holds more than one bh-setup; the engine needs one."
)
DUPLICATE_DISTRICT = register("BB0707", "bh-duplicate-district", E, "A set-up lists the same district twice.")
UNREACHABLE_SET = register(
    "BB0708",
    "bh-unreachable-set",
    W,
    "An instant-win set needs more tokens of a kind than the bag holds.",
)
TRUMP_CANNOT_CHANGE = register(
    "BB0709",
    "bh-trump-cannot-change",
    E,
    "A card changes the trump but the deck has a single suit, so the trump cannot change.",
)
