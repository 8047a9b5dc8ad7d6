"""Combat rules, each pinned by a scenario: the rulebook's worked example first."""

from __future__ import annotations

from pathlib import Path

import pytest

from toolkit.core.pipeline import validate_paths
from toolkit.games.board.engine.combat import combat
from toolkit.games.board.engine.core import Game
from toolkit.games.board.engine.rules import Rules, load_rules
from toolkit.games.board.engine.scenario import ScriptError, drive, put_enemy, table

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def rules() -> Rules:
    result = validate_paths([ROOT / "content" / "campaigns" / "the-pale-bell"])
    return load_rules(result.index, "the-pale-bell", "the-pale-bell", 1)


def cane_hunter(rules: Rules) -> Game:
    """The Threaded Cane hunter alone, cane form, on the starting space."""
    game = table(rules, 1, lineup=["threaded-cane-hunter"])
    hunter = game.hunter(0)
    assert hunter.id == "threaded-cane-hunter"
    hunter.form = "a"
    hunter.slots = [None, None, None]
    return game


def test_rulebook_example_threaded_cane_slays_scourge_beast_after_taking_two(rules: Rules) -> None:
    game = cane_hunter(rules)
    hunter = game.hunter(0)
    # Cane Flick and Rising Strike are already used: no empty slot is fast enough to dodge.
    hunter.slots = ["basic-skill", "basic-vitality", None]
    hunter.hand = ["basic-endurance", "basic-strength", "basic-vitality"]
    assert hunter.place is not None
    beast = put_enemy(game, "scourge-beast", hunter.place, side="a")
    game.world.action_deck = ["basic"]
    drive(combat(game, 0, beast, card="basic-strength", slot=2), ["strike"])
    assert hunter.hp == 4
    assert beast not in game.world.enemies
    assert hunter.echoes == 1
    assert hunter.slots == ["basic-skill", "basic-vitality", "basic-strength"]
    assert "basic-endurance" in hunter.hand


def test_dodge_is_offered_only_in_a_slot_at_least_as_fast(rules: Rules) -> None:
    game = cane_hunter(rules)
    hunter = game.hunter(0)
    hunter.slots = [None, None, None]
    hunter.hand = ["basic-endurance", "basic-strength"]
    assert hunter.place is not None
    beast = put_enemy(game, "scourge-beast", hunter.place, side="a")
    game.world.action_deck = ["basic"]
    # Quick Swipe is Fast: only the Fast slot 1 (Cane Flick) may take the dodge.
    drive(
        combat(game, 0, beast, card="basic-strength", slot=2), ["strike", "dodge basic-endurance in slot 1"]
    )
    assert hunter.hp == 6
    assert beast not in game.world.enemies


def test_dodge_in_a_slower_slot_is_refused(rules: Rules) -> None:
    game = cane_hunter(rules)
    hunter = game.hunter(0)
    hunter.hand = ["basic-endurance", "basic-strength"]
    assert hunter.place is not None
    beast = put_enemy(game, "scourge-beast", hunter.place, side="a")
    game.world.action_deck = ["basic"]
    # No slot is fast enough once slot 1 holds the attack: the dodge is never offered.
    with pytest.raises(ScriptError, match="left over"):
        drive(
            combat(game, 0, beast, card="basic-strength", slot=0),
            ["strike", "dodge basic-endurance in slot 3"],
        )


def test_simultaneous_speeds_both_land_and_a_stagger_cancels_slower_attacks(rules: Rules) -> None:
    game = cane_hunter(rules)
    hunter = game.hunter(0)
    hunter.hand = ["basic-skill"]
    assert hunter.place is not None
    beast = put_enemy(game, "scourge-beast", hunter.place, side="a")
    game.world.action_deck = ["special"]  # Pouncing Maul: Medium 3 with stun
    # Cane Flick is Fast 1 with a stagger: the Medium maul never lands.
    drive(combat(game, 0, beast, card="basic-skill", slot=0), ["strike"])
    assert hunter.hp == 6
    assert beast.damage == 1


def test_same_speed_attacks_strike_together(rules: Rules) -> None:
    game = cane_hunter(rules)
    hunter = game.hunter(0)
    hunter.hand = ["basic-strength"]
    assert hunter.place is not None
    beast = put_enemy(game, "scourge-beast", hunter.place, side="a")
    game.world.action_deck = ["basic"]  # Quick Swipe, Fast 2
    drive(combat(game, 0, beast, card="basic-strength", slot=0), ["strike"])
    assert hunter.hp == 4 and beast.damage == 2


