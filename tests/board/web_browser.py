"""Headless Chromium driven by Selenium through Debian's chromium-driver, and the web companion
served by uvicorn on a free loopback port, for the real-browser test."""

from __future__ import annotations

import contextlib
import shutil
import socket
import subprocess
import threading
import time
from collections.abc import Iterator

import uvicorn
from selenium import webdriver
from selenium.webdriver.chrome.service import Service

from toolkit.games.board.web.hub import GameHub
from toolkit.games.board.web.server import build_app

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
    """Chromium and its driver, installed from Debian's packages when either is missing (the test
    does not skip: a browser test that skips proves nothing)."""
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
    """A fresh headless Chromium; the driver path is given, so Selenium Manager downloads nothing."""
    browser, driver = chromium_binaries()
    options = webdriver.ChromeOptions()
    options.binary_location = browser
    for flag in (*CHROMIUM_FLAGS, f"--window-size={width},{height}"):
        options.add_argument(flag)
    chrome = webdriver.Chrome(options=options, service=Service(executable_path=driver))
    try:
        yield chrome
    finally:
        chrome.quit()


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@contextlib.contextmanager
def served(hub: GameHub) -> Iterator[str]:
    """The companion on 127.0.0.1 in a thread, stopped (event streams cut) when the block ends."""
    port = free_port()
    config = uvicorn.Config(
        build_app(hub),
        host="127.0.0.1",
        port=port,
        log_level="warning",
        lifespan="off",
        timeout_graceful_shutdown=2,
    )
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 30
    while not server.started:
        if time.monotonic() > deadline or not thread.is_alive():
            raise RuntimeError("the web companion did not start")
        time.sleep(0.05)
    try:
        yield f"http://127.0.0.1:{port}/"
    finally:
        server.should_exit = True
        thread.join(timeout=15)
        if thread.is_alive():
            raise RuntimeError("the web companion did not stop")
