"""The site's own words (navigation, headings, labels, notes) in each language of a build.

The words are gettext message catalogues, ``toolkit/publish/locale/<language>.po``, keyed by the
English text; English needs no catalogue. A translator edits the PO file with any PO editor, and
``tests/site/test_site_languages.py`` fails when the generator asks for a word a catalogue lacks.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

from babel import Locale, UnknownLocaleError
from babel.messages.pofile import read_po

SOURCE_LANGUAGE = "en"
"""The language the site's words are written in (the msgids of the catalogues)."""

LOCALE_DIR = Path(__file__).resolve().parent / "locale"


def site_languages() -> tuple[str, ...]:
    """Languages the site has words for: English, then each catalogue's language."""
    found = sorted(path.stem for path in LOCALE_DIR.glob("*.po"))
    return (SOURCE_LANGUAGE, *(code for code in found if code != SOURCE_LANGUAGE))


@cache
def _catalogue(language: str) -> dict[str, str]:
    if language == SOURCE_LANGUAGE:
        return {}
    with (LOCALE_DIR / f"{language}.po").open("rb") as handle:
        catalogue = read_po(handle, locale=language)
    # An untranslated or fuzzy entry is not a translation: the word stays missing (and the test
    # that builds every language says which).
    return {
        str(message.id): str(message.string)
        for message in catalogue
        if message.id and message.string and not message.fuzzy and isinstance(message.id, str)
    }


@dataclass(slots=True)
class Words:
    """The site's words in one language; calling it translates one English text."""

    language: str
    missing: set[str] = field(default_factory=set)
    """English texts asked for that the catalogue lacks (shown in English)."""

    def __call__(self, text: str) -> str:
        if self.language == SOURCE_LANGUAGE:
            return text
        translated = _catalogue(self.language).get(text)
        if translated is None:
            self.missing.add(text)
            return text
        return translated


@cache
def words(language: str) -> Words:
    """The words of ``language`` (one shared instance per language, so misses are collected)."""
    return Words(language)


def language_name(language: str, in_language: str | None = None) -> str:
    """``language``'s name in ``in_language`` (default: in itself), as a language menu shows it."""
    try:
        locale = Locale.parse(in_language or language)
        name = locale.languages.get(language) or language
    except (UnknownLocaleError, ValueError):
        return language
    return name[:1].upper() + name[1:] if in_language is None else name
