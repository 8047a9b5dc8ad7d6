"""The rule scenarios shipped in content, and the pack of issue 13's rule cases, pass on the engine
(`huntkit test`), as do the mission-flow cases on a campaign of their own."""

from __future__ import annotations

from pathlib import Path

from toolkit.cli import run

REPO = Path(__file__).resolve().parents[2]
CONTENT = REPO / "content"
ISSUE_13 = REPO / "tests" / "fixtures" / "rule-cases" / "issue-13"
MISSION_FLOW = REPO / "tests" / "fixtures" / "rule-cases" / "mission-flow"


def test_the_core_rule_scenarios_pass() -> None:
    assert run(["test", str(CONTENT / "core")]) == 0


def test_the_rule_cases_that_need_enemies_and_cards_of_their_own_pass() -> None:
    # Issue 13's divergences that built-in content never exercises (an attack that blocks, a
    # card keeping enemies and fog gates, running out of fog gate tokens …), on a pack of their own.
    assert run(["test", str(ISSUE_13)]) == 0


def test_the_mission_flow_cases_on_a_campaign_of_their_own_pass() -> None:
    # Interpreter edge cases no built-in chapter meets: a choice on reveal while the same event has
    # another trigger to fire, a card keeping the rules and counters of the card before it, a chapter
    # trigger on a track space reached by a trip to the Dream.
    assert run(["test", str(MISSION_FLOW)]) == 0
