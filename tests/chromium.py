"""Headless Chromium driven by Selenium through Debian's chromium-driver, for the browser tests (the
reference site, the web companion). Both packages are installed with apt-get when missing: a
browser test that skips proves nothing."""

from __future__ import annotations

import contextlib
import shutil
import subprocess
from collections.abc import Iterator

from selenium import webdriver
from selenium.webdriver.chrome.service import Service

CHROMIUM_FLAGS = (
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--no-first-run",
    "--disable-background-networking",
)


def _installed(*names: str) -> str | None:
    return next((found for name in names if (found := shutil.which(name))), None)


def chromium_binaries() -> tuple[str, str]:
    """Chromium and its driver, installed from Debian's packages when either is missing."""
    browser, driver = _installed("chromium", "chromium-browser"), _installed("chromedriver")
    if browser is None or driver is None:
        subprocess.run(["apt-get", "update"], check=True, capture_output=True)
        subprocess.run(
            ["apt-get", "install", "-y", "chromium", "chromium-driver"], check=True, capture_output=True
        )
        browser, driver = _installed("chromium", "chromium-browser"), _installed("chromedriver")
    if browser is None or driver is None:
        raise RuntimeError("chromium and chromium-driver are not installed and could not be installed")
    return browser, driver


@contextlib.contextmanager
def chromium(width: int = 1280, height: int = 900) -> Iterator[webdriver.Chrome]:
    """A fresh headless Chromium with its own profile, closed afterwards. The driver's path is
    given, so Selenium Manager downloads nothing; the console is kept for `console_errors`."""
    browser, driver = chromium_binaries()
    options = webdriver.ChromeOptions()
    options.binary_location = browser
    for flag in (*CHROMIUM_FLAGS, f"--window-size={width},{height}"):
        options.add_argument(flag)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    chrome = webdriver.Chrome(options=options, service=Service(executable_path=driver))
    try:
        yield chrome
    finally:
        chrome.quit()


def console_errors(chrome: webdriver.Chrome) -> list[str]:
    """The errors the page's console logged since the last call."""
    return [entry["message"] for entry in chrome.get_log("browser") if entry.get("level") == "SEVERE"]
