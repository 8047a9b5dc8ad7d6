"""What a player reads on the card pages: prose in the companion's words, names instead of ids,
every card number a link to its card, labels in English, and the real report on code pages."""

from __future__ import annotations

import re
from pathlib import Path

from tests.site.site_html import scan
from toolkit.publish.build import BuildState

CARD_5 = "content/the-pale-bell/mission-card/the-pale-bell-5.md"
CHAPTER_1 = "content/the-pale-bell/chapter/the-pale-bell-1.md"


def page(state: BuildState, path: str) -> str:
    return state.content.pages.pages[path].markdown


def test_a_mission_card_reads_as_the_companion_says_it_with_names_and_links(generated: BuildState) -> None:
    card = page(generated, CARD_5)
    assert (
        "- Place 1 survivor token &#40;the widow&#41; on the "
        "[Ransacked House](../../core/tile/ransacked-house.md) space&#46;"
    ) in card
    assert (
        "- **Each time a round ends:** Move the widow token 1 space away from the nearest hunter&#46;" in card
    )
    assert "- **Bring the widow token to [Central Lamp](../../core/tile/central-lamp.md):**" in card
    assert (
        "- **Take the lantern:** Complete the mission &#40;"
        "insight card [24](../insight-card/the-pale-bell-24.md)&#41;&#46;"
    ) in card
    assert "- **Let her keep it and see her home:** Reveal card [6](the-pale-bell-6.md)&#46;" in card
    # No YAML keys, no verb ids left over from the old field listing.
    assert "**Label**" not in card and "**Then**" not in card and "place_token" not in card


def test_an_insight_card_names_its_rewards(generated: BuildState) -> None:
    insight = page(generated, "content/the-pale-bell/insight-card/the-pale-bell-24.md")
    assert (
        "- The consumable [Blood Vial](../../core/consumable/blood-vial.md) to the acting hunter&#46;"
        in insight
    )
    assert "- 1 Blood Echo to the acting hunter&#46;" in insight


def test_the_chapter_links_every_card_it_reveals_and_words_its_triggers(generated: BuildState) -> None:
    chapter = page(generated, CHAPTER_1)
    assert (
        "| A hunter ends a move on [Ransacked House](../../core/tile/ransacked-house.md) | "
        "[Mission card 5](../mission-card/the-pale-bell-5.md) |"
    ) in chapter


def test_every_card_number_on_a_mission_card_page_is_a_link(generated: BuildState) -> None:
    """`reveal 6`, `insight card 24`: no card number on a card's prose is left without its link."""
    unlinked = []
    for path, generated_page in generated.content.pages.pages.items():
        if "/mission-card/" not in path and "/insight-card/" not in path:
            continue
        # The block's body, below its title line ("Story, goals and outcomes of card 5").
        secret = generated_page.markdown.rpartition('??? spoiler "Story')[2].partition("\n")[2]
        for match in re.finditer(r"(insight card|card) (\d+)", secret):
            if not secret[: match.start()].endswith("["):
                unlinked.append(f"{path}: {match.group()}")
    assert unlinked == []


def test_the_mission_graph_is_coloured_like_huntkit_graph_with_its_hunt_path(generated: BuildState) -> None:
    graph = page(generated, CHAPTER_1).split("```mermaid", 1)[1].split("```", 1)[0]
    assert "classDef hunt fill:#5c1f1f" in graph and "classDef insight fill:#1f3350" in graph
    assert re.search(r"class n\d+ hunt_end", graph)
    assert re.search(r"linkStyle [0-9,]+ stroke:#e53935", graph)
    assert re.search(r'n\d+\[\["Card 1 #183; special rules"\]\]', graph)
    assert re.search(r'==>\|"goal 1"\|', graph)  # goals are thick arrows; their labels are spoilers
    assert "Take the lantern" not in graph


