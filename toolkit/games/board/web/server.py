"""The Starlette app over one :class:`GameHub`, and `huntkit play PACK --web` serving it with uvicorn.

Starlette and uvicorn: a small, well-kept ASGI stack with server-sent events as plain streaming
responses, form parsing, static files and an in-process test client; nothing else is needed.
Forms post and redirect, so the pages work without JavaScript; the script only makes them live.
"""

from __future__ import annotations

import asyncio
import contextlib
import sys
from collections.abc import AsyncIterator
from pathlib import Path
from typing import TextIO
from urllib.parse import parse_qsl, urlsplit

from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import HTMLResponse, RedirectResponse, Response, StreamingResponse
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles
from starlette.types import ASGIApp, Receive, Scope, Send

from toolkit.core.strings.catalogue import _, speaking
from toolkit.games.board.web import pages
from toolkit.games.board.web.actions import ActionError, line_of
from toolkit.games.board.web.hub import GameHub

STATIC = Path(__file__).with_name("static")
KEEPALIVE_SECONDS = 15.0
"""A comment line this often keeps proxies and phones from closing a quiet event stream."""

MAX_FORM_BYTES = 8_192
"""Largest form accepted: a report is a few short fields."""

MAX_FIELDS = 20

HEADERS = {
    "Cache-Control": "no-store",
    # Our own script and style only; content text can never run as script even if escaping failed.
    "Content-Security-Policy": "default-src 'self'; img-src 'self' data:; frame-ancestors 'none'",
    "X-Content-Type-Options": "nosniff",
}


def build_app(hub: GameHub) -> Starlette:
    async def home(request: Request) -> Response:
        if hub.session is None:
            return _html(pages.start_page(hub))
        return _html(pages.game_page(hub))

    async def fragment(request: Request) -> Response:
        return _html(pages.game_fragment(hub), version=hub.version)

    async def start(request: Request) -> Response:
        if _cross_site(request):
            return _html(pages.start_page(hub, _("Reports come from this game's own pages.")), status=403)
        form = await _form(request)
        if form is None:
            return _html(pages.start_page(hub, _("That form is too large.")), status=413)
        hunters, chapter = form.get("hunters", ""), form.get("chapter", "1")
        if hunters not in ("1", "2", "3", "4"):
            return _html(
                pages.start_page(hub, _("Say how many hunters are at the table (1 to 4).")), status=400
            )
        if not chapter.isdigit() or len(chapter) > 3:
            return _html(pages.start_page(hub, _("Choose a chapter.")), status=400)
        if hub.session is not None:
            return RedirectResponse("/", status_code=303)  # another page began the game first
        problem = hub.start(form.get("campaign") or None, int(chapter), int(hunters))
        if problem is not None:
            return _html(pages.start_page(hub, problem), status=400)
        return RedirectResponse("/", status_code=303)

    async def report(request: Request) -> Response:
        if _cross_site(request):
            return _html(pages.game_page(hub, _("Reports come from this game's own pages.")), status=403)
        form = await _form(request)
        problem: str | None = None
        if hub.session is None:
            return RedirectResponse("/", status_code=303)
        if form is None:
            problem = _("That form is too large.")
        else:
            try:
                hub.report(line_of(form))
            except ActionError as error:
                problem = _("Not applied: {reason}.").format(reason=error)
        if request.headers.get("x-requested-with") == "fetch":
            return _html(pages.game_fragment(hub, problem), version=hub.version)
        if problem is not None:
            return _html(pages.game_page(hub, problem), status=400)
        return RedirectResponse("/", status_code=303)

    async def events(request: Request) -> Response:
        queue: asyncio.Queue[int] = asyncio.Queue()
        hub.listeners.add(queue)

        async def stream() -> AsyncIterator[str]:
            try:
                yield f"retry: 2000\nevent: state\ndata: {hub.version}\n\n"
                while True:
                    try:
                        version = await asyncio.wait_for(queue.get(), KEEPALIVE_SECONDS)
                    except TimeoutError:
                        yield ": keepalive\n\n"
                        continue
                    yield f"event: state\ndata: {version}\n\n"
            finally:
                hub.listeners.discard(queue)

        return StreamingResponse(stream(), media_type="text/event-stream", headers=HEADERS)

    routes = [
        Route("/", home),
        Route("/fragment", fragment),
        Route("/start", start, methods=["POST"]),
        Route("/report", report, methods=["POST"]),
        Route("/events", events),
        Mount("/static", StaticFiles(directory=STATIC), name="static"),
    ]
    return Starlette(routes=routes, middleware=[Middleware(Speaking, hub=hub)])


