"""Which modifiers of the cards in play apply to a damage event, using the pack's own cards."""

from __future__ import annotations

import pytest

from toolkit.core.model import Document
from toolkit.games.card.model.cards import CardDocument
from toolkit.games.card.rules.modifiers import (
    CardInPlay,
    DamageEvent,
    Party,
    Round,
    damage_after_modifiers,
)

Content = dict[str, dict[str, Document]]
ANN, BO = Party.hunter("ann"), Party.hunter("bo")
HOUND = Party.monster("gutter-hound", "beast")
SEER = Party.monster("drowned-seer", "kin")
ZEALOT = Party.monster("lamplighter-zealot", "humanoid")


def card(content: Content, kind: str, key: str) -> CardDocument:
    model = content[kind][key]
    assert isinstance(model, CardDocument)
    return model


@pytest.fixture
def beast_rune(content: Content) -> CardInPlay:
    return CardInPlay(card(content, "rune", "beast-rune"), ANN)


def test_beast_rune_adds_2_damage_to_monsters_with_a_melee_weapon(beast_rune: CardInPlay) -> None:
    event = DamageEvent(ANN, HOUND, 3)
    assert damage_after_modifiers(event, [beast_rune], Round({"ann": "melee"})).final == 5


def test_beast_rune_does_nothing_with_a_ranged_weapon(beast_rune: CardInPlay) -> None:
    event = DamageEvent(ANN, HOUND, 3)
    assert damage_after_modifiers(event, [beast_rune], Round({"ann": "ranged"})).final == 3


def test_beast_rune_owner_takes_1_more_from_monster_attacks(beast_rune: CardInPlay) -> None:
    event = DamageEvent(HOUND, ANN, 2)
    assert damage_after_modifiers(event, [beast_rune], Round({"ann": "melee"})).final == 3


def test_beast_rune_does_not_add_damage_against_hunters(beast_rune: CardInPlay) -> None:
    event = DamageEvent(ANN, BO, 3)
    assert damage_after_modifiers(event, [beast_rune], Round({"ann": "melee"})).final == 3


def test_beast_rune_belongs_to_its_owner_only(beast_rune: CardInPlay) -> None:
    event = DamageEvent(BO, HOUND, 3)
    assert damage_after_modifiers(event, [beast_rune], Round({"bo": "melee"})).final == 3


def test_main_boss_effects_apply_to_every_hunter(content: Content) -> None:
    matron = CardInPlay(card(content, "nightmare-boss", "ashen-matron"), None)
    assert damage_after_modifiers(DamageEvent(BO, ANN, 2), [matron], Round()).final == 4
    assert damage_after_modifiers(DamageEvent(ANN, BO, 1), [matron], Round()).final == 2


def test_main_boss_trigger_checks_the_hunter_taking_damage(content: Content) -> None:
    matron = CardInPlay(card(content, "nightmare-boss", "ashen-matron"), None)
    event = DamageEvent(HOUND, ANN, 2)
    assert damage_after_modifiers(event, [matron], Round({"ann": "ranged"})).final == 3
    assert damage_after_modifiers(event, [matron], Round({"bo": "ranged"})).final == 2


def test_monster_halving_and_beast_rune_follow_the_booklet_order(
    content: Content, beast_rune: CardInPlay
) -> None:
    seer = CardInPlay(card(content, "monster", "drowned-seer"), SEER)
    # 5 halved (rounded down) is 2, then the Beast Rune's +2 gives 4 — not (5 + 2) / 2 = 3.
    result = damage_after_modifiers(DamageEvent(ANN, SEER, 5), [beast_rune, seer], Round({"ann": "melee"}))
    assert result.final == 4


def test_boss_limit_caps_the_beast_rune_bonus(content: Content, beast_rune: CardInPlay) -> None:
    warden_party = Party.monster("weeping-warden", "kin")
    warden = CardInPlay(card(content, "nightmare-boss", "weeping-warden"), warden_party)
    event = DamageEvent(ANN, warden_party, 3)
    assert damage_after_modifiers(event, [beast_rune, warden], Round({"ann": "melee"})).final == 4


def test_monster_type_filter_matches_only_that_type(content: Content) -> None:
    hatchet = CardInPlay(card(content, "card-upgrade", "pilgrims-hatchet"), ANN)
    melee = Round({"ann": "melee"})
    assert damage_after_modifiers(DamageEvent(ANN, ZEALOT, 3), [hatchet], melee).final == 4
    assert damage_after_modifiers(DamageEvent(ANN, HOUND, 3), [hatchet], melee).final == 3


def test_ember_sigil_doubles_ranged_damage_to_beasts_only(content: Content) -> None:
    ember = CardInPlay(card(content, "rune", "ember-sigil"), ANN)
    ranged = Round({"ann": "ranged"})
    assert damage_after_modifiers(DamageEvent(ANN, HOUND, 3), [ember], ranged).final == 6
    assert damage_after_modifiers(DamageEvent(ANN, SEER, 3), [ember], ranged).final == 3


def test_killing_blow_trigger_never_changes_damage(content: Content) -> None:
    tallow = CardInPlay(card(content, "rune", "tallow-sigil"), ANN)
    # Tallow Sigil halves damage from hunters; its killing-blow heal is not a modifier.
    assert damage_after_modifiers(DamageEvent(BO, ANN, 5), [tallow], Round()).final == 2
    assert damage_after_modifiers(DamageEvent(HOUND, ANN, 5), [tallow], Round()).final == 5


def test_quiet_sigil_limits_every_attack_on_its_owner(content: Content, beast_rune: CardInPlay) -> None:
    quiet = CardInPlay(card(content, "rune", "quiet-sigil"), ANN)
    event = DamageEvent(HOUND, ANN, 3)
    assert damage_after_modifiers(event, [quiet, beast_rune], Round({"ann": "melee"})).final == 3
