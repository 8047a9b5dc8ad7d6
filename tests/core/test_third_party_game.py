"""A game that is not part of huntkit: installed into a fresh virtual environment as its own package,
found through its ``huntkit.games`` entry point, and checked by its own rule.

The package is ``tests/fixtures/tiny-duel`` (copied into the test's folder): one kind, ``duelist``,
and one check, TD0001 (an attack greater than the duelist's HP). The new environment sees the test
environment's packages (huntkit included) through a ``.pth`` file, much as ``--system-site-packages``
would, and only the tiny package is installed into it; the test environment itself is untouched.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
import sysconfig
from pathlib import Path

import pytest

from tests.conftest import FIXTURES

PACK = """\
id: {id}
game: tiny-duel
name: A duel
version: "0.1"
"""

DUELISTS = """\
kind: duelist
id: fencer
name: The Fencer
hp: 6
attack: 3
---
kind: duelist
id: brute
name: The Brute
hp: 9
attack: {attack}
"""


def _run(*args: str, cwd: Path, timeout: int = 120) -> subprocess.CompletedProcess[str]:
    return subprocess.run(args, capture_output=True, text=True, cwd=cwd, timeout=timeout)


@pytest.fixture(scope="module")
def duel_python(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The python of a new virtual environment with Tiny Duel installed in it (and only there)."""
    root = tmp_path_factory.mktemp("third-party")
    package = root / "tiny-duel"
    shutil.copytree(FIXTURES / "tiny-duel", package)
    venv = root / "venv"
    made = _run(sys.executable, "-m", "venv", "--without-pip", str(venv), cwd=root)
    assert made.returncode == 0, made.stderr
    python = venv / "bin" / "python"
    where = _run(str(python), "-c", "import sysconfig; print(sysconfig.get_path('purelib'))", cwd=root)
    purelib = Path(where.stdout.strip())
    # `import site; site.addsitedir(...)` also runs the test environment's own .pth files, so the
    # editable huntkit of this checkout is importable there, with its entry points.
    outer = sysconfig.get_path("purelib")
    (purelib / "outer-environment.pth").write_text(f"import site; site.addsitedir({outer!r})\n")
    install = _run(
        sys.executable,
        "-m",
        "pip",
        "--python",
        str(python),
        "install",
        "-q",
        "--no-deps",
        "--no-build-isolation",
        "--no-index",
        str(package),
        cwd=root,
        timeout=300,
    )
    assert install.returncode == 0, install.stdout + install.stderr
    return python


def _pack(folder: Path, name: str, attack: int) -> Path:
    pack = folder / name
    pack.mkdir()
    (pack / "pack.yaml").write_text(PACK.format(id=name), encoding="utf-8")
    (pack / "duelists.yaml").write_text(DUELISTS.format(attack=attack), encoding="utf-8")
    return pack


@pytest.mark.slow
def test_the_installed_game_checks_its_packs_with_its_own_rule(duel_python: Path, tmp_path: Path) -> None:
    pack = _pack(tmp_path, "too-strong", attack=10)
    result = _run(str(duel_python), "-m", "toolkit", "validate", str(pack), cwd=tmp_path)
    assert result.returncode == 1, result.stdout + result.stderr
    # The second document's `attack` value: line 11, column 9.
    assert "error[TD0001]: brute attacks for 10 but has only 9 HP" in result.stdout, result.stdout
    assert "--> too-strong/duelists.yaml:11:9" in result.stdout
    assert "1 error, 0 warnings" in result.stdout  # the fencer, within its HP, is not reported
    assert "warning" not in result.stderr  # every game's plug-in loaded


@pytest.mark.slow
def test_a_correct_pack_of_the_installed_game_is_clean(duel_python: Path, tmp_path: Path) -> None:
    pack = _pack(tmp_path, "clean", attack=9)
    result = _run(str(duel_python), "-m", "toolkit", "validate", str(pack), "--format", "json", cwd=tmp_path)
    assert result.returncode == 0, result.stdout + result.stderr
    report = json.loads(result.stdout)
    assert report["diagnostics"] == [], report
    assert report["summary"]["files"] == 1, report["summary"]


@pytest.mark.slow
def test_the_installed_game_is_beside_the_built_in_ones_and_only_in_its_environment(
    duel_python: Path, tmp_path: Path
) -> None:
    listing = "from toolkit.core.registry import all_games; print(' '.join(all_games()))"
    inside = _run(str(duel_python), "-c", listing, cwd=tmp_path)
    assert inside.stdout.split() == ["blood-hunt", "bloodborne-board", "bloodborne-card", "tiny-duel"]
    outside = _run(sys.executable, "-c", listing, cwd=tmp_path)
    assert outside.stdout.split() == ["blood-hunt", "bloodborne-board", "bloodborne-card"]


@pytest.mark.slow
def test_the_language_server_completes_the_installed_games_kinds(duel_python: Path, tmp_path: Path) -> None:
    kinds = (
        "from toolkit.lsp.vocabulary import vocabulary; print(' '.join(sorted(vocabulary()['kind'].values)))"
    )
    inside = _run(str(duel_python), "-c", kinds, cwd=tmp_path)
    assert "duelist" in inside.stdout.split(), inside.stdout + inside.stderr
    assert "enemy" in inside.stdout.split()
    outside = _run(sys.executable, "-c", kinds, cwd=tmp_path)
    assert "duelist" not in outside.stdout.split() and "enemy" in outside.stdout.split()


@pytest.mark.slow
def test_a_command_the_game_does_not_offer_says_so(duel_python: Path, tmp_path: Path) -> None:
    pack = _pack(tmp_path, "clean", attack=9)
    result = _run(str(duel_python), "-m", "toolkit", "simulate", str(pack), cwd=tmp_path)
    assert result.returncode == 2
    assert "huntkit cannot simulate tiny-duel packs: the game offers no `simulate`" in result.stderr


@pytest.mark.slow
def test_a_new_pack_of_the_installed_game_validates_and_its_schema_knows_the_game(
    duel_python: Path, tmp_path: Path
) -> None:
    made = _run(
        str(duel_python), "-m", "toolkit", "new", "pack", "My Duel", "--game", "tiny-duel", cwd=tmp_path
    )
    assert made.returncode == 0, made.stdout + made.stderr
    pack = tmp_path / "my-duel"
    assert "requires: []" in (pack / "pack.yaml").read_text(encoding="utf-8")  # no built-in pack to require
    schema = json.loads((pack / ".huntkit" / "schema" / "pack.schema.json").read_text(encoding="utf-8"))
    assert "tiny-duel" in schema["properties"]["game"]["enum"]
    any_document = json.loads(
        (pack / ".huntkit" / "schema" / "huntkit.schema.json").read_text(encoding="utf-8")
    )
    assert "duelist" in any_document["properties"]["kind"]["enum"]
    (pack / "duelists.yaml").write_text(DUELISTS.format(attack=9), encoding="utf-8")
    checked = _run(str(duel_python), "-m", "toolkit", "validate", str(pack), cwd=tmp_path)
    assert checked.returncode == 0, checked.stdout + checked.stderr
    assert "ok: 1 file, 2 documents checked, no problems found" in checked.stdout
