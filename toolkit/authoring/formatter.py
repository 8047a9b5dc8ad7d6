"""`huntkit fmt`: rewrite content files in canonical form without changing what they mean.

Canonical form: keys in model order (see :mod:`toolkit.authoring.key_order`), 2-space indentation
with sequences indented under their key, plain scalars where YAML allows them and single quotes
otherwise, no line wrapping. Comments (the schema modeline included), flow or block style, block
scalars and document separators are kept: ruamel.yaml's round-trip mode carries them, and
:mod:`toolkit.authoring.comments` keeps a comment above a key in front of that key when it moves.

Safety first: a file the loader cannot read cleanly is reported and left alone, and the formatted
text is read back with the same loader the validator uses; if the data differs in any way, or a
comment went missing, the file is left alone too. Writes are atomic.
"""

from __future__ import annotations

import difflib
import io
import os
import re
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from enum import Enum
from pathlib import Path
from typing import Any

from ruamel.yaml import YAML
from ruamel.yaml.comments import CommentedMap, CommentedSeq
from ruamel.yaml.error import YAMLError

from toolkit.authoring.comments import Reordered, put_back, take_comment_blocks
from toolkit.authoring.key_order import item_type, mapping_shape, sort_keys
from toolkit.core.diagnostics import Diagnostic, Severity
from toolkit.core.document import LoadedDocument, PathKey
from toolkit.core.files import write_text_atomic
from toolkit.core.loader import DEFAULT_LIMITS, load_bytes, read_file_bytes
from toolkit.core.packs import PACK_FILE, PackManifest, PackSource, find_packs
from toolkit.core.registry import all_kinds

NEVER_WRAP = 4096
"""Line width given to the emitter: long lines stay long; authors choose their own line breaks."""


class Outcome(Enum):
    UNCHANGED = "unchanged"
    CHANGED = "changed"
    REFUSED = "refused"
    SKIPPED = "skipped"
    """Not content: no document names a kind huntkit knows (a CI workflow, an `mkdocs.yml`)."""


@dataclass(frozen=True, slots=True)
class Formatted:
    """What formatting one file gave."""

    path: Path
    outcome: Outcome
    text: str | None = None
    """The canonical text (when the file could be formatted)."""
    problems: tuple[Diagnostic, ...] = ()
    """The loader's diagnostics when the file was refused for its YAML errors."""
    reason: str = ""
    """Why the file was refused or skipped, in words."""


def round_trip_yaml() -> YAML:
    """The round-trip reader and writer of canonical content files (also `huntkit strings import`)."""
    yaml = YAML(typ="rt")
    yaml.indent(mapping=2, sequence=4, offset=2)
    yaml.width = NEVER_WRAP
    yaml.preserve_quotes = False
    # `[{stun: {}}]` must not become `[stun: {}]`: same data, but surprising to read.
    yaml.brace_single_entry_mapping_in_flow_sequence = True
    yaml.allow_duplicate_keys = False
    return yaml


def format_text(text: str, path: Path) -> Formatted:
    """Format the text of ``path`` (the path decides only whether it is a ``pack.yaml``)."""
    before = load_bytes(text.encode("utf-8"), path)
    errors = tuple(d for d in before.diagnostics if d.severity is Severity.ERROR)
    if errors:
        return Formatted(path, Outcome.REFUSED, problems=errors, reason="the file has YAML errors")
    try:
        rendered = _render(text, path, before.documents)
    except (YAMLError, ValueError) as error:  # the strict loader accepted it; ruamel did not
        return Formatted(path, Outcome.REFUSED, reason=f"cannot round-trip the file: {error}")
    if rendered is None:
        return Formatted(path, Outcome.SKIPPED, reason="no document names a huntkit kind")
    formatted = _keep_ending(rendered, text)
    after = load_bytes(formatted.encode("utf-8"), path)
    if after.diagnostics or [d.data for d in after.documents] != [d.data for d in before.documents]:
        return Formatted(
            path, Outcome.REFUSED, reason="formatting would change the data; left alone (a huntkit bug)"
        )
    if _comments(formatted) != _comments(text):
        return Formatted(path, Outcome.REFUSED, reason="formatting would lose a comment; left alone")
    outcome = Outcome.UNCHANGED if formatted == text else Outcome.CHANGED
    return Formatted(path, outcome, text=formatted)


def _render(text: str, path: Path, loaded: list[LoadedDocument]) -> str | None:
    """The canonical text, or ``None`` when no document is huntkit content."""
    yaml = round_trip_yaml()
    documents = list(yaml.load_all(text))
    types = [_document_type(document, path) for document in documents]
    if documents and all(model is None for model in types):
        return None
    reordered: list[Reordered] = []
    for index, (document, model) in enumerate(zip(documents, types, strict=True)):
        _canonicalise(document, model, index, (), reordered)
    stripped, blocks = take_comment_blocks(text, loaded, reordered)
    if blocks:  # read again without the comments that must travel with their keys
        documents = list(yaml.load_all(stripped))
        for index, (document, model) in enumerate(zip(documents, types, strict=True)):
            _canonicalise(document, model, index, (), [])
        put_back(documents, blocks)
    stream = io.StringIO()
    yaml.dump_all(documents, stream)
    return stream.getvalue()


