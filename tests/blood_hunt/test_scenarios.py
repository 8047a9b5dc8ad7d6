"""Scenario tests: district resolution, each of the ten card effects, instant wins, round and game end.

Each test arranges a table, plays actions by their readable names, and checks what a player would
see: who took which token, where a card went, who won.
"""

from __future__ import annotations

import pytest

from tests.blood_hunt.helpers import (
    BALLROOM,
    CATHEDRAL,
    COLLEGE,
    LADIES,
    LORDS,
    arrange,
    bag_gives,
    card,
    deal,
    do,
    names,
    token,
)
from toolkit.games.blood_hunt.engine.constants import NO_CARD, START_TURN, TERMINAL
from toolkit.games.blood_hunt.engine.invariants import violations
from toolkit.games.blood_hunt.engine.rules import Rules
from toolkit.games.blood_hunt.engine.state import BloodHuntState


def collected(state: BloodHuntState, seat: int) -> dict[str, int]:
    return {state.rules.token_label(t): n for t, n in enumerate(state.collected[seat]) if n}


# --- district resolution ---------------------------------------------------------------------


def test_trump_wins_then_value_then_clockwise_from_the_first_player_and_picks_go_in_that_order(
    rules: Rules,
) -> None:
    state = arrange(
        rules,
        3,
        trump="bone",
        first=2,
        holders={(0, LORDS): "crimson 9", (1, LORDS): "bone 1", (2, LORDS): "ash 9"},
        discards={LORDS: ["moon 2", "moon 3", "crimson 4"]},
        tokens={LORDS: ["lord", "lady", "priest"]},
        drawn="moon 0",
    )
    assert state.ranking(LORDS) == [1, 2, 0]  # trump 1; then P3's 9 before P1's (P3 is first)
    do(state, "discard the drawn card")  # card 0: P1 takes the first-player token
    assert state.first_player == 0
    assert state.ranking(LORDS) == [1, 0, 2]  # now P1's 9 wins the tie against P3's 9
    do(state, "place the discard at Lords' Quarter")
    assert state.current_player() == 1
    assert names(state) == ["take Lord", "take Lady", "take Priest"]
    do(state, "take Priest")
    assert state.current_player() == 0
    do(state, "take Lord")
    assert collected(state, 1) == {"Priest": 1}
    assert collected(state, 0) == {"Lord": 1}
    assert collected(state, 2) == {"Lady": 1}
    assert not state.open[LORDS]
    assert all(state.holders[p][LORDS] == NO_CARD for p in range(3))
    assert state.turn_player == 1  # the next player's turn
    assert violations(state) == []


# --- the ten effects ---------------------------------------------------------------------------


def test_card_1_reveal_stays_in_its_slot_and_the_revealer_sees_it(rules: Rules) -> None:
    state = arrange(rules, 2, holders={(1, COLLEGE): "ash 8"}, drawn="moon 1")
    do(state, "discard the drawn card")
    assert "make P2 reveal their College Row card" in names(state)
    do(state, "make P2 reveal their College Row card")
    assert state.holders[1][COLLEGE] == card(rules, "ash 8")
    assert state.revealed[1][COLLEGE]
    assert state.observation(0)["holders"][1][COLLEGE] == "ash 8 (face up)"
    assert "make P2 reveal their College Row card" not in names(state)  # now a placing choice


def test_card_1_only_offers_hidden_cards_and_fizzles_without_any(rules: Rules) -> None:
    state = arrange(rules, 2, drawn="moon 1")
    for slot in range(5):
        state.revealed[1][slot] = True
    do(state, "discard the drawn card")
    assert state.stats.effects_fizzled == {"force_reveal": 1}
    assert names(state)[0].startswith("place the discard")


def test_card_2_puts_a_card_under_the_deck_and_the_new_card_is_hidden(rules: Rules) -> None:
    state = arrange(rules, 2, holders={(0, LADIES): "bone 9"}, drawn="ash 2")
    state.revealed[0][LADIES] = True
    do(state, "discard the drawn card")
    do(state, "cycle the Ladies' Quarter card under the deck")
    assert state.deck_bottom == [(card(rules, "bone 9"), 0)]
    deal(state, "crimson 8")
    assert state.holders[0][LADIES] == card(rules, "crimson 8")
    assert not state.revealed[0][LADIES]
    assert state.observation(0)["my_cards_under_deck"] == ["bone 9"]
    assert state.observation(1)["my_cards_under_deck"] == []


def test_card_3_swaps_own_cards_and_each_keeps_its_face(rules: Rules) -> None:
    state = arrange(rules, 2, holders={(0, LORDS): "bone 9", (0, BALLROOM): "ash 5"}, drawn="crimson 3")
    state.revealed[0][LORDS] = True
    do(state, "discard the drawn card")
    do(state, "swap own Lords' Quarter and Ballroom Lane cards")
    assert state.holders[0][BALLROOM] == card(rules, "bone 9")
    assert state.revealed[0][BALLROOM] and not state.revealed[0][LORDS]


