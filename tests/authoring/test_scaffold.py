"""`huntkit new`: a pack that validates clean, is already formatted, and never overwrites a file."""

from __future__ import annotations

from pathlib import Path

import pytest

from toolkit.authoring.scaffold import schema_reference
from toolkit.cli import run
from toolkit.core.packs import builtin_schema_root
from toolkit.core.pipeline import validate_paths


def test_a_new_campaign_validates_clean_and_is_already_formatted(tmp_path: Path) -> None:
    assert run(["new", "campaign", "my-hunt", "--dir", str(tmp_path)]) == 0
    pack = tmp_path / "my-hunt"
    result = validate_paths([pack])
    assert result.sorted_diagnostics() == []
    assert result.documents_checked == 19
    assert run(["fmt", "--check", str(pack)]) == 0


def test_in_an_empty_folder_new_then_validate_then_test_succeeds(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    assert run(["new", "campaign", "my-hunt"]) == 0
    assert run(["validate", "my-hunt"]) == 0
    capsys.readouterr()
    assert run(["test", "my-hunt"]) == 0
    assert "3 passed" in capsys.readouterr().out


def test_a_new_campaign_has_readme_ci_workflow_and_pre_commit_config(tmp_path: Path) -> None:
    assert run(["new", "campaign", "my-hunt", "--dir", str(tmp_path)]) == 0
    pack = tmp_path / "my-hunt"
    workflow = (pack / ".github" / "workflows" / "huntkit.yml").read_text(encoding="utf-8")
    assert "huntkit validate . --format github" in workflow
    assert "huntkit validate . --format sarif --output huntkit.sarif" in workflow
    assert "huntkit test ." in workflow
    assert "# My Hunt" in (pack / "README.md").read_text(encoding="utf-8")
    assert "id: huntkit-validate" in (pack / ".pre-commit-config.yaml").read_text(encoding="utf-8")


def test_every_yaml_file_carries_a_modeline_that_finds_the_packs_own_schema(tmp_path: Path) -> None:
    assert run(["new", "campaign", "my-hunt", "--dir", str(tmp_path)]) == 0
    moved = tmp_path / "elsewhere" / "my-hunt"  # a pack moved to its own repository keeps working
    moved.parent.mkdir()
    (tmp_path / "my-hunt").rename(moved)
    for path in [*moved.glob("[!.]*.yaml"), *moved.glob("tests/*.yaml")]:
        first = path.read_text(encoding="utf-8").splitlines()[0]
        assert first.startswith("# yaml-language-server: $schema="), path
        target = first.split("$schema=", 1)[1]
        schema = path.parent / target  # an absolute target replaces the folder
        assert schema.resolve().is_file(), first
        expected = "pack.schema.json" if path.name == "pack.yaml" else "huntkit.schema.json"
        assert (
            schema.name == expected and schema.resolve().parent == (moved / ".huntkit" / "schema").resolve()
        )
        assert schema.read_text(encoding="utf-8") == (builtin_schema_root() / expected).read_text(
            encoding="utf-8"
        )


def test_the_editor_settings_give_every_document_of_every_file_its_schema(tmp_path: Path) -> None:
    import json

    assert run(["new", "campaign", "my-hunt", "--dir", str(tmp_path)]) == 0
    settings = json.loads((tmp_path / "my-hunt" / ".vscode" / "settings.json").read_text(encoding="utf-8"))
    assert settings["yaml.schemas"] == {
        "./.huntkit/schema/huntkit.schema.json": ["*.yaml", "**/*.yaml", "!pack.yaml", "!**/pack.yaml"],
        "./.huntkit/schema/pack.schema.json": ["pack.yaml", "**/pack.yaml"],
    }


def test_the_modeline_is_relative_when_the_pack_shares_a_folder_with_the_schemas() -> None:
    schemas = builtin_schema_root()
    pack = schemas.parent / "campaigns" / "my-hunt"
    assert schema_reference(schemas / "huntkit.schema.json", pack) == "../../schema/huntkit.schema.json"


def test_new_refuses_to_overwrite_and_names_the_files_in_the_way(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    pack = tmp_path / "my-hunt"
    pack.mkdir()
    (pack / "campaign.yaml").write_text("mine\n", encoding="utf-8")
    assert run(["new", "campaign", "my-hunt", "--dir", str(tmp_path)]) == 2
    assert str(pack / "campaign.yaml") in capsys.readouterr().err
    assert (pack / "campaign.yaml").read_text(encoding="utf-8") == "mine\n"
    assert sorted(p.name for p in pack.iterdir()) == ["campaign.yaml"]


def test_a_new_pack_for_another_game_requires_that_games_base_pack(tmp_path: Path) -> None:
    assert run(["new", "pack", "house-rules", "--game", "blood-hunt", "--dir", str(tmp_path)]) == 0
    assert "requires: [blood-hunt]" in (tmp_path / "house-rules" / "pack.yaml").read_text(encoding="utf-8")
    assert validate_paths([tmp_path / "house-rules"]).sorted_diagnostics() == []


def test_a_campaign_for_a_game_without_campaigns_is_a_usage_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert run(["new", "campaign", "x", "--game", "blood-hunt", "--dir", str(tmp_path)]) == 2
    assert "campaigns are for bloodborne-board" in capsys.readouterr().err
    assert not (tmp_path / "x").exists()
