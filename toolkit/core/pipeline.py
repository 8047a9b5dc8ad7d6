"""The validation pipeline: paths → packs → loaded documents → models → index → checks.

It reads like a script of named steps (see :func:`validate_paths`). Every problem found on the way
becomes a diagnostic; only a wrong command-line path is an exception (:class:`UsageError`).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from toolkit.core import codes
from toolkit.core.diagnostics import Diagnostic, Location, Related, Severity, Span
from toolkit.core.document import LoadedDocument
from toolkit.core.holdback import WHOLE_PACK, Missing, PackParts, describe_missing
from toolkit.core.index import ContentIndex, Pack
from toolkit.core.loader import DEFAULT_LIMITS, Limits, LoadResult, load_file
from toolkit.core.model import Document
from toolkit.core.packs import (
    PACK_FILE,
    PackManifest,
    PackSource,
    builtin_content_root,
    find_packs,
    is_yaml_file,
    yaml_files_outside_packs,
)
from toolkit.core.plugin import Check, GamePlugin
from toolkit.core.references import CORE_CHECKS
from toolkit.core.validation import did_you_mean, validate_model
from toolkit.games import all_games, all_kinds


class UsageError(Exception):
    """A command-line argument that cannot be used (a path that does not exist, say)."""


@dataclass(slots=True)
class ValidationResult:
    """Everything one validation run found."""

    diagnostics: list[Diagnostic] = field(default_factory=list)
    index: ContentIndex = field(default_factory=ContentIndex)
    packs: list[Pack] = field(default_factory=list)
    """The packs that were asked for (not the built-in packs loaded only as requirements)."""
    sources: dict[Path, str] = field(default_factory=dict)
    """The text of every file read, so reporters can show source lines without re-reading."""
    files_checked: int = 0
    documents_checked: int = 0

    @property
    def error_count(self) -> int:
        return sum(1 for d in self.diagnostics if d.severity is Severity.ERROR)

    @property
    def warning_count(self) -> int:
        return sum(1 for d in self.diagnostics if d.severity is Severity.WARNING)

    def exit_code(self, *, strict: bool = False) -> int:
        if self.error_count or (strict and self.warning_count):
            return 1
        return 0

    def sorted_diagnostics(self) -> list[Diagnostic]:
        return sorted(self.diagnostics, key=Diagnostic.sort_key)


@dataclass(frozen=True, slots=True)
class Readers:
    """How the pipeline reads a file and validates a document. Watch mode passes caching versions;
    everything else uses the defaults."""

    load: Callable[[Path, Limits], LoadResult] = load_file
    validate: Callable[
        [LoadedDocument, type[Document], Sequence[str] | None],
        tuple[Document | None, list[Diagnostic]],
    ] = validate_model


def validate_paths(
    paths: Sequence[Path] | None = None,
    *,
    limits: Limits = DEFAULT_LIMITS,
    readers: Readers = Readers(),
    quick: bool = False,
) -> ValidationResult:
    """Validate packs, folders of packs, or lone files (default: the built-in content).

    ``quick`` leaves out the games' slow checks (the flow exploration): an editor's first answer."""
    result = ValidationResult()
    sources, loose = resolve_targets(paths or [builtin_content_root()])
    result.diagnostics.extend(loose)
    loader = _PackLoader(result, limits, readers)
    targets = [loader.load(source, report=True) for source in sources]
    result.packs = targets
    loader.load_requirements(targets)
    _check_pack_graph(result, targets, loader)
    result.diagnostics.extend(_builtin_clashes(targets, loader.builtins))
    for pack in targets:
        _run_checks(result, pack, quick=quick)
    return result


def resolve_targets(paths: Iterable[Path]) -> tuple[list[PackSource], list[Diagnostic]]:
    """Turn command-line paths into pack sources; folders without packs get a warning."""
    sources: list[PackSource] = []
    warnings: list[Diagnostic] = []
    seen: set[Path] = set()
    for raw in paths:
        path = existing_path(raw)
        if not path.is_file() and not path.is_dir():
            raise UsageError(f"{raw} is neither a file nor a folder (a pipe or a device); name YAML files")
        if path.is_file():
            if path.name == PACK_FILE:
                path = path.parent
            elif not is_yaml_file(path):
                raise UsageError(f"not a YAML file: {raw}")
            else:
                if path not in seen:
                    seen.add(path)
                    sources.append(PackSource(path.parent, lone_file=path))
                continue
        packs = find_packs(path)
        for root in packs:
            if root not in seen:
                seen.add(root)
                sources.append(PackSource(root))
        if not packs:
            warnings.append(_nothing_checked(raw, path))
    return sources, warnings


def _nothing_checked(raw: Path, path: Path) -> Diagnostic:
    """A folder named on the command line that holds no pack: say so, rather than "ok"."""
    if yaml_files_outside_packs(path):
        message = f"{raw} holds YAML files but no {PACK_FILE}; nothing in it was checked"
        hint = f"add a {PACK_FILE}, or pass the files themselves to check them alone"
    else:
        # A mistyped folder in CI must not pass as "ok: 0 files checked".
        message = f"{raw} holds no {PACK_FILE} and no YAML files; nothing was checked"
        hint = "name a pack folder (one with a pack.yaml), a folder of packs, or YAML files"
    return codes.NO_PACK_FILE.at(Location(raw), message, hint=hint)


def existing_path(raw: Path) -> Path:
    """The resolved path of a command-line argument; :class:`UsageError` if nothing is there."""
    try:
        if not raw.exists():
            if raw.is_symlink():
                raise UsageError(f"{raw} is a symlink that leads nowhere (a broken link or a loop)")
            raise UsageError(f"no such file or folder: {raw}")
        return raw.resolve()
    except RuntimeError as error:  # Python 3.11 raises RuntimeError for a loop
        raise UsageError(f"cannot follow {raw}: {error}") from None
    except OSError as error:  # a name longer than the system allows (ENAMETOOLONG), say
        raise UsageError(f"cannot use the path {short_path(raw)}: {error.strerror or error}") from None


def short_path(path: Path, limit: int = 80) -> str:
    """A path as said in a message, cut short: a 10,000-character name must not fill the screen."""
    text = str(path)
    if len(text) <= limit:
        return text
    return f"{text[: limit // 2]}…{text[-limit // 4 :]} ({len(text):,} characters)"


_SLUG = re.compile(r"[^a-z0-9]+")


class _PackLoader:
    """Loads packs into the result's index; reports problems only for packs asked for."""

    def __init__(self, result: ValidationResult, limits: Limits, readers: Readers) -> None:
        self.result = result
        self.limits = limits
        self.readers = readers
        self.loaded_roots: dict[Path, Pack] = {}
        self._builtins: dict[str, PackSource] | None = None

    @property
    def builtins(self) -> dict[str, PackSource]:
        """Built-in packs by id, found from their manifests on first use."""
        if self._builtins is None:
            self._builtins = {}
            for root in find_packs(builtin_content_root()):
                manifest_file = self.readers.load(root / PACK_FILE, DEFAULT_LIMITS)  # shipped content
                if manifest_file.documents and isinstance(manifest_file.documents[0].data, dict):
                    pack_id = manifest_file.documents[0].data.get("id")
                    if isinstance(pack_id, str):
                        self._builtins.setdefault(pack_id, PackSource(root))
        return self._builtins

    def load(self, source: PackSource, *, report: bool) -> Pack:
        # Requirements come from the built-in packs, which are read with the default limits.
        limits = self.limits if report else DEFAULT_LIMITS
        saved, self.limits = self.limits, limits
        try:
            return self._load(source, report=report)
        finally:
            self.limits = saved

    def _load(self, source: PackSource, *, report: bool) -> Pack:
        sink: list[Diagnostic] = []
        if source.lone_file is not None:
            pack = self._lone_pack(source)
        else:
            pack = self._manifest_pack(source, sink)
        if source.lone_file is None:
            self.loaded_roots[source.root] = pack
        game = all_games().get(pack.game)
        for path in source.content_files():
            self._load_content_file(pack, path, game, sink)
        if report:
            self.result.files_checked += len(pack.files)
            self.result.documents_checked += sum(
                1 for document in pack.documents_seen if document.data is not None
            )
        if pack.id not in self.result.index.packs:
            self.result.index.add_pack(pack)
        elif report:
            sink.append(self._duplicate_pack(pack))
        if report:
            self.result.diagnostics.extend(sink)
        return pack

    def _manifest_pack(self, source: PackSource, sink: list[Diagnostic]) -> Pack:
        path = source.root / PACK_FILE
        outside = leaves_folder(path, source.root)
        if outside or not path.is_file():
            sink.append(_link_outside(path) if outside else _manifest_not_a_file(path))
            fallback_id = _SLUG.sub("-", source.root.name.lower()).strip("-") or "pack"
            return Pack(fallback_id, "", source.root, None, None)
        loaded = self.readers.load(path, self.limits)
        self._remember(loaded.path, loaded.text)
        sink.extend(loaded.diagnostics)
        fallback_id = _SLUG.sub("-", source.root.name.lower()).strip("-") or "pack"
        document = loaded.documents[0] if loaded.documents else None
        extra = [d for d in loaded.documents[1:] if d.data is not None]
        if extra:
            sink.append(
                codes.TOO_MANY_DOCUMENTS.at(
                    extra[0].locate(),
                    f"{PACK_FILE} holds {len(extra) + 1} documents; it must hold one, and the others "
                    "would be ignored",
                    hint="move content documents to files of their own beside pack.yaml",
                )
            )
        manifest: PackManifest | None = None
        if document is not None:
            if isinstance(document.data, dict):
                model, problems = self.readers.validate(document, PackManifest, self._lines(path))
                sink.extend(problems)
                manifest = model if isinstance(model, PackManifest) else None
            else:
                sink.append(
                    codes.DOCUMENT_NOT_MAPPING.at(
                        document.locate(), f"{PACK_FILE} must be a mapping with id, game, name"
                    )
                )
        elif not loaded.diagnostics:
            sink.append(
                codes.MISSING_KEY.at(
                    Location(path, Span(1, 1)), f"{PACK_FILE} is empty; it needs id, game, name"
                )
            )
        builtin = source.root.is_relative_to(builtin_content_root())
        if manifest is None:
            return Pack(fallback_id, "", source.root, None, document, builtin=builtin)
        if document is not None:
            document.pack_id = manifest.id
            document.model = manifest
        return Pack(
            manifest.id,
            manifest.game,
            source.root,
            manifest,
            document,
            builtin=builtin,
            requires=tuple(manifest.requires),
        )

    def _lone_pack(self, source: PackSource) -> Pack:
        assert source.lone_file is not None
        stem = _SLUG.sub("-", source.lone_file.stem.lower()).strip("-") or "file"
        game_id = self._guess_game(source.lone_file)
        game = all_games().get(game_id)
        requires = (game.core_pack,) if game is not None else ()
        return Pack(f"{stem}-file", game_id, source.root, None, None, requires=requires)

    def _guess_game(self, path: Path) -> str:
        loaded = self.readers.load(path, self.limits)
        for document in loaded.documents:
            kind = document.kind
            if kind is not None and kind in all_kinds():
                return all_kinds()[kind][0].id
        return "bloodborne-board"

    def _load_content_file(
        self, pack: Pack, path: Path, game: GamePlugin | None, sink: list[Diagnostic]
    ) -> None:
        if leaves_folder(path, pack.root):
            pack.files.append(path)
            sink.append(_link_outside(path))
            return
        loaded = self.readers.load(path, self.limits)
        self._remember(path, loaded.text)
        pack.files.append(path)
        pack.documents_seen.extend(loaded.documents)
        sink.extend(loaded.diagnostics)
        for unread in loaded.unread:
            pack.unread_documents.append((path, unread))
            self._remember_invalid(pack, unread.data)
        lines = self._lines(path)
        for document in loaded.documents:
            document.pack_id = pack.id
            if document.data is None:
                continue  # an empty document between two `---` is harmless
            model_type = self._model_type(document, game, sink)
            if model_type is None:
                continue
            model, problems = self.readers.validate(document, model_type, lines)
            sink.extend(problems)
            if model is None:
                pack.invalid_documents.append(document)
                self._remember_invalid(pack, document.data)
                continue
            document.model = model
            pack.documents.append(document)
            earlier = self.result.index.add_document(document)
            if earlier is not None and not model.reports_own_duplicates:
                sink.append(_duplicate_id(document, earlier))

    def _remember_invalid(self, pack: Pack, data: Any) -> None:
        """A document that exists but did not load: references to it are not "unknown"."""
        if not isinstance(data, dict):
            return
        raw_id, kind = data.get("id"), data.get("kind")
        if isinstance(raw_id, str) and isinstance(kind, str):
            self.result.index.add_invalid(pack.id, kind, raw_id)

    def _model_type(
        self, document: LoadedDocument, game: GamePlugin | None, sink: list[Diagnostic]
    ) -> type[Document] | None:
        data = document.data
        if not isinstance(data, dict):
            sink.append(
                codes.DOCUMENT_NOT_MAPPING.at(
                    document.locate(),
                    "a content document must be a mapping with a `kind`",
                    hint="start the document with `kind: ...` followed by its keys",
                )
            )
            return None
        kind = data.get("kind")
        if kind is None:
            sink.append(
                codes.MISSING_KIND.at(
                    Location(document.path, _first_line(document)),
                    "this document has no `kind`",
                    hint="add `kind:` naming what it is; known kinds: "
                    + ", ".join(sorted(self._kinds_for(game))),
                )
            )
            return None
        known = all_kinds()
        if not isinstance(kind, str) or kind not in known:
            choices = self._kinds_for(game)
            sink.append(
                codes.UNKNOWN_KIND.at(
                    document.locate(("kind",)),
                    f"unknown kind {kind!r}",
                    hint=did_you_mean(str(kind), choices) or ("known kinds: " + ", ".join(sorted(choices))),
                )
            )
            return None
        kind_game, model_type = known[kind]
        if game is not None and kind_game.id != game.id:
            sink.append(
                codes.KIND_WRONG_GAME.at(
                    document.locate(("kind",)),
                    f"the kind {kind!r} belongs to {kind_game.title}, but this pack is for {game.title}",
                    hint="move it to a pack of that game",
                )
            )
            return None
        return model_type

    @staticmethod
    def _kinds_for(game: GamePlugin | None) -> list[str]:
        if game is not None:
            return list(game.kinds)
        return list(all_kinds())

    def _duplicate_pack(self, pack: Pack) -> Diagnostic:
        first = self.result.index.packs[pack.id]
        here = pack.manifest_document.locate(("id",)) if pack.manifest_document else Location(pack.root)
        there = first.manifest_document.locate(("id",)) if first.manifest_document else Location(first.root)
        return codes.PACK_DUPLICATE.at(
            here,
            f"another pack already has the id {pack.id!r}",
            hint="give each pack its own id",
            related=(Related(there, "the other pack"),),
        )

    def load_requirements(self, targets: list[Pack]) -> None:
        """Load, without reporting on them, the built-in packs the targets require."""
        queue = [req for pack in targets for req in pack.requires]
        while queue:
            pack_id = queue.pop(0)
            if pack_id in self.result.index.packs:
                continue
            source = self.builtins.get(pack_id)
            if source is None or source.root in self.loaded_roots:
                continue
            pack = self.load(source, report=False)
            queue.extend(pack.requires)

    def _remember(self, path: Path, text: str | None) -> None:
        if text is not None:
            self.result.sources[path] = text

    def _lines(self, path: Path) -> list[str] | None:
        text = self.result.sources.get(path)
        return text.split("\n") if text is not None else None


