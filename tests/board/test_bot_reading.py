"""The heuristic team's cheap readings of the table agree with the plain formulas they replace, at
every decision of heuristic games on every chapter of The Pale Bell: threat and exposure per
space, enemies per space, option lists, mission targets, and the map's kept answers (tiles in
activation range, step options to spaces, open exits, a rebuild that changes nothing)."""

from __future__ import annotations

from collections.abc import Iterator
from copy import deepcopy

import pytest

from toolkit.games.board.bots.cards import card_value
from toolkit.games.board.bots.choices import read_options
from toolkit.games.board.bots.heuristic import HeuristicBot
from toolkit.games.board.bots.sight import Sight
from toolkit.games.board.bots.targets import Targets, _mission_targets, mission_situation
from toolkit.games.board.engine.activation import in_range, movement
from toolkit.games.board.engine.combat import parse_slot_option
from toolkit.games.board.engine.core import Game
from toolkit.games.board.engine.map import MapView, breadth_first
from toolkit.games.board.engine.mission_effects import raise_fog
from toolkit.games.board.engine.scenario import builtin_rules
from toolkit.games.board.engine.state import BoardState
from toolkit.games.board.engine.world import Place


def decisions(chapter: int, hunters: int, seed: int) -> Iterator[tuple[Game, int, str, list[str]]]:
    """(table, player, topic, options) at every decision the heuristic team answers in a game."""
    state = BoardState(builtin_rules(chapter=chapter), hunters, seed)
    state.set_auto_chance(True, until=20_000)
    bot = HeuristicBot(seed)
    while not state.is_terminal() and len(state.history) < 20_000:
        if state.is_chance_node():
            state.apply_chance()
            continue
        decision = state.decision()
        assert decision is not None
        yield state.game, decision.player, decision.topic, decision.options
        state.apply_action(bot.act(state))


GAMES = [(chapter, hunters, seed) for chapter in (1, 2, 3) for hunters in (1, 3) for seed in (1, 2)]


def plain_threat(g: Game, place: Place) -> int:
    """The threat formula as it was: every enemy, its movement and activation range, asked anew."""
    distances = g.map.distances(place, enemy=True)
    count = 0
    for enemy in g.world.enemies:
        d = distances.get(enemy.place)
        if d is not None and d <= movement(g, enemy) and in_range(g, enemy, place):
            count += 1
    return count


def plain_exposure(g: Game, place: Place, leaving: Place) -> int:
    count = plain_threat(g, place)
    if leaving != place:
        near = g.map.distances(place, enemy=True)
        count += sum(1 for e in g.enemies_at(leaving) if near.get(e.place, 99) > 1)
    return count


def plain_cheapest(g: Game, options: list[str], word: str) -> str | None:
    spends = [o for o in options if o.startswith(f"{word} [")]
    if not spends:
        return None
    return min(spends, key=lambda o: (card_value(g, o.split("[", 1)[1].rstrip("]")), o))


def same_targets(a: Targets, b: Targets) -> bool:
    return (a.tiles, a.spaces, a.tokens, a.enemies) == (b.tiles, b.spaces, b.tokens, b.enemies)


@pytest.mark.parametrize(("chapter", "hunters", "seed"), GAMES)
def test_the_decision_reading_agrees_with_the_plain_formulas(chapter: int, hunters: int, seed: int) -> None:
    checked = 0
    for g, player, topic, options in decisions(chapter, hunters, seed):
        if topic not in ("action", "step"):
            continue
        sight = Sight(g)
        here = g.hunter(player).place
        assert here is not None
        for place in g.map.spaces():
            assert sight.threat(place) == plain_threat(g, place), place
            assert sight.exposure(place, here) == plain_exposure(g, place, here), place
            assert list(sight.crowd(place)) == g.enemies_at(place)
        machine = getattr(g.missions, "machine")  # noqa: B009 - the interpreter port
        situation = mission_situation(g)
        assert same_targets(situation.targets, _mission_targets(g, machine, hunt_only=False))
        assert same_targets(situation.hunt, _mission_targets(g, machine, hunt_only=True))
        if topic == "action":
            read = read_options(g, options)
            fires = [o for o in options if o.startswith("fire ")]
            assert read.fire == (fires[0] if fires else None)
            attacks = [o for o in options if o.startswith("attack ")]
            assert [b.option for b in read.attacks] == attacks
            for blow in read.attacks:
                card, slot = parse_slot_option(blow.option.split(" vs ")[0])
                assert (blow.card, blow.slot, blow.uid) == (card, slot, int(blow.option.rsplit("#", 1)[1]))
            for word in ("move", "interact", "transform", "dream", "reload"):
                assert read.cheapest(word) == plain_cheapest(g, options, word), word
        checked += 1
    assert checked > 10


