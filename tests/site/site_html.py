"""Reading the built site's HTML in tests: links, scripts, event handlers, Mermaid sources."""

from __future__ import annotations

import html
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urlsplit


class PageScan(HTMLParser):
    """Collects what the safety and link tests look at in one HTML page."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.links: list[str] = []
        self.ids: set[str] = set()
        self.scripts: list[tuple[dict[str, str | None], str]] = []
        self.handlers: list[tuple[str, str]] = []
        self.mermaid: list[str] = []
        self._in_script: dict[str, str | None] | None = None
        self._in_mermaid = False
        self._text: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = dict(attrs)
        for name, value in attrs:
            if name.startswith("on"):
                self.handlers.append((tag, name))
            if name in ("href", "src", "xlink:href") and value is not None:
                self.links.append(value)
            if name in ("id", "name") and value:
                self.ids.add(value)
        if tag == "script":
            self._in_script, self._text = values, []
        if tag == "pre" and "mermaid" in (values.get("class") or ""):
            self._in_mermaid, self._text = True, []

    def handle_endtag(self, tag: str) -> None:
        if tag == "script" and self._in_script is not None:
            self.scripts.append((self._in_script, "".join(self._text)))
            self._in_script = None
        if tag == "pre" and self._in_mermaid:
            self.mermaid.append("".join(self._text))
            self._in_mermaid = False

    def handle_data(self, data: str) -> None:
        if self._in_script is not None or self._in_mermaid:
            self._text.append(data)


def scan(path: Path) -> PageScan:
    parser = PageScan()
    parser.feed(path.read_text(encoding="utf-8"))
    parser.close()
    return parser


def internal_target(site: Path, page: Path, link: str) -> Path | None:
    """The file an internal link points at, or ``None`` for external and in-page links."""
    parts = urlsplit(html.unescape(link))
    if parts.scheme or parts.netloc or not parts.path:
        return None
    base = site if parts.path.startswith("/") else page.parent
    target = (base / unquote(parts.path.lstrip("/"))).resolve()
    return target / "index.html" if parts.path.endswith("/") or target.is_dir() else target
