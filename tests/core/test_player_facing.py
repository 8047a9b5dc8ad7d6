"""Which texts players read (and so need every declared language) and which only authors read, as the
models mark them; and how `validate` says the missing ones."""

from __future__ import annotations

import json
import shutil
import typing
from pathlib import Path

import pytest
from pydantic import BaseModel

from toolkit.cli import run
from toolkit.core.pipeline import validate_paths
from toolkit.core.references import text_fields
from toolkit.core.registry import all_kinds

REPO = Path(__file__).resolve().parents[2]
PALE_BELL = REPO / "content" / "campaigns" / "the-pale-bell"
LANTERN = REPO / "tests" / "fixtures" / "strings" / "lantern-pack"

AUTHORS_ONLY = {
    ("Chapter", "notes"),  # designer's notes: balance, measured win rates
    ("Scenario", "name"),  # a scenario test, as `huntkit test` reports it
    ("Scenario", "description"),
    # The card game's cards: what is known about a card and where from.
    ("CardUpgrade", "notes"),
    ("Monster", "notes"),
    ("NightmareBoss", "notes"),
    ("Rune", "notes"),
}
"""Every text field no player reads. A new one is a decision: add it here with the reason."""


def _models(root: type[BaseModel]) -> set[type[BaseModel]]:
    """``root`` and every model class its fields can hold, however deeply."""
    found: set[type[BaseModel]] = set()
    todo: list[object] = [root]
    while todo:
        item = todo.pop()
        if isinstance(item, type) and issubclass(item, BaseModel):
            if item in found:
                continue
            found.add(item)
            todo.extend(field.annotation for field in item.model_fields.values())
        else:
            todo.extend(typing.get_args(item))
    return found


def _all_text_fields() -> dict[tuple[str, str], bool]:
    fields: dict[tuple[str, str], bool] = {}
    for _game, model in all_kinds().values():
        for found in _models(model):
            for name, player_facing in text_fields(found).items():
                fields[(found.__name__, name)] = player_facing
    return fields


def test_the_texts_only_authors_read_are_notes_and_scenario_test_names() -> None:
    fields = _all_text_fields()
    assert {key for key, player_facing in fields.items() if not player_facing} == AUTHORS_ONLY


@pytest.mark.parametrize(
    "field",
    [
        ("MissionCard", "title"),
        ("MissionCard", "story"),
        ("Chapter", "title"),
        ("Campaign", "introduction"),
        ("ChooseParams", "prompt"),
        ("RuleScenario", "name"),  # shown in the reference as a worked example of its rule
        ("RuleScenario", "description"),
    ],
)
def test_what_players_read_needs_every_language(field: tuple[str, str]) -> None:
    assert _all_text_fields().get(field) is True


def test_the_pale_bell_has_no_translation_warning_and_keeps_its_notes_in_english() -> None:
    result = validate_paths([PALE_BELL])
    assert result.packs[0].languages == ("en", "pl")
    assert result.error_count == 0
    assert [d for d in result.diagnostics if d.code == "BB0208"] == []
    chapter = next(d for d in result.packs[0].documents if d.kind == "chapter")
    assert isinstance(chapter.data["notes"], str)  # designer's notes: English only, and no warning


def test_missing_translations_are_one_line_per_pack_and_language(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    pack = tmp_path / "lantern-pack"
    shutil.copytree(LANTERN, pack)
    manifest = pack / "pack.yaml"
    manifest.write_text(manifest.read_text().replace("languages: [en, pl]", "languages: [en, pl, de]"))
    assert run(["validate", str(pack)]) == 0
    out = capsys.readouterr().out
    assert out.count("warning[BB0208]") == 2
    assert (
        f"warning[BB0208]: lantern-pack: 2 texts have no pl translation; run "
        f"`huntkit strings export {pack} --lang pl --out pl.po`, translate it, then "
        f"`huntkit strings import {pack} pl.po` (--verbose lists each text)"
    ) in out
    assert "lantern-pack: 3 texts have no de translation" in out
    assert "0 errors, 3 warnings" in out  # three texts; the count is of texts, as before

    assert run(["validate", str(pack), "--verbose"]) == 0
    verbose = capsys.readouterr().out
    assert verbose.count("warning[BB0208]: this text has no") == 3
    assert "items.yaml:4:7" in verbose and "0 errors, 3 warnings" in verbose

    assert run(["validate", str(pack), "--strict"]) == 1  # folded warnings still fail --strict
    capsys.readouterr()
    assert run(["validate", str(pack), "--format", "json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert sum(1 for d in report["diagnostics"] if d["code"] == "BB0208") == 3
