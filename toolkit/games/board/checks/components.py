"""Rule checks of the board game's components: tiles, stat decks, bosses, decks, track, weapons.

Each check reports on the documents of the pack being validated, at the exact value that is wrong.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator

from toolkit.core.diagnostics import Diagnostic, Related
from toolkit.core.document import LoadedDocument
from toolkit.core.index import ContentIndex, Pack
from toolkit.core.plugin import Check
from toolkit.core.validation import did_you_mean
from toolkit.games.board import codes_components as codes
from toolkit.games.board.model import (
    Boss,
    EnemyActionDeck,
    Hunter,
    HuntTrack,
    NpcEnemy,
    StatCard,
    Tile,
    TrickWeapon,
)
from toolkit.games.board.model.cards import Stat

HUNTER_COUNTS = frozenset({1, 2, 3, 4})
"""The hunter counts a boss HP table must cover."""

BASIC_COPIES_PER_STAT = 3
"""The starting hunter deck holds 3 basic cards of each stat, 12 in all (rulebook)."""

STATS: tuple[Stat, ...] = ("endurance", "skill", "strength", "vitality")


# --- tiles -------------------------------------------------------------------------------------


def check_tile_spaces(index: ContentIndex, pack: Pack) -> Iterator[Diagnostic]:
    """Space ids are unique per tile, adjacency names known spaces and goes both ways."""
    for document, tile in index.models_of("tile", Tile, [pack.id]):
        first_at: dict[str, int] = {}
        for i, space in enumerate(tile.spaces):
            if space.id in first_at:
                yield codes.TILE_DUPLICATE_SPACE.at(
                    document.locate(("spaces", i, "id")),
                    f"tile `{tile.id}` already has a space `{space.id}`",
                    hint="give each space of a tile its own id",
                    related=(Related(document.locate(("spaces", first_at[space.id], "id")), "first here"),),
                )
            else:
                first_at[space.id] = i
        yield from _adjacency(document, tile, first_at)


def _adjacency(document: LoadedDocument, tile: Tile, index_of: dict[str, int]) -> Iterator[Diagnostic]:
    for i, space in enumerate(tile.spaces):
        for j, other_id in enumerate(space.adjacent):
            location = document.locate(("spaces", i, "adjacent", j))
            other = tile.space(other_id)
            if other is None:
                yield codes.TILE_UNKNOWN_ADJACENT_SPACE.at(
                    location,
                    f"space `{space.id}` lists `{other_id}` as adjacent, but tile `{tile.id}` "
                    "has no such space",
                    hint=did_you_mean(other_id, index_of) or f"spaces: {', '.join(index_of)}",
                )
            elif space.id not in other.adjacent:
                yield codes.TILE_ONE_WAY_ADJACENCY.at(
                    location,
                    f"space `{space.id}` lists `{other_id}` as adjacent, but `{other_id}` "
                    f"does not list `{space.id}`",
                    hint=f"add `{space.id}` to the `adjacent` list of space `{other_id}`",
                    related=(
                        Related(
                            document.locate(("spaces", index_of[other_id], "id")),
                            f"space `{other_id}` is here",
                        ),
                    ),
                )


def check_tile_connected(index: ContentIndex, pack: Pack) -> Iterator[Diagnostic]:
    """Every space of a tile can be reached from its first space by stepping between neighbours."""
    for document, tile in index.models_of("tile", Tile, [pack.id]):
        if not tile.spaces:
            continue
        neighbours: dict[str, set[str]] = {space.id: set() for space in tile.spaces}
        for space in tile.spaces:
            for other in space.adjacent:
                if other in neighbours:  # unknown names are BB0401's business
                    neighbours[space.id].add(other)
                    neighbours[other].add(space.id)
        start = tile.spaces[0].id
        reached, frontier = {start}, [start]
        while frontier:
            for other in neighbours[frontier.pop()] - reached:
                reached.add(other)
                frontier.append(other)
        reported: set[str] = set()
        for i, space in enumerate(tile.spaces):
            if space.id in reached or space.id in reported:
                continue
            reported.add(space.id)
            yield codes.TILE_DISCONNECTED_SPACE.at(
                document.locate(("spaces", i, "id")),
                f"space `{space.id}` of tile `{tile.id}` cannot be reached from `{start}`",
                hint=f"list a neighbour in its `adjacent` (and list `{space.id}` back there)",
            )


def check_tile_exits(index: ContentIndex, pack: Pack) -> Iterator[Diagnostic]:
    """A tile has at least one exit, at most one per edge, each opening from a known space."""
    for document, tile in index.models_of("tile", Tile, [pack.id]):
        if not tile.exits:
            has_key = isinstance(document.data, dict) and "exits" in document.data
            yield codes.TILE_NO_EXIT.at(
                document.locate(("exits",), key=True) if has_key else document.locate(("id",)),
                f"tile `{tile.id}` has no exit, so no hunter or enemy can ever reach it",
                hint="add an exit, e.g. `exits: [{edge: N, space: "
                + (tile.spaces[0].id if tile.spaces else "...")
                + "}]`",
            )
        space_ids = [space.id for space in tile.spaces]
        first_on_edge: dict[str, int] = {}
        for i, exit_ in enumerate(tile.exits):
            if exit_.space not in space_ids:
                yield codes.TILE_EXIT_UNKNOWN_SPACE.at(
                    document.locate(("exits", i, "space")),
                    f"the {exit_.edge} exit opens from `{exit_.space}`, but tile `{tile.id}` "
                    "has no such space",
                    hint=did_you_mean(exit_.space, space_ids) or f"spaces: {', '.join(space_ids)}",
                )
            if exit_.edge in first_on_edge:
                yield codes.TILE_DUPLICATE_EXIT_EDGE.at(
                    document.locate(("exits", i, "edge")),
                    f"tile `{tile.id}` already has an exit on its {exit_.edge} edge",
                    hint="an edge holds one exit; put this one on another edge or remove it",
                    related=(
                        Related(
                            document.locate(("exits", first_on_edge[exit_.edge], "edge")),
                            "the first exit on that edge",
                        ),
                    ),
                )
            else:
                first_on_edge[exit_.edge] = i


def check_tile_named_location(index: ContentIndex, pack: Pack) -> Iterator[Diagnostic]:
    """A named tile's named-location space has the tile's id and the `named-location` icon."""
    for document, tile in index.models_of("tile", Tile, [pack.id]):
        for i, space in enumerate(tile.spaces):
            if "named-location" in space.icons and space.id != tile.id:
                yield codes.TILE_NAMED_LOCATION_SPACE.at(
                    document.locate(("spaces", i, "id")),
                    f"space `{space.id}` shows the named location, so its id must be the tile's "
                    f"id `{tile.id}`",
                    hint=f"rename the space to `{tile.id}`",
                )
        if tile.named_location is None:
            continue
        named = tile.space(tile.id)
        if named is None:
            yield codes.TILE_NAMED_LOCATION_SPACE.at(
                document.locate(("named_location",)),
                f"tile `{tile.id}` has a named location but no space with the id `{tile.id}`",
                hint=f"give the space that shows the name the id `{tile.id}`",
            )
        elif "named-location" not in named.icons:
            position = tile.spaces.index(named)
            yield codes.TILE_NAMED_LOCATION_SPACE.at(
                document.locate(("spaces", position, "id")),
                f"space `{named.id}` is the named location but lacks the `named-location` icon",
                hint="add `named-location` to its icons",
            )


# --- cards and decks ---------------------------------------------------------------------------


def check_basic_deck(index: ContentIndex, pack: Pack) -> Iterator[Diagnostic]:
    """Basic stat cards, with the packs this one requires, make 3 copies of each stat.

    Only a pack that defines basic cards is checked, so a campaign requiring `core` does not
    re-report the core deck.
    """
    own = [
        (document, card)
        for document, card in index.models_of("stat-card", StatCard, [pack.id])
        if card.tier == "basic"
    ]
    if not own:
        return
    totals: Counter[str] = Counter()
    for _, card in index.models_of("stat-card", StatCard, index.visible_packs(pack.id)):
        if card.tier == "basic":
            totals[card.stat] += card.count
    for stat in STATS:
        if totals[stat] == BASIC_COPIES_PER_STAT:
            continue
        mine = [(d, c) for d, c in own if c.stat == stat]
        document, card = mine[-1] if mine else own[0]
        field = "count" if mine and "count" in document.data else "stat"
        yield codes.BASIC_DECK_COMPOSITION.at(
            document.locate((field,)),
            f"the starting hunter deck would hold {totals[stat]} basic {stat} cards; "
            f"it needs {BASIC_COPIES_PER_STAT} of each stat, 12 in all",
            hint=(
                "make extra cards `tier: upgrade`, or adjust `count`"
                if totals[stat] > BASIC_COPIES_PER_STAT
                else f"add basic {stat} cards or raise their `count`"
            ),
        )


def check_enemy_action_deck(index: ContentIndex, pack: Pack) -> Iterator[Diagnostic]:
    """The enemy action deck's copies add up to its size and include every action type."""
    for document, deck in index.models_of("enemy-action-deck", EnemyActionDeck, [pack.id]):
        composition = deck.composition()
        total = sum(composition.values())
        if total != deck.size:
            yield codes.ENEMY_ACTION_DECK_TOTAL.at(
                document.locate(("size",)),
                f"the deck says it has {deck.size} cards, but its cards add up to {total}",
                hint="make `size` the sum of the `count`s, or fix a `count`",
                related=(Related(document.locate(("cards",)), "the cards are listed here"),),
            )
        missing = [a for a in ("basic", "special", "ability") if a not in composition]
        if missing:
            yield codes.ENEMY_ACTION_DECK_TOTAL.at(
                document.locate(("cards",)),
                f"the deck has no {', '.join(missing)} card, so enemies never use that line",
                hint="add `{action: " + missing[0] + ", count: 1}`",
            )


