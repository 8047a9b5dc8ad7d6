"""The Hunter's Dream: what happens when a hunter goes there, and how they come back."""

from __future__ import annotations

from typing import TYPE_CHECKING

from toolkit.games.board.engine import track

if TYPE_CHECKING:
    from toolkit.games.board.engine.core import Game, Gen


def slay_hunter(g: Game, index: int, cause: str = "") -> None:
    """The hunter is slain: echoes are lost, the miniature leaves the map; the Dream follows.

    ``cause`` names what slew them (an enemy or boss id, `poison`, …) for the simulator's report."""
    hunter = g.hunter(index)
    if hunter.place is None:
        return
    g.stats.falls.append((cause or "other", g.map.tile_of(hunter.place[0]).tile))
    _count_dream_cause(g, "slain")
    g.log(f"{hunter.id} is slain and loses {hunter.echoes} blood echoes")
    hunter.echoes = 0
    hunter.place = None
    hunter.deaths += 1
    g.stats.deaths += 1
    if not hunter.turn_taken:
        # Slain out of activation: the hunter spends this round's turn recovering.
        hunter.skip_turn = True
    if index not in g.pending_dreams:
        g.pending_dreams.append(index)


def go_to_dream(g: Game, index: int) -> None:
    """The voluntary action: the miniature leaves the map; the Dream steps follow."""
    hunter = g.hunter(index)
    hunter.place = None
    _count_dream_cause(g, "chose to")
    if index not in g.pending_dreams:
        g.pending_dreams.append(index)


def _count_dream_cause(g: Game, cause: str) -> None:
    g.stats.dream_causes[cause] = g.stats.dream_causes.get(cause, 0) + 1


def run_pending_dreams(g: Game) -> Gen[None]:
    """Carry out the Dream steps of every hunter who went there, in the order they went."""
    while g.pending_dreams:
        index = g.pending_dreams.pop(0)
        yield from dream(g, index)


def dream(g: Game, index: int) -> Gen[None]:
    """The Dream steps in order: track, deck rebuilt, mandatory upgrades, incorporation, shuffle,
    refresh, conditions cured, healed."""
    hunter = g.hunter(index)
    hunter.dream_trips += 1
    g.stats.dream_trips += 1
    g.log(f"{hunter.id} wakes in the Hunter's Dream")
    g.track_pending = True
    yield from g.event("dream", hunter=index)
    g.track_pending = False
    yield from track.advance(g)
    hunter.deck = sorted(hunter.all_cards())
    hunter.hand, hunter.discard = [], []
    hunter.slots = [None] * len(hunter.slots)
    taken: list[str] = []
    for _ in range(hunter.echoes):
        if not g.world.upgrade_row:
            break
        pick = yield from g.ask(index, [f"upgrade {c}" for c in sorted(set(g.world.upgrade_row))], "upgrade")
        card = pick.removeprefix("upgrade ")
        slot = g.world.upgrade_row.index(card)
        g.world.upgrade_row.pop(slot)
        taken.append(card)
        if g.world.upgrade_deck:
            new = yield from g.draw(g.world.upgrade_deck, "upgrade-row")
            g.world.upgrade_row.insert(slot, new)
    hunter.echoes = 0
    for card in taken:
        yield from incorporate(g, index, card)
    hunter.firearm_exhausted = False
    hunter.exhausted_rewards = []
    hunter.poison = hunter.frenzy = False
    hunter.hp = hunter.max_hp


def incorporate(g: Game, index: int, card: str) -> Gen[None]:
    """Optionally swap an upgrade in for a card of the deck (the deck stays at its size)."""
    hunter = g.hunter(index)
    pool = hunter.deck if hunter.deck else hunter.discard
    options = [f"keep {card} for {old}" for old in sorted(set(pool)) if old != card]
    options.append(f"leave {card}")
    choice = yield from g.ask(index, options, "incorporate")
    if choice.startswith("leave"):
        g.log(f"{hunter.id} leaves {card}")
        return
    old = choice.rsplit(" for ", 1)[1]
    pool.remove(old)
    pool.append(card)
    pool.sort()
    g.log(f"{hunter.id} swaps {old} for {card}")
