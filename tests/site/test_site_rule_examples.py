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
