"""The six divergences of issue 13 between the engine and the rulebook, each pinned where a player
sees it (what is on the map, HP, the track, who holds a card, the offered actions)."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from toolkit.games.board.engine.combat import combat
from toolkit.games.board.engine.core import Game
from toolkit.games.board.engine.mission_effects import end_card, raise_fog, run_mission
from toolkit.games.board.engine.missions import CardEnded, WorldEffect
from toolkit.games.board.engine.rules import Rules
from toolkit.games.board.engine.scenario import builtin_rules, drive, put_enemy, reveal, table
from toolkit.games.board.mission.common import Keeps
from toolkit.games.board.mission.effects import PlaceToken
from toolkit.games.board.model.enemies import Enemy

START = (0, "central-lamp")


def test_kept_enemies_and_fog_gates_go_when_the_keeping_card_completes() -> None:
    game = table(builtin_rules(), 1)
    game.world.enemies = []
    chapel = reveal(game, (0, "east"), "E", "oedon-chapel", "S")[0]
    guard = put_enemy(game, "hunter-mob", (chapel, "pews"))
    guard.owner, guard.tag = 5, "guards"
    raise_fog(game, "oedon-chapel", 5)
    end_card(game, CardEnded(5, Keeps(enemies=["guards"], fog_gates=["oedon-chapel"]), 6))
    assert guard in game.world.enemies and game.world.tiles[chapel].fog_owner == 6
    end_card(game, CardEnded(6))
    assert guard not in game.world.enemies
    assert game.world.tiles[chapel].fog_owner == -1


@contextmanager
def enemy_variant(rules: Rules, base: str, side_a: dict[str, object]) -> Iterator[str]:
    """A copy of an enemy whose side a has some lines replaced, registered for one test."""
    data = rules.enemies[base].model_dump(mode="json", by_alias=True)
    data["id"] = f"{base}-variant"
    data["sides"]["a"].update(side_a)
    rules.enemies[data["id"]] = Enemy.model_validate(data)
    try:
        yield data["id"]
    finally:
        del rules.enemies[data["id"]]


def cane_attacks(rules: Rules, enemy_id: str, flip: str, card: str = "basic-strength", slot: int = 2) -> Game:
    """The Threaded Cane hunter, alone, attacks ``enemy_id`` with ``card`` in ``slot``; the enemy
    flips ``flip``."""
    game = table(rules, 1, lineup=["threaded-cane-hunter"])
    hunter = game.hunter(0)
    hunter.form, hunter.slots, hunter.hand = "a", [None, None, None], [card]
    assert hunter.place is not None
    enemy = put_enemy(game, enemy_id, hunter.place, side="a")
    game.world.action_deck = [flip]
    drive(combat(game, 0, enemy, card=card, slot=slot), ["strike"])
    return game


def test_an_enemy_attack_that_blocks_takes_less_damage() -> None:
    rules = builtin_rules()
    guarded = {"basic": {"name": "Shield Bash", "speed": "fast", "damage": 1, "effects": [{"block": 2}]}}
    with enemy_variant(rules, "church-giant", guarded) as giant:
        game = cane_attacks(rules, giant, "basic")
    assert game.world.enemies[0].damage == 2 and game.hunter(0).hp == 5


def test_a_staggering_enemy_ability_cancels_a_slower_attack() -> None:
    rules = builtin_rules()
    parry = {"ability": {"name": "Parry", "speed": "fast", "effects": [{"stagger": {}}]}}
    with enemy_variant(rules, "scourge-beast", parry) as beast:
        game = cane_attacks(rules, beast, "ability")
    assert game.world.enemies and game.world.enemies[0].damage == 0  # Deadly Thrust never landed


def test_an_enemy_ability_with_a_damage_modifier_deals_that_damage() -> None:
    rules = builtin_rules()
    spit = {"ability": {"name": "Bile Spit", "speed": "medium", "effects": [{"damage": 2}]}}
    with enemy_variant(rules, "scourge-beast", spit) as beast:
        game = cane_attacks(rules, beast, "ability")
    assert game.hunter(0).hp == 4
    howl = {"ability": {"name": "Piercing Howl", "effects": [{"damage": 1}]}}
    with enemy_variant(rules, "scourge-beast", howl) as beast:
        game = cane_attacks(rules, beast, "ability")
    assert game.hunter(0).hp == 5


def test_without_fog_gate_tokens_left_the_earliest_gates_come_down() -> None:
    game = table(builtin_rules(), 1)
    courtyard = reveal(game, (0, "east"), "E", "courtyard-lamp", "W")[0]
    raise_fog(game, "central-lamp", 3)  # 4 exits: 4 of the 6 gate tokens
    raise_fog(game, "courtyard-lamp", 4)  # 3 more than the 2 left
    assert game.world.tiles[0].fog_owner == -1 and game.world.tiles[courtyard].fog_owner == 4


def test_a_mission_places_no_more_named_tokens_than_the_box_holds() -> None:
    game = table(builtin_rules(), 1)
    crowd = PlaceToken.model_validate(
        {
            "place_token": {
                "token": "mourners",
                "type": "survivor",
                "at": {"space": "central-lamp"},
                "count": 7,
            }
        }
    )
    drive(run_mission(game, [WorldEffect(3, crowd)]))
    assert [t.name for t in game.world.tokens] == ["mourners"] * 5
