"""Content texts (``{en: ..., pl: ...}``) in the language of the page being written.

A page that shows any text in another language than its own says so (:func:`fallback_note`). The
page being written is held in a context variable rather than passed to every renderer: the renderers
call :func:`localized` wherever they show a text, and their signatures stay as they are.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field

from toolkit.core.model import Text, text_in
from toolkit.publish.messages import SOURCE_LANGUAGE, language_name, words


@dataclass(slots=True)
class PageLanguage:
    """The language a page is written in and the languages its texts fell back to."""

    language: str
    primary: str
    """The first language the pack shown declares: its plain strings are in it, and it is the
    fallback of a text that lacks the page's language."""

    fallbacks: set[str] = field(default_factory=set)


_page: ContextVar[PageLanguage | None] = ContextVar("huntkit_page_language", default=None)


def text_for(text: Text | None, language: str, primary: str = SOURCE_LANGUAGE) -> tuple[str, str]:
    """``text`` in ``language`` if it has it, else in ``primary``, else in any; with the language
    actually shown."""
    if text is None:
        return "", language
    if isinstance(text, str):
        return text, primary
    if text.get(language):
        return text[language], language
    if text.get(primary):
        return text[primary], primary
    shown = text_in(text)
    return shown, next((code for code, value in text.items() if value == shown), primary)


@contextmanager
def writing_page(language: str, primary: str, declared: bool = True) -> Iterator[PageLanguage]:
    """Record, while a page is rendered, the languages its texts fell back to.

    ``declared``: whether the pack shown declares ``language``. One that does not is written in its
    first language throughout, whatever the page shows.
    """
    page = PageLanguage(language, primary)
    if not declared and language != primary:
        page.fallbacks.add(primary)
    token = _page.set(page)
    try:
        yield page
    finally:
        _page.reset(token)


def localized(text: Text | None) -> str:
    """``text`` in the language of the page being written (English outside a page)."""
    page = _page.get()
    if page is None:
        return text_in(text)
    shown, language = text_for(text, page.language, page.primary)
    # Only a mapping counts: renderers pass plain strings that are not texts at all (speeds, ids,
    # directions), and a plain string where a pack declares translations is a validation warning.
    if isinstance(text, dict) and shown and language != page.language:
        page.fallbacks.add(language)
    return shown


def fallback_note(page: PageLanguage) -> str:
    """A visible note at the top of a page whose texts are partly in another language, or ``""``."""
    if not page.fallbacks:
        return ""
    return note(page.language, sorted(page.fallbacks))


def note(language: str, shown: list[str]) -> str:
    """The Markdown admonition saying that the page's text is partly shown in ``shown``."""
    say = words(language)
    names = ", ".join(language_name(code, language) for code in shown)
    body = say("Part of this page has no translation into {language}; it is shown in: {shown}.")
    return (
        f'!!! note hk-untranslated "{say("Not translated")}"\n\n'
        f"    {body.format(language=language_name(language, language), shown=names)}\n\n"
    )
