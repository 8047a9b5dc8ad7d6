"""`huntkit graph` draws the example campaign's chapters in Mermaid, DOT and JSON."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from toolkit.cli import run

PALE_BELL = str(Path(__file__).resolve().parents[2] / "content" / "campaigns" / "the-pale-bell")


def test_mermaid_shows_every_card_of_a_chapter_and_highlights_the_hunt(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code = run(["graph", PALE_BELL, "--campaign", "the-pale-bell", "--chapter", "1"])
    out = capsys.readouterr().out
    assert code == 0
    assert out.startswith("flowchart TD")
    for number in range(1, 9):
        assert f"c1_card_{number}" in out
    assert '"2 · hunt · The Bell Without a Rope"' in out
    assert "linkStyle" in out and "stroke:#b00000" in out
    assert "c2_" not in out


def test_dot_draws_all_three_chapters_as_clusters(capsys: pytest.CaptureFixture[str]) -> None:
    code = run(["graph", PALE_BELL, "--campaign", "the-pale-bell", "--format", "dot"])
    out = capsys.readouterr().out
    assert code == 0
    assert out.startswith("digraph mission_graph {")
    assert all(f"subgraph cluster_{n}" in out for n in (1, 2, 3))
    assert "penwidth=3" in out


def test_json_lists_the_hunt_path(capsys: pytest.CaptureFixture[str]) -> None:
    code = run(["graph", PALE_BELL, "--campaign", "the-pale-bell", "--chapter", "2", "--format", "json"])
    data = json.loads(capsys.readouterr().out)
    assert code == 0
    (chapter,) = data["chapters"]
    assert chapter["hunt_path"] == ["start", "card:10", "card:11", "card:12", "hunt"]
    assert any(edge["on_hunt_path"] for edge in chapter["edges"])


def test_unknown_campaign_is_a_usage_error_listing_the_known_ones(capsys: pytest.CaptureFixture[str]) -> None:
    code = run(["graph", PALE_BELL, "--campaign", "the-pale-bel"])
    assert code == 2
    assert "the-pale-bell" in capsys.readouterr().err


def test_unknown_format_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(["graph", PALE_BELL, "--campaign", "the-pale-bell", "--format", "svg"]) == 2
