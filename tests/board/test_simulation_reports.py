"""Reports a designer can act on: how games end, the spread of rounds, where hunters fall and why
they go to the Dream, where games stall and what was true then, the skill ladder, the chart."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import pytest

from toolkit.core.packs import builtin_content_root
from toolkit.core.pipeline import validate_paths
from toolkit.games.board.simulate import SimulateOptions, render_text, simulate
from toolkit.games.board.simulation.plot import render_plot

PALE_BELL = builtin_content_root() / "campaigns" / "the-pale-bell"


def _report(pack: Path, *, chapter: int, hunters: int, games: int, seed: int, bots: tuple[str, ...]) -> Any:
    result = validate_paths([pack])
    assert not [d for d in result.diagnostics if d.severity.value == "error"]
    options = SimulateOptions(None, [chapter], [hunters], games, seed, bots, 1)
    return simulate(result.index, result.packs[0], options)


@pytest.fixture(scope="module")
def random_report() -> Any:
    return _report(PALE_BELL, chapter=1, hunters=2, games=8, seed=1, bots=("random",))


def test_every_game_is_counted_once_in_its_ending_and_in_the_rounds_histogram(random_report: Any) -> None:
    cell = random_report["cells"][0]
    assert sum(e["games"] for e in cell["ends"].values()) == cell["games"] == 8
    assert sum(cell["rounds"]["histogram"].values()) == 8
    assert set(cell["ends"]) <= {"won", "lost: the final round ended", "cut off: move cap reached"}
    lost_on_track = cell["ends"].get("lost: the final round ended", {"games": 0})["games"]
    assert sum(cell["lost_in_round"].values()) == lost_on_track


def test_a_cell_without_wins_has_no_mean_rounds_to_win(random_report: Any) -> None:
    cell = random_report["cells"][0]
    assert cell["wins"] == 0
    assert cell["rounds_to_win"] == {"mean": None, "median": None, "min": None, "max": None, "histogram": {}}
    row = next(line for line in render_text(random_report).splitlines() if line.strip().startswith("1 "))
    assert row.split()[5] == "—"  # chapter, hunters, win rate, CI low, CI high, rounds to win


def test_falls_and_dream_trips_add_up_to_the_deaths_and_trips(random_report: Any) -> None:
    cell = random_report["cells"][0]
    falls = cell["falls"]
    assert falls["total"] == round(cell["deaths_per_game"] * cell["games"])
    assert sum(falls["by_cause"].values()) == sum(falls["by_tile"].values()) == falls["total"]
    assert set(falls["by_cause"]) <= {"scourge-beast", "hunter-mob", "male-beast-patient", "stun", "poison"}
    assert cell["dream_trips_by_cause"]["slain"] == falls["total"]
    trips = sum(cell["dream_trips_by_cause"].values())
    assert trips == round(cell["dream_trips_per_game"] * cell["games"])


def test_a_step_waiting_for_a_tile_never_drawn_says_so(random_report: Any) -> None:
    stalls = {s["card"]: s for s in random_report["cells"][0]["stalls"]}
    # Card 2 asks for insight and a move onto the chapel; random play rarely draws the chapel.
    facts = stalls[2]["goals"][0]["facts"]
    assert stalls[2]["completed_in"] == 0 and stalls[2]["in_play_at_end"] == 8
    assert "tile oedon-chapel was never drawn" in facts
    text = render_text(random_report)
    assert "stall: card 2 was revealed in 8 game(s) and completed in 0" in text
    assert "      in " in text and "game(s): tile oedon-chapel was never drawn" in text


def test_a_step_stalled_by_the_miniature_limit_names_it(tmp_path: Path) -> None:
    """The case of the issue: a mission spawns as many tagged mobs as the box has miniatures of an
    enemy that is also in a Hunt board slot, so the spawn points take the tagged ones away."""
    pack = tmp_path / "stall"
    shutil.copytree(PALE_BELL, pack)
    chapter = pack / "chapter-1.yaml"
    text = chapter.read_text(encoding="utf-8")
    text = text.replace("count: hunters, tag: graveyard-mob}", "count: 4, tag: graveyard-mob}")
    text = text.replace(
        "{slay: {tag: graveyard-mob, count: hunters}}", "{slay: {tag: graveyard-mob, count: 4}}"
    )
    chapter.write_text(text, encoding="utf-8")
    report = _report(pack, chapter=1, hunters=4, games=12, seed=2, bots=("heuristic",))
    stall = next(s for s in report["cells"][0]["stalls"] if s["card"] == 7)
    facts = stall["goals"][0]["facts"]
    assert stall["completed_in"] < 0.2 * stall["revealed_in"]
    limit = "a hunter-mob miniature was taken from the map for a new spawn (miniature limit 4)"
    assert facts[limit] >= 1
    assert "all 4 hunter-mob miniatures are on the map (it is also in a Hunt board slot)" in facts
    assert f"game(s): {limit}" in render_text(report)


def test_the_skill_ladder_sets_the_bots_side_by_side_on_the_same_deals() -> None:
    report = _report(PALE_BELL, chapter=2, hunters=1, games=6, seed=3, bots=("random", "heuristic"))
    assert report["bots"] == ["random", "heuristic"] and report["bot"] == "random,heuristic"
    assert [c["bot"] for c in report["cells"]] == ["random", "heuristic"]
    (row,) = report["ladder"]
    assert set(row["bots"]) == {"random", "heuristic"}
    rates = [row["bots"][b]["win_rate"] for b in ("random", "heuristic")]
    assert row["spread"] == round(max(rates) - min(rates), 4)
    text = render_text(report)
    assert "skill ladder: win rate of each bot on the same deals" in text and "best − worst" in text


def test_the_chart_has_labelled_axes_and_the_same_bytes_for_the_same_report(random_report: Any) -> None:
    svg = render_plot(random_report, ".svg")
    assert svg == render_plot(random_report, ".svg")
    assert b"hunters" in svg and b"win rate (%)" in svg and b"chapter 1" in svg
    assert render_plot(random_report, ".png").startswith(b"\x89PNG")
