"""The huntkit language server (pygls, over stdio).

Diagnostics of the whole pack are published on open, on change (after a pause in typing) and on
save, for every file of the pack, so a fix in one file clears what it caused in another. Hover shows
a key's documentation from the schema, or what an id or card number names; completion offers the
ids, card numbers and values the key wants; go to definition opens the document an id or number
names, in the pack or in the installed core; quick fixes apply the did-you-mean hints.
"""

from __future__ import annotations

import asyncio
import re
from functools import partial
from pathlib import Path
from typing import Any

from lsprotocol import types
from pygls.lsp.server import LanguageServer
from pygls.uris import from_fs_path, to_fs_path

from toolkit.core.diagnostics import Diagnostic, Location, Severity
from toolkit.lsp import cursor, symbols
from toolkit.lsp.checker import CheckResult, PackChecker
from toolkit.lsp.vocabulary import vocabulary

DEBOUNCE_SECONDS = 0.15
"""How long typing must pause before the pack is checked again."""

_DID_YOU_MEAN = re.compile(r"did you mean '([^']+)'")
_SEVERITY = {
    Severity.ERROR: types.DiagnosticSeverity.Error,
    Severity.WARNING: types.DiagnosticSeverity.Warning,
    Severity.INFO: types.DiagnosticSeverity.Information,
}


def _uri(path: Path) -> str:
    return from_fs_path(str(path)) or path.as_uri()


def _range(location: Location, lines: list[str] | None = None) -> types.Range:
    span = location.span
    if span is None:
        return types.Range(types.Position(0, 0), types.Position(0, 0))
    line, column = span.line - 1, span.column - 1
    end_line = (span.end_line or span.line) - 1
    end_column = (span.end_column - 1) if span.end_column else column
    if end_line == line and end_column <= column:
        text = lines[line] if lines and 0 <= line < len(lines) else ""
        word = cursor.word_at(text, column)
        end_column = word[2] if word and word[1] <= column else max(column + 1, len(text))
    return types.Range(types.Position(line, column), types.Position(end_line, end_column))


class HuntkitServer(LanguageServer):
    def __init__(self) -> None:
        from toolkit import __version__

        super().__init__("huntkit", __version__, text_document_sync_kind=types.TextDocumentSyncKind.Full)
        self.checker = PackChecker()
        self.published: dict[Path, set[Path]] = {}
        """The files each pack root has diagnostics published for (to clear them later)."""
        self.pending: dict[Path, asyncio.Task[None]] = {}
        self.slow: dict[Path, dict[Path, list[Diagnostic]]] = {}
        """What the slow checks found last, by pack root and file."""

    # --- checking ---------------------------------------------------------------------------------

    def schedule(self, path: Path, delay: float) -> None:
        root = _root(path)
        earlier = self.pending.pop(root, None)
        if earlier is not None:
            earlier.cancel()
        self.pending[root] = asyncio.get_running_loop().create_task(self._check_later(path, delay))

    async def _check_later(self, path: Path, delay: float) -> None:
        """Check after the pause: first every check but the slow ones, published at once, then all
        of them (the flow exploration too), published when done — unless typing resumed."""
        await asyncio.sleep(delay)
        loop = asyncio.get_running_loop()
        quick = await loop.run_in_executor(None, partial(self.checker.check, path, quick=True))
        # Until the slow checks answer again, their last findings stay shown (no flicker).
        self.publish(quick, self.slow.get(quick.root, {}))
        full = await loop.run_in_executor(None, self.checker.check, path)
        self.slow[full.root] = _difference(full, quick)
        self.publish(full)

    def publish(self, checked: CheckResult, extra: dict[Path, list[Diagnostic]] | None = None) -> None:
        files = {f.resolve() for f in checked.files} | set(checked.by_file)
        for path in files | self.published.get(checked.root, set()):
            lines = self._lines(path)
            found = checked.by_file.get(path, []) + (extra or {}).get(path, [])
            diagnostics = [self._diagnostic(d, lines) for d in found]
            self.text_document_publish_diagnostics(
                types.PublishDiagnosticsParams(uri=_uri(path), diagnostics=diagnostics)
            )
        self.published[checked.root] = files

    def _lines(self, path: Path) -> list[str]:
        text = self.checker.texts.get(path)
        if text is None:
            try:
                text = path.read_text(encoding="utf-8", errors="replace")
            except OSError:
                return []
        return text.splitlines()

    def _diagnostic(self, diagnostic: Diagnostic, lines: list[str]) -> types.Diagnostic:
        related = [
            types.DiagnosticRelatedInformation(
                location=types.Location(uri=_uri(r.location.file), range=_range(r.location)),
                message=r.message,
            )
            for r in diagnostic.related
            if r.location.file is not None
        ]
        message = diagnostic.message + (f"\n{diagnostic.hint}" if diagnostic.hint else "")
        return types.Diagnostic(
            range=_range(diagnostic.location, lines),
            message=message,
            severity=_SEVERITY[diagnostic.severity],
            code=diagnostic.code,
            source="huntkit",
            related_information=related or None,
            data={"hint": diagnostic.hint} if diagnostic.hint else None,
        )

    def result_for(self, path: Path) -> CheckResult:
        return self.checker.latest(path) or self.checker.check(path)


