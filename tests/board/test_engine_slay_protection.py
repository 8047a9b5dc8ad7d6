"""A protection that ends on slaying (`make_invulnerable ... until: {slay: ...}`) ends when the
enemies fall: the slay count lives on the cards in play, and the engine judges it against them."""

from __future__ import annotations

from toolkit.games.board.engine.enemies import hurt_enemy, slay_enemy
from toolkit.games.board.engine.interpreter_adapter import InterpreterPort
from toolkit.games.board.engine.mission_effects import run_mission
from toolkit.games.board.engine.missions import WorldEffect
from toolkit.games.board.engine.scenario import builtin_rules, drive, put_enemy, table
from toolkit.games.board.mission.effects import MakeInvulnerable

START = (0, "central-lamp")


def test_an_enemy_shielded_until_two_mobs_fall_can_be_harmed_once_they_are_slain() -> None:
    rules = builtin_rules()
    port = InterpreterPort(rules, 1)
    game = table(rules, 1, missions=port)
    drive(game.event("start_of_hunt"))
    game.world.enemies = []
    beast = put_enemy(game, "scourge-beast", START)
    guards = [put_enemy(game, "hunter-mob", START) for _ in range(2)]
    shield = MakeInvulnerable.model_validate(
        {
            "make_invulnerable": {
                "target": {"enemy": "scourge-beast"},
                "until": {"slay": {"enemy": "hunter-mob", "count": 2}},
            }
        }
    )
    drive(run_mission(game, [WorldEffect(2, shield)]))
    drive(slay_enemy(game, guards[0], 0))
    drive(hurt_enemy(game, beast, 2, 0))
    assert beast.damage == 0  # one guard still stands
    drive(slay_enemy(game, guards[1], 0))
    drive(run_mission(game, []))
    drive(hurt_enemy(game, beast, 2, 0))
    assert beast.damage == 2
