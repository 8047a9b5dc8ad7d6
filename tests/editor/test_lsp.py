"""`huntkit lsp` over stdio, driven by pygls' language client: whole-pack diagnostics (at a typo in
a file's third document), hover on a verb and on an id, completion of ids in context, go to
definition into the installed core, and a quick fix from the did-you-mean hint."""

from __future__ import annotations

import asyncio
import shutil
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from lsprotocol import types
from pygls.lsp.client import LanguageClient

from toolkit.core.packs import builtin_content_root

PALE_BELL = builtin_content_root() / "campaigns" / "the-pale-bell"
TIMEOUT = 60


class Session:
    """A client talking to a `huntkit lsp` process, collecting the diagnostics it publishes."""

    def __init__(self) -> None:
        self.client = LanguageClient("huntkit-test", "1")
        self.diagnostics: dict[str, list[types.Diagnostic]] = {}
        self.arrived = asyncio.Event()

        @self.client.feature(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
        def published(params: types.PublishDiagnosticsParams) -> None:
            self.diagnostics[params.uri] = list(params.diagnostics)
            self.arrived.set()

    async def start(self, root: Path) -> None:
        await self.client.start_io(sys.executable, "-m", "toolkit", "lsp")
        await self.client.initialize_async(
            types.InitializeParams(capabilities=types.ClientCapabilities(), root_uri=root.as_uri())
        )
        self.client.initialized(types.InitializedParams())

    async def open(self, path: Path, text: str) -> None:
        self.arrived.clear()
        item = types.TextDocumentItem(uri=path.as_uri(), language_id="yaml", version=1, text=text)
        self.client.text_document_did_open(types.DidOpenTextDocumentParams(text_document=item))
        await self.published_for(path)

    async def change(self, path: Path, text: str, version: int) -> None:
        self.diagnostics.pop(path.as_uri(), None)
        self.arrived.clear()
        self.client.text_document_did_change(
            types.DidChangeTextDocumentParams(
                text_document=types.VersionedTextDocumentIdentifier(uri=path.as_uri(), version=version),
                content_changes=[types.TextDocumentContentChangeWholeDocument(text=text)],
            )
        )
        await self.published_for(path)

    async def published_for(self, path: Path) -> list[types.Diagnostic]:
        async def wait() -> list[types.Diagnostic]:
            while path.as_uri() not in self.diagnostics:
                self.arrived.clear()
                await self.arrived.wait()
            return self.diagnostics[path.as_uri()]

        return await asyncio.wait_for(wait(), TIMEOUT)

    async def until(self, path: Path, wanted: Callable[[list[types.Diagnostic]], bool]) -> None:
        async def wait() -> None:
            while (
                not wanted(self.diagnostics.get(path.as_uri(), [])) or path.as_uri() not in self.diagnostics
            ):
                self.arrived.clear()
                await self.arrived.wait()

        await asyncio.wait_for(wait(), TIMEOUT)

    async def stop(self) -> None:
        await self.client.shutdown_async(None)
        self.client.exit(None)
        await self.client.stop()


def _position(text: str, needle: str, nth: int = 0, offset: int = 0) -> types.Position:
    index = -1
    for _ in range(nth + 1):
        index = text.index(needle, index + 1)
    line = text.count("\n", 0, index)
    column = index - (text.rfind("\n", 0, index) + 1)
    return types.Position(line=line, character=column + offset)


async def _scenario(pack: Path) -> dict[str, Any]:
    chapter = pack / "chapter-1.yaml"
    text = chapter.read_text(encoding="utf-8")
    # The third document (mission card 2) waits on a space with a typo.
    typo = text.replace("end_move_on: {space: oedon-chapel}", "end_move_on: {space: oedon-chapl}", 1)
    assert typo != text
    session = Session()
    await session.start(pack)
    try:
        await session.open(chapter, typo)
        # The whole pack is published, file by file: wait for another file's diagnostics too.
        await session.published_for(pack / "chapter-2.yaml")
        found: dict[str, Any] = {"diagnostics": session.diagnostics[chapter.as_uri()], "text": typo}
        found["other_files"] = sorted(u for u in session.diagnostics if u != chapter.as_uri())
        uri = types.TextDocumentIdentifier(uri=chapter.as_uri())
        client = session.client
        found["verb_hover"] = await client.text_document_hover_async(
            types.HoverParams(text_document=uri, position=_position(typo, "spawn:", offset=2))
        )
        found["id_hover"] = await client.text_document_hover_async(
            types.HoverParams(text_document=uri, position=_position(typo, "scourge-beast", offset=3))
        )
        found["completion"] = await client.text_document_completion_async(
            types.CompletionParams(text_document=uri, position=_position(typo, "hunter-mob, ", offset=0))
        )
        found["definition"] = await client.text_document_definition_async(
            types.DefinitionParams(text_document=uri, position=_position(typo, "scourge-beast", offset=3))
        )
        found["card_definition"] = await client.text_document_definition_async(
            types.DefinitionParams(text_document=uri, position=_position(typo, "reveal: 3", offset=8))
        )
        errors = [d for d in found["diagnostics"] if d.code == "BB0305"]
        found["actions"] = await client.text_document_code_action_async(
            types.CodeActionParams(
                text_document=uri,
                range=errors[0].range if errors else types.Range(types.Position(0, 0), types.Position(0, 0)),
                context=types.CodeActionContext(diagnostics=errors[:1]),
            )
        )
        await session.change(chapter, text, 2)
        # Answers come in two steps (and one may still be on its way from before the edit): wait for
        # the first publish that no longer holds the typo, within the timeout.
        await session.until(chapter, lambda found: not [d for d in found if d.code == "BB0305"])
        found["after_fix"] = session.diagnostics[chapter.as_uri()]
        return found
    finally:
        await session.stop()


@pytest.fixture(scope="module")
def session_results(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    pack = tmp_path_factory.mktemp("lsp") / "the-pale-bell"
    shutil.copytree(PALE_BELL, pack)
    return asyncio.run(_scenario(pack))


def test_the_typo_in_the_third_document_is_diagnosed_at_its_place(session_results: dict[str, Any]) -> None:
    text: str = session_results["text"]
    errors = [d for d in session_results["diagnostics"] if d.code == "BB0305"]
    assert len(errors) == 1
    where = _position(text, "oedon-chapl")
    assert errors[0].range.start == where
    assert errors[0].range.end.character == where.character + len("oedon-chapl")
    assert (
        errors[0].severity == types.DiagnosticSeverity.Error
        and "did you mean 'oedon-chapel'" in errors[0].message
    )
    # The whole pack is checked: the other files get (empty) diagnostics too.
    assert any(uri.endswith("chapter-2.yaml") for uri in session_results["other_files"])


def test_hover_explains_a_verb_and_names_what_an_id_is(session_results: dict[str, Any]) -> None:
    verb = session_results["verb_hover"]
    assert verb is not None and "**spawn**" in verb.contents.value
    assert "enem" in verb.contents.value.lower()
    named = session_results["id_hover"]
    assert (
        named is not None
        and "enemy `scourge-beast`" in named.contents.value
        and "enemies.yaml" in named.contents.value
    )


def test_completion_offers_enemies_where_an_enemy_is_wanted(session_results: dict[str, Any]) -> None:
    labels = {item.label for item in session_results["completion"].items}
    assert {"scourge-beast", "hunter-mob", "male-beast-patient"} <= labels
    assert "oedon-chapel" not in labels  # a tile is not an enemy


def test_definition_opens_the_installed_core_and_the_revealed_card(session_results: dict[str, Any]) -> None:
    location = session_results["definition"]
    assert location.uri.endswith("core/enemies.yaml") and location.range.start.line >= 0
    card = session_results["card_definition"]
    assert card.uri.endswith("chapter-1.yaml")


def test_the_quick_fix_replaces_the_typo_with_the_suggestion(session_results: dict[str, Any]) -> None:
    (action,) = session_results["actions"]
    assert action.kind == types.CodeActionKind.QuickFix and action.title == "Change to 'oedon-chapel'"
    (edit,) = next(iter(action.edit.changes.values()))
    assert edit.new_text == "oedon-chapel"


def test_fixing_the_typo_clears_its_diagnostic(session_results: dict[str, Any]) -> None:
    assert not [d for d in session_results["after_fix"] if d.code == "BB0305"]