def _difference(full: CheckResult, quick: CheckResult) -> dict[Path, list[Diagnostic]]:
    """The diagnostics only the full check found: those of the slow checks."""
    found: dict[Path, list[Diagnostic]] = {}
    for path, diagnostics in full.by_file.items():
        seen = list(quick.by_file.get(path, []))
        for diagnostic in diagnostics:
            if diagnostic in seen:
                seen.remove(diagnostic)
            else:
                found.setdefault(path, []).append(diagnostic)
    return found


def _root(path: Path) -> Path:
    from toolkit.lsp.checker import pack_root

    return pack_root(path) or path


def _path(uri: str) -> Path:
    return Path(to_fs_path(uri) or uri).resolve()


server = HuntkitServer()


@server.feature(types.TEXT_DOCUMENT_DID_OPEN)
def did_open(ls: HuntkitServer, params: types.DidOpenTextDocumentParams) -> None:
    path = _path(params.text_document.uri)
    ls.checker.set_text(path, params.text_document.text)
    ls.schedule(path, 0)


@server.feature(types.TEXT_DOCUMENT_DID_CHANGE)
def did_change(ls: HuntkitServer, params: types.DidChangeTextDocumentParams) -> None:
    path = _path(params.text_document.uri)
    ls.checker.set_text(path, ls.workspace.get_text_document(params.text_document.uri).source)
    ls.schedule(path, DEBOUNCE_SECONDS)


@server.feature(types.TEXT_DOCUMENT_DID_SAVE)
def did_save(ls: HuntkitServer, params: types.DidSaveTextDocumentParams) -> None:
    path = _path(params.text_document.uri)
    ls.schedule(path, 0)


@server.feature(types.TEXT_DOCUMENT_DID_CLOSE)
def did_close(ls: HuntkitServer, params: types.DidCloseTextDocumentParams) -> None:
    path = _path(params.text_document.uri)
    ls.checker.set_text(path, None)
    ls.schedule(path, 0)


def _context(ls: HuntkitServer, uri: str, position: types.Position) -> tuple[Path, list[str], str]:
    path = _path(uri)
    lines = ls.workspace.get_text_document(uri).source.splitlines()
    line = lines[position.line] if position.line < len(lines) else ""
    return path, lines, line


