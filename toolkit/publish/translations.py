"""Translations of the hand-written pages: ``setup.pl.md`` beside ``setup.md`` is its Polish text.

A translation keeps its page's place, address and navigation entry; only its text differs. A page
without a translation into the build's language is shown in English with a note saying so.
"""

from __future__ import annotations

import re
from pathlib import Path

from toolkit.publish.messages import SOURCE_LANGUAGE

_TRANSLATION = re.compile(r"\.(?P<language>[a-z]{2,3}(?:-[A-Za-z0-9]{2,8})*)\.md$")


def is_translation(relative: str) -> bool:
    """Whether a docs-relative path is a translation (``rules/board/setup.pl.md``)."""
    return _TRANSLATION.search(relative) is not None


def translation_path(relative: str, language: str) -> str:
    """Where the translation of a docs-relative page into ``language`` lives."""
    return f"{relative.removesuffix('.md')}.{language}.md"


def translation_of(docs_dir: Path, relative: str, language: str) -> Path | None:
    """The translation of ``relative`` into ``language``, if there is one (English: the page)."""
    if language == SOURCE_LANGUAGE:
        return None
    path = docs_dir / translation_path(relative, language)
    return path if path.is_file() else None
