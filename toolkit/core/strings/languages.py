"""Which languages a pack can be shown or translated in, and why not when it cannot."""

from __future__ import annotations

import re

from toolkit.core.index import Pack
from toolkit.core.model import LANGUAGE_PATTERN
from toolkit.core.strings.catalogue import program_languages
from toolkit.core.strings.texts import source_language


def language_problem(pack: Pack, language: str, *, translating: bool = False) -> str | None:
    """Why ``pack`` cannot be shown in ``language`` (or, ``translating``, translated into it)."""
    if not re.fullmatch(LANGUAGE_PATTERN, language):
        return f"{language!r} is not a language code; give one like `en`, `pl` or `pt-BR`"
    declared = pack.languages
    source = source_language(pack)
    if language == source:
        if translating:
            return f"{language!r} is the pack's source language (its first in `languages`); name another"
        return None
    if not declared:
        return (
            f"the pack {pack.id!r} declares no languages, so its texts are in {source} only; "
            f"add `languages: [{source}, {language}]` to its pack.yaml to translate it"
        )
    if language not in declared:
        return (
            f"the pack {pack.id!r} does not declare the language {language!r} (it declares "
            f"{', '.join(declared)}); add it to `languages` in pack.yaml first"
        )
    return None


def program_words_note(language: str) -> str | None:
    """A warning when huntkit's own words have no catalogue in ``language`` (they stay English)."""
    if language in program_languages():
        return None
    return (
        f"huntkit's own words are not translated into {language} (there are catalogues for "
        f"{', '.join(program_languages())}); the pack's texts are in {language}, huntkit's in English"
    )
