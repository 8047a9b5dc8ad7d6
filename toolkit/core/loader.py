"""Read YAML content files into plain values with a source map, and every problem as a diagnostic.

The C-accelerated libyaml parser produces events with exact positions; this module composes them
into values itself (instead of using a YAML constructor) so that it can:

* record the line and column of every value and every key,
* refuse duplicate keys, non-string keys and tags that would construct objects,
* resolve scalars by the YAML 1.2 core schema (``no`` stays a string, as editors expect),
* enforce explicit limits on size, depth, aliases and alias expansion — with an explicit stack, so
  no input can cause a ``RecursionError``, a hang or unbounded memory.

A bad file is a value, not an exception: :func:`load_file` always returns a :class:`LoadResult`.
"""

from __future__ import annotations

import bisect
import math
import re
import stat
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

import yaml

from toolkit.core import codes
from toolkit.core.diagnostics import Diagnostic, Location, Related, Span, file_name
from toolkit.core.document import LoadedDocument, PathKey, SourceMap

_YamlLoader: Any = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
USING_LIBYAML: bool = _YamlLoader is not yaml.SafeLoader
PARSERS: dict[str, Any] = {"libyaml": _YamlLoader, "python": yaml.SafeLoader}
"""The event sources: libyaml (fast, the default) and PyYAML's pure-Python parser, which gives the
same events and positions (a test checks this on all built-in content) at several times the cost."""


@dataclass(frozen=True, slots=True)
class Limits:
    """Bounds on what one file may demand. The defaults are far above any real content file.

    These are what make a hostile file end quickly in a diagnostic rather than a hang or a crash.
    """

    max_file_bytes: int = 2 * 1024 * 1024
    """Files larger than this are refused before being read (2 MiB)."""

    max_depth: int = 64
    """Deepest nesting of mappings and sequences."""

    max_aliases: int = 200
    """Alias uses (``*name``) per document."""

    max_nodes: int = 200_000
    """Values per document, counting every value an alias repeats."""

    max_documents: int = 2_000
    """Documents (``---``) per file."""

    max_number_digits: int = 100
    """Digits in one integer literal."""

    max_syntax_errors: int = 20
    """YAML errors reported per file. After each one, reading resumes at the next ``---`` line
    (re-parsing the rest of the file), so this bounds the work a file of broken documents costs."""


DEFAULT_LIMITS = Limits()

STANDARD_TAG = "tag:yaml.org,2002:"
ALLOWED_TAGS = frozenset(
    {"!", *(STANDARD_TAG + name for name in ("str", "int", "float", "bool", "null", "seq", "map"))}
)

# YAML 1.2 core schema (https://yaml.org/spec/1.2.2/#1032-tag-resolution).
_NULL = re.compile(r"^(?:~|null|Null|NULL|)$")
_BOOL_TRUE = re.compile(r"^(?:true|True|TRUE)$")
_BOOL_FALSE = re.compile(r"^(?:false|False|FALSE)$")
_INT10 = re.compile(r"^[-+]?[0-9]+$")
_INT8 = re.compile(r"^0o[0-7]+$")
_INT16 = re.compile(r"^0x[0-9a-fA-F]+$")
_FLOAT = re.compile(r"^[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?$")
_INF = re.compile(r"^[-+]?\.(?:inf|Inf|INF)$")
_NAN = re.compile(r"^\.(?:nan|NaN|NAN)$")

# A line that starts a document: the lexer ends any document there, whatever came before (YAML 1.2
# §9.1.2: a document marker at the start of a line cannot be content), so reading can resume on it.
_DOCUMENT_MARKER = re.compile(r"^---(?=[ \t]|$)", re.MULTILINE)

# The start of a line holding nothing but one plain key (before the colon libyaml marked).
_LONE_KEY = re.compile(r"^[ ]*[^\s:#'\"{}\[\],&*!|>%@`-][^\s:]*$")

# YAML's printable set, minus tab/CR/LF which are allowed; NEL (0x85) is allowed too.
_CONTROL = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f\x80-\x84\x86-\x9f\ufffe\uffff]")


