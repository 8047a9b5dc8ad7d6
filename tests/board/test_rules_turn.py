"""The hunter's turn and the enemies' answer: moving, pursuit, interacting, transforming,
activation range and order, surprise enemies and sudden death."""

from __future__ import annotations

from toolkit.games.board.engine.activation import activate, pursue
from toolkit.games.board.engine.core import Game
from toolkit.games.board.engine.scenario import builtin_rules, drive, put_enemy, reveal, table
from toolkit.games.board.engine.turn import action_options, do_action, interact, move_action
from toolkit.games.board.model.enemies import Enemy

START = (0, "central-lamp")


def two_tiles() -> tuple[Game, int]:
    game = table(builtin_rules(), 2, lineup=["threaded-cane-hunter", "saw-cleaver-hunter"])
    entry = reveal(game, (0, "east"), "E", "courtyard-lamp", "W")
    game.world.enemies = []
    game.world.consumable_tokens = []
    for hunter in game.world.hunters:
        hunter.place = START
    return game, entry[0]


def test_move_goes_up_to_two_spaces_and_the_card_is_discarded() -> None:
    game, _ = two_tiles()
    hunter = game.hunter(0)
    hunter.hand = ["basic-vitality"]
    drive(
        do_action(game, 0, "move [basic-vitality]"),
        ["step central-lamp/east", "step courtyard-lamp/courtyard-lamp"],
    )
    assert hunter.place == (1, "courtyard-lamp")
    assert hunter.discard == ["basic-vitality"] and hunter.hand == []


def test_a_move_can_stop_early_and_is_not_resumed_after_another_action() -> None:
    game, _ = two_tiles()
    hunter = game.hunter(0)
    drive(move_action(game, 0, 2, pursuit=True), ["step central-lamp/east", "stop"])
    assert hunter.place == (0, "east")


def test_enemies_on_spaces_left_behind_pursue_along_the_path() -> None:
    game, tile = two_tiles()
    hunter = game.hunter(0)
    beast = put_enemy(game, "scourge-beast", START)
    drive(
        move_action(game, 0, 2, pursuit=True),
        ["step central-lamp/east", "step courtyard-lamp/courtyard-lamp"],
    )
    assert hunter.place == (tile, "courtyard-lamp")
    assert beast.place == (0, "east")  # one space, along the hunter's path


def test_pursuit_only_follows_the_move_action() -> None:
    game, _ = two_tiles()
    beast = put_enemy(game, "scourge-beast", START)
    drive(move_action(game, 0, 1, pursuit=False), ["step central-lamp/east"])
    assert beast.place == START
    pursue(game, 0, [START])  # a path of one space is no move at all
    assert beast.place == START


def test_interact_lets_enemies_on_the_space_attack_first_without_answer() -> None:
    game, _ = two_tiles()
    hunter = game.hunter(0)
    hunter.hand = ["basic-endurance", "basic-strength"]
    put_enemy(game, "scourge-beast", START, side="a")
    game.world.consumable_tokens = [START]
    game.world.action_deck = ["basic"]
    game.world.consumable_deck = ["blood-vial"]
    drive(interact(game, 0))  # no counter and no dodge are offered
    assert hunter.hp == 4
    assert hunter.consumables == ["blood-vial"] and START not in game.world.consumable_tokens


def test_a_hunter_slain_while_interacting_does_not_interact() -> None:
    game, _ = two_tiles()
    hunter = game.hunter(0)
    hunter.hp = 2
    put_enemy(game, "scourge-beast", START, side="a")
    game.world.consumable_tokens = [START]
    game.world.action_deck = ["basic"]
    drive(interact(game, 0))
    assert hunter.place is None and START in game.world.consumable_tokens


def test_transform_clears_every_slot_and_flips_the_weapon() -> None:
    game, _ = two_tiles()
    hunter = game.hunter(0)
    hunter.form, hunter.slots = "a", ["basic-skill", None, "basic-strength"]
    hunter.hand = ["basic-vitality"]
    drive(do_action(game, 0, "transform [basic-vitality]"))
    assert hunter.form == "b" and hunter.slots == [None, None, None]
    assert sorted(hunter.discard) == ["basic-skill", "basic-strength", "basic-vitality"]


