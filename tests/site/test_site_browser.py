"""The built site in a real headless Chromium (Selenium): home, a chapter's Mermaid graph, search,
the header's language menu (English to Polish and back, on the same page), and every kind of page
at a laptop's and a phone's width with nothing to scroll sideways.

Screenshots go to tests/artifacts/ (the layout ones to tests/artifacts/site-layout/). The test
installs Debian's chromium and chromium-driver when they are missing; it does not skip.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from selenium import webdriver
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from tests.chromium import chromium, console_errors
from tests.site.browser import attributes, dom, find_nodes, serve, text_of
from tests.site.layout import full_page_png, overflow, problems, set_viewport

ARTIFACTS = Path(__file__).resolve().parents[1] / "artifacts"
CHAPTER = "content/the-pale-bell/chapter/the-pale-bell-1/"
ENEMY = "content/lantern-road/enemy/lamp-warden/"
"""A page of the test pack in English and Polish (tests/site/fixtures/polish-pack)."""
TIMEOUT = 60.0

pytestmark = [pytest.mark.browser, pytest.mark.slow]


def test_home_chapter_graph_and_search_work_in_a_real_browser(built_site: Path) -> None:
    with serve(built_site) as base, chromium() as browser:
        try:
            check_pages(browser, base)
        except BaseException:
            # Keep what the browser showed when it went wrong, beside the other screenshots.
            ARTIFACTS.mkdir(parents=True, exist_ok=True)
            browser.save_screenshot(str(ARTIFACTS / "site-failure.png"))
            raise


def wait_until(browser: webdriver.Chrome, expression: str, what: str) -> Any:
    """The first truthy value of a script expression, or a timeout naming what was awaited."""
    return WebDriverWait(browser, TIMEOUT).until(
        lambda page: page.execute_script(f"return {expression}"), f"timed out waiting for {what}"
    )


def screenshot(browser: webdriver.Chrome, name: str) -> None:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    browser.save_screenshot(str(ARTIFACTS / name))


def check_pages(browser: webdriver.Chrome, base: str) -> None:
    """Home, a chapter with its Mermaid graph drawn, and a search that finds an enemy."""
    browser.get(base)
    assert "huntkit reference" in browser.title
    screenshot(browser, "site-home.png")

    browser.get(base + CHAPTER)
    wait_until(
        browser,
        "document.querySelectorAll('div.mermaid').length > 0 && "
        "document.querySelectorAll('pre.mermaid').length === 0",
        "Mermaid to replace the graph source with a drawing",
    )
    graphs = [n for n in find_nodes(dom(browser), "div") if "mermaid" in attributes(n).get("class", "")]
    assert graphs
    svgs = [svg for graph in graphs for svg in find_nodes(graph, "svg")]
    assert svgs, "the mission graph was drawn as SVG"
    drawing = text_of(graphs[0])
    assert "Syntax error" not in drawing
    links = [
        attributes(a).get("xlink:href", "") + attributes(a).get("href", "")
        for a in find_nodes(graphs[0], "a")
    ]
    assert any("mission-card" in link for link in links)
    browser.execute_script("document.getElementById('mission-graph').scrollIntoView()")
    screenshot(browser, "site-chapter.png")

    browser.get(base)
    browser.execute_script("document.querySelector('label[for=__search]').click()")
    wait_until(
        browser,
        "document.querySelector('.md-search__input') === document.activeElement",
        "the search field to take focus",
    )
    # Material drops queries typed before its search worker has loaded the index.
    wait_until(
        browser,
        "(() => { const m = document.querySelector('.md-search-result__meta');"
        " return m !== null && m.textContent.trim() !== '' && !m.textContent.includes('Initializing'); })()",
        "the search index to load",
    )
    browser.switch_to.active_element.send_keys("Scourge Beast")
    hits = wait_until(
        browser,
        "(() => { const h = Array.from(document.querySelectorAll('.md-search-result__item a'))"
        ".map(a => a.getAttribute('href')).filter(h => h.includes('/enemy/'));"
        " return h.length ? h : null; })()",
        "a search result on an enemy page",
    )
    assert any("scourge-beast" in hit for hit in hits)
    screenshot(browser, "site-search.png")

    check_language_menu(browser, base)
    assert console_errors(browser) == []


LAYOUT_ARTIFACTS = ARTIFACTS / "site-layout"
WIDTHS = (1280, 390)
"""A laptop with both sidebars shown, and a phone (the theme's drawer layout)."""

PAGE_KINDS = {
    "rules page": "rules/board/combat/",
    "mission graph": CHAPTER,
    "code page": "reference/codes/bb0305/",
    "board mission card": "content/the-pale-bell/mission-card/the-pale-bell-5/",
    "board special-rules card": "content/the-pale-bell/mission-card/the-pale-bell-1/",
    "board insight card": "content/the-pale-bell/insight-card/the-pale-bell-24/",
    "board enemy": "content/core/enemy/scourge-beast/",
    "board NPC enemy": "content/core/npc-enemy/rogue-hunter/",
    "board boss": "content/core/boss/cleric-beast/",
    "board hunter": "content/core/hunter/saw-cleaver-hunter/",
    "board trick weapon": "content/core/trick-weapon/saw-cleaver/",
    "board stat card": "content/core/stat-card/basic-endurance/",
    "board consumable": "content/core/consumable/blood-vial/",
    "board reward": "content/core/reward/beast-roar/",
    "board firearm": "content/core/firearm/hunter-pistol/",
    "board tile": "content/core/tile/central-lamp/",
    "card game rune": "content/hunters-nightmare/rune/hunter-rune/",
    "card game monster": "content/hunters-nightmare/monster/gutter-hound/",
    "card game boss": "content/hunters-nightmare/nightmare-boss/lorann-silver-beast/",
    "card game upgrade": "content/hunters-nightmare/card-upgrade/gatling-gun/",
    "card game death token": "content/hunters-nightmare/death-token/kin/",
    "Blood Hunt deck": "content/blood-hunt/bh-deck/standard/",
    "Blood Hunt citizen": "content/blood-hunt/bh-citizen/lord/",
    "Blood Hunt district": "content/blood-hunt/bh-district/lords-quarter/",
}
"""One page of each kind a reader meets: a rules page, every card kind of the three games, the
mission graph and a diagnostic code page."""


def test_every_kind_of_page_fits_a_laptop_and_a_phone_without_sideways_scrolling(built_site: Path) -> None:
    LAYOUT_ARTIFACTS.mkdir(parents=True, exist_ok=True)
    found: list[str] = []
    with serve(built_site) as base:
        for width in WIDTHS:
            with chromium(max(width, 1280), 900) as browser:
                set_viewport(browser, width)
                for kind, path in PAGE_KINDS.items():
                    assert (built_site / path / "index.html").is_file(), f"{kind}: no page at {path}"
                    browser.get(base + path)
                    show_everything(browser, path)
                    name = f"{path.strip('/').replace('/', '_')}-{width}.png"
                    (LAYOUT_ARTIFACTS / name).write_bytes(full_page_png(browser))
                    measured = overflow(browser)
                    assert measured["innerWidth"] == width, "the window has the width asked for"
                    found += [f"{kind} at {width} px ({path}): {p}" for p in problems(measured)]
                assert console_errors(browser) == []
    assert found == []


def show_everything(browser: webdriver.Chrome, path: str) -> None:
    """Open every collapsed block (a card's spoilers, a graph's list) and wait for the graph's
    drawing, so the measurement covers what a reader can unfold."""
    browser.execute_script("document.querySelectorAll('details').forEach(d => { d.open = true; })")
    if path == CHAPTER:
        wait_until(
            browser,
            "document.querySelectorAll('div.mermaid').length > 0 && "
            "document.querySelectorAll('pre.mermaid').length === 0",
            "Mermaid to draw the mission graph",
        )


def switch_language(browser: webdriver.Chrome, language: str) -> None:
    """Open the header's language menu as a reader does (hover) and pick ``language``."""
    button = browser.find_element(By.CSS_SELECTOR, ".md-header__option .md-select > button")
    ActionChains(browser).move_to_element(button).perform()
    link = browser.find_element(By.CSS_SELECTOR, f".md-select__link[hreflang={language}]")
    WebDriverWait(browser, TIMEOUT).until(lambda _: link.is_displayed(), "the language menu to open")
    link.click()


def check_language_menu(browser: webdriver.Chrome, base: str) -> None:
    """An English page, the header's language menu, the same page in Polish, and back."""
    browser.get(base + ENEMY)
    assert wait_until(browser, "document.querySelector('h1').textContent", "the page").startswith(
        "Lamp Warden"
    )
    switch_language(browser, "pl")
    wait_until(browser, f"location.href === {base + 'pl/' + ENEMY!r}", "the Polish version of the page")
    assert wait_until(browser, "document.documentElement.lang", "the page's language") == "pl"
    assert browser.find_element(By.TAG_NAME, "h1").text.startswith("Strażnik Lampy")
    tabs = [tab.text for tab in browser.find_elements(By.CSS_SELECTOR, ".md-tabs__link")]
    assert "Zasady" in tabs and "Słowniczek" in tabs
    assert "Pilnuje, by latarnie na drodze płonęły" in browser.find_element(By.TAG_NAME, "article").text
    screenshot(browser, "site-polish.png")
    switch_language(browser, "en")
    wait_until(browser, f"location.href === {base + ENEMY!r}", "the English version of the page again")
    assert browser.find_element(By.TAG_NAME, "h1").text.startswith("Lamp Warden")
