"""The turn as one loop of phases (`turn.play_chapter`) with a menu resolved by position: its
options must be the ones the rules spell out, and it must play the same game as the round, turn
and action steps composed the long way (which the rule scenarios still use)."""

from __future__ import annotations

import random
from collections.abc import Generator

import pytest

from toolkit.games.board.engine import state as state_module
from toolkit.games.board.engine.combat import slot_options
from toolkit.games.board.engine.core import ChapterOver, Decision, Game
from toolkit.games.board.engine.scenario import builtin_rules
from toolkit.games.board.engine.setup import setup
from toolkit.games.board.engine.state import BoardState
from toolkit.games.board.engine.turn import (
    ABILITY,
    ATTACK,
    CARDS,
    END,
    FIRE,
    RELOAD,
    REWARD,
    USE,
    Chosen,
    play_round,
    resolve,
    turn_menu,
)

CASES = [(1, 2, 3), (1, 1, 11), (2, 3, 5), (3, 2, 7), (3, 4, 1)]
"""(chapter of The Pale Bell, hunters, seed)."""


def spelled_out_options(g: Game, index: int) -> list[str]:
    """A hunter's action options built the slow way, straight from the rules: the specification
    the menu's precomputed strings must agree with."""
    hunter = g.world.hunters[index]
    place = hunter.place
    assert place is not None
    cards = sorted(set(hunter.hand))
    interactable = place in g.world.consumable_tokens or any(t.place == place for t in g.world.tokens)
    words = ["move", "interact", "transform", "dream"] if interactable else ["move", "transform", "dream"]
    options = [f"{word} [{card}]" for card in cards for word in words]
    for enemy in (e for e in g.world.enemies if e.place == place):
        options += [
            f"{option} vs {enemy.type}#{enemy.uid}" for option in slot_options(g, index, "attack", cards)
        ]
    options += [
        f"use {c}" for c in sorted(set(hunter.consumables)) if g.rules.consumables[c].timing == "hunter-turn"
    ]
    firearm = g.rules.firearms.get(hunter.firearm)
    if firearm is not None and not hunter.firearm_exhausted and firearm.timing == "hunter-turn":
        options.append(f"fire {hunter.firearm}")
    elif firearm is not None and hunter.firearm_exhausted and firearm.refresh == "discard-card":
        options += [f"reload [{c}]" for c in cards]
    options += [
        f"use reward {r}"
        for r in sorted(set(hunter.rewards))
        if r not in hunter.exhausted_rewards and g.rules.rewards[r].timing == "hunter-turn"
    ]
    form = (
        g.rules.weapons[hunter.weapon].forms.b
        if hunter.form == "b"
        else g.rules.weapons[hunter.weapon].forms.a
    )
    usable = form.ability is not None and any(
        t == "hunter-turn" for t, _ in g.tables.flat(form.ability.effects)
    )
    if usable and not g.weapon_ability_used:
        options.append("weapon ability")
    return [*options, "end turn"]


def spelled(g: Game, index: int, chosen: Chosen) -> str:
    """The option string of a resolved action, spelled out again from what it stands for."""
    hunter = g.world.hunters[index]
    if chosen.kind == CARDS:
        return f"{chosen.word} [{chosen.name}]"
    if chosen.kind == ATTACK:
        assert chosen.enemy is not None
        weapon = g.rules.weapons[hunter.weapon]
        attack = (weapon.forms.b if hunter.form == "b" else weapon.forms.a).attacks[chosen.slot]
        enemy = chosen.enemy
        where = f"in slot {chosen.slot + 1} ({attack.name}) vs {enemy.type}#{enemy.uid}"
        assert enemy in g.world.enemies and enemy.place == hunter.place and hunter.slots[chosen.slot] is None
        return f"attack {chosen.name} {where}"
    if chosen.kind == USE:
        return f"use {chosen.name}"
    if chosen.kind == RELOAD:
        return f"reload [{chosen.name}]"
    if chosen.kind == REWARD:
        return f"use reward {chosen.name}"
    if chosen.kind == FIRE:
        return f"fire {hunter.firearm}"
    if chosen.kind == ABILITY:
        return "weapon ability"
    assert chosen.kind == END
    return "end turn"


def _play(state: BoardState, seed: int) -> list[tuple[int, list[str], str, str]]:
    """A random game to its end: every decision as (player, options, topic, answer)."""
    rng = random.Random(seed)
    seen = []
    while not state.is_terminal():
        decision = state.decision()
        assert decision is not None
        if decision.topic == "action":
            assert decision.options == spelled_out_options(state.game, decision.player)
            menu = turn_menu(state.game, decision.player)
            assert menu.options == decision.options
            for option in menu.options:
                assert spelled(state.game, decision.player, resolve(menu, option)) == option
        answer = state.sample_chance() if state.is_chance_node() else rng.choice(state.legal_actions())
        seen.append((decision.player, list(decision.options), decision.topic, answer))
        state.apply_action(answer)
    return seen


@pytest.mark.parametrize(("chapter", "hunters", "seed"), CASES)
def test_every_action_menu_matches_the_options_the_rules_spell_out(
    chapter: int, hunters: int, seed: int
) -> None:
    actions = [
        d
        for d in _play(BoardState(builtin_rules("the-pale-bell", chapter), hunters, seed), seed)
        if d[2] == "action"
    ]
    assert len(actions) > 10
    # The menu offered more than spending cards: attacks, and items or abilities, came up.
    assert any(" vs " in option for _, options, _, _ in actions for option in options)


def _stepwise(g: Game) -> Generator[Decision, str, None]:
    """The chapter as the steps compose it: setup, the start of the hunt, then round after round."""
    try:
        yield from setup(g)
        yield from g.event("start_of_hunt")
        while True:
            yield from play_round(g)
    except ChapterOver:
        return


@pytest.mark.parametrize(("chapter", "hunters", "seed"), CASES)
def test_the_phase_loop_plays_the_same_game_as_the_composed_steps(
    chapter: int, hunters: int, seed: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    rules = builtin_rules("the-pale-bell", chapter)
    looped = BoardState(rules, hunters, seed)
    expected = _play(looped, seed)
    monkeypatch.setattr(state_module, "play", _stepwise)
    stepped = BoardState(rules, hunters, seed)
    assert _play(stepped, seed) == expected
    assert stepped.game.world.log == looped.game.world.log
    assert stepped.snapshot() == looped.snapshot()