def leaves_folder(path: Path, folder: Path) -> bool:
    """Whether ``path``, followed through its links, is a file outside ``folder``.

    A pack in a pull request may hold ``notes.yaml`` linked to ``/proc/self/environ`` or a file of
    the machine's: reading it would put the CI's secrets in the report as its "source line". Such a
    file is refused unread (a link that leads nowhere, or to a device, is left to the loader, which
    says what it is without reading it).
    """
    try:
        if not path.is_symlink() and not any(parent.is_symlink() for parent in _below(path, folder)):
            return False
        target = path.resolve()
        return target.is_file() and not target.is_relative_to(folder.resolve())
    except (OSError, RuntimeError):
        return False  # a loop or a name the system refuses: the loader reports it


def _below(path: Path, folder: Path) -> list[Path]:
    """The folders between ``folder`` and ``path`` (a linked folder inside the pack leads out too)."""
    parents = []
    for parent in path.parents:
        if parent == folder:
            break
        parents.append(parent)
    return parents


def _link_outside(path: Path) -> Diagnostic:
    return codes.LINK_OUTSIDE_PACK.at(
        Location(path, Span(1, 1)),
        "this is a symbolic link to a file outside the pack; huntkit reads only the pack's own files",
        hint="copy the file into the pack, or link to a file inside the pack's folder",
    )


