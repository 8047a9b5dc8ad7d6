"""Gettext PO files of a pack's texts, read and written with Babel's catalogue (``babel.messages``).

Babel rather than a hand-written format: PO has escapes, line folding, plural and fuzzy flags and a
header that translation platforms (Weblate, Crowdin, Poedit) check; Babel reads and writes all of it,
keeps ``msgctxt`` and reference comments, and is a maintained Pallets-adjacent project the site's
theme (mkdocs-material) already installs. The id of a text is its ``msgctxt``; ``msgid`` is the text
in the pack's first language; the ``#:`` reference is where it is written, for the translator.
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from babel.core import Locale, UnknownLocaleError
from babel.messages.catalog import Catalog
from babel.messages.pofile import PoFileError, read_po, write_po

from toolkit.core.index import Pack
from toolkit.core.strings.texts import PackText, source_language

PO_WIDTH = 100
"""Line width of the PO file, as the content files' own lines."""

HEADER = "# Texts of the huntkit pack {pack} in {language}, exported by `huntkit strings export`.\n"
"""The first header line; `strings import` checks the pack named there."""


class PoReadError(ValueError):
    """A PO file that cannot be read as PO (its line, when Babel knows it, is in the message)."""


@dataclass(frozen=True, slots=True)
class Entry:
    """One message of a PO file, as `strings import` needs it."""

    context: str | None
    source: str
    translation: str
    line: int
    fuzzy: bool


@dataclass(frozen=True, slots=True)
class PoFile:
    """What a PO file holds: its language, the pack its header names, and its entries."""

    language: str | None
    pack: str | None
    entries: tuple[Entry, ...]


def _locale(language: str) -> Locale | None:
    try:
        return Locale.parse(language.replace("-", "_"))
    except (UnknownLocaleError, ValueError):
        return None  # a language Babel has no data for: the PO has no Language header then


def render_po(pack: Pack, texts: Sequence[PackText], language: str) -> bytes:
    """The PO file of ``texts`` for translating into ``language``, translations already made filled in."""
    source = source_language(pack)
    catalog = Catalog(
        locale=_locale(language),
        project=pack.id,
        version=pack.manifest.version if pack.manifest is not None else None,
        header_comment=HEADER.format(pack=pack.id, language=language)
        + f"# Source language: {source}. Each msgctxt is a text's id: leave it as it is.\n",
        fuzzy=False,
    )
    for text in texts:
        original = text.in_language(source, source)
        if original is None:
            continue
        where = text.file.relative_to(pack.root).as_posix()
        catalog.add(
            original,
            text.in_language(language, source) or "",
            locations=[(where, text.line)],
            context=text.context,
        )
    buffer = io.BytesIO()
    write_po(buffer, catalog, width=PO_WIDTH, omit_header=False, sort_output=False)
    return buffer.getvalue()


def read_po_file(path: Path, data: bytes) -> PoFile:
    """Parse a PO file's bytes, or raise :class:`PoReadError` saying what is wrong."""
    try:
        catalog = read_po(io.BytesIO(data), abort_invalid=True)
    except (PoFileError, UnicodeDecodeError, ValueError) as error:
        raise PoReadError(f"{path} is not a readable PO file: {error}") from error
    entries = tuple(
        Entry(
            context=message.context,
            source=str(message.id),
            translation=message.string if isinstance(message.string, str) else "",
            line=message.lineno or 0,
            fuzzy=message.fuzzy,
        )
        for message in catalog
        if message.id  # the header
    )
    language = str(catalog.locale).replace("_", "-") if catalog.locale is not None else None
    return PoFile(language, _pack_in_header(catalog.header_comment), entries)


def _pack_in_header(comment: str) -> str | None:
    prefix = "# Texts of the huntkit pack "
    for line in comment.splitlines():
        if line.startswith(prefix):
            return line[len(prefix) :].split(" ", 1)[0]
    return None
