"""Properties of the pipeline over any combination of the pack's cards in play."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.card.conftest import PACK
from toolkit.core.pipeline import validate_paths
from toolkit.games.card.model.cards import CardDocument
from toolkit.games.card.rules.damage import resolve_damage
from toolkit.games.card.rules.modifiers import (
    CardInPlay,
    DamageEvent,
    Party,
    Round,
    damage_after_modifiers,
    modifiers_for,
)

_pack = next(p for p in validate_paths([PACK]).packs if p.id == "hunters-nightmare")
CARDS = [d.model for d in _pack.documents if isinstance(d.model, CardDocument)]
HUNTERS = [Party.hunter(name) for name in ("ann", "bo", "cy")]
MONSTERS = [Party.monster(f"m-{t}", t) for t in ("kin", "humanoid", "beast")]
PARTIES = HUNTERS + MONSTERS

cards_in_play = st.lists(
    st.builds(CardInPlay, st.sampled_from(CARDS), st.one_of(st.none(), st.sampled_from(PARTIES))),
    max_size=8,
)
rounds = st.builds(
    Round,
    st.dictionaries(st.sampled_from(["ann", "bo", "cy"]), st.sampled_from(["melee", "ranged"])),
)
events = st.builds(DamageEvent, st.sampled_from(PARTIES), st.sampled_from(PARTIES), st.integers(0, 12))


@settings(max_examples=150)
@given(events, cards_in_play, rounds, st.randoms(use_true_random=False))
def test_the_order_cards_came_into_play_never_matters(
    event: DamageEvent, cards: list[CardInPlay], round_: Round, rng: random.Random
) -> None:
    shuffled = list(cards)
    rng.shuffle(shuffled)
    assert (
        damage_after_modifiers(event, shuffled, round_).final
        == damage_after_modifiers(event, cards, round_).final
    )


@settings(max_examples=150)
@given(events, cards_in_play, rounds)
def test_the_final_damage_respects_every_applicable_limit(
    event: DamageEvent, cards: list[CardInPlay], round_: Round
) -> None:
    modifiers = modifiers_for(event, cards, round_)
    final = resolve_damage(event.amount, modifiers).final
    assert final >= 0
    assert all(final <= m.cap for m in modifiers if m.cap is not None)
