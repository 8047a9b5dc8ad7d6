"""The box's token supply: how many of each token the core box holds, and what the engine does
when a rule needs one more than the box has (ruling `board-token-supply`).

Counts are the rulebook's component list. Tokens whose limit the rules themselves keep (Blood
Echoes: at most 3 per hunter, 12 for 4 hunters; one Frenzy and one Poison token per hunter, 4 of
each) never run out, and HP tokens come in 4 values, so damage is kept as a number.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from toolkit.games.board.engine.core import Game
    from toolkit.games.board.engine.world import Place

CONSUMABLE_TOKENS = 8
FOG_GATE_TOKENS = 6
BROKEN_LAMP_TOKENS = 2
NPC_TOKENS = 7
"""Shared by NPC enemies and named `npc` mission tokens (ruling `board-npc-token-limit`)."""
MISSION_TOKENS: dict[str, int] = {"insight": 15, "corpse": 5, "survivor": 5, "npc": NPC_TOKENS}
"""Named mission tokens by their physical type (rulebook, components)."""


def mission_tokens_left(g: Game, kind: str) -> int:
    """How many tokens of a physical type are still in the box."""
    used = sum(t.type == kind for t in g.world.tokens)
    if kind == "npc":
        used += sum(e.kind == "npc" for e in g.world.enemies)
    return max(0, MISSION_TOKENS.get(kind, 0) - used)


def consumable_tokens_left(g: Game) -> int:
    return max(0, CONSUMABLE_TOKENS - len(g.world.consumable_tokens))


def fill_consumable_icons(g: Game, icons: list[Place]) -> None:
    """Put consumable tokens on the empty icons while the box has them; with too few, the icons
    farthest from the hunters are filled first (cruel: ruling `board-token-supply`)."""
    tokens = g.world.consumable_tokens
    empty = [p for p in icons if p not in tokens]
    if not empty:
        return
    if len(empty) > CONSUMABLE_TOKENS - len(tokens):  # more than consumable_tokens_left(g)
        hunters = [g.map.distances_to(h.place) for h in g.world.hunters if h.place is not None]

        def nearest(place: Place) -> int:
            return min((d.get(place, 999) for d in hunters), default=999)

        empty.sort(key=lambda p: (-nearest(p), p))
        g.log(f"only {consumable_tokens_left(g)} consumable tokens are left in the box")
        empty = empty[: consumable_tokens_left(g)]
    tokens.extend(empty)


def fog_tokens_needed(g: Game, uid: int) -> tuple[int, int]:
    """(fog gate tokens, broken lamp tokens) surrounding a placed tile takes: one gate per exit,
    one broken lamp if it has a lamp."""
    tile = g.world.tiles[uid].tile
    lamp = 1 if g.tables.lamp_spaces[tile] else 0
    return len(g.rules.tiles[tile].exits), lamp


def free_fog_tokens(g: Game, uid: int) -> list[int]:
    """Take down the earliest-raised fog gates (and their broken lamp) until the box holds what
    surrounding tile ``uid`` needs, as a miniature is reused when none is left; returns the tiles
    opened (ruling `board-token-supply`)."""
    gates, lamps = fog_tokens_needed(g, uid)
    opened: list[int] = []
    while True:
        raised = [u for u in g.world.fog_order if u != uid and g.world.tiles[u].fog_owner >= 0]
        used = [fog_tokens_needed(g, u) for u in raised]
        gates_left = FOG_GATE_TOKENS - sum(n for n, _ in used)
        lamps_left = BROKEN_LAMP_TOKENS - sum(n for _, n in used)
        if (gates_left >= gates and lamps_left >= lamps) or not raised:
            return opened
        first = raised[0]
        g.world.tiles[first].fog_owner = -1
        g.world.fog_order.remove(first)
        opened.append(first)
        g.log(f"no fog gate tokens left: the gates around {g.world.tiles[first].tile} are taken down")
