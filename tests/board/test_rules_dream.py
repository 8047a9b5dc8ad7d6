"""The Hunter's Dream, the hunt track, resets and the final round."""

from __future__ import annotations

import pytest

from toolkit.games.board.engine.core import ChapterOver
from toolkit.games.board.engine.dream import dream, slay_hunter
from toolkit.games.board.engine.scenario import builtin_rules, drive, put_enemy, reveal, table
from toolkit.games.board.engine.spawn import spawn_boss
from toolkit.games.board.engine.track import advance, reset
from toolkit.games.board.engine.turn import hunter_turn, play_round
from toolkit.games.board.engine.world import SpawnGroup, Token

START = (0, "central-lamp")


def test_the_dream_rebuilds_the_deck_buys_upgrades_heals_and_advances_the_track() -> None:
    game = table(builtin_rules(), 1)
    hunter = game.hunter(0)
    hunter.hand = ["basic-skill"]
    hunter.deck.remove("basic-skill")
    hunter.slots[0] = hunter.deck.pop()
    hunter.hp, hunter.echoes, hunter.poison, hunter.frenzy = 2, 2, True, True
    hunter.firearm_exhausted, hunter.place = True, None
    game.world.upgrade_row = ["heavy-blow", "nimble-step", "interrupt", "precise-strike"]
    game.world.upgrade_deck = ["backstep"]
    drive(
        dream(game, 0),
        [
            "upgrade nimble-step",
            "upgrade heavy-blow",
            "keep nimble-step for basic-vitality",
            "leave heavy-blow",
        ],
    )
    assert game.world.track == 2
    assert len(hunter.deck) == 12 and hunter.hand == [] and hunter.slots == [None, None, None]
    assert "nimble-step" in hunter.deck and hunter.deck.count("basic-vitality") == 2
    assert "heavy-blow" not in hunter.deck
    assert hunter.echoes == 0 and hunter.hp == 6 and not hunter.poison and not hunter.frenzy
    assert not hunter.firearm_exhausted
    assert game.world.upgrade_row == ["backstep", "interrupt", "precise-strike"]


def test_a_slain_hunter_loses_echoes_before_the_dream_and_skips_an_unplayed_turn() -> None:
    game = table(builtin_rules(), 2)
    hunter = game.hunter(1)
    hunter.echoes = 3
    slay_hunter(game, 1)
    assert hunter.echoes == 0 and hunter.place is None and hunter.skip_turn
    drive(dream(game, 1))  # no echoes: no upgrade to choose
    drive(hunter_turn(game, 1))
    assert hunter.place is None  # the turn was skipped in the Dream


def test_a_hunter_back_from_the_dream_picks_a_side_and_a_lamp_on_their_turn() -> None:
    game = table(builtin_rules(), 1)
    reveal(game, (0, "east"), "E", "courtyard-lamp", "W")
    game.world.enemies = []
    hunter = game.hunter(0)
    hunter.place = None
    drive(hunter_turn(game, 0), ["form b", "wake at courtyard-lamp/courtyard-lamp"])
    assert hunter.form == "b" and hunter.place == (1, "courtyard-lamp")


def test_reaching_a_reset_space_resets_the_map() -> None:
    game = table(builtin_rules(), 1)
    game.world.slots["1"] = ["hunter-mob", "a"]
    tile = reveal(game, (0, "east"), "E", "courtyard-lamp", "W")[0]
    game.world.enemies, game.world.consumable_tokens = [], []
    stray = put_enemy(game, "scourge-beast", START, slot=3)
    boss = spawn_boss(game, "cleric-beast", (tile, "fountain"))
    assert boss is not None
    boss.phase, boss.damage = 2, 3
    game.world.track = 3
    drive(advance(game))
    assert game.world.track == 4 and game.world.resets == 1
    assert stray not in game.world.enemies
    assert boss in game.world.enemies and boss.phase == 2 and boss.damage == 0
    assert [e.place for e in game.world.enemies if e.type == "hunter-mob"] == [(tile, "gate")]
    assert (tile, "fountain") in game.world.consumable_tokens


def test_at_a_reset_mission_enemies_return_to_their_place_and_respawning_groups_come_back_whole() -> None:
    game = table(builtin_rules(), 1)
    game.world.enemies = []
    game.world.groups = [
        SpawnGroup(3, "hunter-mob", (0, "west"), 2, "wardens", respawn=True),
        SpawnGroup(3, "rogue-hunter", (0, "east"), 2, "rogues", respawn=False),
    ]
    warden = put_enemy(game, "hunter-mob", START)  # one warden left alive, one slain
    warden.tag, warden.owner = "wardens", 3
    rogue = put_enemy(game, "rogue-hunter", START, kind="npc")  # one rogue alive, one slain
    rogue.tag, rogue.owner, rogue.damage = "rogues", 3, 5
    drive(reset(game))
    wardens = [e for e in game.world.enemies if e.tag == "wardens"]
    rogues = [e for e in game.world.enemies if e.tag == "rogues"]
    assert [e.place for e in wardens] == [(0, "west"), (0, "west")]
    assert [(e.place, e.damage) for e in rogues] == [((0, "east"), 0)]


def test_the_final_space_resets_again_instead_of_advancing() -> None:
    game = table(builtin_rules(), 1)
    game.world.track = game.rules.track.length
    drive(advance(game))
    assert game.world.track == game.rules.track.length and game.world.resets == 1


def test_the_final_round_is_lost_if_the_hunt_is_not_complete() -> None:
    game = table(builtin_rules(), 1)
    game.world.round = 5
    game.world.track = game.rules.track.length - 1
    with pytest.raises(ChapterOver):
        drive(play_round(game), ["end turn"])
    assert game.world.final_round and game.world.outcome == "lost"


def test_poison_hurts_at_the_end_of_the_turn() -> None:
    game = table(builtin_rules(), 1)
    hunter = game.hunter(0)
    hunter.poison = True
    drive(hunter_turn(game, 0))  # an empty hand: ending the turn is the only choice
    assert hunter.hp == 5


def test_interacting_with_a_named_token_tells_the_missions() -> None:
    heard: list[tuple[str, dict[str, object]]] = []

    class Ear:
        def notify(self, kind: str, data: dict[str, object]) -> list[object]:
            heard.append((kind, data))
            return []

        def pending_choice(self) -> None:
            return None

        def holds(self, condition: object) -> bool:
            return False

    from toolkit.games.board.engine.turn import interact

    game = table(builtin_rules(), 1, missions=Ear())  # type: ignore[arg-type]
    game.hunter(0).place = START
    game.world.tokens.append(Token("widow", "survivor", START, 5))
    drive(interact(game, 0))
    expected = {"hunter": 0, "tokens": ["widow"], "tile": "central-lamp", "space": "central-lamp"}
    assert ("interact", expected) in heard
