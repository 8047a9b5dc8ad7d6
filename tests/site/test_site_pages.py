"""The generated pages, checked without MkDocs: coverage, spoilers, chapters, bosses, failures."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.site.conftest import BROKEN_PACK, REPO
from toolkit.core.codes import CODES
from toolkit.core.pipeline import validate_paths
from toolkit.publish.build import BuildState, prepare
from toolkit.publish.context import document_page
from toolkit.publish.pages import NavItem
from toolkit.publish.translations import is_translation
from toolkit.publish.vocabulary import discover_verbs


def nav_paths(items: list[NavItem] | str) -> Iterator[str]:
    if isinstance(items, str):
        yield items
        return
    for item in items:
        if isinstance(item, str):
            yield item
        else:
            for value in item.values():
                yield from nav_paths(value)


def test_every_document_verb_and_code_has_exactly_one_page_in_the_navigation(
    generated: BuildState,
) -> None:
    pages = generated.content.pages
    in_nav = list(nav_paths(generated.content.nav))
    assert len(in_nav) == len(set(in_nav)), "a page is listed twice in the navigation"
    result = validate_paths()
    expected = [
        document_page(d)
        for pack in result.index.packs.values()
        for d in pack.documents
        if d.model is not None and d.model.kind != "pack"
    ]
    expected += [verb.page for verb in discover_verbs()]
    expected += [f"reference/codes/{code.lower()}.md" for code in CODES]
    assert expected, "nothing to publish"
    missing = [p for p in expected if p not in pages]
    assert not missing
    unreachable = [p for p in expected if p not in in_nav]
    assert not unreachable


def test_without_spoilers_mission_card_stories_and_titles_are_left_out(
    generated: BuildState, generated_without_spoilers: BuildState
) -> None:
    def story(markdown: str) -> str | None:
        lines = [line.strip() for line in markdown.splitlines() if line.startswith("    *")]
        return next((line for line in lines if not line.startswith("**") and len(line) > 30), None)

    with_story = [p for p in generated.content.pages if "/mission-card/" in p.path and story(p.markdown)]
    assert with_story, "the built-in content has mission cards with a story"
    with_secret = with_story[0]
    hidden = generated_without_spoilers.content.pages.pages[with_secret.path]
    assert "??? spoiler" not in hidden.markdown
    assert "Mission card" in hidden.title
    story_line = story(with_secret.markdown)
    assert story_line is not None
    everything = "\n".join(p.markdown for p in generated_without_spoilers.content.pages)
    assert story_line.strip("*") not in everything


def test_with_spoilers_mission_card_secrets_sit_in_a_collapsed_block(generated: BuildState) -> None:
    card = next(p for p in generated.content.pages if "/mission-card/" in p.path and "Goals" in p.markdown)
    head, _, secret = card.markdown.partition('??? spoiler "')
    assert "**Goals**" in secret
    assert "**Goals**" not in head


def chapter_page(state: BuildState) -> str:
    return next(
        p.markdown for p in state.content.pages if "/chapter/" in p.path and "```mermaid" in p.markdown
    )


def test_chapter_page_shows_setup_for_one_to_four_hunters_and_a_linked_mission_graph(
    generated: BuildState,
) -> None:
    page = chapter_page(generated)
    rows = re.findall(r"^\| ([1-4]) \| \d+ \| \d+ \| \d+ \|$", page, re.MULTILINE)
    assert rows == ["1", "2", "3", "4"]
    graph = page.split("```mermaid", 1)[1].split("```", 1)[0]
    assert graph.strip().startswith("flowchart TD")
    assert re.search(r'click n\d+ href "\.\./\.\./mission-card/[a-z0-9-]+/"', graph)


def test_without_spoilers_the_mission_graph_shows_card_numbers_only(
    generated_without_spoilers: BuildState,
) -> None:
    graph = chapter_page(generated_without_spoilers).split("```mermaid", 1)[1].split("```", 1)[0]
    labels = re.findall(r'n\d+\[\[?"([^"]*)"\]', graph)
    # The number and the card's type (public: every card page shows it); no title.
    assert labels and all(
        re.fullmatch(r"Card \d+ #183; (hunt|insight|special rules)", label) for label in labels
    )


def test_boss_page_has_hp_for_each_hunter_count_with_its_provenance(generated: BuildState) -> None:
    page = generated.content.pages.pages["content/core/boss/cleric-beast.md"].markdown
    assert re.search(r"\| Phase 1 \| 10 \| 14 \| 20 \| 24 \| .*secondary", page)
    assert re.search(r"\| Phase 2 \| 8 \| 12 \| 16 \| 20 \| .*secondary", page)


def test_trick_weapon_page_shows_both_forms_side_by_side(generated: BuildState) -> None:
    page = generated.content.pages.pages["content/core/trick-weapon/saw-cleaver.md"].markdown
    assert 'class="hk-sides"' in page
    assert "Form A" in page and "Form B" in page


def test_tile_page_draws_the_tile_as_inline_svg(generated: BuildState) -> None:
    page = generated.content.pages.pages["content/core/tile/central-lamp.md"].markdown
    svg = page.split("<svg", 1)[1].split("</svg>", 1)[0]
    assert svg.count("<rect") >= 4  # the tile, its three spaces
    assert ">N</text>" in svg


def test_verb_page_documents_keys_and_shows_an_example(generated: BuildState) -> None:
    verb = next(v for v in discover_verbs() if v.name == "reveal")
    page = generated.content.pages.pages[verb.page].markdown
    assert "## Keys" in page
    assert "```yaml\nreveal:" in page


def test_code_page_shows_the_broken_and_the_fixed_example(generated: BuildState) -> None:
    page = generated.content.pages.pages["reference/codes/bb0305.md"].markdown
    assert '=== "Broken"' in page and '=== "Fixed"' in page
    assert "```yaml" in page


def test_the_build_fails_loudly_when_the_content_does_not_validate() -> None:
    with pytest.raises(ValueError, match=r"(?s)does not validate.*enemy.yaml:5:1: BB0202"):
        prepare(REPO, REPO / "site", [BROKEN_PACK], spoilers=True)


def test_every_handwritten_page_is_reachable_from_the_navigation(generated: BuildState) -> None:
    in_nav = set(nav_paths(generated.content.nav))
    handwritten = {p.relative_to(REPO / "site").as_posix() for p in (REPO / "site").rglob("*.md")}
    # A translation (setup.pl.md) is shown at its page's place, in its language's build.
    translations = {page for page in handwritten if is_translation(page)}
    assert handwritten - translations - in_nav == set()
    assert {re.sub(r"\.[a-z]+\.md$", ".md", page) for page in translations} - in_nav == set()


def test_without_spoilers_no_card_title_or_story_appears_on_any_page(
    generated_without_spoilers: BuildState,
) -> None:
    from toolkit.core.model import text_in
    from toolkit.publish import escape

    # A pack's own description is the author's to write; everything the generator renders is checked.
    everything = "\n".join(
        p.markdown
        for p in generated_without_spoilers.content.pages
        if not re.fullmatch(r"content/[a-z0-9-]+/index\.md", p.path)
    )
    secrets = []
    for pack in validate_paths().index.packs.values():
        for document in pack.documents:
            if document.model is None or document.model.kind not in ("mission-card", "insight-card"):
                continue
            for field in ("title", "story"):
                value = getattr(document.model, field, None)
                if value:
                    secrets.append(escape.inline(text_in(value)))
    assert secrets
    leaked = [secret for secret in secrets if secret in everything]
    assert not leaked


def test_a_simulation_report_adds_win_rates_to_its_chapter_page(tmp_path: Path) -> None:
    report = {
        "pack": "the-pale-bell",
        "campaign": "the-pale-bell",
        "bot": "heuristic",
        "seed": 3,
        "cells": [
            {
                "chapter": 1,
                "hunters": 2,
                "games": 40,
                "wins": 10,
                "win_rate": 0.25,
                "win_rate_ci95": [0.14, 0.4],
                "rounds_to_win": {"mean": 11.5},
                "deaths_per_game": 1.5,
                "dream_trips_per_game": 3.0,
                "resets_per_game": 2.0,
            },
        ],
    }
    path = tmp_path / "report.json"
    path.write_text(json.dumps(report), encoding="utf-8")
    state = prepare(REPO, REPO / "site", [], spoilers=True, reports=[path])
    chapter = state.content.pages.pages["content/the-pale-bell/chapter/the-pale-bell-1.md"].markdown
    assert "## Simulation results" in chapter
    assert "| 2 | 40 | 25.0 % (14.0 %–40.0 %) | 11.5 | 1.5 | 3.0 | 2.0 |" in chapter
    other = state.content.pages.pages["content/the-pale-bell/chapter/the-pale-bell-2.md"].markdown
    assert "Simulation results" not in other


def test_every_verb_page_shows_an_example(generated: BuildState) -> None:
    without = [
        verb.page
        for verb in discover_verbs()
        if "```yaml" not in generated.content.pages.pages[verb.page].markdown
    ]
    assert not without


def test_an_explained_report_says_why_games_ended_on_the_chapter_page(tmp_path: Path) -> None:
    from toolkit.core.pipeline import validate_paths
    from toolkit.games.board.simulate import SimulateOptions, render_json, simulate

    pack = REPO / "content" / "campaigns" / "the-pale-bell"
    loaded = validate_paths([pack])
    report = simulate(loaded.index, loaded.packs[0], SimulateOptions(None, [1], [2], 4, 1, ("random",), 1))
    path = tmp_path / "report.json"
    path.write_text(render_json(report), encoding="utf-8")
    state = prepare(REPO, REPO / "site", [], spoilers=True, reports=[path])
    chapter = state.content.pages.pages["content/the-pale-bell/chapter/the-pale-bell-1.md"].markdown
    assert '??? info "Why games ended — 2 hunters"' in chapter
    assert "**How games ended:** lost&#58; the final round ended: 4" in chapter
    assert "**Rounds played** (rounds: games): 7: 2, 8: 2" in chapter
    assert "**Card 2 stalls:** completed in 0 of the 4 games that revealed it" in chapter
    stall = chapter[chapter.index("**Card 2 stalls:**") :]
    assert stall.index("in 4 games: fewer than the 1 insight card&#40;s&#41; needed") < stall.index(
        "in 3 games"
    )