def test_a_spoilers_build_labels_the_graph_with_titles_and_goals() -> None:
    from tests.site.conftest import REPO
    from toolkit.publish.build import prepare

    state = prepare(
        REPO,
        REPO / "site",
        [REPO / "content" / "campaigns" / "the-pale-bell"],
        spoilers=True,
        search_spoilers=True,
    )
    graph = page(state, CHAPTER_1).split("```mermaid", 1)[1].split("```", 1)[0]
    assert "5 #183; insight #183; A Widow's Lantern" in graph
    assert "chose 'Take the lantern'" in graph


def test_labels_read_like_english(generated: BuildState) -> None:
    enemy = page(generated, "content/core/enemy/scourge-beast.md")
    assert "| HP | 4" in enemy and "| Hp |" not in enemy
    pack = page(generated, "content/core/index.md")
    assert "## NPC enemies" in pack
    consumable = page(generated, "content/core/consumable/blood-vial.md")
    assert "- [heal](../../../vocabulary/bloodborne-board/effect/heal.md) 2, target self" in consumable


def test_table_cells_of_the_built_site_show_no_literal_backticks(built_site: Path) -> None:
    cell = re.compile(r"<t[dh][^>]*>(.*?)</t[dh]>", re.DOTALL)
    found = []
    for html_page in sorted(built_site.rglob("index.html")):
        if "/content/hostile/" in "/" + html_page.relative_to(built_site).as_posix():
            continue  # its text is made of stray backticks on purpose, shown as written
        for content in cell.findall(html_page.read_text(encoding="utf-8")):
            text = re.sub(r"<code>.*?</code>", "", content, flags=re.DOTALL)
            if "`" in text or "&#96;" in text:
                found.append(f"{html_page.relative_to(built_site)}: {content[:80]}")
    assert found[:10] == []


def test_a_code_page_shows_the_report_its_broken_example_produces(generated: BuildState) -> None:
    code = page(generated, "reference/codes/bb0305.md")
    report = code.split("`huntkit validate` on these files prints:", 1)[1]
    assert "error[BB0305]: no trick-weapon with the id 'saw-cleavr'" in report
    assert "  --> hunters.yaml:4:15" in report
    assert "4 | trick_weapon: saw-cleavr" in report
    assert "= help: did you mean 'saw-cleaver'?" in report
    assert "1 error, 0 warnings in 1 file, 2 documents" in report


def test_code_pages_name_no_fixture_path(generated: BuildState) -> None:
    leaked = [
        p.path
        for p in generated.content.pages
        if p.path.startswith("reference/codes/")
        and ("tests/fixtures" in p.markdown or "negative/" in p.markdown)
    ]
    assert leaked == []


def test_the_built_card_page_links_the_card_it_reveals(built_site: Path) -> None:
    card = built_site / "content" / "the-pale-bell" / "mission-card" / "the-pale-bell-5" / "index.html"
    assert "../the-pale-bell-6/" in scan(card).links
    assert "../../insight-card/the-pale-bell-24/" in scan(card).links


def test_a_code_example_report_is_cached_until_the_example_changes(tmp_path: Path) -> None:
    import shutil

    from tests.site.conftest import REPO
    from toolkit.core.cache import cache_folder
    from toolkit.publish.code_examples import CACHE_NAME, cached_broken_report

    case = tmp_path / "BB0305"
    shutil.copytree(REPO / "tests" / "fixtures" / "codes" / "BB0305", case)
    first = cached_broken_report(case)
    assert first is not None and "'saw-cleavr'" in first
    folder = cache_folder(CACHE_NAME)
    assert folder is not None and any(folder.glob("*.txt")), "the report was kept"
    assert cached_broken_report(case) == first
    hunters = case / "negative" / "hunters.yaml"
    hunters.write_text(
        hunters.read_text(encoding="utf-8").replace("saw-cleavr", "saw-clever"), encoding="utf-8"
    )
    changed = cached_broken_report(case)
    assert changed is not None and "'saw-clever'" in changed and "'saw-cleavr'" not in changed
