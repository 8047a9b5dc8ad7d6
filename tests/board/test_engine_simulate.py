"""The simulate report: deterministic by seed, identical with worker processes, flags dead cards."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from toolkit.core.packs import builtin_content_root
from toolkit.core.pipeline import ValidationResult, validate_paths
from toolkit.games import all_games
from toolkit.games.board.simulate import SimulateOptions, simulate, wilson

PACK = builtin_content_root() / "campaigns" / "the-pale-bell"


@pytest.fixture(scope="module")
def loaded() -> ValidationResult:
    return validate_paths([PACK])


def run_hook(loaded: ValidationResult, **options: object) -> tuple[int, str]:
    hook = all_games()["bloodborne-board"].extras["simulate"]
    out = io.StringIO()
    code = hook(loaded.index, loaded.packs[0], out=out, **options)  # type: ignore[operator]
    return code, out.getvalue()


def test_same_seed_gives_byte_identical_json_with_one_and_two_workers(loaded: ValidationResult) -> None:
    options = {"chapter": 1, "counts": [1, 2], "games": 6, "seed": 4, "bot": "random", "format": "json"}
    code_one, one = run_hook(loaded, workers=1, **options)
    code_two, two = run_hook(loaded, workers=2, **options)
    assert code_one == code_two == 0
    assert one == two
    report = json.loads(one)
    assert [(c["chapter"], c["hunters"], c["games"]) for c in report["cells"]] == [(1, 1, 6), (1, 2, 6)]


def test_the_report_counts_reveals_and_flags_cards_never_reached(loaded: ValidationResult) -> None:
    report = simulate(loaded.index, loaded.packs[0], SimulateOptions(None, [1], [2], 4, 1, ("random",), 1))
    cell = report["cells"][0]
    assert cell["cards_revealed"]["2"] == 4  # revealed at the start of every hunt
    assert set(cell["never_revealed"]) == {int(n) for n, c in cell["cards_revealed"].items() if c == 0}
    low, high = cell["win_rate_ci95"]
    assert 0.0 <= low <= cell["win_rate"] <= high <= 1.0


def test_text_report_and_svg_plot(loaded: ValidationResult, tmp_path: Path) -> None:
    plot = tmp_path / "rates.svg"
    code, text = run_hook(loaded, chapter=2, counts=[1], games=2, seed=0, bot="heuristic", plot=plot)
    assert code == 0
    assert "chapter   hunters   win rate" in text and "cards revealed" in text
    svg = plot.read_text(encoding="utf-8")
    assert svg.startswith("<?xml") and "<svg" in svg


def test_bad_options_exit_with_2(loaded: ValidationResult) -> None:
    assert run_hook(loaded, counts=[5], games=1)[0] == 2
    assert run_hook(loaded, chapter=1, games=1, bot="nobody")[0] == 2


def test_wilson_interval_brackets_the_rate() -> None:
    assert wilson(0, 10)[0] == 0.0
    low, high = wilson(5, 10)
    assert low < 0.5 < high


def test_the_command_gives_identical_json_with_one_and_two_workers(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from toolkit.cli import run

    reports = []
    for workers in ("1", "2"):
        out = tmp_path / f"report-{workers}.json"
        args = ["simulate", str(PACK), "--chapter", "1", "--hunters", "1..2", "--games", "3"]
        args += [
            "--seed",
            "9",
            "--bot",
            "random",
            "--workers",
            workers,
            "--format",
            "json",
            "--output",
            str(out),
        ]
        assert run(args) == 0
        reports.append(out.read_bytes())
    assert reports[0] == reports[1]


def test_the_report_lists_what_the_engine_does_not_play_and_where_the_content_writes_it() -> None:
    from toolkit.games.board.simulation.report import not_simulated_report

    fixture = Path(__file__).resolve().parents[1] / "fixtures" / "codes" / "BB0210" / "negative"
    result = validate_paths([fixture])
    gaps = not_simulated_report(result.index, result.packs[0])
    assert "NarrativeRule: a standing rule written as prose never applies" in gaps["declared"]
    assert len(gaps["declared"]) == 6
    assert [line.split(" (")[0] for line in gaps["used"]] == ["NarrativeRule"]
    assert "chapter-1.yaml:21)" in gaps["used"][0]


def test_the_text_report_shows_the_declared_list(loaded: ValidationResult) -> None:
    code, text = run_hook(loaded, chapter=1, counts=[1], games=1, seed=1, bot="random", format="text")
    assert code == 0
    assert "not simulated by the engine and interpreter (declared):" in text
    assert "  UntoldEffect: the source does not say what happens; play stops there" in text
    assert "written in the simulated content: 0" in text
