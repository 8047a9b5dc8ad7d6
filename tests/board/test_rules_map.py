"""Map rules: revealing and joining tiles, populating them, the miniature limit, fog gates."""

from __future__ import annotations

from toolkit.games.board.engine.activation import activate
from toolkit.games.board.engine.mission_effects import raise_fog
from toolkit.games.board.engine.scenario import builtin_rules, drive, put_enemy, reveal, table
from toolkit.games.board.engine.spawn import spawn_enemy
from toolkit.games.board.engine.supply import NPC_TOKENS
from toolkit.games.board.engine.tiles import reveal_tile
from toolkit.games.board.engine.turn import move_action, return_from_dream
from toolkit.games.board.model.tiles import Exit, Space, Tile

START = (0, "central-lamp")


def test_revealed_tile_joins_the_exit_and_is_populated_from_the_slots() -> None:
    game = table(builtin_rules(), 1)
    game.world.slots["1"] = ["hunter-mob", "a"]
    entry = reveal(game, (0, "east"), "E", "courtyard-lamp", "W")
    assert entry == (1, "courtyard-lamp")
    assert (0, "east") in game.map.hunter_steps(entry) and entry in game.map.hunter_steps((0, "east"))
    assert (1, "fountain") in game.world.consumable_tokens
    mobs = [e for e in game.world.enemies if e.type == "hunter-mob"]
    assert [e.place for e in mobs] == [(1, "gate")]


def test_exploring_moves_the_hunter_onto_the_connecting_space() -> None:
    game = table(builtin_rules(), 1)
    game.world.tile_deck = ["courtyard-lamp"]
    hunter = game.hunter(0)
    hunter.place = (0, "east")
    drive(move_action(game, 0, 2, pursuit=True), ["explore E", "join by W", "step courtyard-lamp/fountain"])
    assert hunter.place == (1, "fountain")


def test_a_tile_that_would_block_every_exit_goes_back_and_another_is_drawn() -> None:
    rules = builtin_rules()
    dead_end = Tile(
        kind="tile",
        id="dead-end",
        name="Dead End",
        spaces=[Space(id="end")],
        exits=[Exit(edge="N", space="end")],
    )
    rules.tiles["dead-end"] = dead_end
    try:
        game = table(rules, 1)
        # Close every other exit of the starting tile so the dead end would end exploration.
        game.world.tiles[0].links = {"N": [0, "N"], "S": [0, "S"], "W": [0, "W"]}
        game.world.tile_deck = ["dead-end", "alleyway"]
        entry = drive(reveal_tile(game, 0, (0, "east"), "E"), ["dead-end", "join by N"])
        assert entry is not None and game.world.tiles[entry[0]].tile == "alleyway"
        assert game.world.tile_deck == ["dead-end"]
    finally:
        del rules.tiles["dead-end"]


def test_with_no_miniature_left_the_one_farthest_from_the_hunters_is_moved() -> None:
    game = table(builtin_rules(), 1)
    game.world.slots["1"] = ["hunter-mob", "a"]
    far = reveal(game, (0, "east"), "E", "courtyard-lamp", "W")
    game.world.enemies = []
    near = [put_enemy(game, "hunter-mob", START) for _ in range(3)]
    farthest = put_enemy(game, "hunter-mob", far)
    spawn_enemy(game, "hunter-mob", (0, "west"), slot=1)
    mobs = [e for e in game.world.enemies if e.type == "hunter-mob"]
    assert len(mobs) == 4
    assert farthest not in game.world.enemies and all(e in game.world.enemies for e in near)


def test_with_all_seven_npc_tokens_out_the_farthest_npc_is_taken_for_the_new_one() -> None:
    game = table(builtin_rules(), 1)
    far = reveal(game, (0, "east"), "E", "courtyard-lamp", "W")
    game.world.enemies = []
    near = [put_enemy(game, "rogue-hunter", START, kind="npc") for _ in range(NPC_TOKENS - 1)]
    farthest = put_enemy(game, "rogue-hunter", far, kind="npc")
    newcomer = spawn_enemy(game, "rogue-hunter", (0, "west"))
    tokens = [e for e in game.world.enemies if e.kind == "npc"]
    assert len(tokens) == NPC_TOKENS
    assert newcomer in tokens and farthest not in tokens and all(e in tokens for e in near)
    assert "no NPC token left: rogue-hunter#8 is taken from the map" in game.world.log[-2]


def test_fog_gates_keep_enemies_out_and_hunters_in() -> None:
    game = table(builtin_rules(), 1)
    chapel = reveal(game, (0, "east"), "E", "oedon-chapel", "S")  # joins at the doorway
    game.world.enemies = []
    outsider = put_enemy(game, "scourge-beast", (chapel[0], "pews"))
    raise_fog(game, "oedon-chapel", 7)
    assert outsider not in game.world.enemies  # other enemies leave the tile
    hunter = game.hunter(0)
    hunter.place = (0, "east")
    assert (chapel[0], "doorway") in game.map.hunter_steps((0, "east"))  # a hunter may enter …
    hunter.place = (chapel[0], "doorway")
    assert (0, "east") not in game.map.hunter_steps(hunter.place)  # … but not leave
    beast = put_enemy(game, "scourge-beast", (0, "east"))
    drive(activate(game, 0))
    assert beast.place == (0, "east")  # enemies ignore hunters behind fog gates


def test_a_broken_lamp_cannot_be_woken_at() -> None:
    game = table(builtin_rules(), 1)
    reveal(game, (0, "east"), "E", "oedon-chapel", "S")
    raise_fog(game, "oedon-chapel", 7)
    hunter = game.hunter(0)
    hunter.place = None
    drive(return_from_dream(game, 0), ["form b"])  # one lamp left: no question about where
    assert hunter.place == START and hunter.form == "b"
