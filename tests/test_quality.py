"""The project's own promises: lint and type clean, schemas in step with the models."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent
BIN = Path(sys.executable).parent


def _run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(args, cwd=REPO, capture_output=True, text=True, timeout=600)


def test_ruff_finds_nothing() -> None:
    result = _run(str(BIN / "ruff"), "check", "toolkit", "tests", "benchmarks", "site")
    assert result.returncode == 0, result.stdout + result.stderr


def test_code_is_formatted() -> None:
    result = _run(str(BIN / "ruff"), "format", "--check", "toolkit", "tests", "benchmarks", "site")
    assert result.returncode == 0, result.stdout + result.stderr


@pytest.mark.slow
def test_mypy_strict_is_clean() -> None:
    result = _run(sys.executable, "-m", "mypy")
    assert result.returncode == 0, result.stdout + result.stderr


def test_exported_schemas_match_the_models() -> None:
    result = _run(str(BIN / "huntkit"), "schema", "export", "--check")
    assert result.returncode == 0, result.stdout + result.stderr
