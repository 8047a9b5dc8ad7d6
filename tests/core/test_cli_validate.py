"""`huntkit validate` as a user runs it: exit codes, formats, --output, --strict, usage errors."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from toolkit.__main__ import main

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures" / "codes"
BROKEN = FIXTURES / "BB0305" / "negative"
CLEAN = FIXTURES / "BB0305" / "positive"
WARNING_ONLY = FIXTURES / "BB0208" / "negative"


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "toolkit", *args], capture_output=True, text=True, timeout=120
    )


def test_the_built_in_content_validates_clean() -> None:
    completed = run("validate")
    assert completed.returncode == 0, completed.stdout
    assert "no problems found" in completed.stdout or "0 errors" in completed.stdout


def test_a_clean_pack_exits_0_and_a_broken_one_exits_1(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["validate", str(CLEAN)]) == 0
    assert main(["validate", str(BROKEN)]) == 1
    out = capsys.readouterr().out
    assert "error[BB0305]: no trick-weapon with the id 'saw-cleavr'" in out
    assert "hunters.yaml:4:15" in out
    assert "did you mean 'saw-cleaver'?" in out
    assert "4 | trick_weapon: saw-cleavr" in out


def test_warnings_pass_unless_strict(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["validate", str(WARNING_ONLY)]) == 0
    assert main(["validate", "--strict", str(WARNING_ONLY)]) == 1
    assert "warning[BB0208]" in capsys.readouterr().out


def test_json_report_lists_each_diagnostic_with_its_position(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["validate", "--format", "json", str(BROKEN)]) == 1
    payload = json.loads(capsys.readouterr().out)
    (diagnostic,) = payload["diagnostics"]
    assert {k: diagnostic[k] for k in ("code", "severity", "line", "column")} == {
        "code": "BB0305",
        "severity": "error",
        "line": 4,
        "column": 15,
    }
    assert diagnostic["file"].endswith("hunters.yaml")
    assert diagnostic["hint"] == "did you mean 'saw-cleaver'?"
    assert payload["summary"] == {"errors": 1, "warnings": 0, "files": 1, "documents": 2}


def test_github_format_emits_one_annotation_per_diagnostic(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["validate", "--format", "github", str(BROKEN)]) == 1
    (annotation, _summary) = capsys.readouterr().out.splitlines()
    assert annotation.startswith("::error file=")
    assert ",line=4,col=15," in annotation and ",title=BB0305::" in annotation
    assert annotation.endswith("no trick-weapon with the id 'saw-cleavr'%0Adid you mean 'saw-cleaver'?")


def test_sarif_report_follows_2_1_0(tmp_path: Path) -> None:
    out = tmp_path / "report.sarif"
    assert main(["validate", "--format", "sarif", "--output", str(out), str(BROKEN)]) == 1
    sarif = json.loads(out.read_text())
    assert sarif["version"] == "2.1.0"
    run_ = sarif["runs"][0]
    assert run_["tool"]["driver"]["rules"][0]["id"] == "BB0305"
    (result,) = run_["results"]
    region = result["locations"][0]["physicalLocation"]["region"]
    assert (result["ruleId"], result["level"], region["startLine"], region["startColumn"]) == (
        "BB0305",
        "error",
        4,
        15,
    )


def test_sarif_rules_link_to_the_code_page_when_the_site_url_is_set(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    out = tmp_path / "report.sarif"
    assert main(["validate", "--format", "sarif", "--output", str(out), str(BROKEN)]) == 1
    assert "helpUri" not in json.loads(out.read_text())["runs"][0]["tool"]["driver"]["rules"][0]
    monkeypatch.setenv("HUNTKIT_SITE_URL", "https://example.org/my-hunt/")
    assert main(["validate", "--format", "sarif", "--output", str(out), str(BROKEN)]) == 1
    rule = json.loads(out.read_text())["runs"][0]["tool"]["driver"]["rules"][0]
    assert rule["helpUri"] == "https://example.org/my-hunt/reference/codes/bb0305/"


def test_several_paths_report_every_problem_in_every_file(
    capsys: pytest.CaptureFixture[str],
) -> None:
    paths = [str(FIXTURES / code / "negative") for code in ("BB0103", "BB0201", "BB0305")]
    assert main(["validate", "--format", "json", *paths]) == 1
    codes = sorted(d["code"] for d in json.loads(capsys.readouterr().out)["diagnostics"])
    assert codes == ["BB0103", "BB0201", "BB0305"]


def test_a_lone_file_is_checked_against_core(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["validate", str(BROKEN / "hunters.yaml")]) == 1
    assert "BB0305" in capsys.readouterr().out


def test_a_missing_path_or_unknown_format_is_a_usage_error() -> None:
    missing = run("validate", "no/such/folder")
    assert missing.returncode == 2 and "no such file or folder" in missing.stderr
    bad_format = run("validate", "--format", "xml", str(CLEAN))
    assert bad_format.returncode == 2 and "unknown format" in bad_format.stderr
    assert "Traceback" not in missing.stderr + bad_format.stderr


def test_version_answers_without_loading_the_app() -> None:
    completed = run("--version")
    assert completed.returncode == 0 and completed.stdout.startswith("huntkit ")