def plain_open_exits(g: Game, place: Place) -> list[str]:
    placed = g.world.tiles[place[0]]
    if placed.fog_owner >= 0:
        return []
    tile = g.rules.tiles[placed.tile]
    return [e.edge for e in tile.exits if e.space == place[1] and e.edge not in placed.links]


def assert_same_answers(kept: MapView, fresh: MapView) -> None:
    """Every answer the map keeps equals one worked out on a map built from nothing."""
    g_spaces = fresh.spaces()
    assert kept.spaces() == g_spaces
    for place in g_spaces:
        for enemy in (False, True):
            assert list(kept.distances(place, enemy=enemy).items()) == list(
                breadth_first(fresh._enemy if enemy else fresh._hunter, place).items()
            )
        toward = {}
        for p in g_spaces:
            from_p = fresh.distances(p, enemy=False)
            if place in from_p:
                toward[p] = from_p[place]
        assert kept.distances_to(place) == toward
        assert kept.step_options(place, True) == fresh.step_options(place, True)
        assert kept.open_exits(place) == fresh.open_exits(place)
    assert kept.exit_spaces() == fresh.exit_spaces()
    assert kept.lamp_spaces() == fresh.lamp_spaces()


@pytest.mark.parametrize("chapter", [1, 2, 3])
def test_the_maps_kept_answers_agree_with_the_plain_formulas(chapter: int) -> None:
    last: Game | None = None
    for g, player, topic, options in decisions(chapter, 2, 3):
        last = g
        if topic != "step":
            continue
        here = g.hunter(player).place
        for hunter in g.world.hunters:
            if hunter.place is None:
                continue
            target = hunter.place
            for enemy in g.world.enemies:
                assert (enemy.place[0] in g.map.tiles_in_range(target[0])) == in_range(g, enemy, target)
        for place in g.map.spaces():
            assert g.map.open_exits(place) == plain_open_exits(g, place)
        assert g.map.exit_spaces() == [p for p in g.map.spaces() if plain_open_exits(g, p)]
        for option in options:
            if option.startswith("step ") and here is not None:
                label = option.removeprefix("step ")
                walked = next(p for p in g.map.hunter_steps(here) if g.label(p) == label)
                assert g.map.step_place(here, option) == walked
    assert last is not None and len(last.world.tiles) > 1
    # A rebuild on an unchanged map keeps its answers; they are those of a map built afresh.
    kept = deepcopy(last.map)
    kept.distances(kept.spaces()[0], enemy=False)
    kept.rebuild()
    assert kept._dist, "a rebuild of an unchanged map dropped what it knew"
    assert_same_answers(kept, MapView(last.rules, kept.world))


def test_a_rebuild_after_fog_gates_rise_answers_for_the_new_map() -> None:
    state = BoardState(builtin_rules(), 2, 3)
    state.set_auto_chance(True, until=20_000)
    bot = HeuristicBot(3)
    while not state.is_terminal() and len(state.game.world.tiles) < 3:
        if state.is_chance_node():
            state.apply_chance()
        else:
            state.apply_action(bot.act(state))
    copy = state.clone().game
    assert len(copy.world.tiles) >= 3
    before = {p: dict(copy.map.distances(p, enemy=False)) for p in copy.map.spaces()}
    raise_fog(copy, copy.world.tiles[1].tile, 99)
    assert_same_answers(copy.map, MapView(copy.rules, copy.world))
    assert any(copy.map.distances(p, enemy=False) != before[p] for p in copy.map.spaces())