YAML11_BREAKS = ("\x85", "\u2028", "\u2029")
"""NEL, LS and PS: line breaks to YAML 1.1 (and so to the parsers' marks), characters to YAML 1.2."""


@dataclass(frozen=True, slots=True)
class UnreadDocument:
    """A document of the file that a YAML error (or a limit) kept from being read."""

    index: int
    """Its position among the file's documents, from 0."""

    first_line: int
    last_line: int
    """The lines it spans (1-based, both included), from its ``---`` to the line before the next."""

    data: Any = None
    """What was read of it before the error: usually the first keys of its mapping (``kind``,
    ``campaign``...), which tell the pipeline which checks need it; ``None`` if nothing was."""

    whole_file: bool = False
    """The file itself could not be read (or decoded): whatever documents it holds are missing."""


@dataclass(slots=True)
class LoadResult:
    """What reading one file gave: its documents, its problems and its text (for reporters)."""

    path: Path
    documents: list[LoadedDocument] = field(default_factory=list)
    diagnostics: list[Diagnostic] = field(default_factory=list)
    text: str | None = None
    unread: list[UnreadDocument] = field(default_factory=list)
    """Documents a YAML error or a limit kept out; checks that need them are held back."""


class _Abort(Exception):
    """Stops composing a file after a limit is hit; the diagnostic is already recorded."""


def load_file(path: Path, limits: Limits = DEFAULT_LIMITS) -> LoadResult:
    """Read and compose every document of ``path``. Never raises for bad input."""
    result = LoadResult(path)
    raw = read_file_bytes(path, limits, result.diagnostics)
    if raw is None:
        result.unread.append(UnreadDocument(0, 1, 1, whole_file=True))
        return result
    return load_bytes(raw, path, limits, result)


def read_file_bytes(path: Path, limits: Limits, problems: list[Diagnostic]) -> bytes | None:
    """The bytes of a regular file of at most ``limits.max_file_bytes``, or None with a diagnostic.

    A named pipe would block the read forever and a device (a link to ``/dev/zero``) would never
    end, so only regular files are opened; the read itself is bounded too, because a file can grow
    after ``stat`` and files under ``/proc`` report a size of 0.
    """
    try:
        status = path.stat()
        if not stat.S_ISREG(status.st_mode):
            problems.append(
                codes.FILE_UNREADABLE.at(
                    Location(path, Span(1, 1)),
                    f"this is {_file_type(status.st_mode)}, not a file; huntkit reads only files",
                    hint="remove it, or rename it so that its name does not end in .yaml or .yml",
                )
            )
            return None
        if status.st_size <= limits.max_file_bytes:
            with path.open("rb") as stream:
                raw = stream.read(limits.max_file_bytes + 1)
            if len(raw) <= limits.max_file_bytes:
                return raw
        size = f"{status.st_size:,} bytes" if status.st_size else "larger than its size says"
    except OSError as error:
        problems.append(
            codes.FILE_UNREADABLE.at(
                Location(path, Span(1, 1)), f"cannot read the file: {error.strerror or error}"
            )
        )
        return None
    problems.append(
        codes.FILE_TOO_LARGE.at(
            Location(path, Span(1, 1)),
            f"the file is {size}; the limit is {limits.max_file_bytes:,} bytes",
            hint="split it into several files; a pack may hold any number of them",
        )
    )
    return None


def _file_type(mode: int) -> str:
    if stat.S_ISDIR(mode):
        return "a folder"
    if stat.S_ISFIFO(mode):
        return "a named pipe"
    if stat.S_ISSOCK(mode):
        return "a socket"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    return "not a regular file"


def load_bytes(
    raw: bytes,
    path: Path,
    limits: Limits = DEFAULT_LIMITS,
    result: LoadResult | None = None,
    *,
    parser: str = "libyaml",
) -> LoadResult:
    """Compose documents from the bytes of a file (``path`` is used for locations only)."""
    result = result if result is not None else LoadResult(path)
    if len(raw) > limits.max_file_bytes:
        result.diagnostics.append(
            codes.FILE_TOO_LARGE.at(
                Location(path, Span(1, 1)),
                f"the file is {len(raw):,} bytes; the limit is {limits.max_file_bytes:,}",
            )
        )
        result.unread.append(UnreadDocument(0, 1, 1, whole_file=True))
        return result
    text = _decode(raw, path, result)
    if text is None:
        result.unread.append(UnreadDocument(0, 1, 1, whole_file=True))
        return result
    result.text = text
    if _report_control_characters(text, path, result):
        result.unread.append(UnreadDocument(0, 1, max(1, text.count("\n") + 1), whole_file=True))
        return result
    _Composer(text, path, limits, result, PARSERS[parser]).run()
    return result


