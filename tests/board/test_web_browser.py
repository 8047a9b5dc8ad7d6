"""The web companion in two real headless Chromium pages: chapter 1 of The Pale Bell from setup to
victory, reported on both pages by turns, each page showing what the other reported; a reload
mid-game; screenshots at 1,280 and 390 px; no unrevealed card's words on either page.

Screenshots go to tests/artifacts/. The test installs chromium and chromium-driver when missing.
"""

from __future__ import annotations

import shlex
import time
from functools import cache
from pathlib import Path

import pytest
from selenium import webdriver
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select

from tests.board.web_browser import served
from tests.board.web_play import SpoilerWatch, as_tapped, campaign_script
from tests.chromium import chromium, console_errors
from toolkit.core.index import ContentIndex, Pack
from toolkit.core.pipeline import validate_paths
from toolkit.games.board.interpreter.book import book_from_index
from toolkit.games.board.web.actions import ACTIONS
from toolkit.games.board.web.hub import GameHub

REPO = Path(__file__).resolve().parents[2]
PALE_BELL = REPO / "content" / "campaigns" / "the-pale-bell"
ARTIFACTS = REPO / "tests" / "artifacts"
WAIT = 20.0

pytestmark = [pytest.mark.browser, pytest.mark.slow]


@cache
def loaded() -> tuple[ContentIndex, Pack]:
    result = validate_paths([PALE_BELL])
    return result.index, result.packs[0]


def version_of(page: webdriver.Chrome) -> int:
    return int(page.find_element(By.ID, "game").get_attribute("data-version") or -1)


def wait_for_version(page: webdriver.Chrome, version: int, what: str) -> None:
    deadline = time.monotonic() + WAIT
    while time.monotonic() < deadline:
        try:
            if version_of(page) == version:
                return
        except Exception:  # the fragment is being replaced; read again
            pass
        time.sleep(0.05)
    raise AssertionError(f"{what}: the page shows version {version_of(page)}, the server has {version}")


def wait_for_server(hub: GameHub, before: int, what: str) -> None:
    deadline = time.monotonic() + WAIT
    while hub.version == before and time.monotonic() < deadline:
        time.sleep(0.05)
    assert hub.version > before, f"{what!r} did not reach the server"


def report(page: webdriver.Chrome, line: str) -> None:
    """Fill and submit the form a player would, using the page's own controls."""
    words = shlex.split(line)
    action, args = words[0], words[1:]
    if action.isdigit():
        action, args = "choose", [action]
    fields = dict(zip(ACTIONS[action], args, strict=False))
    hidden = "".join(
        f"[.//input[@type='hidden' and @name='{k}' and @value='{v}']]"
        for k, v in fields.items()
        if action in ("choose", "back")
    )
    form = page.find_element(By.XPATH, f"//form[.//button[@name='action' and @value='{action}']]{hidden}")
    for name, value in fields.items():
        if action in ("choose", "back"):
            continue
        control = form.find_element(By.NAME, name)
        if control.tag_name == "select":
            Select(control).select_by_value(value)
        else:
            control.clear()
            control.send_keys(value)
    form.find_element(By.XPATH, f".//button[@value='{action}']").click()


def check(watch: SpoilerWatch, pages: list[webdriver.Chrome], after: str) -> None:
    for page in pages:
        watch.check(page.page_source, after)


def test_a_chapter_is_won_in_two_browser_pages_in_step(tmp_path: Path) -> None:
    index, pack = loaded()
    hub = GameHub(index, pack, tmp_path / "pale-bell.json")
    watch = SpoilerWatch(hub, book_from_index(index, pack.id, None))
    with served(hub) as base, chromium() as first, chromium() as second:
        try:
            play_chapter(hub, watch, base, first, second)
        except BaseException:
            ARTIFACTS.mkdir(parents=True, exist_ok=True)
            first.save_screenshot(str(ARTIFACTS / "web-failure-first.png"))
            second.save_screenshot(str(ARTIFACTS / "web-failure-second.png"))
            raise
    assert hub.session is not None and hub.session.state.chapter.status == "won"


def play_chapter(
    hub: GameHub, watch: SpoilerWatch, base: str, first: webdriver.Chrome, second: webdriver.Chrome
) -> None:
    first.get(base)
    watch.check(first.page_source, "the start page")
    Select(first.find_element(By.ID, "campaign")).select_by_value("the-pale-bell")
    Select(first.find_element(By.ID, "chapter")).select_by_value("1")
    first.find_element(By.CSS_SELECTOR, "input[name=hunters][value='2']").click()
    first.find_element(By.CSS_SELECTOR, "button[value=start]").click()
    wait_for_server(hub, 0, "start")
    wait_for_version(first, hub.version, "start")
    second.get(base)
    wait_for_version(second, hub.version, "the second page opened")
    assert "The First Toll" in second.page_source
    check(watch, [first, second], "start")
    pages = [first, second]
    script = campaign_script((1,))
    for turn, line in enumerate(script):
        line = as_tapped(hub, line)
        reporter, watcher = pages[turn % 2], pages[(turn + 1) % 2]
        before = hub.version
        report(reporter, line)
        wait_for_server(hub, before, line)
        wait_for_version(reporter, hub.version, line)
        wait_for_version(watcher, hub.version, f"{line!r} on the other page")
        said = watcher.find_element(By.CSS_SELECTOR, ".log .said").text
        assert said == hub.log[0].said, f"the other page shows {said!r} after {line!r}"
        check(watch, pages, line)
        if turn == len(script) // 2:
            midgame_reload_and_screenshots(hub, second)
    for page in pages:
        assert console_errors(page) == []
        assert "Chapter won." in page.find_element(By.TAG_NAME, "header").text
        assert "Next chapter" in page.page_source


def midgame_reload_and_screenshots(hub: GameHub, page: webdriver.Chrome) -> None:
    header = page.find_element(By.TAG_NAME, "header").text
    page.refresh()
    wait_for_version(page, hub.version, "the reload")
    assert page.find_element(By.TAG_NAME, "header").text == header, "the reload shows another state"
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.set_window_size(1280, 900)
    page.execute_script("window.scrollTo(0, 0)")
    page.save_screenshot(str(ARTIFACTS / "web-1280.png"))
    page.set_window_size(390, 844)
    page.execute_script("window.scrollTo(0, 0)")
    width = page.execute_script("return document.documentElement.clientWidth")
    scrolled = page.execute_script("return document.documentElement.scrollWidth")
    assert scrolled <= width, f"at 390 px the page is {scrolled} px wide (wider than its {width} px)"
    page.save_screenshot(str(ARTIFACTS / "web-390.png"))
    page.set_window_size(1280, 900)
