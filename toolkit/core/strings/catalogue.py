"""huntkit's own words (the companion's prompts, goal wording, report headings) in the language asked.

The catalogues are gettext PO files in ``toolkit/locale/<language>/LC_MESSAGES/huntkit.po``, shipped
inside the package. They are compiled in memory on first use (Babel reads the PO, writes the MO into
a buffer, Python's :mod:`gettext` reads that), so an editable install (`pip install -e`) or a wheel
works with no build step, and a translator edits one text file.

The language is a context variable set around one command (:func:`speaking`): the words live deep in
the interpreter, the wording and the renderers, and threading a translator through every call would
change functions other commands call. Outside :func:`speaking`, :func:`_` gives the English as written.
"""

from __future__ import annotations

import gettext
import io
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from functools import cache
from pathlib import Path

from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

LOCALE_DIR = Path(__file__).resolve().parent.parent.parent / "locale"
DOMAIN = "huntkit"
SOURCE_LANGUAGE = "en"
"""The language huntkit's words are written in; it needs no catalogue."""

_ENGLISH = gettext.NullTranslations()
_current: ContextVar[gettext.NullTranslations] = ContextVar("huntkit_language", default=_ENGLISH)


def catalogue_path(language: str) -> Path:
    return LOCALE_DIR / language.replace("-", "_") / "LC_MESSAGES" / f"{DOMAIN}.po"


def program_languages() -> tuple[str, ...]:
    """The languages huntkit's own words are available in (English first)."""
    found = sorted(
        p.parent.parent.name.replace("_", "-") for p in LOCALE_DIR.glob(f"*/LC_MESSAGES/{DOMAIN}.po")
    )
    return (SOURCE_LANGUAGE, *found)


@cache
def translations(language: str) -> gettext.NullTranslations:
    """The catalogue of ``language``; English (the words as written) when there is none."""
    path = catalogue_path(language)
    if language == SOURCE_LANGUAGE or not path.is_file():
        return _ENGLISH
    with path.open("rb") as po:
        catalog = read_po(po, locale=language.replace("-", "_"))
    buffer = io.BytesIO()
    write_mo(buffer, catalog, use_fuzzy=False)
    buffer.seek(0)
    return gettext.GNUTranslations(buffer)


@contextmanager
def speaking(language: str | None) -> Iterator[None]:
    """huntkit's words in ``language`` inside the block (``None``: English)."""
    token = _current.set(translations(language) if language else _ENGLISH)
    try:
        yield
    finally:
        _current.reset(token)


def _(message: str) -> str:
    """``message`` in the language being spoken (gettext's conventional name, which extractors know)."""
    return _current.get().gettext(message)


def N_(message: str) -> str:  # gettext's conventional name, which extractors know
    """Marks a word for the catalogue that is translated later, by value (``_(status)``)."""
    return message