def _manifest_not_a_file(path: Path) -> Diagnostic:
    """``pack.yaml`` is there but is no file: the pack cannot be read, which is an error."""
    try:
        what = "a folder" if path.is_dir() else "not a regular file (a device, a pipe or a socket)"
    except OSError:
        what = "not a file"
    if not path.exists():
        what = "a symlink that leads nowhere (a broken link or a loop)"
    return codes.FILE_UNREADABLE.at(
        Location(path, Span(1, 1)),
        f"{PACK_FILE} is {what}, not a YAML file",
        hint=f"{PACK_FILE} must be a YAML file with the pack's id, game and name",
    )


def _first_line(document: LoadedDocument) -> Span | None:
    return document.source_map.value_span(())


def _duplicate_id(document: LoadedDocument, earlier: LoadedDocument) -> Diagnostic:
    assert document.model is not None
    key = document.model.document_key()
    field_name = "id" if isinstance(document.data, dict) and "id" in document.data else ()
    path = (field_name,) if field_name else ()
    return codes.DUPLICATE_ID.at(
        document.locate(path),
        f"another {document.model.kind} in this pack has the id {key!r}",
        hint="ids must be unique per kind within a pack",
        related=(Related(earlier.locate(path), "first defined here"),),
    )


def _check_pack_graph(result: ValidationResult, targets: list[Pack], loader: _PackLoader) -> None:
    """Missing requirements, requirements of another game, and cycles among packs."""
    import networkx as nx  # only here: most runs never reach a cycle search worth its import

    index = result.index
    known_ids = sorted(set(index.packs) | set(loader.builtins))
    graph: nx.DiGraph[str] = nx.DiGraph()  # type: ignore[type-arg,unused-ignore]
    for pack in index.packs.values():
        graph.add_node(pack.id)
        for required in pack.requires:
            graph.add_edge(pack.id, required)
    for pack in targets:
        if pack.manifest_document is None:
            continue
        for position, required in enumerate(pack.requires):
            location = pack.manifest_document.locate(("requires", position))
            other = index.packs.get(required)
            if other is None:
                result.diagnostics.append(
                    codes.PACK_MISSING_REQUIREMENT.at(
                        location,
                        f"the required pack {required!r} cannot be found",
                        hint=did_you_mean(required, known_ids)
                        or "pass its folder to huntkit too, or remove it from `requires`",
                    )
                )
            elif other.game and pack.game and other.game != pack.game:
                result.diagnostics.append(
                    codes.PACK_GAME_MISMATCH.at(
                        location,
                        f"{required!r} is a {other.game} pack; this pack is for {pack.game}",
                    )
                )
    _report_cycles(result, targets, graph)


