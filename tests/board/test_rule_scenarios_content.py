"""The rule scenarios shipped in content pass on the engine (`huntkit test`)."""

from __future__ import annotations

from pathlib import Path

from toolkit.cli import run

CONTENT = Path(__file__).resolve().parents[2] / "content"


def test_the_core_rule_scenarios_pass() -> None:
    assert run(["test", str(CONTENT / "core")]) == 0
