"""What counts as a failure: of a command (crash, traceback, internal error, over its bounds) and of
a built site (anything active that content put there).
"""

from __future__ import annotations

import html
import re
import signal
from collections.abc import Iterator
from html.parser import HTMLParser
from pathlib import Path

from tests.fuzz.sandbox import ESCAPED, Bounds, Outcome

_INTERNAL = re.compile(r"internal error")
_TRACEBACK = re.compile(r"Traceback \(most recent call last\)")
_INTERNAL_CODE = re.compile(r"\bBB0999\b")


def command_problems(outcome: Outcome, bounds: Bounds) -> list[str]:
    """Why this run of a command is a failure; empty when it ended the way huntkit promises."""
    problems: list[str] = []
    text = outcome.output
    if outcome.timed_out:
        problems.append(f"hang: still running after {bounds.wall_seconds:.0f} s of wall time (killed)")
    elif outcome.signal is not None:
        cpu_bound = outcome.signal == signal.SIGXCPU or outcome.cpu_seconds >= bounds.cpu_seconds
        name = "CPU-time bound" if cpu_bound else "a signal"
        problems.append(
            f"killed by {name} (signal {outcome.signal}) after {outcome.cpu_seconds:.1f} CPU seconds"
        )
    elif outcome.exit_code == ESCAPED:
        problems.append("an exception escaped the command line (traceback below)")
    elif outcome.exit_code not in (0, 1, 2):
        problems.append(f"exit code {outcome.exit_code} (huntkit promises 0, 1 or 2)")
    if "MemoryError" in text:
        problems.append(f"memory bound: a MemoryError within {bounds.memory_bytes / 2**20:.0f} MiB")
    elif _INTERNAL.search(text):
        problems.append("internal error: " + _line_of(text, _INTERNAL))
    if _INTERNAL_CODE.search(text):
        problems.append("internal-error diagnostic: " + _line_of(text, _INTERNAL_CODE))
    if _TRACEBACK.search(text) and outcome.exit_code != ESCAPED:
        problems.append("a traceback in the output")
    return problems


_RAW_CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")


def terminal_problems(outcome: Outcome) -> list[str]:
    """Control characters a terminal would act on (escapes, NUL, C1, bidi overrides) written raw.

    Not on by default: showing them escaped is issue 15's "terminal safety" finding, fixed on
    another branch; ``benchmarks/fuzz.py --check-terminal`` turns it on.
    """
    match = _RAW_CONTROL.search(outcome.output)
    if match is None:
        return []
    return [
        f"raw control character {match.group()!r} in the output: " + _line_of(outcome.output, _RAW_CONTROL)
    ]


def _line_of(text: str, pattern: re.Pattern[str]) -> str:
    match = pattern.search(text)
    if match is None:
        return ""
    start = text.rfind("\n", 0, match.start()) + 1
    end = text.find("\n", match.end())
    line = text[start : end if end != -1 else len(text)]
    return line if len(line) <= 300 else line[:300] + "..."


_THEME_SCRIPT = re.compile(r"^/?(?:\.\./)*assets/javascripts/[\w./-]+\.js$")
_SCOPE = re.compile(r'new URL\("[./]*",location\)')
_URL_ATTRIBUTES = frozenset({"href", "src", "action", "formaction", "xlink:href", "data", "poster", "srcdoc"})
_ACTIVE_SCHEMES = re.compile(r"^\s*(?:javascript|vbscript|data\s*:\s*text/html)\s*:?", re.IGNORECASE)
_FOREIGN_TAGS = frozenset({"iframe", "frame", "frameset", "object", "embed", "applet", "base", "form"})
_MERMAID_TAG = re.compile(r"<[A-Za-z!/?]")
_MERMAID_DIRECTIVE = re.compile(r"%%\{|^\s*click\s+\S+\s+(?:call|callback)\b", re.MULTILINE)
_MERMAID_CLICK = re.compile(r'^\s*click\s+\S+\s+href\s+"([^"]*)"', re.MULTILINE)