class Speaking:
    """Every request is answered in the hub's language: huntkit's words are a context variable,
    and the server's tasks do not inherit the one `play --lang` set around starting it."""

    def __init__(self, app: ASGIApp, hub: GameHub) -> None:
        self.app = app
        self.hub = hub

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        with speaking(self.hub.language):
            await self.app(scope, receive, send)


def _html(text: str, *, status: int = 200, version: int | None = None) -> HTMLResponse:
    headers = dict(HEADERS)
    if version is not None:
        headers["X-Game-Version"] = str(version)
    return HTMLResponse(text, status_code=status, headers=headers)


def _cross_site(request: Request) -> bool:
    """A post sent by another site's page (a browser names its origin): refused, so a page on the
    web cannot report into the table's game through the player's browser."""
    origin = request.headers.get("origin")
    if origin is None:
        return False
    return urlsplit(origin).netloc != request.headers.get("host", "")


async def _form(request: Request) -> dict[str, str] | None:
    """The posted fields, or None when the body is larger than any report.

    Pages post URL-encoded forms only (no files), read here with the standard library rather than a
    multipart parser the app has no use for. A repeated field keeps its first value.
    """
    length = request.headers.get("content-length", "")
    if length.isdigit() and int(length) > MAX_FORM_BYTES:
        return None
    body = b""
    async for chunk in request.stream():
        body += chunk
        if len(body) > MAX_FORM_BYTES:
            return None
    try:
        pairs = parse_qsl(body.decode("utf-8"), keep_blank_values=True, max_num_fields=MAX_FIELDS)
    except (UnicodeDecodeError, ValueError):
        return {}
    form: dict[str, str] = {}
    for key, value in pairs:
        form.setdefault(key, value)
    return form


def serve(hub: GameHub, host: str, port: int) -> int:
    """Serve until Ctrl-C; 0 then, 2 when the address cannot be bound."""
    import uvicorn

    config = uvicorn.Config(build_app(hub), host=host, port=port, log_level="warning", lifespan="off")
    server = uvicorn.Server(config)
    announce(host, port, sys.stdout)
    try:
        server.run()
    except (OSError, SystemExit) as error:
        print(f"error: cannot serve on {host}:{port}: {error}", file=sys.stderr)
        return 2
    return 0


LOOPBACK = ("127.0.0.1", "localhost", "::1")


def page_url(host: str, port: int) -> str:
    """The address to open: for a wildcard host (0.0.0.0), this machine's address on its network."""
    if host in ("0.0.0.0", "::", ""):
        host = _network_address() or "127.0.0.1"
    shown = f"[{host}]" if ":" in host else host
    return f"http://{shown}:{port}/"


def _network_address() -> str | None:
    """The address other devices reach this one at: the source address of a route outwards (a UDP
    "connection" sends nothing)."""
    import socket

    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            probe.connect(("10.255.255.255", 1))
            return str(probe.getsockname()[0])
        except OSError:
            return None


def announce(host: str, port: int, out: TextIO) -> None:
    """Say where the game is served; for another device (not loopback), a QR code of the address too."""
    url = page_url(host, port)
    print(f"The hunt is served at {url} (Ctrl-C to stop).", file=out, flush=True)
    if host in LOOPBACK:
        return
    print("Anyone on this network can open it and report for the table. Scan to open it:", file=out)
    import segno

    # A console without block characters gets no code; the address above is enough.
    with contextlib.suppress(UnicodeEncodeError):
        segno.make(url, micro=False).terminal(out=out, compact=True)
    out.flush()