_COMMENT = re.compile(r"(?:^|\s)(#.*)$", re.MULTILINE)


def _comments(text: str) -> Counter[str]:
    """Every comment's text, counted (a ``#`` inside a quoted string counts on both sides alike)."""
    return Counter(match.group(1).strip().strip("'\"") for match in _COMMENT.finditer(text))


def _keep_ending(formatted: str, original: str) -> str:
    """One final newline, as the original file had it (an empty file stays empty)."""
    if not original.strip():
        return original
    return formatted.rstrip("\n") + "\n"


def _document_type(document: Any, path: Path) -> Any:
    if path.name == PACK_FILE:
        return PackManifest
    if isinstance(document, dict):
        known = all_kinds().get(str(document.get("kind")))
        if known is not None:
            return known[1]
    return None


def _canonicalise(
    node: Any, annotation: Any, document: int, path: PathKey, reordered: list[Reordered]
) -> None:
    """Reorder the keys of every mapping below ``node`` in place, noting the block mappings moved."""
    if isinstance(node, CommentedMap):
        keys = list(node.keys())
        names = [str(k) for k in keys]
        order, field_types, free_values = mapping_shape(annotation, names)
        if order is not None:
            wanted = sort_keys(names, order)
            if wanted != names and not node.fa.flow_style():
                reordered.append(Reordered(document, path, tuple(names)))
            by_name = dict(zip(names, keys, strict=True))
            for name in wanted:
                node.move_to_end(by_name[name])
        for key, value in node.items():
            value_type = field_types.get(str(key), free_values)
            _canonicalise(value, value_type, document, (*path, str(key)), reordered)
    elif isinstance(node, CommentedSeq):
        items = item_type(annotation)
        for position, value in enumerate(node):
            _canonicalise(value, items, document, (*path, position), reordered)


def format_file(path: Path) -> Formatted:
    """Format one file (reading it; writing nothing)."""
    problems: list[Diagnostic] = []
    raw = read_file_bytes(path, DEFAULT_LIMITS, problems)
    if raw is None:  # a pipe, a device, a file too large or one that cannot be read
        return Formatted(path, Outcome.REFUSED, problems=tuple(problems), reason=problems[0].message)
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        before = load_bytes(raw, path)
        return Formatted(path, Outcome.REFUSED, problems=tuple(before.diagnostics), reason="not UTF-8")
    return format_text(text, path)


def unified_diff(result: Formatted, name: str) -> str:
    """What formatting changes in the file, as a unified diff."""
    if result.text is None:
        return ""
    original = result.path.read_text(encoding="utf-8").splitlines(keepends=True)
    changed = result.text.splitlines(keepends=True)
    return "".join(difflib.unified_diff(original, changed, f"{name} (now)", f"{name} (formatted)"))


def apply(result: Formatted) -> str | None:
    """Write a changed file atomically, or say why not; a symlink stays a link, its file changes.

    A file without write permission is left alone even though the folder would let huntkit
    replace it (and root could anyway): read-only says "do not touch", often generated content.
    """
    if result.outcome is not Outcome.CHANGED or result.text is None:
        return None
    try:
        if not result.path.stat().st_mode & 0o222:
            return "the file is read-only; left alone"
        write_text_atomic(result.path, result.text)
    except OSError as error:
        return f"cannot write the file: {error.strerror or error}"
    return None


def content_files(paths: Iterable[Path]) -> list[Path]:
    """The files named, and the content files of every pack in the folders named.

    Folders are searched for packs as `huntkit validate` does, so YAML that is not content (an
    `mkdocs.yml`, a CI workflow) is never touched unless named explicitly.
    """
    found: list[Path] = []
    seen: set[Path] = set()
    for path in paths:
        # Anything named that is not a folder is a file to format, or to refuse with a reason.
        candidates = _pack_files(path) if path.is_dir() else [path]
        for candidate in candidates:
            resolved = _identity(candidate)
            if resolved not in seen:
                seen.add(resolved)
                found.append(candidate)
    return found


def _identity(path: Path) -> Path:
    """The file a path leads to, to list it once; a symlink loop leads nowhere but itself."""
    try:
        return path.resolve()
    except (OSError, RuntimeError):  # Python 3.11 raises RuntimeError for a loop
        return Path(os.path.abspath(path))


def _pack_files(folder: Path) -> list[Path]:
    files: list[Path] = []
    for root in find_packs(folder):
        files.append(root / PACK_FILE)
        files.extend(PackSource(root).content_files())
    return files