def test_simultaneous_slaying_pays_no_blood_echo(rules: Rules) -> None:
    game = cane_hunter(rules)
    hunter = game.hunter(0)
    hunter.hp, hunter.echoes = 2, 2
    hunter.hand = ["basic-strength"]
    assert hunter.place is not None
    beast = put_enemy(game, "scourge-beast", hunter.place, side="a")
    beast.damage = 2
    game.world.action_deck = ["basic"]
    drive(combat(game, 0, beast, card="basic-strength", slot=0), ["strike"])
    assert hunter.place is None and hunter.echoes == 0
    assert beast not in game.world.enemies
    # Slain, the hunter goes to the Dream at once: the track advances before combat ends.
    assert hunter.dream_trips == 1 and game.world.track == 2 and game.pending_dreams == []


def test_blood_echoes_are_capped_at_three(rules: Rules) -> None:
    game = cane_hunter(rules)
    hunter = game.hunter(0)
    hunter.echoes = 3
    hunter.hand = ["basic-strength"]
    assert hunter.place is not None
    beast = put_enemy(game, "scourge-beast", hunter.place, side="a")
    beast.damage = 3
    game.world.action_deck = ["special"]
    drive(combat(game, 0, beast, card="basic-strength", slot=0), ["strike"])
    assert beast not in game.world.enemies and hunter.echoes == 3


def test_all_slots_filled_means_the_blow_lands_unanswered(rules: Rules) -> None:
    game = cane_hunter(rules)
    hunter = game.hunter(0)
    hunter.slots = ["basic-skill", "basic-skill", "basic-skill"]
    hunter.hand = ["basic-endurance", "basic-strength"]
    assert hunter.place is not None
    beast = put_enemy(game, "scourge-beast", hunter.place, side="a")
    game.world.action_deck = ["special"]
    # No counter and no dodge are asked for; the maul's stun takes a card of the player's choice.
    drive(combat(game, 0, beast), ["discard basic-endurance"])
    assert hunter.hp == 3
    assert hunter.hand == ["basic-strength"]


def test_stun_with_an_empty_hand_costs_one_damage(rules: Rules) -> None:
    game = cane_hunter(rules)
    hunter = game.hunter(0)
    hunter.slots = ["basic-skill", "basic-skill", "basic-skill"]
    assert hunter.place is not None
    beast = put_enemy(game, "scourge-beast", hunter.place, side="a")
    game.world.action_deck = ["special"]
    drive(combat(game, 0, beast), [])
    assert hunter.hp == 2


def test_frenzy_adds_one_damage_to_every_attack(rules: Rules) -> None:
    game = cane_hunter(rules)
    hunter = game.hunter(0)
    hunter.frenzy = True
    assert hunter.place is not None
    beast = put_enemy(game, "scourge-beast", hunter.place, side="a")
    game.world.action_deck = ["basic"]
    drive(combat(game, 0, beast), [])
    assert hunter.hp == 3


def test_enemy_action_deck_reshuffles_only_when_empty(rules: Rules) -> None:
    game = cane_hunter(rules)
    hunter = game.hunter(0)
    assert hunter.place is not None
    beast = put_enemy(game, "scourge-beast", hunter.place, side="a")
    game.world.action_deck = []
    game.world.action_discard = ["ability", "basic", "basic", "basic", "special", "special"]
    drive(combat(game, 0, beast), ["ability"])
    assert sorted(game.world.action_deck) == ["basic", "basic", "basic", "special", "special"]
    assert game.world.action_discard == ["ability"]


def test_boss_turns_to_phase_two_and_excess_damage_is_lost(rules: Rules) -> None:
    game = cane_hunter(rules)
    hunter = game.hunter(0)
    hunter.hand = ["basic-strength"]
    assert hunter.place is not None
    from toolkit.games.board.engine.spawn import spawn_boss

    boss = spawn_boss(game, "father-gascoigne", hunter.place)
    assert boss is not None
    boss.damage = 6  # phase 1 has 8 HP with one hunter
    drive(combat(game, 0, boss, card="basic-strength", slot=2), ["strike", "0"])
    # Deadly Thrust deals 4: 10 >= 8, phase 2 begins with no damage carried over.
    assert boss.phase == 2 and boss.damage == 0
    assert boss in game.world.enemies
