"""Write translations into content files with ruamel.yaml's round trip, comments and layout kept.

A plain one-line text becomes a flow mapping on its own line (``title: {en: The First Toll, pl: ...}``),
so no line of the file moves; a block text (``story: >-``) becomes a block mapping whose English keeps
its folded lines and whose translation is folded at the same width. A text that already is a mapping
gets the language added (or replaced). Every file is rendered and checked before any is written: the
data read back must be the data wanted and every comment must still be there, or nothing is written.
"""

from __future__ import annotations

import contextlib
import io
import os
import re
import textwrap
from collections import Counter, defaultdict
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ruamel.yaml.comments import CommentedMap, CommentedSeq
from ruamel.yaml.error import YAMLError
from ruamel.yaml.scalarstring import FoldedScalarString, LiteralScalarString

from toolkit.authoring.formatter import round_trip_yaml
from toolkit.core.document import PathKey
from toolkit.core.files import through_link
from toolkit.core.loader import load_bytes
from toolkit.core.strings.plan import Change
from toolkit.core.strings.texts import value_at

FOLD_WIDTH = 100
"""Where a translation written as a folded block is broken (the content files' line width)."""


class WriteRefused(ValueError):
    """A file the translations cannot be written into safely; nothing was written."""


@dataclass(frozen=True, slots=True)
class Rendered:
    path: Path
    text: str
    changed_lines: int


def render_changes(changes: Sequence[Change], language: str, source: str) -> list[Rendered]:
    """The new text of every file ``changes`` touch, checked; raises :class:`WriteRefused`."""
    by_file: dict[Path, list[Change]] = defaultdict(list)
    for change in changes:
        by_file[change.text.file].append(change)
    return [_render_file(path, file_changes, language, source) for path, file_changes in by_file.items()]


def write_all(rendered: Sequence[Rendered]) -> None:
    """Write every file, or none: all are staged beside their files first, then renamed in turn."""
    staged: list[tuple[Path, Path]] = []
    try:
        for item in rendered:
            target = through_link(item.path)
            temporary = target.with_name(f".{target.name}.huntkit-strings")
            temporary.write_text(item.text, encoding="utf-8")
            with contextlib.suppress(OSError):
                os.chmod(temporary, target.stat().st_mode & 0o7777)
            staged.append((temporary, target))
    except OSError:
        for temporary, _ in staged:
            with contextlib.suppress(OSError):
                temporary.unlink()
        raise
    for temporary, target in staged:
        os.replace(temporary, target)


def _render_file(path: Path, changes: Sequence[Change], language: str, source: str) -> Rendered:
    original = path.read_text(encoding="utf-8")
    yaml = round_trip_yaml()
    yaml.preserve_quotes = True  # an author's quotes are theirs; only the texts translated change
    try:
        documents = list(yaml.load_all(original))
    except YAMLError as error:
        raise WriteRefused(f"{path}: ruamel.yaml cannot round-trip the file: {error}") from error
    before = load_bytes(original.encode("utf-8"), path)
    wanted = [document.data for document in before.documents]
    for change in changes:
        index = change.text.document.index
        _set_translation(documents[index], change.text.path, language, source, change.translation)
        target = value_at(wanted[index], change.text.path)
        if isinstance(target, dict):
            target[language] = change.translation
        else:
            _replace(wanted[index], change.text.path, {source: target, language: change.translation})
    stream = io.StringIO()
    yaml.dump_all(documents, stream)
    text = stream.getvalue()
    if original.strip():
        text = text.rstrip("\n") + "\n"
    text = _keep_comment_spacing(text, original)
    # Read back by both parsers huntkit has (libyaml and the pure-Python one, which is stricter in
    # flow mappings): each must see exactly the data wanted.
    for parser in ("libyaml", "python"):
        after = load_bytes(text.encode("utf-8"), path, parser=parser)
        if after.diagnostics or [document.data for document in after.documents] != wanted:
            raise WriteRefused(f"{path}: writing the translations would change other data; nothing written")
    if _comments(text) != _comments(original):
        raise WriteRefused(f"{path}: writing the translations would lose a comment; nothing written")
    changed = sum(1 for a, b in zip(original.splitlines(), text.splitlines(), strict=False) if a != b)
    changed += abs(len(original.splitlines()) - len(text.splitlines()))
    return Rendered(path, text, changed)


_INLINE_COMMENT = re.compile(r"(?<=\S)( +)(#.*)$")


def _keep_comment_spacing(text: str, original: str) -> str:
    """The spaces before each end-of-line comment as the author wrote them: ruamel.yaml keeps a
    comment's column, and a longer value before it leaves one space instead (``}  # note``)."""
    spacing: dict[str, str | None] = {}
    for line in original.splitlines():
        found = _INLINE_COMMENT.search(line)
        if found:
            comment = found.group(2)
            spacing[comment] = found.group(1) if comment not in spacing else None  # ambiguous: leave
    lines = text.split("\n")
    for position, line in enumerate(lines):
        found = _INLINE_COMMENT.search(line)
        wanted = spacing.get(found.group(2)) if found else None
        if found and wanted is not None and found.group(1) != wanted:
            lines[position] = line[: found.start(1)] + wanted + found.group(2)
    return "\n".join(lines)


def _comments(text: str) -> Counter[str]:
    return Counter(line.split("#", 1)[1].strip() for line in text.splitlines() if "#" in line)


def _replace(data: Any, path: PathKey, value: Any) -> None:
    parent = value_at(data, path[:-1])
    parent[path[-1]] = value


def _set_translation(document: Any, path: PathKey, language: str, source: str, translation: str) -> None:
    parent = document
    for part in path[:-1]:
        parent = parent[part]
    key = path[-1]
    current = parent[key]
    if isinstance(current, CommentedMap):
        block = not current.fa.flow_style()
        current[language] = _folded(translation) if block and _is_long(translation) else translation
        return
    mapping = CommentedMap()
    if isinstance(current, FoldedScalarString | LiteralScalarString):
        mapping[source] = current
        mapping[language] = _folded(translation) if _is_long(translation) else translation
    else:
        mapping[source] = current
        mapping[language] = translation
        # A `?` in a plain scalar of a flow mapping is YAML 1.2, but PyYAML's pure-Python parser (a
        # YAML 1.1 reader) ends the scalar there: such a text gets a block mapping of its own.
        flow_safe = "?" not in str(current) and "?" not in translation
        if isinstance(parent, CommentedSeq | CommentedMap) and (flow_safe or parent.fa.flow_style()):
            mapping.fa.set_flow_style()
    parent[key] = mapping


def _is_long(text: str) -> bool:
    return len(text) > FOLD_WIDTH - 10 and "\n" not in text


def _folded(text: str) -> str:
    """``text`` as a ``>-`` block broken at spaces near :data:`FOLD_WIDTH` (folding turns each break
    back into the space it was); as it is when breaking it would not read back the same."""
    lines = textwrap.wrap(text, width=FOLD_WIDTH - 8, break_long_words=False, break_on_hyphens=False)
    if " ".join(lines) != text:
        return text
    folded = FoldedScalarString(" ".join(lines))
    positions: list[int] = []
    offset = 0
    for line in lines[:-1]:
        offset += len(line)
        positions.append(offset)
        offset += 1
    # ruamel.yaml breaks a folded scalar where its loader found the breaks: at these spaces.
    folded.fold_pos = positions
    result: str = folded
    return result
