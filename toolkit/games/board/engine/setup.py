"""Chapter setup: hunters, decks, the tile deck with its random tiles, the enemy slots, the start."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from toolkit.games.board.engine.rules import Rules, strip_pack
from toolkit.games.board.engine.spawn import place_consumables, populate_spawn_points
from toolkit.games.board.engine.world import HunterState, PlacedTile

if TYPE_CHECKING:
    from toolkit.games.board.engine.core import Game, Gen

UPGRADE_ROW = 4
"""Upgrade cards face up on the Hunt board (rulebook)."""


@dataclass(frozen=True, slots=True)
class SetupPlan:
    """What the setup reads of a chapter and its hunters before any draw: the same for every game
    of a rules bundle, so it is worked out once and kept in ``rules.cache``."""

    enemies: tuple[str, ...]
    """The chapter's enemies, without their pack."""
    start: str
    named: tuple[str, ...]
    """The tiles the chapter puts in the deck."""
    unused: tuple[str, ...]
    """The other tiles, sorted: the pool of the random tiles."""
    start_options: tuple[str, ...]
    """`start at TILE/SPACE` for each space of the starting tile."""
    start_spaces: dict[str, str]
    """Start option → its space."""
    arms: dict[str, tuple[str, str]]
    """Hunter → (trick weapon, firearm), without their pack."""


def setup_plan(rules: Rules) -> SetupPlan:
    found = rules.cache.get("setup-plan")
    if isinstance(found, SetupPlan):
        return found
    chapter = rules.chapter.setup
    start = strip_pack(chapter.starting_tile)
    named = tuple(strip_pack(t) for t in chapter.tiles)
    spaces = [s.id for s in rules.tiles[start].spaces]
    options = {f"start at {start}/{space}": space for space in spaces}
    plan = SetupPlan(
        enemies=tuple(strip_pack(e) for e in chapter.enemies),
        start=start,
        named=named,
        unused=tuple(sorted(t for t in rules.tiles if t != start and t not in named)),
        start_options=tuple(options),
        start_spaces=options,
        arms={
            hunter_id: (strip_pack(model.trick_weapon), strip_pack(model.starting_firearm))
            for hunter_id, model in rules.hunters.items()
        },
    )
    rules.cache["setup-plan"] = plan
    return plan


def setup(g: Game) -> Gen[None]:
    """Set the table for the chapter, in the rulebook's order."""
    rules, world = g.rules, g.world
    plan = setup_plan(rules)
    for hunter_id in g.lineup:
        yield from _hunter(g, hunter_id, plan.arms[hunter_id])
    world.upgrade_deck = list(g.tables.upgrade_deck)
    for _ in range(min(UPGRADE_ROW, len(world.upgrade_deck))):
        world.upgrade_row.append((yield from g.draw(world.upgrade_deck, "upgrade-row")))
    world.consumable_deck = list(g.tables.consumable_deck)
    world.reward_deck = list(g.tables.reward_deck)
    world.track = 1
    sides = {}
    for enemy in plan.enemies:
        sides[enemy] = yield from g.draw(["a", "b"], "enemy-side")
    pool = list(plan.enemies)
    for slot in ("1", "2", "3"):
        enemy = yield from g.draw(pool, "enemy-slot")
        world.slots[slot] = [enemy, sides[enemy]]
    world.action_deck = list(g.tables.action_deck)
    named, unused = list(plan.named), list(plan.unused)
    for _ in range(min(len(unused), rules.chapter.setup.random_tiles.evaluate(hunters=g.n))):
        named.append((yield from g.draw(unused, "random-tile")))
    world.tile_deck = sorted(named)
    world.tiles.append(PlacedTile(0, plan.start))
    g.map.rebuild()
    for index in range(g.n):
        pick = yield from g.ask(index, list(plan.start_options), "start")
        world.hunters[index].place = (0, plan.start_spaces[pick])
    place_consumables(g, [0])
    populate_spawn_points(g, [0])
    slots = world.slots
    g.log(
        "setup: slots "
        + ", ".join([f"{s}={slots[s][0]}({slots[s][1]})" for s in ("1", "2", "3")])
        + f"; {len(world.tile_deck)} tiles in the deck"
    )


def _hunter(g: Game, hunter_id: str, arms: tuple[str, str]) -> Gen[None]:
    model = g.rules.hunters[hunter_id]
    weapon, firearm = arms
    index = len(g.world.hunters)
    hunter = HunterState(hunter_id, weapon, hp=model.max_hp, max_hp=model.max_hp)
    hunter.firearm = firearm
    hunter.deck = list(g.tables.basic_deck)
    g.world.hunters.append(hunter)
    form = yield from g.ask(index, ["form a", "form b"], "form")
    hunter.form = form[-1]
    forms = g.rules.weapons[weapon].forms
    hunter.slots = [None] * len((forms.b if hunter.form == "b" else forms.a).attacks)
