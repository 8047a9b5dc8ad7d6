"""Generated pages and the navigation tree they hang in."""

from __future__ import annotations

import html
import posixpath
from collections.abc import Iterator
from dataclasses import dataclass, field

NavItem = str | dict[str, "list[NavItem] | str"]
"""An entry of MkDocs' ``nav``: a page path, or ``{title: path}`` / ``{title: [children]}``."""


def nav_title(title: str) -> str:
    """A content title made safe for the theme, which prints nav titles as raw HTML and puts them
    through ``striptags`` (which unescapes entities) in ``<title>``: angle brackets become look-alike
    quotation marks, so no round of unescaping can turn the title into a tag."""
    return html.escape(title.replace("<", "\u2039").replace(">", "\u203a"))


@dataclass(frozen=True, slots=True)
class Page:
    """One generated Markdown page, at ``path`` relative to the docs folder."""

    path: str
    title: str
    markdown: str


@dataclass(slots=True)
class NavSection:
    """A titled branch of the navigation; children keep the order they were added in."""

    title: str
    index: str | None = None
    """The page shown when the section itself is clicked (Material's ``navigation.indexes``)."""

    children: list[NavSection | tuple[str, str]] = field(default_factory=list)

    key: str = ""
    """Identifies the section among its siblings (two packs may share a title); default: title."""

    def section(self, title: str, key: str | None = None) -> NavSection:
        """The child section with ``key`` (default: ``title``), created on first use."""
        wanted = key if key is not None else title
        for child in self.children:
            if isinstance(child, NavSection) and (child.key or child.title) == wanted:
                return child
        created = NavSection(title, key=wanted)
        self.children.append(created)
        return created

    def add(self, title: str, path: str) -> None:
        self.children.append((title, path))

    def to_nav(self) -> list[NavItem]:
        """MkDocs' ``nav``, with every title made safe by :func:`nav_title`."""
        # The index page gets its title here too: MkDocs would otherwise take it from the page's
        # first heading and print it unescaped in <title>.
        items: list[NavItem] = [{nav_title(self.title): self.index}] if self.index else []
        for child in self.children:
            if isinstance(child, NavSection):
                items.append({nav_title(child.title): child.to_nav()})
            else:
                items.append({nav_title(child[0]): child[1]})
        return items


@dataclass(slots=True)
class PageSet:
    """Every generated page by path; adding two pages at one path is a generator bug."""

    pages: dict[str, Page] = field(default_factory=dict)

    def add(self, page: Page) -> Page:
        if page.path in self.pages:
            raise ValueError(f"two generated pages at {page.path}")
        self.pages[page.path] = page
        return page

    def __iter__(self) -> Iterator[Page]:
        return iter(self.pages.values())

    def __len__(self) -> int:
        return len(self.pages)

    def __contains__(self, path: object) -> bool:
        return path in self.pages


def relative(from_page: str, to_page: str, anchor: str = "") -> str:
    """A Markdown link target from one docs-relative page path to another (MkDocs resolves it)."""
    target = posixpath.relpath(to_page, posixpath.dirname(from_page) or ".")
    return f"{target}#{anchor}" if anchor else target
