"""Player-count values that leave their range at one hunter count, made as an author would make them
in a copy of The Pale Bell: each is flagged at the value to edit, and the correct variants stay clean.
Content that fails here is refused by `simulate` and `play` instead of crashing or hanging them."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from tests.board.mutations import CORE, Mutation, apply, assert_clean, assert_flagged_at_the_place_to_edit

SIMULATE_ONE_GAME = (
    "--campaign",
    "the-pale-bell",
    "--chapter",
    "1",
    "--hunters",
    "1",
    "--games",
    "1",
    "--seed",
    "1",
)
CH1, CH2, CH3 = "chapter-1.yaml", "chapter-2.yaml", "chapter-3.yaml"
MISTAKES = [
    Mutation(
        "random tiles divide by zero",
        CH1,
        "random_tiles: hunters",
        "random_tiles: hunters // 0",
        "BB0211",
        "hunters",
    ),
    Mutation(
        "random tiles below zero",
        CH1,
        "random_tiles: hunters",
        "random_tiles: hunters - 3",
        "BB0211",
        "hunters",
    ),
    Mutation(
        "spawn count 0 with 1 hunter",
        CH1,
        "count: hunters, tag: graveyard-mob",
        "count: hunters - 1, tag: graveyard-mob",
        "BB0211",
        "hunters - 1",
    ),
    Mutation(
        "slay count 0",
        CH1,
        "{slay: {tag: graveyard-mob, count: hunters}}",
        "{slay: {tag: graveyard-mob, count: 0}}",
        "BB0211",
        "0}",
    ),
    Mutation(
        "counter target met at once",
        CH2,
        "at_least: hunters}",
        "at_least: hunters - 2}",
        "BB0211",
        "hunters - 2",
    ),
    Mutation(
        "token count divides by zero at 2 hunters",
        CH3,
        "count: hunters}",
        "count: 4 // (hunters - 2)}",
        "BB0211",
        "4 //",
    ),
    Mutation(
        "spawn count of a huge product",
        CH3,
        "count: 2, tag: clinic-beasts",
        "count: 999999 * 999999 * hunters, tag: clinic-beasts",
        "BB0211",
        "999999",
    ),
    Mutation(
        "table row of 10^21",
        CH2,
        "by: {1: -2, 2: -4, 3: -6, 4: -8}",
        "by: {1: -2, 2: -4, 3: -6, 4: 1000000000000000000000}",
        "BB0206",
        "1000000000000000000000",
    ),
    Mutation("non-ASCII digits", CH2, "at_least: hunters}", "at_least: hunters * ２ + ٣}", "BB0206", "２"),
    Mutation(
        "slay count table with a 0 row",
        CH3,
        "{slay: {tag: clinic-beasts, count: 2}}",
        "{slay: {tag: clinic-beasts, count: {1: 0, 2: 2, 3: 2, 4: 2}}}",
        "BB0211",
        "0, 2: 2",
    ),
    Mutation(
        "collected insight of 0 with 1 hunter",
        CH1,
        "collected_insight: 1",
        "collected_insight: hunters - 1",
        "BB0211",
        "hunters - 1",
    ),
    Mutation("boss HP table with a 0", "bosses.yaml", "hp: {1: 8,", "hp: {1: 0,", "BB0211", "0,", pack=CORE),
    Mutation(
        "a choice of 21 options",
        CH2,
        "            - label: {en: Follow the sexton, pl: Idź za grabarzem}\n",
        "".join(
            f"            - label: Option {i}\n              then:\n                - reveal: 11\n"
            for i in range(19)
        )
        + "            - label: {en: Follow the sexton, pl: Idź za grabarzem}\n",
        "BB0205",
        "- label: Option 0",
    ),
    Mutation(
        "collected insight unmeetable with 4 hunters",
        CH1,
        "collected_insight: 1",
        "collected_insight: hunters",
        "BB0508",
        "hunters",
    ),
    Mutation(
        "an HP change that takes the boss below 1 HP",
        CH1,
        "by: {1: -2, 2: -4, 3: -6, 4: -8}",
        "by: -9",
        "BB0533",
        "-9",
    ),
]

CORRECT = [
    Mutation(
        "collected insight within the missions at every count",
        CH1,
        "collected_insight: 1",
        "collected_insight: {1: 1, 2: 2, 3: 3, 4: 3}",
    ),
    Mutation(
        "an HP change that leaves the boss 1 HP or more", CH1, "by: {1: -2, 2: -4, 3: -6, 4: -8}", "by: -7"
    ),
    Mutation("random tiles twice the hunters", CH1, "random_tiles: hunters", "random_tiles: 2 * hunters"),
    Mutation(
        "spawn count kept at 1 or more",
        CH1,
        "count: hunters, tag: graveyard-mob}",
        'count: "max(1, hunters)", tag: graveyard-mob}',
    ),
    Mutation("counter target one more than the hunters", CH2, "at_least: hunters}", "at_least: hunters + 1}"),
    Mutation("token count by table", CH3, "count: hunters}", "count: {1: 1, 2: 2, 3: 2, 4: 3}}"),
    Mutation(
        "a choice of 20 options",
        CH2,
        "            - label: {en: Search the tombs yourselves, pl: Przeszukajcie grobowce sami}\n",
        "".join(
            f"            - label: {{en: Option {i}, pl: Opcja {i}}}\n"
            "              then:\n                - reveal: 11\n"
            for i in range(18)
        )
        + "            - label: {en: Search the tombs yourselves, pl: Przeszukajcie grobowce sami}\n",
    ),
]


@pytest.mark.parametrize("mutation", MISTAKES, ids=[m.name for m in MISTAKES])
def test_a_value_out_of_range_at_one_count_is_flagged_at_the_value(
    mutation: Mutation, tmp_path: Path
) -> None:
    applied = apply(mutation, tmp_path)
    assert_flagged_at_the_place_to_edit(mutation, applied)


@pytest.mark.parametrize("mutation", CORRECT, ids=[m.name for m in CORRECT])
def test_a_value_in_range_at_every_count_stays_clean(mutation: Mutation, tmp_path: Path) -> None:
    assert_clean(mutation, apply(mutation, tmp_path))


def test_the_message_names_the_hunter_count(tmp_path: Path) -> None:
    applied = apply(MISTAKES[2], tmp_path)
    (found,) = [d for d in applied.diagnostics if d.code == "BB0211"]
    assert "with 1 hunter this is 0" in found.message


@pytest.mark.parametrize("mutation", [MISTAKES[0], MISTAKES[6], MISTAKES[7]], ids=lambda m: m.name)
def test_simulate_refuses_what_would_crash_or_hang_it(mutation: Mutation, tmp_path: Path) -> None:
    # Before: `random_tiles: hunters // 0` ended simulate in a ZeroDivisionError, a row of 10^21
    # made it hang at nearly 1 GB. Now the pack fails validation and simulate stops with exit 1.
    applied = apply(mutation, tmp_path)
    completed = subprocess.run(
        [sys.executable, "-m", "toolkit", "simulate", str(applied.root), *SIMULATE_ONE_GAME],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert completed.returncode == 1, completed.stdout + completed.stderr
    assert mutation.code in completed.stdout + completed.stderr
    assert "Traceback" not in completed.stderr
