"""Where each language of a site lives, and the language menu's links between them.

The first language of a build is at the site's root and every other one under ``<code>/``, so a
site built in English alone keeps the addresses it always had.
"""

from __future__ import annotations

from dataclasses import dataclass

from toolkit.publish.messages import language_name


@dataclass(frozen=True, slots=True)
class Alternate:
    """One entry of the language menu."""

    name: str
    """The language's name in itself (``Polski``)."""
    lang: str
    href: str
    """Relative to the page the menu is on."""


def root_of(language: str, languages: tuple[str, ...]) -> str:
    """A language's folder within the whole site: ``""`` for the first one, else ``code/``."""
    return "" if language == languages[0] else f"{language}/"


def root_link(current: str, target: str, languages: tuple[str, ...]) -> str:
    """From the root of ``current``'s build to the root of ``target``'s."""
    up = "" if current == languages[0] else "../"
    return up + root_of(target, languages) or "./"


def page_alternates(page_url: str, current: str, languages: tuple[str, ...]) -> list[Alternate]:
    """The menu of a page at ``page_url`` (MkDocs' URL, relative to its build's root): the same
    page in every language of the build, the current one included."""
    # "rules/board/setup/" is three folders below its root; "glossary.html" (no directory URLs) none
    to_root = "../" * page_url.count("/")
    found = []
    for language in languages:
        href = to_root + root_link(current, language, languages).removeprefix("./") + page_url
        found.append(Alternate(language_name(language), language, href or "./"))
    return found