def test_card_4_turns_a_citizen_in_a_district_to_a_vampire(rules: Rules) -> None:
    state = arrange(rules, 2, tokens={CATHEDRAL: ["priest", "vampire lord"]}, drawn="ash 4")
    do(state, "discard the drawn card")
    assert names(state) == ["turn Priest in Cathedral Ward to a vampire"]  # vampires are not offered
    do(state, "turn Priest in Cathedral Ward to a vampire")
    assert sorted(state.tokens[CATHEDRAL]) == [token(rules, "vampire lord"), token(rules, "vampire priest")]


def test_card_5_draws_a_citizen_into_a_district_then_returns_one(rules: Rules) -> None:
    state = arrange(rules, 2, tokens={COLLEGE: ["lord"]}, drawn="moon 5")
    bag_before = list(state.bag)
    do(state, "discard the drawn card")
    bag_gives(state, "dancer")
    do(state, "put the drawn citizen in College Row")
    assert names(state) == ["return Lord to the bag", "return Dancer to the bag"]
    do(state, "return Lord to the bag")
    assert state.tokens[COLLEGE] == [token(rules, "dancer")]
    dancer, lord = token(rules, "dancer") // 2, token(rules, "lord") // 2
    assert state.bag[dancer] == bag_before[dancer] - 1 and state.bag[lord] == bag_before[lord] + 1
    assert violations(state) == []


def test_card_6_swaps_tokens_between_districts_keeping_their_sides(rules: Rules) -> None:
    state = arrange(rules, 2, tokens={LORDS: ["vampire lady"], BALLROOM: ["dancer"]}, drawn="bone 6")
    do(state, "discard the drawn card")
    do(state, "swap vampire (Lady) of Lords' Quarter with Dancer of Ballroom Lane")
    assert state.tokens[LORDS] == [token(rules, "dancer")]
    assert state.tokens[BALLROOM] == [token(rules, "vampire lady")]


def test_card_7_closes_a_district_during_its_effect_and_another_when_placed(rules: Rules) -> None:
    state = arrange(
        rules,
        2,
        trump="bone",
        holders={
            (0, LORDS): "bone 9",
            (1, LORDS): "ash 3",
            (0, LADIES): "bone 8",
            (1, LADIES): "ash 4",
        },
        discards={
            LORDS: ["moon 2", "moon 3", "moon 4"],
            LADIES: ["crimson 2", "crimson 3", "crimson 4"],
            COLLEGE: ["ash 6"],
        },
        tokens={LORDS: ["lord"], LADIES: ["lady"]},
        drawn="crimson 7",
    )
    do(state, "discard the drawn card")
    do(state, "move ash 6 to Lords' Quarter")
    assert not state.open[LORDS]  # closed and resolved mid-effect
    assert collected(state, 0) == {"Lord": 1}
    assert card(rules, "crimson 7") not in state.closed_pile  # not yet discarded in a district
    do(state, "place the discard at Ladies' Quarter")
    assert not state.open[LADIES]
    assert collected(state, 0) == {"Lord": 1, "Lady": 1}
    assert card(rules, "crimson 7") in state.closed_pile
    assert state.phase == START_TURN or state.turn_player == 1
    assert violations(state) == []


def test_card_7_ending_the_round_mid_effect_sends_itself_to_the_new_deck(rules: Rules) -> None:
    state = arrange(
        rules,
        2,
        trump="bone",
        closed=[CATHEDRAL, COLLEGE, BALLROOM],
        holders={(0, LORDS): "bone 9", (1, LORDS): "ash 3"},
        discards={LORDS: ["moon 2", "moon 3", "moon 4"], LADIES: ["ash 6"]},
        tokens={LORDS: ["lord"], LADIES: ["lady"]},
        drawn="crimson 7",
    )
    do(state, "discard the drawn card")
    do(state, "move ash 6 to Lords' Quarter")
    assert state.round == 2
    assert card(rules, "crimson 7") in state.deck_pool
    assert state.tokens[LADIES] == [token(rules, "lady")]  # the last open district keeps its token
    assert violations(state) == []


def test_card_8_swaps_with_an_opponents_card_in_the_same_district(rules: Rules) -> None:
    state = arrange(rules, 2, holders={(0, COLLEGE): "ash 1", (1, COLLEGE): "bone 9"}, drawn="moon 8")
    state.revealed[1][COLLEGE] = True
    do(state, "discard the drawn card")
    do(state, "swap own College Row card with P2's")
    assert state.holders[0][COLLEGE] == card(rules, "bone 9") and state.revealed[0][COLLEGE]
    assert state.holders[1][COLLEGE] == card(rules, "ash 1") and not state.revealed[1][COLLEGE]


