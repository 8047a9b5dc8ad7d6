"""The damage pipeline: the booklet's stage order, our rounding ruling, and its properties."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from toolkit.games.card.rules.damage import Modifier, resolve_damage

modifiers = st.one_of(
    st.builds(Modifier.double, st.just("d")),
    st.builds(Modifier.halve, st.just("h")),
    st.builds(Modifier.flat, st.integers(-6, 6), st.just("f")),
    st.builds(Modifier.limit, st.integers(0, 10), st.just("l")),
)
damage = st.integers(0, 30)


def test_doubling_applies_before_a_flat_increase() -> None:
    # (3 * 2) + 1 = 7, not (3 + 1) * 2 = 8
    assert resolve_damage(3, [Modifier.flat(1, "b"), Modifier.double("a")]).final == 7


def test_halving_applies_before_prevention() -> None:
    # 5 halved is 2 (rounded down), minus 1 prevented is 1
    assert resolve_damage(5, [Modifier.flat(-1, "p"), Modifier.halve("h")]).final == 1


def test_limit_applies_after_increases() -> None:
    assert resolve_damage(2, [Modifier.limit(3, "l"), Modifier.flat(4, "b")]).final == 3


def test_halving_an_odd_damage_rounds_down() -> None:
    assert resolve_damage(3, [Modifier.halve("h")]).final == 1


def test_doubling_and_halving_cancel_in_either_order() -> None:
    assert resolve_damage(3, [Modifier.halve("h"), Modifier.double("d")]).final == 3
    assert resolve_damage(3, [Modifier.double("d"), Modifier.halve("h")]).final == 3


def test_prevention_is_not_wasted_before_an_increase() -> None:
    # ruling flat-modifiers-sum-first: 1 - 3 + 2 = 0, not max(0, 1 - 3) + 2 = 2
    assert resolve_damage(1, [Modifier.flat(-3, "p"), Modifier.flat(2, "b")]).final == 0


def test_damage_never_goes_below_zero() -> None:
    assert resolve_damage(2, [Modifier.flat(-5, "p")]).final == 0


def test_the_smallest_limit_wins() -> None:
    assert resolve_damage(9, [Modifier.limit(4, "a"), Modifier.limit(2, "b")]).final == 2


def test_steps_record_each_stage_in_the_booklet_order() -> None:
    result = resolve_damage(4, [Modifier.limit(3, "l"), Modifier.flat(1, "f"), Modifier.double("d")])
    assert [(s.stage, s.before, s.after) for s in result.steps] == [
        ("multiply", 4, 8),
        ("flat", 8, 9),
        ("limit", 9, 3),
    ]


def test_negative_base_damage_is_refused() -> None:
    with pytest.raises(ValueError, match="negative"):
        resolve_damage(-1, [])


def test_negative_limit_is_refused() -> None:
    with pytest.raises(ValueError, match="negative"):
        Modifier.limit(-1, "l")


@given(damage, st.lists(modifiers, max_size=8), st.randoms(use_true_random=False))
def test_order_of_modifiers_never_changes_the_result(
    base: int, mods: list[Modifier], rng: random.Random
) -> None:
    shuffled = list(mods)
    rng.shuffle(shuffled)
    assert resolve_damage(base, shuffled).final == resolve_damage(base, mods).final


@given(damage, st.lists(modifiers, max_size=8))
def test_limits_are_applied_last(base: int, mods: list[Modifier]) -> None:
    limits = [m for m in mods if m.stage == "limit"]
    others = [m for m in mods if m.stage != "limit"]
    unlimited = resolve_damage(base, others).final
    expected = min([unlimited, *(m.cap for m in limits if m.cap is not None)])
    assert resolve_damage(base, mods).final == expected


@given(damage, st.lists(modifiers, max_size=8))
def test_result_is_within_every_limit_and_never_negative(base: int, mods: list[Modifier]) -> None:
    final = resolve_damage(base, mods).final
    assert final >= 0
    assert all(final <= m.cap for m in mods if m.cap is not None)


@given(damage, st.lists(st.sampled_from([Modifier.double("d"), Modifier.halve("h")]), max_size=6))
def test_multiply_stage_rounds_once_down(base: int, mods: list[Modifier]) -> None:
    doublings = sum(1 for m in mods if m.factor == 2)
    halvings = len(mods) - doublings
    assert resolve_damage(base, mods).final == (base * 2**doublings) // 2**halvings