@server.feature(types.TEXT_DOCUMENT_HOVER)
def hover(ls: HuntkitServer, params: types.HoverParams) -> types.Hover | None:
    path, lines, line = _context(ls, params.text_document.uri, params.position)
    found = cursor.word_at(line, params.position.character)
    if found is None:
        return None
    word, start, end = found
    word_range = types.Range(
        types.Position(params.position.line, start), types.Position(params.position.line, end)
    )
    info = vocabulary().get(word)
    if cursor.is_key(line, start, end) and info is not None and info.descriptions:
        text = f"**{word}**\n\n" + "\n\n---\n\n".join(info.descriptions[:3])
        return types.Hover(types.MarkupContent(types.MarkupKind.Markdown, text), word_range)
    named = _named_at(ls, path, lines, params.position, word)
    if named is None:
        return None
    where = named.location.describe()
    text = f"**{named.title}** — {named.kind} `{named.key}` (pack `{named.pack}`)\n\n{where}"
    return types.Hover(types.MarkupContent(types.MarkupKind.Markdown, text), word_range)


def _named_at(
    ls: HuntkitServer, path: Path, lines: list[str], position: types.Position, word: str
) -> symbols.Named | None:
    result = ls.result_for(path).result
    key = cursor.key_at(lines, position.line, position.character)
    info = vocabulary().get(key or "")
    if word.isdigit() and (info is None or info.card_number or not info.refs):
        return symbols.find_card(result, path, int(word))
    return symbols.find_id(result, path, word, info.refs if info and info.refs else None)


@server.feature(types.TEXT_DOCUMENT_DEFINITION)
def definition(ls: HuntkitServer, params: types.DefinitionParams) -> types.Location | None:
    path, lines, line = _context(ls, params.text_document.uri, params.position)
    found = cursor.word_at(line, params.position.character)
    if found is None:
        return None
    named = _named_at(ls, path, lines, params.position, found[0])
    if named is None or named.location.file is None:
        return None
    return types.Location(uri=_uri(named.location.file), range=_range(named.location))


@server.feature(
    types.TEXT_DOCUMENT_COMPLETION, types.CompletionOptions(trigger_characters=[":", " ", "[", ","])
)
def completion(ls: HuntkitServer, params: types.CompletionParams) -> types.CompletionList:
    path, lines, _ = _context(ls, params.text_document.uri, params.position)
    key = cursor.key_at(lines, params.position.line, params.position.character)
    info = vocabulary().get(key or "")
    items: list[types.CompletionItem] = []
    if info is not None:
        result = ls.result_for(path).result
        if info.refs:
            for named in symbols.ids_of(result, path, info.refs):
                items.append(
                    types.CompletionItem(
                        label=named.key,
                        kind=types.CompletionItemKind.Reference,
                        detail=f"{named.kind} · {named.title}",
                    )
                )
        if info.card_number:
            for named in symbols.cards_of(result, path):
                number = named.key.rsplit("#", 1)[-1]
                items.append(
                    types.CompletionItem(
                        label=number, kind=types.CompletionItemKind.Value, detail=named.title
                    )
                )
        for value in sorted(info.values):
            items.append(types.CompletionItem(label=value, kind=types.CompletionItemKind.EnumMember))
    return types.CompletionList(is_incomplete=False, items=items)


@server.feature(types.TEXT_DOCUMENT_CODE_ACTION)
def code_action(ls: HuntkitServer, params: types.CodeActionParams) -> list[types.CodeAction]:
    actions = []
    for diagnostic in params.context.diagnostics:
        data: Any = diagnostic.data
        hint = data.get("hint") if isinstance(data, dict) else None
        match = _DID_YOU_MEAN.search(hint or diagnostic.message)
        if match is None:
            continue
        replacement = match.group(1)
        edit = types.WorkspaceEdit(
            changes={params.text_document.uri: [types.TextEdit(range=diagnostic.range, new_text=replacement)]}
        )
        actions.append(
            types.CodeAction(
                title=f"Change to '{replacement}'",
                kind=types.CodeActionKind.QuickFix,
                diagnostics=[diagnostic],
                edit=edit,
                is_preferred=True,
            )
        )
    return actions


def main() -> None:
    server.start_io()
