"""Instant effects set off by a moment of the game, using the pack's cards."""

from __future__ import annotations

from toolkit.core.model import Document
from toolkit.games.card.model.cards import CardDocument
from toolkit.games.card.rules.echoes import Echoes
from toolkit.games.card.rules.modifiers import CardInPlay, Party
from toolkit.games.card.rules.triggers import apply_echo_effects, fired_effects

Content = dict[str, dict[str, Document]]
ANN, BO = Party.hunter("ann"), Party.hunter("bo")


def in_play(content: Content, kind: str, key: str, owner: Party | None) -> CardInPlay:
    card = content[kind][key]
    assert isinstance(card, CardDocument)
    return CardInPlay(card, owner)


def test_hunter_rune_banks_half_when_its_owner_plays_a_weapon(content: Content) -> None:
    rune = in_play(content, "rune", "hunter-rune", ANN)
    fired = [effect for _, effect in fired_effects("playing-weapon", ANN, [rune])]
    assert [effect.verb for effect in fired] == ["bank_echoes"]
    assert apply_echo_effects(Echoes(unbanked=5, banked=2), fired) == Echoes(unbanked=3, banked=4)


def test_hunter_rune_does_nothing_for_another_hunter(content: Content) -> None:
    rune = in_play(content, "rune", "hunter-rune", ANN)
    assert fired_effects("playing-weapon", BO, [rune]) == []


def test_hunter_rune_does_nothing_on_a_killing_blow(content: Content) -> None:
    rune = in_play(content, "rune", "hunter-rune", ANN)
    assert fired_effects("killing-blow", ANN, [rune]) == []


def test_killing_blow_sets_off_ember_and_tallow_sigils(content: Content) -> None:
    cards = [
        in_play(content, "rune", "ember-sigil", ANN),
        in_play(content, "rune", "tallow-sigil", ANN),
    ]
    fired = [effect for _, effect in fired_effects("killing-blow", ANN, cards)]
    assert [effect.verb for effect in fired] == ["gain_echoes", "heal"]
    assert apply_echo_effects(Echoes(unbanked=2), fired) == Echoes(unbanked=3)


def test_damage_modifiers_are_not_set_off(content: Content) -> None:
    beast = in_play(content, "rune", "beast-rune", ANN)
    assert fired_effects("using-melee-weapon", ANN, [beast]) == []