def test_attack_needs_an_enemy_on_the_space_and_an_empty_slot() -> None:
    game, _ = two_tiles()
    hunter = game.hunter(0)
    hunter.hand = ["basic-strength"]
    assert not [o for o in action_options(game, 0) if o.startswith("attack")]
    put_enemy(game, "scourge-beast", START)
    assert len([o for o in action_options(game, 0) if o.startswith("attack")]) == 3
    hunter.slots = ["basic-skill"] * 3
    assert not [o for o in action_options(game, 0) if o.startswith("attack")]


def test_activation_reaches_the_hunters_tile_and_joined_tiles_only() -> None:
    game, tile = two_tiles()
    game.hunter(0).place = (tile, "courtyard-lamp")
    game.hunter(1).place = (tile, "fountain")
    near = put_enemy(game, "hunter-mob", (0, "west"), slot=1)
    chapel = reveal(game, (tile, "fountain"), "N", "oedon-chapel", "S")
    far = put_enemy(game, "hunter-mob", (chapel[0], "oedon-chapel"), slot=1)
    game.world.enemies = [near, far]
    game.hunter(0).place = (0, "east")
    drive(activate(game, 0))
    assert near.place == (0, "central-lamp")  # joined tile … stepped toward the hunter
    assert far.place == (chapel[0], "oedon-chapel")  # two tiles away: not aware


def test_enemies_activate_by_slot_and_the_first_may_slay_before_the_others_act() -> None:
    game, _ = two_tiles()
    hunter = game.hunter(0)
    hunter.hp = 2
    hunter.slots = ["basic-skill"] * 3  # no answer possible
    second = put_enemy(game, "hunter-mob", START, slot=2, side="a")
    first = put_enemy(game, "scourge-beast", START, slot=1, side="a")
    game.world.action_deck = ["basic"]
    drive(activate(game, 0))
    # Slot 1 attacks first and slays the hunter: sudden death, slot 2 never acts.
    assert hunter.place is None
    assert game.world.action_discard == ["basic"]
    assert first in game.world.enemies and second in game.world.enemies


def test_an_enemy_sharing_a_space_with_another_hunter_stays_unless_it_reaches_the_target() -> None:
    game, _ = two_tiles()
    game.hunter(0).place = (0, "west")
    game.hunter(1).place = (0, "east")
    guard = put_enemy(game, "hunter-mob", (0, "east"))
    drive(activate(game, 0))
    assert guard.place == (0, "east")


def test_an_enemy_spawned_into_range_during_activation_still_activates() -> None:
    rules = builtin_rules()
    mob = rules.enemies["hunter-mob"].model_dump(mode="json", by_alias=True)
    mob["id"] = "bell-ringer"
    mob["sides"]["a"]["ability"]["effects"] = [{"spawn": {"enemy": "hunter-mob", "where": "adjacent-space"}}]
    rules.enemies["bell-ringer"] = Enemy.model_validate(mob)
    try:
        game, tile = two_tiles()
        hunter = game.hunter(0)
        hunter.place = (0, "east")
        hunter.slots = ["basic-skill"] * 3
        game.world.slots["2"] = ["hunter-mob", "a"]
        ringer = put_enemy(game, "bell-ringer", (tile, "courtyard-lamp"), slot=1, side="a")
        game.world.action_deck = ["ability"]
        game.world.action_discard = ["basic"]
        drive(activate(game, 0), ["basic"])
        newcomer = next(e for e in game.world.enemies if e.type == "hunter-mob")
        # Spawned next to the hunter mid-activation, it moved in and attacked as well.
        assert ringer.place == (0, "east") and newcomer.place == (0, "east")
        assert hunter.hp == 5  # the newcomer's Club Blow
    finally:
        del rules.enemies["bell-ringer"]


def test_an_enemy_with_two_equal_paths_takes_the_cruel_one() -> None:
    game = table(builtin_rules(), 2)
    square = reveal(game, (0, "east"), "E", "unnamed-4", "W")[0]  # four spaces in a ring
    game.world.enemies = []
    game.hunter(0).place = (square, "southeast")
    game.hunter(1).place = (0, "central-lamp")
    beast = put_enemy(game, "hunter-mob", (square, "northwest"))
    drive(activate(game, 0))
    # Both steps are one space from the target; the south-west one also nears the other hunter.
    assert beast.place == (square, "southwest")
