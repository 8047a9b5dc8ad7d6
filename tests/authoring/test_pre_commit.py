"""The hooks of `.pre-commit-hooks.yaml`, run by pre-commit itself in a temporary git repository.

pre-commit would install a `language: python` hook into a fresh virtualenv from the network; the
test declares the same hooks (entry, files, arguments) as `repo: local` hooks of `language: system`
instead, running the `huntkit` of this environment. Nothing is downloaded.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

from tests.conftest import REPO
from toolkit.authoring.scaffold import plan, write

HOOKS = yaml.safe_load((REPO / ".pre-commit-hooks.yaml").read_text(encoding="utf-8"))
BIN = Path(sys.executable).parent

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(
        shutil.which("git") is None or not (BIN / "pre-commit").exists() or not (BIN / "huntkit").exists(),
        reason="needs git, and pre-commit and huntkit installed in this environment",
    ),
]


def _local_config() -> str:
    hooks = [{**hook, "language": "system"} for hook in HOOKS]
    return yaml.safe_dump({"repos": [{"repo": "local", "hooks": hooks}]}, sort_keys=False)


def _git(repo: Path, *args: str) -> None:
    subprocess.run(["git", *args], cwd=repo, check=True, capture_output=True)


@pytest.fixture
def repo(tmp_path: Path) -> Path:
    """A git repository holding a fresh campaign and a pre-commit config using our hooks."""
    repo = tmp_path / "repo"
    repo.mkdir()
    _git(repo, "init", "-q")
    write(plan("campaign", "my-hunt", repo))
    (repo / ".pre-commit-config.yaml").write_text(_local_config(), encoding="utf-8")
    _git(repo, "add", ".")
    return repo


def _pre_commit(repo: Path) -> subprocess.CompletedProcess[str]:
    environment = {
        **os.environ,
        "PATH": f"{BIN}{os.pathsep}{os.environ.get('PATH', '')}",
        "PRE_COMMIT_HOME": str(repo.parent / "pre-commit-home"),
        "NO_COLOR": "1",
    }
    return subprocess.run(
        [str(BIN / "pre-commit"), "run", "--all-files", "--color", "never"],
        cwd=repo,
        env=environment,
        capture_output=True,
        text=True,
        timeout=300,
    )


def test_both_hooks_pass_on_a_fresh_campaign(repo: Path) -> None:
    result = _pre_commit(repo)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "huntkit validate" in result.stdout
    assert "huntkit fmt" in result.stdout


def test_the_hooks_report_a_broken_reference_and_reformat_a_messy_file(repo: Path) -> None:
    chapter = repo / "my-hunt" / "chapter-1.yaml"
    text = chapter.read_text(encoding="utf-8")
    chapter.write_text(text.replace("hunter-mob, huntsmans", "hunter-mbo, huntsmans"), encoding="utf-8")
    campaign = repo / "my-hunt" / "campaign.yaml"
    messy = campaign.read_text(encoding="utf-8").replace("kind: campaign\n", "") + "kind: campaign\n"
    campaign.write_text(messy, encoding="utf-8")
    _git(repo, "add", ".")
    result = _pre_commit(repo)
    assert result.returncode == 1
    assert "error[BB0305]: no enemy with the id 'hunter-mbo'" in result.stdout
    assert "reformatted my-hunt/campaign.yaml" in result.stdout
    assert campaign.read_text(encoding="utf-8").splitlines()[2] == "kind: campaign"
