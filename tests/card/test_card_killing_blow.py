"""Clarification `killing-blow`: the hunter who removes a monster's last Blood Echo."""

from __future__ import annotations

import pytest

from toolkit.games.card.rules.killing_blow import Hit, MonsterCard, resolve_hits, strike


def test_the_hunter_removing_the_last_echo_deals_the_killing_blow() -> None:
    result = resolve_hits(MonsterCard("gutter-hound", 4), [Hit("ann", 3), Hit("bo", 1)])
    assert result.killing_blow == "bo"
    assert result.echoes_taken == {"ann": 3, "bo": 1}


def test_the_biggest_hit_is_not_the_killing_blow() -> None:
    result = resolve_hits(MonsterCard("drowned-seer", 6), [Hit("ann", 5), Hit("bo", 1)])
    assert result.killing_blow == "bo"


def test_overkill_removes_only_the_echoes_left() -> None:
    result = resolve_hits(MonsterCard("m", 5), [Hit("ann", 3), Hit("bo", 4), Hit("cy", 2)])
    assert result.killing_blow == "bo"
    assert result.echoes_taken == {"ann": 3, "bo": 2, "cy": 0}


def test_a_surviving_monster_has_no_killing_blow() -> None:
    result = resolve_hits(MonsterCard("m", 5), [Hit("ann", 2), Hit("bo", 2)])
    assert result.killing_blow is None
    assert result.monster.echoes_left == 1


def test_zero_damage_on_a_dead_monster_does_not_steal_the_kill() -> None:
    dead, _ = strike(MonsterCard("m", 1), Hit("ann", 1))
    after, removed = strike(dead, Hit("bo", 0))
    assert (after.killing_blow, removed) == ("ann", 0)


def test_negative_damage_is_refused() -> None:
    with pytest.raises(ValueError, match="negative"):
        strike(MonsterCard("m", 1), Hit("ann", -1))
