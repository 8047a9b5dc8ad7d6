"""The labels of the component pages (enemy sides, attack tables, boss HP and decks, weapon forms,
tiles, the generic field table) in Polish on a Polish build, and unchanged in English."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.site.conftest import REPO
from tests.site.test_site_languages import CONSUMABLE, ENEMY, plain
from toolkit.publish.build import BuildState, prepare


@pytest.fixture(scope="module")
def polish() -> BuildState:
    return prepare(REPO, REPO / "site", [], spoilers=True, language="pl")


def page(state: BuildState, path: str) -> str:
    return state.content.pages.pages[path].markdown


def header_rows(markdown: str) -> list[str]:
    """Each Markdown table's header row (the row above a ``|---|`` line), cells stripped."""
    lines = markdown.splitlines()
    return [
        " | ".join(c.strip() for c in lines[i - 1].strip("|").split("|"))
        for i, line in enumerate(lines)
        if i and re.fullmatch(r"\|(?:-+\|)+", line.strip())
    ]


def test_a_polish_enemy_page_names_both_sides_and_its_attack_columns_in_polish(built_site: Path) -> None:
    text = plain((built_site / "pl" / ENEMY).read_text(encoding="utf-8"))
    assert "Obie strony" in text and "Strona A" in text and "Strona B" in text
    assert "Nazwa Szybkość Obrażenia Efekty" in text
    assert "Podstawowy Zamach Latarnią" in text and "Zdolność Przycięcie Knota" in text
    assert "Both sides" not in text and "Side A" not in text
    english = plain((built_site / ENEMY).read_text(encoding="utf-8"))
    assert "Both sides" in english and "Side A" in english and "Name Speed Damage Effects" in english


def test_the_generic_field_table_has_polish_headers_on_a_polish_page(built_site: Path) -> None:
    text = plain((built_site / "pl" / CONSUMABLE).read_text(encoding="utf-8"))
    assert "Pole Wartość Znaczenie" in text and "Field Value Meaning" not in text
    assert "Field Value Meaning" in plain((built_site / CONSUMABLE).read_text(encoding="utf-8"))


def test_a_polish_boss_page_gives_hp_by_hunter_count_and_phase_decks_in_polish(polish: BuildState) -> None:
    boss = page(polish, "content/core/boss/cleric-beast.md")
    assert "## Życie według liczby łowców" in boss and "## Talie akcji" in boss
    assert " | 1 łowca | 2 łowców | 3 łowców | 4 łowców | Źródło" in header_rows(boss)
    assert "| Faza 1 | 10 | 14 | 20 | 24 |" in boss and "| Atak | Crooked Swipe | średni | 2 |" in boss
    assert "### Faza 1" in boss and "### Faza 2" in boss
    assert " | Nazwa | Szybkość | Obrażenia | Efekty | Egzemplarze" in header_rows(boss)


def test_a_polish_weapon_page_names_its_forms_and_slots_in_polish(polish: BuildState) -> None:
    weapon = page(polish, "content/core/trick-weapon/saw-cleaver.md")
    assert "## Formy" in weapon and "#### Forma A:" in weapon and "#### Forma B:" in weapon
    assert "| Miejsce 1 |" in weapon and "Tej broni używa:" in weapon
    assert "Przemiana opróżnia wszystkie miejsca ataku" in weapon


def test_a_polish_tile_page_lists_its_spaces_under_polish_headers(polish: BuildState) -> None:
    tile = page(polish, "content/core/tile/central-lamp.md")
    assert "## Pola" in tile
    assert "Pole | Sąsiaduje z | Symbole | Wyjścia" in header_rows(tile)


def test_a_polish_npc_enemy_page_says_for_how_many_hunters_each_side_is(polish: BuildState) -> None:
    npc = page(polish, "content/core/npc-enemy/rogue-hunter.md")
    assert "## Strony według liczby łowców" in npc
    assert "#### Przy 1–2 łowcach" in npc and "#### Przy 3–4 łowcach" in npc and "**Życie:**" in npc