# --- bosses, NPCs, weapons, track --------------------------------------------------------------


def check_boss_phases(index: ContentIndex, pack: Pack) -> Iterator[Diagnostic]:
    """Each boss phase gives HP for 1 to 4 hunters and has at least one action card."""
    for document, boss in index.models_of("boss", Boss, [pack.id]):
        for i, phase in enumerate(boss.phases):
            counts = phase.hp.table_counts()
            if counts is not None and not counts >= HUNTER_COUNTS:
                missing = sorted(HUNTER_COUNTS - counts)
                yield codes.BOSS_HP_HUNTER_COUNTS.at(
                    document.locate(("phases", i, "hp")),
                    f"phase {i + 1} of `{boss.id}` gives no HP for "
                    f"{', '.join(map(str, missing))} hunter{'s' if missing != [1] else ''}",
                    hint=f"add `{missing[0]}: <hp>` to the table",
                )
            if not phase.actions:
                yield codes.BOSS_EMPTY_ACTION_DECK.at(
                    document.locate(("phases", i, "actions")),
                    f"phase {i + 1} of `{boss.id}` has an empty action deck; the boss could never act",
                    hint="add at least one `{type: attack, ...}` or `{type: ability, ...}` card",
                )


def check_npc_sides(index: ContentIndex, pack: Pack) -> Iterator[Diagnostic]:
    """An NPC enemy has a card side for 1-2 hunters and one for 3-4."""
    for document, npc in index.models_of("npc-enemy", NpcEnemy, [pack.id]):
        for bracket in npc.missing_brackets():
            yield codes.NPC_MISSING_SIDE.at(
                document.locate(("sides",), key=True),
                f"`{npc.id}` has no side for {bracket} hunters",
                hint=f"add a `{bracket}:` side with its hp, basic, special and ability",
            )


