"""A headless Chromium driven over the DevTools protocol, and a static server for the built site.

Only what the browser test needs: navigate, evaluate, collect console errors, pierce shadow roots
(Material draws Mermaid diagrams into a closed one), type, and take screenshots.
"""

from __future__ import annotations

import base64
import contextlib
import functools
import http.server
import json
import os
import shutil
import signal
import subprocess
import tempfile
import threading
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import websocket

CHROMIUM_FLAGS = (
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--remote-allow-origins=*",
    "--remote-debugging-port=0",
    "--window-size=1280,900",
)
TIMEOUT = 60.0


def chromium_path() -> str:
    """The Chromium binary, installed from Debian's packages when it is missing."""
    for name in ("chromium", "chromium-browser"):
        found = shutil.which(name)
        if found:
            return found
    subprocess.run(["apt-get", "update"], check=True, capture_output=True)
    subprocess.run(["apt-get", "install", "-y", "chromium"], check=True, capture_output=True)
    found = shutil.which("chromium")
    if found is None:
        raise RuntimeError("chromium is not installed and could not be installed")
    return found


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


class Browser:
    """One Chromium page over a DevTools websocket."""

    def __init__(self, socket: websocket.WebSocket) -> None:
        self.socket = socket
        self.next_id = 0
        self.events: list[dict[str, Any]] = []

    def call(self, method: str, **params: Any) -> dict[str, Any]:
        self.next_id += 1
        message_id = self.next_id
        self.socket.send(json.dumps({"id": message_id, "method": method, "params": params}))
        deadline = time.monotonic() + TIMEOUT
        while time.monotonic() < deadline:
            message = json.loads(self.socket.recv())
            if message.get("id") == message_id:
                if "error" in message:
                    raise RuntimeError(f"{method}: {message['error']}")
                result: dict[str, Any] = message.get("result", {})
                return result
            self.events.append(message)
        raise TimeoutError(method)

    def wait_for_event(self, method: str) -> dict[str, Any]:
        deadline = time.monotonic() + TIMEOUT
        while time.monotonic() < deadline:
            message = json.loads(self.socket.recv())
            self.events.append(message)
            if message.get("method") == method:
                return message
        raise TimeoutError(method)

    def open(self, url: str) -> None:
        start = len(self.events)
        self.call("Page.navigate", url=url)
        # The load event may arrive while the navigate call is still waiting for its answer.
        if any(e.get("method") == "Page.loadEventFired" for e in self.events[start:]):
            return
        self.wait_for_event("Page.loadEventFired")

    def evaluate(self, expression: str) -> Any:
        result = self.call("Runtime.evaluate", expression=expression, returnByValue=True)
        return result.get("result", {}).get("value")

    def wait_until(self, expression: str, what: str) -> Any:
        deadline = time.monotonic() + TIMEOUT
        while time.monotonic() < deadline:
            value = self.evaluate(expression)
            if value:
                return value
            time.sleep(0.2)
        raise TimeoutError(f"waiting for {what}")

    def dom(self) -> dict[str, Any]:
        """The whole DOM, shadow roots included (even closed ones)."""
        root: dict[str, Any] = self.call("DOM.getDocument", depth=-1, pierce=True)["root"]
        return root

    def screenshot(self, path: Path) -> None:
        data = self.call("Page.captureScreenshot", format="png")["data"]
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(base64.b64decode(data))

    def console_errors(self) -> list[str]:
        """Console errors, uncaught exceptions and failed loads seen so far."""
        errors = []
        for event in self.events:
            method, params = event.get("method"), event.get("params", {})
            if method == "Runtime.consoleAPICalled" and params.get("type") in ("error", "assert"):
                errors.append(" ".join(str(a.get("value", a.get("description"))) for a in params["args"]))
            elif method == "Runtime.exceptionThrown":
                errors.append(str(params.get("exceptionDetails", {}).get("text")))
            elif method == "Log.entryAdded" and params.get("entry", {}).get("level") == "error":
                entry = params["entry"]
                errors.append(f"{entry.get('text')} {entry.get('url', '')}")
        return errors


@contextlib.contextmanager
def chromium() -> Iterator[Browser]:
    """A fresh headless Chromium with its own profile, closed afterwards."""
    binary = chromium_path()
    profile = tempfile.mkdtemp(prefix="huntkit-chromium-")
    # Its own session, so that closing it reaches the renderer, GPU and crash-handler children too:
    # any of them left running keeps writing into the profile while it is being removed.
    process = subprocess.Popen(
        [binary, *CHROMIUM_FLAGS, f"--user-data-dir={profile}", "about:blank"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,
    )
    try:
        port = _devtools_port(Path(profile))
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/json/list", timeout=10) as reply:
            targets = json.load(reply)
        page = next(t for t in targets if t.get("type") == "page")
        socket = websocket.create_connection(page["webSocketDebuggerUrl"], timeout=TIMEOUT)
        try:
            browser = Browser(socket)
            for domain in ("Page", "Runtime", "Log", "DOM"):
                browser.call(f"{domain}.enable")
            yield browser
        finally:
            socket.close()
    finally:
        _close(process)
        _remove_profile(Path(profile))


def _close(process: subprocess.Popen[bytes]) -> None:
    """End Chromium and every process it started, waiting for the main one to exit."""
    for sig in (signal.SIGTERM, signal.SIGKILL):
        with contextlib.suppress(ProcessLookupError):
            os.killpg(process.pid, sig)
        try:
            process.wait(timeout=10)
            break
        except subprocess.TimeoutExpired:
            continue
    # The children may outlive the main process by a moment; give the group time to go.
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        try:
            os.killpg(process.pid, 0)
        except ProcessLookupError:
            return
        time.sleep(0.1)
    with contextlib.suppress(ProcessLookupError):
        os.killpg(process.pid, signal.SIGKILL)


def _remove_profile(profile: Path) -> None:
    """Remove the throwaway profile; a straggler's late write only delays it, it never fails the test."""
    for _ in range(20):
        shutil.rmtree(profile, ignore_errors=True)
        if not profile.exists():
            return
        time.sleep(0.25)


def _devtools_port(profile: Path) -> int:
    marker = profile / "DevToolsActivePort"
    deadline = time.monotonic() + TIMEOUT
    while time.monotonic() < deadline:
        if marker.is_file():
            lines = marker.read_text().splitlines()
            if lines and lines[0].isdigit():
                return int(lines[0])
        time.sleep(0.1)
    raise TimeoutError("Chromium did not open its DevTools port")


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
