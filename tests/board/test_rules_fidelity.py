"""The six divergences of issue 13 between the engine and the rulebook, each pinned where a player
sees it (what is on the map, HP, the track, who holds a card, the offered actions)."""

from __future__ import annotations

from toolkit.games.board.engine.activation import activate
from toolkit.games.board.engine.interpreter_adapter import InterpreterPort
from toolkit.games.board.engine.mission_effects import end_card, raise_fog
from toolkit.games.board.engine.missions import CardEnded
from toolkit.games.board.engine.scenario import builtin_rules, drive, put_enemy, reveal, table
from toolkit.games.board.engine.turn import move_action
from toolkit.games.board.mission.common import Keeps

START = (0, "central-lamp")


def test_a_kept_token_leaves_the_map_when_the_keeping_card_completes() -> None:
    # The Pale Bell, chapter 1: card 5 places the widow; seeing her home reveals card 6, which
    # keeps her; completing card 6 must take her off the engine's map as off the interpreter's.
    rules = builtin_rules()
    port = InterpreterPort(rules, 1)
    game = table(rules, 1, missions=port)
    drive(game.event("start_of_hunt"))
    house = reveal(game, (0, "east"), "E", "ransacked-house", "N")
    drive(game.event("end_move", hunter=0, tile="ransacked-house", space=house[1]))
    assert [t.name for t in game.world.tokens] == ["widow"]
    widow = {"token": "widow", "tile": "central-lamp", "space": "central-lamp"}
    drive(game.event("token_moved", **widow), ["choose 2"])  # see her home: card 6 keeps her
    drive(game.event("token_moved", token="widow", tile="alleyway", space="alleyway"))
    assert 6 in port.machine.state.chapter.completed
    assert port.machine.state.chapter.tokens == {}
    assert game.world.tokens == []


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


def test_another_hunter_on_its_space_does_not_stop_an_enemy_pursuing() -> None:
    game = table(builtin_rules(), 2, lineup=["threaded-cane-hunter", "saw-cleaver-hunter"])
    courtyard = reveal(game, (0, "east"), "E", "courtyard-lamp", "W")[0]
    game.world.enemies = []
    mover, bystander = game.hunter(0), game.hunter(1)
    mover.place, bystander.place = START, (0, "west")
    beast = put_enemy(game, "scourge-beast", (0, "west"))
    drive(
        move_action(game, 0, 2, pursuit=True),
        ["step central-lamp/east", "step courtyard-lamp/courtyard-lamp"],
    )
    assert mover.place == (courtyard, "courtyard-lamp")
    # The beast was on the tile the hunter left: it pursues one space, the bystander or not.
    assert beast.place == START


def test_a_hunter_slain_in_anothers_activation_dreams_at_once_and_the_reset_stops_the_rest() -> None:
    game = table(builtin_rules(), 2, lineup=["threaded-cane-hunter", "saw-cleaver-hunter"])
    active, ally = game.hunter(0), game.hunter(1)
    active.place = ally.place = START
    ally.hp, ally.turn_taken = 1, True
    game.world.track = 3  # the next advance reaches the reset space 4
    mob = put_enemy(game, "hunter-mob", START, slot=1)  # its ability hurts every hunter here
    beast = put_enemy(game, "scourge-beast", START, slot=3)
    drive(activate(game, 0), ["ability"])
    # The ally fell to the mob's ability: the Dream came at once, its track advance reset the map,
    # and the beast the reset removed never struck.
    assert ally.place is None and game.world.track == 4 and game.world.resets == 1
    assert mob not in game.world.enemies and beast not in game.world.enemies
    assert active.hp == 5
    assert not any("vs scourge-beast" in line for line in game.world.log)