def _builtin_clashes(targets: list[Pack], builtins: dict[str, PackSource]) -> Iterator[Diagnostic]:
    """A pack of the user's that takes a built-in pack's id stands in for it.

    An error when a pack of this run requires that id (`requires: [core]` then got the user's pack,
    and failed on every tile and enemy it lacks); a warning otherwise (a copy of a built-in pack
    being edited), since nothing is replaced yet.
    """
    required = {req for pack in targets for req in pack.requires}
    for pack in targets:
        if pack.builtin or pack.manifest_document is None or pack.id not in builtins:
            continue
        replaces = pack.id in required
        yield codes.BUILTIN_PACK_ID.at(
            pack.manifest_document.locate(("id",)),
            f"the id {pack.id!r} is taken by a pack built into huntkit; this pack "
            + ("replaces it for the packs here that require it" if replaces else "would replace it"),
            hint=f"give the pack an id of its own, such as 'my-{pack.id}'",
            severity=Severity.ERROR if replaces else Severity.WARNING,
        )


def _report_cycles(result: ValidationResult, targets: list[Pack], graph: Any) -> None:
    """One diagnostic per group of packs that require each other, naming one loop through it.

    Groups are the strongly connected components: listing every simple cycle instead took minutes
    for a dozen packs that all require one another (their cycles number in the billions).
    """
    import networkx as nx

    target_ids = {pack.id for pack in targets}
    for component in nx.strongly_connected_components(graph):
        members = set(component)
        if not members & target_ids:
            continue
        first = next(pack for pack in targets if pack.id in members)
        position = next((i for i, req in enumerate(first.requires) if req in members), None)
        if position is None:
            continue  # a lone pack that does not require itself: no cycle
        required = first.requires[position]
        path = nx.shortest_path(graph.subgraph(members), required, first.id)
        cycle = [first.id, *path[:-1]] if required != first.id else [first.id]
        location = (
            first.manifest_document.locate(("requires", position))
            if first.manifest_document
            else Location(first.root)
        )
        loop = " → ".join([*cycle, cycle[0]])
        result.diagnostics.append(
            codes.PACK_CYCLE.at(
                location,
                f"packs require each other in a cycle: {loop}",
                hint="a pack cannot depend on itself, even through others",
            )
        )


