"""The built-in `content/hunters-nightmare` pack: it validates without errors, holds what the booklet
defines, and its house set exercises every verb without passing for official cards."""

from __future__ import annotations

import importlib
import subprocess
import sys

from tests.card.conftest import PACK, ROOT
from toolkit.core.model import Document, text_in
from toolkit.core.pipeline import ValidationResult
from toolkit.games.card.model import CARD_KINDS
from toolkit.games.card.model.cards import CardDocument, NightmareBoss, Rune
from toolkit.games.card.model.effects import EFFECT_VERBS, Trigger
from toolkit.games.card.model.rulings import CardRuling
from toolkit.games.card.model.track import TrophyTrack
from toolkit.games.card.scenarios.model import SCENARIO_KINDS

Content = dict[str, dict[str, Document]]


def test_huntkit_validate_exits_0_on_the_pack() -> None:
    completed = subprocess.run(
        [sys.executable, "-m", "toolkit", "validate", str(PACK)],
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=False,
    )
    assert completed.returncode == 0, completed.stdout + completed.stderr


def test_pipeline_reports_only_what_the_rule_modules_do_not_play(validated: ValidationResult) -> None:
    # The house set exercises every verb; the three no rule module carries out (heal, damage to a
    # monster, damage to hunters) are warned where they are written, and nothing else is reported.
    found = sorted((d.code, d.file.name if d.file else "", d.line) for d in validated.diagnostics)
    assert found == [
        ("BB0620", "runes.yaml", 50),
        ("BB0620", "upgrades.yaml", 14),
        ("BB0620", "upgrades.yaml", 58),
        ("BB0620", "upgrades.yaml", 67),
        ("BB0620", "upgrades.yaml", 68),
    ]
    assert validated.documents_checked >= 30


def test_every_kind_has_content(content: Content) -> None:
    assert set(content) == set(CARD_KINDS) | set(SCENARIO_KINDS)


def test_booklet_runes_are_encoded_in_the_vocabulary(content: Content) -> None:
    hunter, beast = content["rune"]["hunter-rune"], content["rune"]["beast-rune"]
    assert isinstance(hunter, Rune) and isinstance(beast, Rune)
    assert hunter.source == beast.source == "rulebook"
    [trigger] = hunter.effects
    assert trigger.verb == "when_playing_weapon"
    assert isinstance(trigger, Trigger)
    assert [e.verb for e in trigger.wrapped()] == ["bank_echoes"]
    [melee] = beast.effects
    assert isinstance(melee, Trigger) and melee.verb == "when_using_melee_weapon"
    assert [e.verb for e in melee.wrapped()] == ["damage_dealt", "damage_taken"]


def test_the_four_clarifications_are_rulebook_rulings(content: Content) -> None:
    clarifications = {
        key for key, r in content["card-ruling"].items() if isinstance(r, CardRuling) and r.clarification
    }
    assert clarifications == {
        "damage-order",
        "killing-blow",
        "gatling-gun-rattling-hammer",
        "logarius-wheel",
    }
    for key in clarifications:
        assert content["card-ruling"][key].source == "rulebook"


def test_every_ruling_names_a_helper_that_exists(content: Content) -> None:
    for ruling in content["card-ruling"].values():
        assert isinstance(ruling, CardRuling)
        assert ruling.helper is not None, ruling.id
        module_name, function = ruling.helper.split(":")
        assert callable(getattr(importlib.import_module(module_name), function)), ruling.helper


def test_lorann_silver_beast_is_a_boss_with_unknown_numbers(content: Content) -> None:
    lorann = content["nightmare-boss"]["lorann-silver-beast"]
    assert isinstance(lorann, NightmareBoss)
    assert (lorann.main, lorann.source, lorann.text_in_sources) == (False, "rulebook", False)
    assert (lorann.type, lorann.blood_echoes, lorann.attack) == (None, None, None)


def test_trophy_track_starts_death_tokens_after_the_8(content: Content) -> None:
    track = content["trophy-track"]["hunter-board"]
    assert isinstance(track, TrophyTrack)
    assert track.death_tokens_start_after == 8
    assert track.sources == {"spaces": "house"}
    assert set(track.death_token_types) == set(content["death-token"])


def _verbs(card: CardDocument) -> set[str]:
    used: set[str] = set()
    for effect in [*card.effects, *getattr(card, "instant", [])]:
        used.add(effect.verb)
        if isinstance(effect, Trigger):
            used.update(inner.verb for inner in effect.wrapped())
    return used


def test_house_set_exercises_every_verb(content: Content) -> None:
    used: set[str] = set()
    for kind in ("rune", "monster", "nightmare-boss", "card-upgrade"):
        for card in content[kind].values():
            assert isinstance(card, CardDocument)
            if card.source == "house":
                used |= _verbs(card)
    assert used == set(EFFECT_VERBS)


def test_house_cards_say_they_are_not_official(content: Content) -> None:
    for kind in ("rune", "monster", "nightmare-boss", "card-upgrade"):
        for card in content[kind].values():
            assert isinstance(card, CardDocument)
            if card.source == "house":
                assert "(house)" in text_in(card.name), card.id
                assert "not an official card" in text_in(card.notes), card.id
            else:
                assert card.source == "rulebook", card.id