def check_weapon_forms(index: ContentIndex, pack: Pack) -> Iterator[Diagnostic]:
    """Each form of a trick weapon has at least one attack slot."""
    for document, weapon in index.models_of("trick-weapon", TrickWeapon, [pack.id]):
        for key, form in (("a", weapon.forms.a), ("b", weapon.forms.b)):
            if not form.attacks:
                yield codes.WEAPON_FORM_WITHOUT_ATTACKS.at(
                    document.locate(("forms", key, "attacks")),
                    f"form `{key}` of `{weapon.id}` has no attack slots, so the hunter could "
                    "never attack or dodge with it",
                    hint="add an attack: `{name: ..., speed: fast, damage: 1}`",
                )


def check_starting_firearms(index: ContentIndex, pack: Pack) -> Iterator[Diagnostic]:
    """No two hunters (in this pack and those it requires) start with the same firearm."""
    owner: dict[str, tuple[LoadedDocument, Hunter]] = {}
    # Required packs first, so the first claim on a firearm is the one the pack builds on.
    visible = list(reversed(index.visible_packs(pack.id)))
    for document, hunter in index.models_of("hunter", Hunter, visible):
        firearm = hunter.starting_firearm.split(":")[-1]
        first = owner.setdefault(firearm, (document, hunter))
        if first[1] is hunter or document.pack_id != pack.id:
            continue
        yield codes.STARTING_FIREARM_SHARED.at(
            document.locate(("starting_firearm",)),
            f"`{hunter.id}` starts with `{firearm}`, already the starting firearm of "
            f"`{first[1].id}`; a starting firearm belongs to one hunter only",
            hint="give this hunter a firearm of their own",
            related=(Related(first[0].locate(("starting_firearm",)), "first chosen here"),),
        )


def check_hunt_track(index: ContentIndex, pack: Pack) -> Iterator[Diagnostic]:
    """Every reset space lies on the track, between 1 and its length."""
    for document, track in index.models_of("hunt-track", HuntTrack, [pack.id]):
        for i, space in enumerate(track.reset_spaces):
            if not 1 <= space <= track.length:
                yield codes.HUNT_TRACK_RESET_OUT_OF_RANGE.at(
                    document.locate(("reset_spaces", i)),
                    f"reset space {space} is not on a track of {track.length} spaces",
                    hint=f"use a space from 1 to {track.length}, or lengthen the track",
                )


COMPONENT_CHECKS: tuple[Check, ...] = (
    check_tile_spaces,
    check_tile_connected,
    check_tile_exits,
    check_tile_named_location,
    check_basic_deck,
    check_enemy_action_deck,
    check_boss_phases,
    check_npc_sides,
    check_weapon_forms,
    check_starting_firearms,
    check_hunt_track,
)
"""Every component check, in the order they run."""