def _run_checks(result: ValidationResult, pack: Pack, *, quick: bool = False) -> None:
    """The core checks, then the game's own, then its slow (flow) checks, each over the parts of
    the pack that the problems found before them leave whole (see :mod:`toolkit.core.holdback`).
    ``quick`` leaves the slow checks out."""
    _run(result, CORE_CHECKS, pack)
    game = all_games().get(pack.game)
    if game is None or not game.checks:
        return
    parts = PackParts(pack, game.check_scope)
    missing = parts.missing()
    if WHOLE_PACK in missing:
        result.diagnostics.append(_held_back(game.title, pack, WHOLE_PACK, missing[WHOLE_PACK]))
        return
    for part, documents in missing.items():
        result.diagnostics.append(_held_back(game.title, pack, part, documents))
    slow = [check for check in game.checks if check in game.slow_checks]
    _run(result, [check for check in game.checks if check not in slow], parts.without(missing))
    if quick or not slow:
        return
    errors = parts.errors_by_part(d for d in result.diagnostics if d.layer in FLOW_PREMISES)
    if game.check_scope is None:
        if WHOLE_PACK in errors:
            result.diagnostics.append(_flow_held_back(game.title, pack, WHOLE_PACK, errors[WHOLE_PACK]))
            return
    else:
        # A pack's own documents (components) are not played through; their errors hold nothing.
        errors.pop(WHOLE_PACK, None)
    for part, found in errors.items():
        if part not in missing:
            result.diagnostics.append(_flow_held_back(game.title, pack, part, found))
    _run(result, slow, parts.without([*missing, *errors]))


