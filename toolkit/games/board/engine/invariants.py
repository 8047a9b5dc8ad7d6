"""Invariants every reachable state keeps; the random-playout tests check them after each action."""

from __future__ import annotations

from toolkit.games.board.engine.enemies import max_hp
from toolkit.games.board.engine.state import BoardState


def violations(state: BoardState) -> list[str]:
    """Every broken invariant of the state, in words (empty when all hold)."""
    g = state.game
    world = g.world
    found: list[str] = []
    if world.round == 0:
        return found  # setup is still dealing the table
    spaces = set(g.map.spaces())
    for hunter in world.hunters:
        model = g.rules.hunters[hunter.id]
        if not 0 <= hunter.hp <= hunter.max_hp:
            found.append(f"{hunter.id} has {hunter.hp} HP")
        if hunter.place is not None and hunter.hp == 0:
            found.append(f"{hunter.id} stands on the map with 0 HP")
        if len(hunter.all_cards()) != model.deck_size:
            found.append(f"{hunter.id} owns {len(hunter.all_cards())} stat cards, not {model.deck_size}")
        if not 0 <= hunter.echoes <= model.echo_cap:
            found.append(f"{hunter.id} holds {hunter.echoes} blood echoes")
        if hunter.place is not None and hunter.place not in spaces:
            found.append(f"{hunter.id} stands off the map at {hunter.place}")
        for kind in ("hunter-tool", "caryll-rune"):
            if sum(g.rules.rewards[r].type == kind for r in hunter.rewards) > 2:
                found.append(f"{hunter.id} holds more than 2 of {kind}")
    for enemy in world.enemies:
        if enemy.place not in spaces:
            found.append(f"{g.enemy_name(enemy)} stands off the map")
        if not 0 <= enemy.damage < max_hp(g, enemy):
            found.append(f"{g.enemy_name(enemy)} has {enemy.damage} damage of {max_hp(g, enemy)} HP")
        tile = world.tiles[enemy.place[0]]
        if tile.fog_owner >= 0 and enemy.owner != tile.fog_owner and enemy.kind != "boss":
            found.append(f"{g.enemy_name(enemy)} is inside fog gates it may not enter")
    for kind in g.rules.enemies:
        count = sum(1 for e in world.enemies if e.kind == "enemy" and e.type == kind)
        if count > g.rules.enemies[kind].miniatures:
            found.append(f"{count} {kind} miniatures on the map")
    deck = len(world.action_deck) + len(world.action_discard)
    if deck != g.rules.action_deck.size:
        found.append(f"the enemy action deck has {deck} cards")
    if not 1 <= world.track <= g.rules.track.length:
        found.append(f"the hunt track is on {world.track}")
    port_track = getattr(g.missions, "hunt_track", None)
    # Between a round's end (or a Dream) and the engine's own advance, the interpreter is ahead.
    settled = not state.is_terminal() and not g.track_pending
    if callable(port_track) and settled and port_track() != world.track:
        found.append(f"the interpreter's hunt track {port_track()} differs from the engine's {world.track}")
    if len(world.upgrade_row) > 4:
        found.append("more than 4 upgrades in the row")
    return found