class _ActiveContent(HTMLParser):
    """Collects what in a page could run: scripts the theme did not put there, event-handler
    attributes, script URLs, embedding tags, and Mermaid sources that could make markup."""

    def __init__(self, theme_scripts: frozenset[str]) -> None:
        super().__init__(convert_charrefs=True)
        self.theme_scripts = theme_scripts
        self.found: list[str] = []
        self._script: list[str] | None = None
        self._mermaid: list[str] | None = None
        self._mermaid_depth = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = {name: value or "" for name, value in attrs}
        for name, value in values.items():
            if name.startswith("on"):
                self.found.append(f"event-handler attribute {name}= on <{tag}>")
            if name in _URL_ATTRIBUTES and _ACTIVE_SCHEMES.match(value):
                self.found.append(f"script URL in {name}= on <{tag}>: {value[:80]!r}")
        if tag in _FOREIGN_TAGS and not (tag == "form" and "md-search__form" in values.get("class", "")):
            self.found.append(f"<{tag}> element")
        if tag == "meta" and values.get("http-equiv", "").lower() == "refresh":
            self.found.append("<meta http-equiv=refresh>")
        if tag == "script":
            src = values.get("src")
            if src is not None and not _THEME_SCRIPT.match(src):
                self.found.append(f"<script src={src[:80]!r}> from outside the theme")
            elif src is None and values.get("type") != "application/json":
                self._script = []
        if self._mermaid is not None:
            self._mermaid_depth += 1
        elif "mermaid" in values.get("class", "").split():
            self._mermaid, self._mermaid_depth = [], 1

    def handle_endtag(self, tag: str) -> None:
        if tag == "script" and self._script is not None:
            body = _theme_form("".join(self._script))
            if body not in self.theme_scripts:
                self.found.append(f"inline <script> the theme does not write: {body[:80]!r}")
            self._script = None
        if self._mermaid is not None:
            self._mermaid_depth -= 1
            if self._mermaid_depth <= 0:
                self._check_mermaid("".join(self._mermaid))
                self._mermaid = None

    def handle_data(self, data: str) -> None:
        if self._script is not None:
            self._script.append(data)
        if self._mermaid is not None:
            self._mermaid.append(data)

    def _check_mermaid(self, source: str) -> None:
        """Mermaid reads the block's text (entities decoded) and draws labels as HTML."""
        if _MERMAID_TAG.search(source):
            self.found.append(f"markup inside a Mermaid graph: {_excerpt(source, _MERMAID_TAG)!r}")
        if _MERMAID_DIRECTIVE.search(source):
            self.found.append(f"a Mermaid directive or callback: {_excerpt(source, _MERMAID_DIRECTIVE)!r}")
        for match in _MERMAID_CLICK.finditer(source):
            if _ACTIVE_SCHEMES.match(html.unescape(match.group(1))):
                self.found.append(f"a Mermaid link to a script URL: {match.group(1)[:80]!r}")


def _excerpt(text: str, pattern: re.Pattern[str]) -> str:
    match = pattern.search(text)
    start = max(0, match.start() - 30) if match else 0
    return text[start : start + 100]


def _theme_form(script: str) -> str:
    """An inline script with the page's depth taken out (the theme's scripts differ only there)."""
    return _SCOPE.sub('new URL(".",location)', script.strip())


def theme_scripts(site: Path) -> frozenset[str]:
    """The inline scripts of the build's 404 page, which holds no content: the theme's own."""
    page = site / "404.html"
    text = page.read_text(encoding="utf-8") if page.is_file() else ""
    return frozenset(_theme_form(m.group(1)) for m in re.finditer(r"<script>(.*?)</script>", text, re.DOTALL))


def active_content(site: Path) -> Iterator[tuple[Path, str]]:
    """Every active thing in every page of a built site, with the page."""
    allowed = theme_scripts(site)
    for page in sorted(site.rglob("*.html")):
        checker = _ActiveContent(allowed)
        checker.feed(page.read_text(encoding="utf-8", errors="replace"))
        checker.close()
        for finding in checker.found:
            yield page.relative_to(site), finding
