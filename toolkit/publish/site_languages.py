"""Which languages a site is built in when the command line names none: those the packs declare."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import yaml

from toolkit.core.files import InputTooLarge, read_text_bounded
from toolkit.publish.messages import SOURCE_LANGUAGE, site_languages

MAX_MANIFEST_BYTES = 1024 * 1024
"""A pack.yaml is a few hundred bytes; validation reports a larger one, this only skips it."""


@dataclass(frozen=True, slots=True)
class SiteLanguages:
    languages: tuple[str, ...]
    """To build, in the order the packs declare them (the first pack's first language first)."""
    skipped: tuple[str, ...] = ()
    """Declared, but the site has no words in them (no catalogue): not built."""


def declared_languages(packs: tuple[Path, ...]) -> list[str]:
    """The languages the packs' manifests declare, each once, in the order met.

    A manifest that cannot be read declares nothing here: validation, which runs next, reports it.
    """
    from toolkit.core.packs import PACK_FILE, builtin_content_root
    from toolkit.core.pipeline import UsageError, resolve_targets

    try:
        sources, _ = resolve_targets(packs or (builtin_content_root(),))
    except UsageError:
        return []
    found: list[str] = []
    for source in sources:
        try:
            manifest = yaml.safe_load(read_text_bounded(source.root / PACK_FILE, MAX_MANIFEST_BYTES))
        except (OSError, UnicodeDecodeError, yaml.YAMLError, InputTooLarge):
            continue
        languages = manifest.get("languages") if isinstance(manifest, dict) else None
        for code in languages if isinstance(languages, list) else []:
            if isinstance(code, str) and code not in found:
                found.append(code)
    return found


def site_languages_for(packs: tuple[Path, ...]) -> SiteLanguages:
    """The languages of the packs the site has words for; English when there are none."""
    declared = declared_languages(packs)
    known = site_languages()
    languages = tuple(code for code in declared if code in known)
    skipped = tuple(code for code in declared if code not in known)
    return SiteLanguages(languages or (SOURCE_LANGUAGE,), skipped)
