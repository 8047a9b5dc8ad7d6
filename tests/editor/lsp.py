"""A minimal Language Server Protocol client over stdio, enough to drive yaml-language-server."""

from __future__ import annotations

import json
import queue
import subprocess
import threading
import time
from typing import Any


class LspClient:
    """Sends requests and notifications; collects responses and server notifications."""

    def __init__(self, command: list[str]) -> None:
        self.process = subprocess.Popen(
            command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL
        )
        self.next_id = 0
        self.settings: dict[str, Any] = {}
        """What the client answers when the server asks for its configuration."""
        self.messages: queue.Queue[dict[str, Any]] = queue.Queue()
        self.reader = threading.Thread(target=self._read, daemon=True)
        self.reader.start()

    def _read(self) -> None:
        stream = self.process.stdout
        assert stream is not None
        while True:
            headers: dict[str, str] = {}
            while True:
                line = stream.readline()
                if not line:
                    return
                if line in (b"\r\n", b"\n"):
                    break
                name, _, value = line.decode().partition(":")
                headers[name.strip().lower()] = value.strip()
            body = stream.read(int(headers["content-length"]))
            self.messages.put(json.loads(body))

    def _send(self, payload: dict[str, Any]) -> None:
        data = json.dumps({"jsonrpc": "2.0", **payload}).encode()
        assert self.process.stdin is not None
        self.process.stdin.write(f"Content-Length: {len(data)}\r\n\r\n".encode() + data)
        self.process.stdin.flush()

    def notify(self, method: str, params: Any) -> None:
        self._send({"method": method, "params": params})

    def request(self, method: str, params: Any, timeout: float = 30) -> Any:
        self.next_id += 1
        request_id = self.next_id
        self._send({"id": request_id, "method": method, "params": params})
        message = self.wait_for(lambda m: m.get("id") == request_id and "method" not in m, timeout)
        return message.get("result")

    def wait_for(self, predicate: Any, timeout: float = 30) -> dict[str, Any]:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            try:
                message = self.messages.get(timeout=max(0.05, deadline - time.monotonic()))
            except queue.Empty:
                break
            if message.get("method") in ("workspace/configuration",) and "id" in message:
                # The server asks for settings; answer with ours for every item it asks about.
                self._send({"id": message["id"], "result": [self.settings] * len(message["params"]["items"])})
                continue
            if predicate(message):
                return message
        raise TimeoutError("the language server did not answer in time")

    def close(self) -> None:
        try:
            self.request("shutdown", None, timeout=5)
            self.notify("exit", None)
        except (TimeoutError, BrokenPipeError, OSError):
            pass
        self.process.kill()
        self.process.wait(timeout=10)
        for stream in (self.process.stdin, self.process.stdout):
            if stream is not None:
                stream.close()
        self.reader.join(timeout=5)
