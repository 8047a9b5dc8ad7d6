"""The rules pages show the rule scenarios that name them as worked examples."""

from __future__ import annotations

from pathlib import Path

from toolkit.publish.build import BuildState


def test_each_rules_page_named_by_a_scenario_gets_its_worked_examples(generated: BuildState) -> None:
    appendices = generated.content.appendices
    for page in ("combat", "actions", "activation", "dream", "hunt-track", "fog-gates", "campaign"):
        assert f"rules/board/{page}.md" in appendices
    combat = appendices["rules/board/combat.md"]
    assert combat.startswith("## Worked examples from the rule scenarios")
    assert "### Attacks of the same speed strike together" in combat
    assert "1. Attack with <code>basic&#45;strength</code> in slot 1." in combat
    assert "<code>threaded&#45;cane&#45;hunter</code> has hp <code>4</code>" in combat
    # A scenario of another rule is not shown here.
    assert "A Move goes up to two spaces" not in combat
    assert "A Move goes up to two spaces" in appendices["rules/board/actions.md"]


def test_a_rule_scenario_page_links_back_to_its_rule(generated: BuildState) -> None:
    page = next(
        p
        for p in generated.content.pages
        if p.path.endswith("rule-scenario/combat-same-speed-strikes-together.md")
    )
    assert "A worked example of [<code>combat</code>](../../../rules/board/combat.md)" in page.markdown


def test_the_built_combat_page_shows_its_examples_after_the_hand_written_rules(built_site: Path) -> None:
    html = (built_site / "rules" / "board" / "combat" / "index.html").read_text(encoding="utf-8")
    written = html.index("Worked example")
    generated = html.index("Worked examples from the rule scenarios")
    assert written < generated
    assert "Attacks of the same speed strike together" in html


def test_the_campaign_page_shows_the_heuristic_s_answer_to_a_third_tool(generated: BuildState) -> None:
    # Moved from a Python test of the bot (issue 13): the scenario is a worked example of its rule.
    campaign = generated.content.appendices["rules/board/campaign.md"]
    assert "### The heuristic bot passes a ready tool to the ally holding the fewest rewards" in campaign
    assert (
        "the heuristic bot would answer <code>give beast&#45;roar to hunter&#45;axe&#45;hunter</code>"
        in campaign
    )


def test_a_mission_scenario_naming_a_rule_is_a_worked_example_on_its_page(generated: BuildState) -> None:
    # The flow of missions (a reset, the final round, the next chapter) is pinned by `scenario`s.
    track = generated.content.appendices["rules/board/hunt-track.md"]
    assert "### Reaching a reset space of the Hunt Track resets the map once" in track
    assert "round <code>3</code>, Hunt Track on space <code>3</code>" not in track  # plain numbers
    assert "round 3, Hunt Track on space 3" in track
    assert "Reported at the table: end of round." in track
    assert "map resets in that step: <code>1</code>" in track
    campaign = generated.content.appendices["rules/board/campaign.md"]
    assert "### A final round lost in chapter 2 restarts the campaign at chapter 1" in campaign
    assert "Go on to the next chapter (chapter 1 again after a defeat)." in campaign
    assert "campaign defeats so far: <code>1</code>" in campaign
    # A scenario naming no rule stays on its own page only.
    assert "Insight earned in chapters 1 and 2 opens the cathedral" not in campaign
