"""yaml-language-server completes and validates a content file through the schema modeline.

This is what authors get in VS Code and other editors: the test installs yaml-language-server from
the npm registry (cached under tests/artifacts/), opens a file whose first line is the
``# yaml-language-server: $schema=...`` modeline, and checks the diagnostics and completions.
"""

from __future__ import annotations

import shutil
import subprocess
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.editor.lsp import LspClient

REPO = Path(__file__).resolve().parents[2]
CACHE = REPO / "tests" / "artifacts" / "yaml-language-server"
SCHEMA = REPO / "schema" / "huntkit.schema.json"


def _server() -> Path:
    entry = CACHE / "node_modules" / "yaml-language-server" / "bin" / "yaml-language-server"
    if not entry.exists():
        if shutil.which("npm") is None:
            pytest.fail("npm is needed to install yaml-language-server for this test")
        CACHE.mkdir(parents=True, exist_ok=True)
        subprocess.run(
            [
                "npm",
                "install",
                "--no-audit",
                "--no-fund",
                "--silent",
                "--prefix",
                str(CACHE),
                "yaml-language-server@1",
            ],
            check=True,
            timeout=600,
        )
    return entry


@pytest.fixture(scope="module")
def server() -> Iterator[LspClient]:
    client = LspClient(["node", str(_server()), "--stdio"])
    client.settings = {"validate": True, "completion": True, "hover": True, "schemaStore": {"enable": False}}
    client.request(
        "initialize",
        {
            "processId": None,
            "rootUri": REPO.as_uri(),
            "capabilities": {"workspace": {"configuration": True}, "textDocument": {"completion": {}}},
        },
    )
    client.notify("initialized", {})
    client.notify("workspace/didChangeConfiguration", {"settings": {"yaml": client.settings}})
    yield client
    client.close()


def _open(client: LspClient, uri: str, text: str) -> list[dict[str, Any]]:
    client.notify(
        "textDocument/didOpen",
        {"textDocument": {"uri": uri, "languageId": "yaml", "version": 1, "text": text}},
    )
    message = client.wait_for(
        lambda m: m.get("method") == "textDocument/publishDiagnostics" and m["params"]["uri"] == uri,
        timeout=60,
    )
    diagnostics: list[dict[str, Any]] = message["params"]["diagnostics"]
    return diagnostics


MODELINE = f"# yaml-language-server: $schema={SCHEMA.as_uri()}\n"


@pytest.mark.slow
def test_the_modeline_schema_flags_a_misspelt_key(server: LspClient, tmp_path: Path) -> None:
    text = MODELINE + "kind: enemy\nid: my-beast\nname: My Beast\nhpp: 4\n"
    diagnostics = _open(server, (tmp_path / "enemy.yaml").as_uri(), text)
    lines = {d["range"]["start"]["line"] for d in diagnostics}
    assert 4 in lines, diagnostics  # 0-based: the `hpp:` line


@pytest.mark.slow
def test_a_valid_built_in_document_has_no_schema_diagnostics(server: LspClient) -> None:
    path = REPO / "content" / "core" / "consumables.yaml"
    text = MODELINE + path.read_text(encoding="utf-8").split("\n", 1)[1]
    uri = (path.parent / "consumables-copy.yaml").as_uri()
    assert _open(server, uri, text) == []


@pytest.mark.slow
def test_completion_offers_the_keys_of_the_documents_kind(server: LspClient, tmp_path: Path) -> None:
    text = MODELINE + "kind: consumable\nid: my-tonic\n\n"
    uri = (tmp_path / "tonic.yaml").as_uri()
    _open(server, uri, text)
    result = server.request(
        "textDocument/completion", {"textDocument": {"uri": uri}, "position": {"line": 3, "character": 0}}
    )
    items = result["items"] if isinstance(result, dict) else result
    labels = {item["label"] for item in items}
    assert {"timing", "effects", "name"} <= labels, sorted(labels)


@pytest.mark.slow
def test_a_built_in_rule_scenario_file_has_no_schema_diagnostics(server: LspClient) -> None:
    path = REPO / "content" / "core" / "rules" / "combat.yaml"
    text = MODELINE + path.read_text(encoding="utf-8").split("\n", 1)[1]
    uri = (path.parent / "combat-copy.yaml").as_uri()
    assert _open(server, uri, text) == []


@pytest.mark.slow
def test_completion_offers_a_rule_scenario_hunters_table_keys(server: LspClient, tmp_path: Path) -> None:
    text = MODELINE + (
        "kind: rule-scenario\nid: mine\nname: Mine\nrule: combat\n"
        "table:\n  hunters:\n    - hunter: threaded-cane-hunter\n      \n"
        "steps:\n  - end_turn: true\n"
    )
    uri = (tmp_path / "rules.yaml").as_uri()
    _open(server, uri, text)
    result = server.request(
        "textDocument/completion", {"textDocument": {"uri": uri}, "position": {"line": 8, "character": 6}}
    )
    items = result["items"] if isinstance(result, dict) else result
    labels = {item["label"] for item in items}
    assert {"hp", "hand", "deck_top", "slots", "echoes", "at", "form"} <= labels, sorted(labels)


@pytest.mark.slow
def test_the_scaffolds_glob_association_checks_every_document_of_a_file(
    server: LspClient, tmp_path: Path
) -> None:
    """No modeline: the settings `huntkit new` writes give the third document of a chapter file its
    schema too, and leave pack.yaml to the pack schema."""
    import json

    from toolkit.cli import run

    assert run(["new", "campaign", "glob-hunt", "--dir", str(tmp_path)]) == 0
    pack = tmp_path / "glob-hunt"
    settings = json.loads((pack / ".vscode" / "settings.json").read_text(encoding="utf-8"))["yaml.schemas"]
    server.settings = {
        **server.settings,
        "schemas": {(pack / name.removeprefix("./")).as_uri(): globs for name, globs in settings.items()},
    }
    server.notify("workspace/didChangeConfiguration", {"settings": {"yaml": server.settings}})
    chapter = (pack / "chapter-1.yaml").read_text(encoding="utf-8").split("\n", 1)[1]  # modeline removed
    documents = chapter.split("\n---\n")
    assert len(documents) >= 3
    documents[2] = documents[2].replace("title:", "titel:", 1)
    text = "\n---\n".join(documents)
    typo_line = text.splitlines().index(next(line for line in text.splitlines() if line.startswith("titel:")))
    diagnostics = _open(server, (pack / "cards-copy.yaml").as_uri(), text)
    assert typo_line in {d["range"]["start"]["line"] for d in diagnostics}, diagnostics
    manifest = (pack / "pack.yaml").read_text(encoding="utf-8").split("\n", 1)[1]
    assert _open(server, (pack / "pack.yaml").as_uri(), manifest) == []
