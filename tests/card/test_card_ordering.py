"""Contradictory ordering declarations among damage modifiers (the logic behind BB0803)."""

from __future__ import annotations

from toolkit.games.card.rules.ordering import Declared, ordering_conflicts


def test_declarations_that_follow_the_stage_order_are_fine() -> None:
    limit = Declared("warden", "limit", after=("beast",))
    flat = Declared("beast", "flat", after=("seer",))
    halve = Declared("seer", "multiply")
    assert ordering_conflicts([limit, flat, halve]) == []


def test_declarations_within_one_stage_are_fine_when_acyclic() -> None:
    assert ordering_conflicts([Declared("a", "flat", after=("b",)), Declared("b", "flat")]) == []


def test_resolving_a_flat_modifier_after_a_limit_contradicts_the_booklet() -> None:
    [conflict] = ordering_conflicts([Declared("a", "flat", after=("b",)), Declared("b", "limit")])
    assert conflict.declared.card == "a" and conflict.other == "b"
    assert "applies limit modifiers after flat ones" in conflict.reason


def test_resolving_a_doubling_before_nothing_earlier_is_fine_but_after_a_flat_is_not() -> None:
    conflicts = ordering_conflicts(
        [
            Declared("d", "multiply", before=("l",), after=("f",)),
            Declared("f", "flat"),
            Declared("l", "limit"),
        ]
    )
    assert [(c.declared.card, c.other) for c in conflicts] == [("d", "f")]


def test_two_cards_each_after_the_other_are_both_reported() -> None:
    conflicts = ordering_conflicts([Declared("a", "flat", after=("b",)), Declared("b", "flat", after=("a",))])
    assert sorted((c.declared.card, c.other) for c in conflicts) == [("a", "b"), ("b", "a")]
    assert all(c.cycle[0] == c.cycle[-1] for c in conflicts)


def test_a_longer_cycle_is_found() -> None:
    conflicts = ordering_conflicts(
        [
            Declared("a", "flat", before=("b",)),
            Declared("b", "flat", before=("c",)),
            Declared("c", "flat", before=("a",)),
        ]
    )
    assert len(conflicts) == 3
    assert len(conflicts[0].cycle) == 4


def test_a_card_ordered_against_itself_is_reported() -> None:
    [conflict] = ordering_conflicts([Declared("a", "flat", after=("a",))])
    assert "itself" in conflict.reason


def test_a_card_with_modifiers_in_two_stages_is_checked_against_each() -> None:
    conflicts = ordering_conflicts(
        [
            Declared("x", "flat", before=("y",)),
            Declared("y", "multiply"),
            Declared("y", "limit"),
        ]
    )
    assert [c.other for c in conflicts] == ["y"]
    assert "multiply" in conflicts[0].reason
