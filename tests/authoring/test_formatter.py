"""`huntkit fmt`: canonical order and layout, comments kept, meaning never changed."""

from __future__ import annotations

import io
import random
import re
from pathlib import Path

import pytest
from ruamel.yaml import YAML

from tests.conftest import REPO
from toolkit.authoring.formatter import Outcome, content_files, format_file, format_text
from toolkit.authoring.key_order import item_type, mapping_shape
from toolkit.cli import run
from toolkit.core.loader import load_bytes
from toolkit.core.packs import PACK_FILE, PackManifest
from toolkit.core.registry import all_kinds
from toolkit.core.validation import validate_model

BUILTIN_FILES = content_files([REPO / "content"])


def _models(text: str, path: Path) -> list[object]:
    loaded = load_bytes(text.encode("utf-8"), path)
    assert not loaded.diagnostics
    models: list[object] = []
    for document in loaded.documents:
        kind = document.kind
        model_type = PackManifest if path.name == PACK_FILE else all_kinds()[str(kind)][1]
        model, problems = validate_model(document, model_type)
        assert not problems, problems
        models.append(model)
    return models


def _comments(text: str) -> list[str]:
    return sorted(match.group().strip() for match in re.finditer(r"#[^\n]*", text))


@pytest.mark.parametrize("path", BUILTIN_FILES, ids=lambda p: str(p.relative_to(REPO)))
def test_formatting_a_builtin_file_keeps_its_data_models_and_comments(path: Path) -> None:
    original = path.read_text(encoding="utf-8")
    result = format_file(path)
    assert result.outcome is not Outcome.REFUSED, result.reason
    assert result.text is not None
    before = load_bytes(original.encode(), path)
    after = load_bytes(result.text.encode(), path)
    assert [d.data for d in after.documents] == [d.data for d in before.documents]
    assert _models(result.text, path) == _models(original, path)
    assert _comments(result.text) == _comments(original)
    assert format_text(result.text, path).outcome is Outcome.UNCHANGED  # idempotent


CHAPTER = """\
# yaml-language-server: $schema=../schema/huntkit.schema.json
# A chapter written in a hurry.
number: 1    # the first chapter
kind: chapter
triggers:
- reveal: 2
  when: {start_of_hunt: true}
setup:
    random_tiles: 2 * hunters
    enemies: [scourge-beast, hunter-mob, "male-beast-patient"]
title: "The First Toll"
campaign: my-hunt
"""

CANONICAL = """\
# yaml-language-server: $schema=../schema/huntkit.schema.json
# A chapter written in a hurry.
kind: chapter
campaign: my-hunt
number: 1    # the first chapter
title: The First Toll
setup:
  enemies: [scourge-beast, hunter-mob, male-beast-patient]
  random_tiles: 2 * hunters
triggers:
  - when: {start_of_hunt: true}
    reveal: 2
"""


def test_keys_follow_the_model_order_with_two_space_indentation_and_plain_quoting() -> None:
    result = format_text(CHAPTER, Path("chapter-1.yaml"))
    assert result.outcome is Outcome.CHANGED
    assert result.text == CANONICAL


def test_a_string_that_would_read_as_another_type_keeps_its_quotes() -> None:
    text = "kind: campaign\nid: x\nname: 'yes'\nintroduction: '12'\ndescription: 'a: b'\n"
    result = format_text(text, Path("campaign.yaml"))
    assert result.text is not None
    assert load_bytes(result.text.encode(), Path("c.yaml")).documents[0].data == {
        "kind": "campaign",
        "id": "x",
        "name": "yes",
        "introduction": "12",
        "description": "a: b",
    }


def test_unknown_keys_are_kept_after_the_known_ones() -> None:
    result = format_text("zzz: 1\nkind: campaign\nid: x\n", Path("campaign.yaml"))
    assert result.text == "kind: campaign\nid: x\nzzz: 1\n"


def test_a_file_with_yaml_errors_is_refused_with_its_diagnostic(tmp_path: Path) -> None:
    broken = tmp_path / "broken.yaml"
    broken.write_text("kind: campaign\nid: [x\n", encoding="utf-8")
    result = format_file(broken)
    assert result.outcome is Outcome.REFUSED
    assert [problem.code for problem in result.problems] == ["BB0101"]


def test_fmt_check_lists_files_that_would_change_and_exits_1(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "pack.yaml").write_text(
        "id: p\ngame: bloodborne-board\nname: P\nversion: '0.1'\nrequires: [core]\n", encoding="utf-8"
    )
    chapter = tmp_path / "chapter-1.yaml"
    chapter.write_text(CHAPTER, encoding="utf-8")
    assert run(["fmt", "--check", str(tmp_path)]) == 1
    assert f"would reformat {chapter}" in capsys.readouterr().out
    assert chapter.read_text(encoding="utf-8") == CHAPTER
    assert run(["fmt", str(tmp_path)]) == 0
    assert chapter.read_text(encoding="utf-8") == CANONICAL
    assert run(["fmt", "--check", str(tmp_path)]) == 0