def test_card_9_must_change_the_trump(rules: Rules) -> None:
    state = arrange(rules, 2, trump="moon", drawn="ash 9")
    do(state, "discard the drawn card")
    assert names(state) == ["make crimson the trump", "make ash the trump", "make bone the trump"]
    do(state, "make bone the trump")
    assert rules.suits[state.trump] == "bone"


def test_card_0_takes_the_first_player_token_without_changing_turn_order(rules: Rules) -> None:
    state = arrange(rules, 3, first=2, turn=1, drawn="ash 0")
    do(state, "discard the drawn card")
    assert state.first_player == 1
    do(state, "place the discard at College Row")
    assert state.turn_player == 2


def test_keeping_the_drawn_card_discards_the_old_one_and_hides_the_new(rules: Rules) -> None:
    state = arrange(rules, 2, holders={(0, LORDS): "moon 0"}, drawn="bone 9")
    state.revealed[0][LORDS] = True
    do(state, "keep the drawn card in the Lords' Quarter slot")
    assert state.holders[0][LORDS] == card(rules, "bone 9") and not state.revealed[0][LORDS]
    assert state.first_player == 0  # the discarded moon 0's effect
    assert state.effect_card == card(rules, "moon 0")


# --- instant wins, vampires, the end -----------------------------------------------------------


@pytest.mark.parametrize("kind", ["lord", "lady", "priest", "scholar", "dancer"])
def test_collecting_a_full_set_wins_at_once(rules: Rules, kind: str) -> None:
    size = next(c.instant_win for c in rules.citizens if c.id == kind)
    assert size is not None
    state = arrange(
        rules,
        2,
        trump="bone",
        holders={(0, LORDS): "bone 9", (1, LORDS): "ash 3"},
        discards={LORDS: ["moon 2", "moon 3", "moon 4"]},
        tokens={LORDS: [kind]},
        collected={0: [kind] * (size - 1)},
        drawn="crimson 0",
    )
    do(state, "discard the drawn card")
    do(state, "place the discard at Lords' Quarter")
    assert state.current_player() == TERMINAL
    assert state.winners == [0] and state.returns() == [1.0, 0.0]
    assert state.stats.end == f"set:{kind}"


def test_vampires_do_not_count_toward_a_set_but_score_six(rules: Rules) -> None:
    state = arrange(
        rules,
        2,
        trump="bone",
        holders={(0, LORDS): "bone 9", (1, LORDS): "ash 3"},
        discards={LORDS: ["moon 2", "moon 3", "moon 4"]},
        tokens={LORDS: ["vampire lord"]},
        collected={0: ["lord", "lord"]},
        drawn="crimson 0",
    )
    do(state, "discard the drawn card")
    do(state, "place the discard at Lords' Quarter")
    assert not state.is_terminal()
    assert state.score(0) == 3 + 3 + 6


def test_the_round_ends_with_one_open_district_and_refills_the_others(rules: Rules) -> None:
    state = arrange(
        rules,
        2,
        trump="bone",
        closed=[CATHEDRAL, COLLEGE, BALLROOM],
        holders={(0, LORDS): "bone 9", (1, LORDS): "ash 3", (0, LADIES): "moon 7"},
        discards={LORDS: ["moon 2", "moon 3", "moon 4"]},
        tokens={LORDS: ["lord"], LADIES: ["lady"]},
        drawn="crimson 0",
    )
    do(state, "discard the drawn card")
    do(state, "place the discard at Lords' Quarter")
    assert state.round == 2 and state.current_player() < 0  # chance: refills and deals
    while state.is_chance_node():
        state.apply_action(state.sample_chance())
    assert state.holders[0][LADIES] == card(rules, "moon 7")  # the kept card stays in its slot
    assert [len(t) for t in state.tokens] == [1, 1, 1, 2, 2]  # refilled by the 2-player row
    assert state.tokens[LADIES] == [token(rules, "lady")]  # the open district kept its own
    assert all(c != NO_CARD for holder in state.holders for c in holder)
    assert state.turn_player == state.first_player
    assert violations(state) == []


def test_a_tie_at_the_final_count_is_shared(rules: Rules) -> None:
    state = arrange(
        rules,
        2,
        trump="bone",
        round_number=3,
        closed=[CATHEDRAL, COLLEGE, BALLROOM],
        holders={(0, LORDS): "bone 9", (1, LORDS): "ash 3"},
        discards={LORDS: ["moon 2", "moon 3", "moon 4"]},
        tokens={LORDS: ["lord"]},
        collected={0: ["priest"], 1: ["priest", "lady"]},
        drawn="crimson 0",
    )
    do(state, "discard the drawn card")
    do(state, "place the discard at Lords' Quarter")
    assert state.is_terminal() and state.stats.end == "score"
    assert [state.score(0), state.score(1)] == [7, 7]
    assert state.winners == [0, 1] and state.returns() == [0.5, 0.5]
