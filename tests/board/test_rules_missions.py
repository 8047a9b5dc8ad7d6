"""The mission interpreter drives the chapter: reveals, standing rules, spawns, clean-up, victory."""

from __future__ import annotations

import pytest

from toolkit.games.board.engine.core import ChapterOver
from toolkit.games.board.engine.interpreter_adapter import InterpreterPort
from toolkit.games.board.engine.mission_effects import end_card, run_mission
from toolkit.games.board.engine.missions import CardEnded, HuntCompleted
from toolkit.games.board.engine.scenario import builtin_rules, drive, put_enemy, reveal, table
from toolkit.games.board.engine.world import Token
from toolkit.games.board.mission.common import Keeps

START = (0, "central-lamp")


def test_the_start_of_the_hunt_puts_special_rules_and_the_first_card_in_play() -> None:
    rules = builtin_rules()
    port = InterpreterPort(rules, 1)
    game = table(rules, 1, missions=port)
    drive(game.event("start_of_hunt"))
    assert port.revealed() == [1, 2]


def test_a_standing_rule_places_its_token_where_the_enemy_fell() -> None:
    rules = builtin_rules()
    port = InterpreterPort(rules, 1)
    game = table(rules, 1, missions=port, lineup=["threaded-cane-hunter"])
    drive(game.event("start_of_hunt"))
    hunter = game.hunter(0)
    hunter.place, hunter.hand = START, ["basic-strength"]
    hunter.form, hunter.slots = "a", [None, None, None]
    beast = put_enemy(game, "scourge-beast", START, side="a")
    beast.damage = 3
    from toolkit.games.board.engine.combat import combat

    game.world.action_deck = ["special"]
    drive(combat(game, 0, beast, card="basic-strength", slot=0), ["strike"])
    assert [(t.name, t.place) for t in game.world.tokens] == [("beast-ash", START)]


def test_a_spawn_on_an_unrevealed_tile_waits_for_the_tile() -> None:
    rules = builtin_rules()
    game = table(rules, 1)
    game.world.enemies = []
    from toolkit.games.board.engine.missions import WorldEffect
    from toolkit.games.board.mission.effects import Spawn

    spawn = Spawn.model_validate(
        {"spawn": {"enemy": "rogue-hunter", "at": {"space": "graveyard"}, "tag": "w"}}
    )
    drive(run_mission(game, [WorldEffect(3, spawn)]))
    assert game.world.enemies == [] and len(game.deferred) == 1
    from toolkit.games.board.engine.turn import move_action

    game.world.tile_deck = ["graveyard"]
    game.hunter(0).place = (0, "east")
    drive(move_action(game, 0, 1, pursuit=True), ["explore E", "join by E"])
    warden = [e for e in game.world.enemies if e.tag == "w"]
    assert (
        len(warden) == 1
        and warden[0].kind == "npc"
        and game.world.tiles[warden[0].place[0]].tile == "graveyard"
    )


def test_a_completed_step_removes_what_its_card_created_unless_kept() -> None:
    game = table(builtin_rules(), 1)
    game.world.enemies = []
    game.world.tokens = [Token("widow", "survivor", START, 5), Token("lantern", "insight", START, 5)]
    guard = put_enemy(game, "hunter-mob", START)
    guard.owner, guard.tag = 5, "guards"
    reveal(game, (0, "east"), "E", "oedon-chapel", "S")
    from toolkit.games.board.engine.mission_effects import raise_fog

    raise_fog(game, "oedon-chapel", 5)
    end_card(game, CardEnded(5, Keeps(tokens=["widow"]), 6))
    assert [t.name for t in game.world.tokens] == ["widow"]
    assert guard not in game.world.enemies
    assert all(t.fog_owner < 0 for t in game.world.tiles)


def test_completing_the_hunt_ends_the_chapter_in_victory() -> None:
    game = table(builtin_rules(), 1)
    with pytest.raises(ChapterOver):
        drive(run_mission(game, [HuntCompleted()]))
    assert game.world.outcome == "won"


def test_invulnerability_lasts_until_its_condition_holds() -> None:
    from toolkit.games.board.engine.enemies import hurt_enemy
    from toolkit.games.board.engine.missions import WorldEffect
    from toolkit.games.board.mission.effects import MakeInvulnerable

    rules = builtin_rules()
    port = InterpreterPort(rules, 1)
    game = table(rules, 1, missions=port)
    game.world.enemies = []
    beast = put_enemy(game, "scourge-beast", START)
    shield = MakeInvulnerable.model_validate(
        {"make_invulnerable": {"target": {"enemy": "scourge-beast"}, "until": {"holds_insight": 24}}}
    )
    drive(run_mission(game, [WorldEffect(3, shield)]))
    drive(hurt_enemy(game, beast, 2, 0))
    assert beast.damage == 0
    port.machine.state.campaign.insight.append(24)
    drive(run_mission(game, []))
    drive(hurt_enemy(game, beast, 2, 0))
    assert beast.damage == 2