def test_fmt_exits_1_and_leaves_a_broken_file_untouched(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    broken = tmp_path / "broken.yaml"
    broken.write_text("kind: campaign\n\tid: x\n", encoding="utf-8")
    assert run(["fmt", str(broken)]) == 1
    assert "BB0102" in capsys.readouterr().err
    assert broken.read_text(encoding="utf-8") == "kind: campaign\n\tid: x\n"


MOVING_COMMENTS = """\
kind: chapter
campaign: my-hunt
number: 1
title: The First Toll
setup:
  tiles: [graveyard]
  # three enemies, as on the card
  enemies: [scourge-beast, hunter-mob, male-beast-patient]
  random_tiles: 2 * hunters
triggers:
  - reveal: 2
    # the chapter opens with card 2
    when: {start_of_hunt: true}
"""

COMMENTS_KEPT_WITH_THEIR_KEYS = """\
kind: chapter
campaign: my-hunt
number: 1
title: The First Toll
setup:
  # three enemies, as on the card
  enemies: [scourge-beast, hunter-mob, male-beast-patient]
  tiles: [graveyard]
  random_tiles: 2 * hunters
triggers:
  # the chapter opens with card 2
  - when: {start_of_hunt: true}
    reveal: 2
"""


def test_a_comment_above_a_moved_key_moves_with_it() -> None:
    result = format_text(MOVING_COMMENTS, Path("chapter-1.yaml"))
    assert result.text == COMMENTS_KEPT_WITH_THEIR_KEYS
    assert format_text(COMMENTS_KEPT_WITH_THEIR_KEYS, Path("chapter-1.yaml")).outcome is Outcome.UNCHANGED


def test_a_yaml_file_that_is_not_content_is_skipped(tmp_path: Path) -> None:
    workflow = tmp_path / "ci.yml"
    workflow.write_text("on:  [push]\njobs: {}\n", encoding="utf-8")
    assert format_file(workflow).outcome is Outcome.SKIPPED
    assert run(["fmt", str(workflow)]) == 0
    assert workflow.read_text(encoding="utf-8") == "on:  [push]\njobs: {}\n"


def _plain_yaml(documents: list[object], path: Path, shuffle: random.Random | None) -> str:
    """The documents in block style without comments; with ``shuffle``, the keys of every mapping
    a model describes are shuffled (free-form mappings such as `sources` keep the author's order)."""

    def arrange(value: object, annotation: object) -> object:
        if isinstance(value, dict):
            order, fields, free = mapping_shape(annotation, list(value))
            items = [(key, arrange(item, fields.get(key, free))) for key, item in value.items()]
            if shuffle is not None and order is not None:
                shuffle.shuffle(items)
            return dict(items)
        if isinstance(value, list):
            return [arrange(item, item_type(annotation)) for item in value]
        return value

    def model_of(document: object) -> object:
        if path.name == PACK_FILE:
            return PackManifest
        kind = document.get("kind") if isinstance(document, dict) else None
        return all_kinds()[str(kind)][1]

    stream = io.StringIO()
    YAML(typ="rt").dump_all([arrange(document, model_of(document)) for document in documents], stream)
    return stream.getvalue()


@pytest.mark.parametrize("path", BUILTIN_FILES, ids=lambda p: str(p.relative_to(REPO)))
def test_shuffled_keys_format_to_the_same_text_as_the_original_order(path: Path) -> None:
    documents = [d.data for d in load_bytes(path.read_bytes(), path).documents]
    ordered = format_text(_plain_yaml(documents, path, None), path)
    shuffled = format_text(_plain_yaml(documents, path, random.Random(str(path.name))), path)
    assert ordered.text is not None
    assert shuffled.text == ordered.text


def test_fmt_diff_shows_the_change_and_writes_nothing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    chapter = tmp_path / "chapter-1.yaml"
    chapter.write_text(CHAPTER, encoding="utf-8")
    assert run(["fmt", "--diff", str(chapter)]) == 1
    out = capsys.readouterr().out
    assert '-title: "The First Toll"\n' in out
    assert "+title: The First Toll\n" in out
    assert chapter.read_text(encoding="utf-8") == CHAPTER


def test_formatting_replaces_the_file_atomically_and_keeps_its_permissions(tmp_path: Path) -> None:
    chapter = tmp_path / "chapter-1.yaml"
    chapter.write_text(CHAPTER, encoding="utf-8")
    chapter.chmod(0o640)
    inode = chapter.stat().st_ino
    assert run(["fmt", str(chapter)]) == 0
    assert chapter.read_text(encoding="utf-8") == CANONICAL
    assert chapter.stat().st_mode & 0o777 == 0o640
    assert chapter.stat().st_ino != inode  # a new file renamed over the old one
    assert sorted(p.name for p in tmp_path.iterdir()) == ["chapter-1.yaml"]  # no temporary left


@pytest.mark.slow
def test_no_positive_fixture_trips_the_formatters_safety_net() -> None:
    # Many small packs written by other hands: formatting any of them keeps the same data and the
    # same comments (else fmt would refuse it). Nothing is written here.
    unexpected = [
        f"{result.path}: {result.reason}"
        for result in map(format_file, sorted((REPO / "tests" / "fixtures").glob("**/positive/**/*.y*ml")))
        if result.outcome is Outcome.REFUSED
    ]
    assert unexpected == []


def test_the_builtin_content_is_already_in_canonical_form(capsys: pytest.CaptureFixture[str]) -> None:
    # When this fails after a content change, run `huntkit fmt content` and commit the result.
    assert run(["fmt", "--check", str(REPO / "content")]) == 0, capsys.readouterr().out