FLOW_PREMISES = frozenset({"BB01", "BB02", "BB03"})
"""Layers whose errors hold back flow checks: what playing content through takes for granted (every
document read and valid, every name known). A rule or graph error does not: the flow checks' soft
locks, reported after it (a later layer), can say more about it, at which table size, say."""


def _held_back(title: str, pack: Pack, part: str, missing: list[Missing]) -> Diagnostic:
    whose = f"of {part} in the pack {pack.id!r}" if part else f"of the pack {pack.id!r}"
    unread = any(m.unread for m in missing)
    return codes.CHECKS_SKIPPED.at(
        missing[0].location,
        f"{title} rule and graph checks {whose} are held back: {describe_missing(missing)}",
        hint="fix the "
        + ("YAML errors" if unread else "schema errors")
        + " above, then validate again for the rule and graph checks"
        + ("" if part else " (this document belongs to no campaign, so the whole pack waits)"),
    )


def _flow_held_back(title: str, pack: Pack, part: str, errors: list[Diagnostic]) -> Diagnostic:
    whose = f"of {part}" if part else f"of the pack {pack.id!r}"
    first = min(errors, key=Diagnostic.sort_key)
    return codes.CHECKS_SKIPPED.at(
        first.location,
        f"{title} flow checks {whose} (which play it through) are held back until "
        + ("its error is fixed" if len(errors) == 1 else f"its {len(errors)} errors are fixed"),
        hint="fix the errors above first: played through with them, the content would mostly show "
        "the same mistakes again, further from where they are",
    )


def _run(result: ValidationResult, checks: Iterable[Check], pack: Pack) -> None:
    """Run each check isolated, so a bug in one never hides the results of the others."""
    for check in checks:
        try:
            result.diagnostics.extend(check(result.index, pack))
        except Exception as error:  # a check's bug must not become a traceback for the author
            name = getattr(check, "__qualname__", repr(check))
            result.diagnostics.append(
                codes.INTERNAL_ERROR.at(
                    Location(pack.root),
                    f"the check {name} failed: {type(error).__name__}: {error}",
                    hint="this is a bug in huntkit; please report it with the pack that caused it",
                )
            )
