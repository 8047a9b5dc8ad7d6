"""The built site in a real headless Chromium: home, a chapter's Mermaid graph, search.

Screenshots go to tests/artifacts/. The test installs Debian's chromium when it is missing; it does
not skip.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.site.browser import Browser, attributes, chromium, find_nodes, serve, text_of

ARTIFACTS = Path(__file__).resolve().parents[1] / "artifacts"
CHAPTER = "content/the-pale-bell/chapter/the-pale-bell-1/"

pytestmark = [pytest.mark.browser, pytest.mark.slow]


def test_home_chapter_graph_and_search_work_in_a_real_browser(built_site: Path) -> None:
    with serve(built_site) as base, chromium() as browser:
        try:
            check_pages(browser, base)
        except BaseException:
            # Keep what the browser showed when it went wrong, beside the other screenshots.
            browser.screenshot(ARTIFACTS / "site-failure.png")
            raise


def check_pages(browser: Browser, base: str) -> None:
    """Home, a chapter with its Mermaid graph drawn, and a search that finds an enemy."""
    browser.open(base)
    assert "huntkit reference" in browser.evaluate("document.title")
    browser.screenshot(ARTIFACTS / "site-home.png")

    browser.open(base + CHAPTER)
    browser.wait_until(
        "document.querySelectorAll('div.mermaid').length > 0 && "
        "document.querySelectorAll('pre.mermaid').length === 0",
        "Mermaid to replace the graph source with a drawing",
    )
    graphs = [n for n in find_nodes(browser.dom(), "div") if "mermaid" in attributes(n).get("class", "")]
    assert graphs
    svgs = [svg for graph in graphs for svg in find_nodes(graph, "svg")]
    assert svgs, "the mission graph was drawn as SVG"
    drawing = text_of(graphs[0])
    assert "Syntax error" not in drawing
    links = [attributes(a) for a in find_nodes(graphs[0], "a")]
    assert any("mission-card" in (a.get("xlink:href", "") + a.get("href", "")) for a in links)
    browser.evaluate("document.getElementById('mission-graph').scrollIntoView()")
    browser.screenshot(ARTIFACTS / "site-chapter.png")

    browser.open(base)
    browser.evaluate("document.querySelector('label[for=__search]').click()")
    browser.wait_until(
        "document.querySelector('.md-search__input') === document.activeElement",
        "the search field to take focus",
    )
    # Material drops queries typed before its search worker has loaded the index.
    browser.wait_until(
        "(() => { const m = document.querySelector('.md-search-result__meta');"
        " return m !== null && m.textContent.trim() !== '' && !m.textContent.includes('Initializing'); })()",
        "the search index to load",
    )
    browser.call("Input.insertText", text="Scourge Beast")
    hits = browser.wait_until(
        "Array.from(document.querySelectorAll('.md-search-result__item a'))"
        ".map(a => a.getAttribute('href')).filter(h => h.includes('/enemy/'))",
        "a search result on an enemy page",
    )
    assert any("scourge-beast" in hit for hit in hits)
    browser.screenshot(ARTIFACTS / "site-search.png")

    assert browser.console_errors() == []
