"""Consumables, firearms and rewards."""

from __future__ import annotations

from toolkit.games.board.engine.combat import combat
from toolkit.games.board.engine.scenario import builtin_rules, drive, put_enemy, table
from toolkit.games.board.engine.turn import action_options, do_action

START = (0, "central-lamp")


def test_a_hunter_turn_consumable_is_used_without_a_card_and_discarded() -> None:
    game = table(builtin_rules(), 1)
    hunter = game.hunter(0)
    hunter.hp, hunter.consumables = 3, ["blood-vial"]
    assert "use blood-vial" in action_options(game, 0)
    drive(do_action(game, 0, "use blood-vial"))
    assert hunter.hp == 5 and hunter.consumables == [] and game.world.consumable_discard == ["blood-vial"]


def test_an_on_attack_consumable_is_offered_when_the_attack_is_chosen() -> None:
    game = table(builtin_rules(), 1, lineup=["threaded-cane-hunter"])
    hunter = game.hunter(0)
    hunter.place, hunter.form, hunter.slots = START, "a", [None, None, None]
    hunter.hand, hunter.consumables = ["basic-vitality"], ["fire-paper"]
    hunter.firearm_exhausted = True
    beast = put_enemy(game, "scourge-beast", START, side="b")
    game.world.action_deck = ["ability"]  # Feral Recovery: heals itself, no attack
    drive(
        combat(game, 0, beast, card="basic-vitality", slot=1), ["use fire-paper"]
    )  # then only "strike" is left
    assert beast.damage == 3  # Rising Strike 2 + fire paper 1
    assert hunter.consumables == []


def test_a_firearm_is_exhausted_when_used_and_refreshed_by_its_trigger() -> None:
    game = table(builtin_rules(), 1, lineup=["saw-cleaver-hunter"])
    hunter = game.hunter(0)
    assert hunter.firearm == "hunter-pistol"  # stagger on attack, refreshed by a kill
    hunter.place, hunter.form, hunter.slots = START, "a", [None, None, None]
    hunter.hand = ["basic-strength", "basic-vitality"]
    mob = put_enemy(game, "hunter-mob", START, side="a")
    game.world.action_deck = ["special"]
    drive(combat(game, 0, mob, card="basic-vitality", slot=0), ["fire hunter-pistol", "no dodge"])
    assert hunter.firearm_exhausted and hunter.hp == 6  # the stagger stopped the slow Crowd Crush
    assert "fire hunter-pistol" not in action_options(game, 0)
    mob.damage = 3
    game.world.action_deck = ["basic"]
    drive(combat(game, 0, mob, card="basic-strength", slot=2), ["no dodge"])
    assert mob not in game.world.enemies and not hunter.firearm_exhausted


def test_rewards_are_exhausted_when_used_and_refreshed_in_the_dream() -> None:
    from toolkit.games.board.engine.dream import dream

    game = table(builtin_rules(), 1)
    hunter = game.hunter(0)
    hunter.rewards = ["beast-roar"]
    drive(do_action(game, 0, "use reward beast-roar"))
    assert hunter.exhausted_rewards == ["beast-roar"]
    assert "use reward beast-roar" not in action_options(game, 0)
    hunter.place = None
    drive(dream(game, 0))
    assert hunter.exhausted_rewards == []
