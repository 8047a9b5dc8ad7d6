"""A static server for the built site, and reading a page's whole DOM through shadow roots.

Material draws Mermaid diagrams into a closed shadow root, which WebDriver cannot enter; the DOM is
read through Chromium's DevTools ``DOM.getDocument`` with ``pierce`` (Selenium's
``execute_cdp_cmd``), and these helpers walk it.
"""

from __future__ import annotations

import contextlib
import functools
import http.server
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from selenium import webdriver


class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: Any) -> None:
        pass


@contextlib.contextmanager
def serve(folder: Path) -> Iterator[str]:
    """Serve ``folder`` on a free localhost port; yields the base URL."""
    handler = functools.partial(_QuietHandler, directory=str(folder))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()


def dom(browser: webdriver.Chrome) -> dict[str, Any]:
    """The whole DOM, shadow roots included (even closed ones)."""
    root: dict[str, Any] = browser.execute_cdp_cmd("DOM.getDocument", {"depth": -1, "pierce": True})["root"]
    return root


def find_nodes(node: dict[str, Any], name: str) -> Iterator[dict[str, Any]]:
    """Every node named ``name`` (lower case) in a DOM tree, through shadow roots."""
    if str(node.get("nodeName", "")).lower() == name:
        yield node
    for key in ("children", "shadowRoots"):
        for child in node.get(key, []) or []:
            yield from find_nodes(child, name)
    if "contentDocument" in node:
        yield from find_nodes(node["contentDocument"], name)


def attributes(node: dict[str, Any]) -> dict[str, str]:
    values = node.get("attributes", [])
    return dict(zip(values[::2], values[1::2], strict=True))


def text_of(node: dict[str, Any]) -> str:
    parts = [str(node.get("nodeValue", ""))] if node.get("nodeType") == 3 else []
    for key in ("children", "shadowRoots"):
        for child in node.get(key, []) or []:
            parts.append(text_of(child))
    return "".join(parts)
