"""Rune set-up: each hunter draws 2 Runes from one seeded shuffle and keeps 1."""

from __future__ import annotations

import random

import pytest

from toolkit.games.card.rules.runes import (
    NotEnoughRunesError,
    RuneChoiceError,
    RuneSetupError,
    draw_runes,
    keep_runes,
)

DECK = [f"rune-{n}" for n in range(12)]
HUNTERS = ["ann", "bo", "cy", "di", "ed"]


def test_each_hunter_draws_two_distinct_runes_no_rune_twice() -> None:
    draws = draw_runes(HUNTERS, DECK, random.Random(7))
    drawn = [rune for pair in draws.values() for rune in pair]
    assert list(draws) == HUNTERS
    assert len(drawn) == 10 == len(set(drawn))
    assert set(drawn) <= set(DECK)


def test_the_same_seed_deals_the_same_runes() -> None:
    assert draw_runes(HUNTERS, DECK, random.Random(3)) == draw_runes(HUNTERS, DECK, random.Random(3))


def test_different_seeds_can_deal_differently() -> None:
    deals = {tuple(draw_runes(HUNTERS, DECK, random.Random(s)).values()) for s in range(5)}
    assert len(deals) > 1


def test_keeping_one_discards_the_other() -> None:
    draws = {"ann": ("hunter-rune", "beast-rune")}
    setup = keep_runes(draws, {"ann": "beast-rune"})
    assert setup.kept == {"ann": "beast-rune"}
    assert setup.discarded == {"ann": "hunter-rune"}


def test_keeping_a_rune_not_drawn_is_refused() -> None:
    with pytest.raises(RuneChoiceError, match="drew 'hunter-rune' and 'beast-rune'"):
        keep_runes({"ann": ("hunter-rune", "beast-rune")}, {"ann": "ember-sigil"})


def test_every_hunter_must_choose() -> None:
    with pytest.raises(RuneChoiceError, match="bo has not chosen"):
        keep_runes({"ann": ("a", "b"), "bo": ("c", "d")}, {"ann": "a"})


def test_a_deck_too_small_for_the_table_is_refused() -> None:
    with pytest.raises(NotEnoughRunesError, match="6 hunters draw 12 Runes but the deck holds 11"):
        draw_runes([*HUNTERS, "fay"], DECK[:11], random.Random(0))


def test_a_hunter_listed_twice_is_refused() -> None:
    with pytest.raises(RuneSetupError, match="listed twice"):
        draw_runes(["ann", "ann"], DECK, random.Random(0))


def test_the_pack_has_enough_runes_for_the_runes_it_ships(content: dict[str, dict[str, object]]) -> None:
    runes = sorted(content["rune"])
    draws = draw_runes(["ann", "bo"], runes, random.Random(1))
    assert {r for pair in draws.values() for r in pair} <= set(runes)