def _decode(raw: bytes, path: Path, result: LoadResult) -> str | None:
    if raw.startswith(b"\xef\xbb\xbf"):
        raw = raw[3:]
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as error:
        before = raw[: error.start]
        line = before.count(b"\n") + 1
        line_start = before.rfind(b"\n") + 1
        column = len(before[line_start:].decode("utf-8", errors="replace")) + 1
        hint = "save the file as UTF-8"
        if raw[:2] in (b"\xff\xfe", b"\xfe\xff"):
            hint = "this looks like UTF-16; save the file as UTF-8"
        result.diagnostics.append(
            codes.FILE_NOT_UTF8.at(
                Location(path, Span(line, column)),
                f"byte 0x{raw[error.start]:02x} is not valid UTF-8",
                hint=hint,
            )
        )
        return None


def _report_control_characters(text: str, path: Path, result: LoadResult) -> bool:
    found = False
    for count, match in enumerate(_CONTROL.finditer(text)):
        if count == 5:
            break
        found = True
        before = text[: match.start()]
        line = before.count("\n") + 1
        column = match.start() - (before.rfind("\n") + 1) + 1
        result.diagnostics.append(
            codes.YAML_CONTROL_CHAR.at(
                Location(path, Span(line, column)),
                f"control character U+{ord(match.group()):04X} is not allowed in YAML",
                hint="remove it; if binary data was pasted, it does not belong in content",
            )
        )
    return found


@dataclass(slots=True)
class _Frame:
    """A mapping or sequence being composed."""

    value: dict[str, Any] | list[Any]
    path: PathKey
    start: Any  # the libyaml start mark
    anchor: str | None
    nodes_before: int
    discard: bool = False
    """Composed only to keep in step with the parser (a complex key, a refused tag)."""
    is_key: bool = False
    pending_key: str | None = None
    key_skip: bool = False
    key_span: Span | None = None
    key_spans: dict[str, Span] = field(default_factory=dict)


_SKIP = object()


