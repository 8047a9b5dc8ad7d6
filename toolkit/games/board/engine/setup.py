"""Chapter setup: hunters, decks, the tile deck with its random tiles, the enemy slots, the start."""

from __future__ import annotations

from typing import TYPE_CHECKING

from toolkit.games.board.engine.rules import strip_pack
from toolkit.games.board.engine.spawn import place_consumables, populate_spawn_points
from toolkit.games.board.engine.world import HunterState, PlacedTile

if TYPE_CHECKING:
    from toolkit.games.board.engine.core import Game, Gen

UPGRADE_ROW = 4
"""Upgrade cards face up on the Hunt board (rulebook)."""


def setup(g: Game) -> Gen[None]:
    """Set the table for the chapter, in the rulebook's order."""
    rules, world = g.rules, g.world
    chapter = rules.chapter
    for hunter_id in g.lineup:
        yield from _hunter(g, hunter_id)
    world.upgrade_deck = list(g.tables.upgrade_deck)
    for _ in range(min(UPGRADE_ROW, len(world.upgrade_deck))):
        world.upgrade_row.append((yield from g.draw(world.upgrade_deck, "upgrade-row")))
    world.consumable_deck = list(g.tables.consumable_deck)
    world.reward_deck = list(g.tables.reward_deck)
    world.track = 1
    enemies = [strip_pack(e) for e in chapter.setup.enemies]
    sides = {}
    for enemy in enemies:
        sides[enemy] = yield from g.draw(["a", "b"], "enemy-side")
    pool = list(enemies)
    for slot in (1, 2, 3):
        enemy = yield from g.draw(pool, "enemy-slot")
        world.slots[str(slot)] = [enemy, sides[enemy]]
    world.action_deck = list(g.tables.action_deck)
    start = strip_pack(chapter.setup.starting_tile)
    named = [strip_pack(t) for t in chapter.setup.tiles]
    unused = sorted(t for t in rules.tiles if t != start and t not in named)
    for _ in range(min(len(unused), chapter.setup.random_tiles.evaluate(hunters=g.n))):
        named.append((yield from g.draw(unused, "random-tile")))
    world.tile_deck = sorted(named)
    world.tiles.append(PlacedTile(0, start))
    g.map.rebuild()
    spaces = [s.id for s in rules.tiles[start].spaces]
    for index in range(g.n):
        pick = yield from g.ask(index, [f"start at {start}/{s}" for s in spaces], "start")
        world.hunters[index].place = (0, pick.rsplit("/", 1)[1])
    place_consumables(g, [0])
    populate_spawn_points(g, [0])
    g.log(
        "setup: slots "
        + ", ".join(f"{s}={world.slots[s][0]}({world.slots[s][1]})" for s in ("1", "2", "3"))
        + f"; {len(world.tile_deck)} tiles in the deck"
    )


def _hunter(g: Game, hunter_id: str) -> Gen[None]:
    model = g.rules.hunters[hunter_id]
    weapon = strip_pack(model.trick_weapon)
    index = len(g.world.hunters)
    hunter = HunterState(hunter_id, weapon, hp=model.max_hp, max_hp=model.max_hp)
    hunter.firearm = strip_pack(model.starting_firearm)
    hunter.deck = list(g.tables.basic_deck)
    g.world.hunters.append(hunter)
    form = yield from g.ask(index, ["form a", "form b"], "form")
    hunter.form = form[-1]
    forms = g.rules.weapons[weapon].forms
    hunter.slots = [None] * len((forms.b if hunter.form == "b" else forms.a).attacks)
