"""Diagnostic codes of the card game (BB08xx). Each has a fixture folder in tests/fixtures/codes."""

from __future__ import annotations

from toolkit.core.codes import register
from toolkit.core.diagnostics import Severity

UNKNOWN_MONSTER_TYPE = register(
    "BB0801",
    "unknown-monster-type",
    Severity.ERROR,
    "A monster, boss, effect or trophy track names a monster type that has no death token.",
)
MALFORMED_TROPHY_TRACK = register(
    "BB0802",
    "malformed-trophy-track",
    Severity.ERROR,
    "A trophy track's spaces are not strictly increasing, lack the space death tokens start "
    "after, or list a death-token type twice.",
)
CONTRADICTORY_DAMAGE_ORDER = register(
    "BB0803",
    "contradictory-damage-order",
    Severity.ERROR,
    "Damage modifiers declare an order that contradicts the booklet's stages or each other.",
)
UNTRIGGERED_INSTANT = register(
    "BB0804",
    "untriggered-instant",
    Severity.ERROR,
    "A rune or main boss, always in effect, has an instant effect outside a trigger, so nothing "
    "says when it happens.",
)

UNKNOWN_HELPER = register(
    "BB0317",  # a reference (BB03xx), from the range of the hardening work (issue 15)
    "unknown-helper",
    Severity.ERROR,
    "A ruling's `helper` names a rule function huntkit does not have.",
)

USERS_OF_WITHOUT_CARDS = register(
    "BB0805",
    "users-of-without-cards",
    Severity.ERROR,
    "A `damage_hunters` effect hits the users of some cards (`who: users-of`) but lists no cards, "
    "so it hits nobody.",
)
MODIFIER_IN_MOMENTARY_TRIGGER = register(
    "BB0806",
    "modifier-in-momentary-trigger",
    Severity.ERROR,
    "A damage modifier sits inside a trigger that is a moment, not a situation that lasts (such as "
    "`when_dealing_killing_blow`), so there is no damage for it to change.",
)
HUNTER_TRIGGER_ON_MONSTER = register(
    "BB0807",
    "hunter-trigger-on-monster",
    Severity.ERROR,
    "A monster or boss has a trigger only a hunter can set off (playing or using a weapon, dealing "
    "a killing blow), so its effects never happen.",
)
MONSTER_TYPE_AGAINST_HUNTERS = register(
    "BB0808",
    "monster-type-against-hunters",
    Severity.ERROR,
    "A damage modifier filters on `monster_type` but changes damage exchanged with hunters, who "
    "have no monster type, so it never applies.",
)
RUNE_WITHOUT_EFFECT = register(
    "BB0809",
    "rune-without-effect",
    Severity.WARNING,
    "A rune has no effects, so the hunter who keeps it gains nothing.",
)
SHADOWED_ID = register(
    "BB0810",
    "shadowed-id",
    Severity.WARNING,
    "A document reuses the id of a document of the same kind in a required pack without saying "
    "it replaces it (`replaces:`), so the other one is silently hidden.",
)
BAD_REPLACES = register(
    "BB0811",
    "bad-replaces",
    Severity.ERROR,
    "`replaces:` names a document that is not one of the same kind and id in a required pack, so "
    "nothing is replaced.",
)
SUPPLY_SHORT = register(
    "BB0812",
    "supply-short",
    Severity.ERROR,
    "A rule that draws or places components cannot be served at a player count the game seats: "
    "too few runes for every hunter to draw 2, too few death tokens of a type in the box, no main "
    "boss to choose, or no trophy track to place death tokens on.",
)
DEATH_TYPE_NOT_ON_TRACK = register(
    "BB0813",
    "death-type-not-on-track",
    Severity.ERROR,
    "A monster's type has a death token, but the trophy track in play does not place it, so the "
    "first kill by such a monster has no token to move.",
)
TRANSFORM_CHOICE_NOT_WEAPON = register(
    "BB0814",
    "transform-choice-not-weapon",
    Severity.ERROR,
    "`transform_choice: true` on an upgrade that is not a weapon; only weapons transform.",
)
SUPPLY_UNVERIFIED = register(
    "BB0815",
    "supply-unverified",
    Severity.WARNING,
    "A death-token type gives no box count (`in_box`), so whether the box supplies every hunter "
    "was not checked.",
)
TRACKS_IN_PLAY = register(
    "BB0816",
    "several-trophy-tracks",
    Severity.ERROR,
    "More than one trophy track is in play for a pack; a hunter board has one (replace the "
    "required pack's track by giving yours its id and `replaces:`).",
)