class _Composer:
    """Turns libyaml events into values and a source map, enforcing the limits."""

    def __init__(self, text: str, path: Path, limits: Limits, result: LoadResult, parser: Any) -> None:
        self.parser_class = parser
        self.text = text
        self.path = path
        self.limits = limits
        self.result = result
        self.stack: list[_Frame] = []
        self.source_map = SourceMap()
        self.anchors: dict[str, tuple[Any, int, PathKey | None]] = {}
        self.open_anchors: set[str] = set()
        self.nodes = 0
        self.aliases = 0
        self.document_root: Any = _SKIP
        self.document_index = 0
        self.line_offset = 0
        """Lines of the file before the text now being parsed (reading resumes after an error)."""
        self.char_offset = 0
        """Characters of the file before the text now being parsed."""
        self.newlines: list[int] | None = None
        if any(separator in text for separator in YAML11_BREAKS):
            self.newlines = [match.start() for match in re.finditer("\n", text)]
        self.document_start = 0
        """The 0-based line where the document being composed starts."""
        self._handlers: dict[type, Any] = {
            yaml.ScalarEvent: self._scalar,
            yaml.MappingStartEvent: self._start_mapping,
            yaml.SequenceStartEvent: self._start_sequence,
            yaml.MappingEndEvent: self._end,
            yaml.SequenceEndEvent: self._end,
            yaml.AliasEvent: self._alias,
            yaml.DocumentStartEvent: self._start_document,
            yaml.DocumentEndEvent: self._end_document,
        }

    # --- positions -----------------------------------------------------------------------
    def _position(self, mark: Any) -> tuple[int, int]:
        """A mark's 1-based line and column in the file, lines ending at a line feed only.

        libyaml and PyYAML follow YAML 1.1 and also end a line at NEL, LS and PS, so a quoted name
        holding one moved every later diagnostic down a line, away from its excerpt. YAML 1.2 (and
        ruamel.yaml, editors and the reporters) read them as characters of the line; when a file
        holds one, positions are counted again from the mark's character index. Marks count from
        where parsing started, which after a YAML error is a later ``---`` line.
        """
        if self.newlines is None:
            return mark.line + self.line_offset + 1, mark.column + 1
        index = mark.index + self.char_offset
        line = bisect.bisect_left(self.newlines, index)
        start = self.newlines[line - 1] + 1 if line else 0
        return line + 1, index - start + 1

    def _line_of(self, mark: Any) -> int:
        """The 0-based line of the file a mark is on."""
        return self._position(mark)[0] - 1

    def _span(self, start: Any, end: Any) -> Span:
        if self.newlines is None:
            offset = self.line_offset + 1
            return Span(start.line + offset, start.column + 1, end.line + offset, end.column + 1)
        return Span(*self._position(start), *self._position(end))

    def _location(self, mark: Any) -> Location:
        return Location(self.path, Span(*self._position(mark)))

    # --- driver --------------------------------------------------------------------------
    def run(self) -> None:
        """Compose every document; after a YAML error, say which document it cost and carry on
        from the next ``---`` line, so one bad indent does not hide the rest of the file."""
        start, errors = 0, 0
        while True:
            error = self._parse(self.text[start:] if start else self.text)
            if error is None:
                return
            if isinstance(error, _Abort):
                self._note_unread(self.document_index, self.document_start, None, "the rest of the file")
                return
            errors += 1
            resume = self._resume_offset(error)
            self._reset_after_error()
            if resume is None or errors >= self.limits.max_syntax_errors:
                if resume is not None:
                    self._note_unread_rest(resume)
                return
            start = resume
            self.char_offset = resume
            self.line_offset = self.text.count("\n", 0, resume)
            self.document_start = self.line_offset

    def _parse(self, text: str) -> yaml.MarkedYAMLError | _Abort | None:
        """Compose documents from ``text`` until its end, a limit, or a YAML error (returned)."""
        # Drive the parser directly, one dictionary lookup per event: yaml.parse() and a
        # generator would add several Python calls to each of the hundreds of thousands of events.
        parser = self.parser_class(text)
        handlers = self._handlers
        get_event = parser.get_event
        try:
            while True:
                event = get_event()
                handler = handlers.get(type(event))
                if handler is not None:
                    handler(event)
                elif event is None or type(event) is yaml.StreamEndEvent:
                    return None
        except _Abort as abort:
            return abort
        except yaml.MarkedYAMLError as error:
            self._syntax_error(error)
            return error
        except yaml.YAMLError as error:  # an error without a position
            self.result.diagnostics.append(codes.YAML_SYNTAX.at(Location(self.path, Span(1, 1)), str(error)))
            return None
        finally:
            parser.dispose()

    def _resume_offset(self, error: yaml.MarkedYAMLError) -> int | None:
        """Where reading resumes: the first ``---`` line at or after the error and after the start
        of the broken document. Records the broken document as unread."""
        mark = error.problem_mark or error.context_mark
        error_line = self._line_of(mark) if mark is not None else self.document_start
        floor = max(error_line, self.document_start + 1)
        resume: int | None = None
        for match in _DOCUMENT_MARKER.finditer(self.text, self._line_offset_of(floor)):
            resume = match.start()
            break
        last_line = self.text.count("\n", 0, resume) if resume is not None else self._last_line()
        self._note_unread(self.document_index, self.document_start, last_line, None)
        return resume

    def _line_offset_of(self, line: int) -> int:
        """The character offset where 0-based ``line`` starts (the end of the text if beyond)."""
        offset = 0
        for _ in range(line):
            found = self.text.find("\n", offset)
            if found < 0:
                return len(self.text)
            offset = found + 1
        return offset

    def _last_line(self) -> int:
        """The 1-based number of the file's last line that holds anything."""
        return self.text.rstrip("\n").count("\n") + 1

    def _reset_after_error(self) -> None:
        self.stack = []
        self.document_index += 1
        self.document_root = _SKIP

    def _note_unread(self, index: int, first: int, last: int | None, rest: str | None) -> None:
        """Record a document as unread and say so in the diagnostic that cost it."""
        partial = self.stack[0].value if self.stack else None
        if partial is None and self.document_root is not _SKIP:
            partial = self.document_root
        last_line = last if last is not None else self._last_line()
        self.result.unread.append(UnreadDocument(index, first + 1, max(first + 1, last_line), partial))
        if rest is not None:
            later = len(_DOCUMENT_MARKER.findall(self.text, self._line_offset_of(first + 1)))
            what = _documents_phrase(index, index + later, file_name(self.path))
            self._amend_last(f"{what} ({rest}, from line {first + 1}) {_were(later)} not read")
            for extra in range(1, later + 1):
                self.result.unread.append(UnreadDocument(index + extra, first + 1, last_line))
            return
        last_line = max(first + 1, last_line)
        lines = f"line {last_line}" if last_line == first + 1 else f"lines {first + 1}–{last_line}"
        self._amend_last(f"{_documents_phrase(index, index, file_name(self.path))} ({lines}) was not read")

    def _note_unread_rest(self, resume: int) -> None:
        """After the last YAML error reported, the documents from ``resume`` on are not read."""
        first_line = self.text.count("\n", 0, resume)
        count = len(_DOCUMENT_MARKER.findall(self.text, resume))
        first, last = self.document_index, self.document_index + count - 1
        for index in range(first, last + 1):
            self.result.unread.append(UnreadDocument(index, first_line + 1, self._last_line()))
        self._amend_last(
            f"{_documents_phrase(first, last, file_name(self.path))} (from line {first_line + 1}) "
            f"{_were(count - 1)} not read either: after {self.limits.max_syntax_errors} YAML errors "
            "huntkit stops reading the file"
        )

    def _amend_last(self, note: str) -> None:
        """Append ``note`` to the message of the diagnostic just recorded."""
        if self.result.diagnostics:
            last = self.result.diagnostics[-1]
            self.result.diagnostics[-1] = replace(last, message=f"{last.message}; {note}")

    def _syntax_error(self, error: yaml.MarkedYAMLError) -> None:
        mark = error.problem_mark or error.context_mark
        location = self._location(mark) if mark is not None else Location(self.path, Span(1, 1))
        problem = error.problem or "invalid YAML"
        if mark is not None and self._char_at(mark) == "\t":
            self.result.diagnostics.append(
                codes.YAML_TAB.at(
                    location,
                    "a tab is used for indentation",
                    hint="indent with spaces; YAML does not allow tabs there",
                )
            )
            return
        if "nesting depth" in problem:
            self.result.diagnostics.append(
                codes.YAML_TOO_DEEP.at(
                    location,
                    f"values are nested deeper than {self.limits.max_depth} levels",
                )
            )
            return
        message = problem
        if error.context:
            message = f"{problem} ({error.context})"
        if mark is not None and "mapping values are not allowed" in problem:
            location = self._misplaced_key(mark, location)
        elif mark is not None and problem.startswith("did not find expected ','"):
            location = self._missing_closer(error, mark, location)
        self.result.diagnostics.append(codes.YAML_SYNTAX.at(location, message, hint=_syntax_hint(problem)))

    def _missing_closer(self, error: yaml.MarkedYAMLError, mark: Any, location: Location) -> Location:
        """An unclosed ``{`` or ``[`` is found only on a later line; the closer is missing at the
        end of the last line before that one that holds anything, so point there."""
        opened = error.context_mark
        if opened is None or self._line_of(opened) >= self._line_of(mark):
            return location
        line_number = self._line_of(mark)
        lines = self.text.split("\n", line_number + 1)
        for previous in range(line_number - 1, -1, -1):
            content = lines[previous].rstrip()
            if content and not content.lstrip().startswith("#"):
                return Location(self.path, Span(previous + 1, len(content) + 1))
        return location

    def _misplaced_key(self, mark: Any, location: Location) -> Location:
        """libyaml marks the colon; when only a key stands before it on the line, the line's
        indentation is what to edit, so point at the key."""
        line, column = self._position(mark)
        line_number = line - 1
        lines = self.text.split("\n", line_number + 1)
        before = lines[line_number][: column - 1] if line_number < len(lines) else ""
        if _LONE_KEY.match(before):
            return Location(self.path, Span(line_number + 1, len(before) - len(before.lstrip()) + 1))
        return location

    def _char_at(self, mark: Any) -> str:
        line_number, column = self._position(mark)
        lines = self.text.split("\n", line_number)
        if line_number - 1 < len(lines):
            line = lines[line_number - 1]
            if column - 1 < len(line):
                return str(line[column - 1])
        return ""

    def _fail(self, diagnostic: Diagnostic) -> None:
        self.result.diagnostics.append(diagnostic)
        raise _Abort

    # --- events --------------------------------------------------------------------------
    def _start_mapping(self, event: Any) -> None:
        self._start(event, True)

    def _start_sequence(self, event: Any) -> None:
        self._start(event, False)

    def _start_document(self, event: Any) -> None:
        if self.document_index >= self.limits.max_documents:
            self._fail(
                codes.TOO_MANY_DOCUMENTS.at(
                    self._location(event.start_mark),
                    f"the file holds more than {self.limits.max_documents} documents",
                )
            )
        self.source_map = SourceMap()
        self.anchors = {}
        self.open_anchors = set()
        self.nodes = 0
        self.aliases = 0
        self.document_root = _SKIP
        self.document_start = self._line_of(event.start_mark)

    def _end_document(self, event: Any) -> None:
        # Until the next document starts, an error belongs to the gap after this one.
        self.document_start = self._line_of(event.end_mark)
        if self.document_root is not _SKIP:
            self.result.documents.append(
                LoadedDocument(
                    path=self.path,
                    index=self.document_index,
                    data=self.document_root,
                    source_map=self.source_map,
                )
            )
        self.document_index += 1

    def _count(self, amount: int, mark: Any, *, through_alias: bool) -> None:
        self.nodes += amount
        if self.nodes > self.limits.max_nodes:
            code = codes.YAML_ALIAS_LIMIT if through_alias else codes.FILE_TOO_LARGE
            reason = "aliases expand to" if through_alias else "the document holds"
            self._fail(
                code.at(
                    self._location(mark),
                    f"{reason} more than {self.limits.max_nodes:,} values",
                    hint="a document this large is almost certainly a mistake (or a YAML bomb)",
                )
            )

    def _check_tag(self, tag: str | None, mark: Any) -> bool:
        if tag is None or tag in ALLOWED_TAGS:
            return True
        self._report_tag(tag, mark)
        return False

    def _report_tag(self, tag: str, mark: Any) -> None:
        shown = tag.replace(STANDARD_TAG, "!!")
        if tag in ALLOWED_TAGS:
            message, hint = f"the tag {shown} does not fit this value", "remove the tag"
        elif "python" in tag or not tag.startswith(STANDARD_TAG):
            message = f"the tag {shown} is not allowed"
            hint = "content is data only; tags that build objects are refused"
        else:
            message = f"the tag {shown} is not allowed"
            hint = "remove the tag; huntkit reads plain YAML 1.2 values"
        self.result.diagnostics.append(codes.YAML_TAG.at(self._location(mark), message, hint=hint))

    def _scalar(self, event: Any) -> None:
        self._count(1, event.start_mark, through_alias=False)
        span = self._span(event.start_mark, event.end_mark)
        value: Any = self._resolve(event) if self._check_tag(event.tag, event.start_mark) else _SKIP
        if event.anchor is not None:
            self.anchors[event.anchor] = (value, 1, None)
        self._place(value, span)

    def _resolve(self, event: Any) -> Any:
        text: str = event.value
        tag = event.tag
        plain = not event.style and tag is None
        if tag == "!" or (not plain and tag in (None, STANDARD_TAG + "str")):
            return text
        if tag == STANDARD_TAG + "str":
            return text
        value = self._resolve_plain(text, event)
        if tag is not None and tag != "!":
            wanted = tag[len(STANDARD_TAG) :]
            actual = {
                type(None): "null",
                bool: "bool",
                int: "int",
                float: "float",
                str: "str",
            }.get(type(value), "")
            if wanted in ("seq", "map") or (wanted != actual and not (wanted == "float" and actual == "int")):
                self.result.diagnostics.append(
                    codes.YAML_TAG.at(
                        self._location(event.start_mark),
                        f"{text!r} is not a valid !!{wanted}",
                        hint="remove the tag and write the value plainly",
                    )
                )
                return _SKIP
            if wanted == "float" and isinstance(value, int):
                return float(value)
        return value

    def _resolve_plain(self, text: str, event: Any) -> Any:
        if _NULL.match(text):
            return None
        first = text[0]
        if first in "tTfF":
            if _BOOL_TRUE.match(text):
                return True
            if _BOOL_FALSE.match(text):
                return False
            return text
        if first in "0123456789-+.":
            if _INT10.match(text):
                return self._int(text, 10, event)
            if _INT8.match(text):
                return self._int(text[2:], 8, event)
            if _INT16.match(text):
                return self._int(text[2:], 16, event)
            if _FLOAT.match(text):
                return float(text)
            if _INF.match(text):
                return -math.inf if text.startswith("-") else math.inf
        if first == "." and _NAN.match(text):
            return math.nan
        return text

    def _int(self, digits: str, base: int, event: Any) -> Any:
        if len(digits) > self.limits.max_number_digits:
            self.result.diagnostics.append(
                codes.OUT_OF_RANGE.at(
                    self._location(event.start_mark),
                    f"the number has {len(digits)} digits; the limit is {self.limits.max_number_digits}",
                )
            )
            return _SKIP
        return int(digits, base)

    def _start(self, event: Any, is_mapping: bool) -> None:
        self._count(1, event.start_mark, through_alias=False)
        if len(self.stack) >= self.limits.max_depth:
            self._fail(
                codes.YAML_TOO_DEEP.at(
                    self._location(event.start_mark),
                    f"values are nested deeper than {self.limits.max_depth} levels",
                    hint="flatten the structure; real content never nests this deep",
                )
            )
        parent = self.stack[-1] if self.stack else None
        frame = _Frame(
            value={} if is_mapping else [],
            path=(),
            start=event.start_mark,
            anchor=event.anchor,
            nodes_before=self.nodes - 1,
        )
        if parent is not None and parent.discard:
            frame.discard = True
        elif parent is not None and self._awaits_key(parent):
            frame.discard = frame.is_key = True
            self.result.diagnostics.append(
                codes.YAML_BAD_KEY.at(
                    self._location(event.start_mark),
                    "a mapping key must be a plain string, not a "
                    + ("mapping" if is_mapping else "sequence"),
                    hint="use a plain word as the key",
                )
            )
        elif event.tag is not None and event.tag not in (
            "!",
            STANDARD_TAG + ("map" if is_mapping else "seq"),
        ):
            frame.discard = True
            self._report_tag(event.tag, event.start_mark)
        elif parent is not None:
            frame.path = self._child_path(parent)
        if event.anchor is not None:
            self.open_anchors.add(event.anchor)
        self.stack.append(frame)

    @staticmethod
    def _awaits_key(frame: _Frame) -> bool:
        return isinstance(frame.value, dict) and frame.pending_key is None and not frame.key_skip

    def _end(self, event: Any) -> None:
        frame = self.stack.pop()
        span = self._span(frame.start, event.end_mark)
        if frame.anchor is not None:
            self.open_anchors.discard(frame.anchor)
            subtree = self.nodes - frame.nodes_before
            self.anchors[frame.anchor] = (_SKIP if frame.discard else frame.value, subtree, None)
        parent = self.stack[-1] if self.stack else None
        if frame.is_key and parent is not None:
            parent.key_skip = True
            return
        self._place(_SKIP if frame.discard else frame.value, span)

    def _alias(self, event: Any) -> None:
        name = event.anchor
        if name in self.open_anchors:
            self._fail(
                codes.YAML_ALIAS_LIMIT.at(
                    self._location(event.start_mark),
                    f"the alias *{name} refers to a value that contains it",
                    hint="a value cannot include itself",
                )
            )
        if name not in self.anchors:
            self.result.diagnostics.append(
                codes.YAML_SYNTAX.at(
                    self._location(event.start_mark),
                    f"the alias *{name} names no anchor defined before it",
                    hint=f"define &{name} earlier in the same document",
                )
            )
            self._place(_SKIP, self._span(event.start_mark, event.end_mark))
            return
        self.aliases += 1
        if self.aliases > self.limits.max_aliases:
            self._fail(
                codes.YAML_ALIAS_LIMIT.at(
                    self._location(event.start_mark),
                    f"the document uses more than {self.limits.max_aliases} aliases",
                )
            )
        value, size, _ = self.anchors[name]
        self._count(size, event.start_mark, through_alias=True)
        self._place(value, self._span(event.start_mark, event.end_mark))

    # --- placing values ----------------------------------------------------------------------
    def _child_path(self, parent: _Frame) -> PathKey:
        if isinstance(parent.value, list):
            return (*parent.path, len(parent.value))
        return (*parent.path, parent.pending_key or "")

    def _place(self, value: Any, span: Span) -> None:
        if not self.stack:
            self.document_root = value
            if value is not _SKIP:
                self.source_map.values[()] = span
            return
        parent = self.stack[-1]
        if parent.discard:
            return
        if isinstance(parent.value, list):
            path = (*parent.path, len(parent.value))
            parent.value.append(None if value is _SKIP else value)
            self.source_map.values[path] = span
            return
        if self._awaits_key(parent):
            self._take_key(parent, value, span)
            return
        key, skip = parent.pending_key, parent.key_skip
        parent.pending_key, parent.key_skip = None, False
        if skip or key is None or value is _SKIP:
            return
        path = (*parent.path, key)
        parent.value[key] = value
        self.source_map.values[path] = span
        if parent.key_span is not None:
            self.source_map.keys[path] = parent.key_span

    def _take_key(self, parent: _Frame, value: Any, span: Span) -> None:
        assert isinstance(parent.value, dict)
        if value is _SKIP:
            parent.key_skip = True
            return
        if isinstance(value, bool) or value is None or isinstance(value, float):
            shown = "null" if value is None else str(value).lower()
            self.result.diagnostics.append(
                codes.YAML_BAD_KEY.at(
                    Location(self.path, span),
                    f"a mapping key must be a string, not {shown}",
                    hint=f'quote it if you meant the text: "{shown}"',
                )
            )
            parent.key_skip = True
            return
        if not isinstance(value, str | int):
            self.result.diagnostics.append(
                codes.YAML_BAD_KEY.at(
                    Location(self.path, span),
                    "a mapping key must be a plain string",
                )
            )
            parent.key_skip = True
            return
        key = str(value)
        earlier = parent.key_spans.get(key)
        if earlier is not None:
            self.result.diagnostics.append(
                codes.YAML_DUPLICATE_KEY.at(
                    Location(self.path, span),
                    f"the key {key!r} appears twice in this mapping",
                    hint="remove one of them; YAML would silently keep only one value",
                    related=(Related(Location(self.path, earlier), "first defined here"),),
                )
            )
            parent.key_skip = True
            return
        parent.key_spans[key] = span
        parent.pending_key = key
        parent.key_span = span


def _documents_phrase(first: int, last: int, name: str) -> str:
    """``document 3 of chapter-1.yaml`` or ``documents 3–9 of chapter-1.yaml`` (1-based)."""
    if last <= first:
        return f"document {first + 1} of {name}"
    return f"documents {first + 1}–{last + 1} of {name}"


def _were(more: int) -> str:
    return "were" if more > 0 else "was"


def _syntax_hint(problem: str) -> str | None:
    if "mapping values are not allowed" in problem:
        return "check the indentation of this line, or quote a value that contains ': '"
    if "expected <block end>" in problem or "did not find expected key" in problem:
        return "check that this line is indented like its siblings"
    if "found undefined alias" in problem:
        return "define the anchor (&name) before using the alias (*name)"
    if "could not find expected ':'" in problem:
        return "a key needs a ':' after it; quote the text if it is a value"
    return None
