"""huntkit is a package people can install: a wheel and an sdist built from the checkout pass
`twine check`, the wheel installs into a fresh venv with its built-in content and schemas, and a
pack scaffolded there passes the commands of the CI workflow `huntkit new` writes, with the
workflow's install spec pointed at that wheel."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from ruamel.yaml import YAML

REPO = Path(__file__).resolve().parent.parent
BIN = Path(sys.executable).parent


def _tracked_files() -> list[str]:
    listed = subprocess.run(
        ["git", "ls-files", "--cached", "--others", "--exclude-standard", "-z"],
        cwd=REPO,
        capture_output=True,
        check=True,
        timeout=120,
    ).stdout.decode()
    return [name for name in listed.split("\0") if name and (REPO / name).is_file()]


@pytest.fixture(scope="module")
def dist(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Wheel and sdist built from a copy of the checkout's files (nothing of .venv or caches)."""
    source = tmp_path_factory.mktemp("checkout")
    for name in _tracked_files():
        target = source / name
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(REPO / name, target)
    out = tmp_path_factory.mktemp("dist")
    build = [sys.executable, "-m", "build", "--no-isolation", "--outdir", str(out), str(source)]
    result = subprocess.run(build, capture_output=True, text=True, timeout=600)
    assert result.returncode == 0, result.stdout + result.stderr
    return out


@pytest.mark.slow
def test_the_wheel_and_the_sdist_pass_twine_check(dist: Path) -> None:
    files = sorted(dist.iterdir())
    assert [f.suffix for f in files if f.suffix == ".whl"] and [
        f for f in files if f.name.endswith(".tar.gz")
    ]
    result = subprocess.run(
        [str(BIN / "twine"), "check", "--strict", *map(str, files)],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    from toolkit import __version__

    assert all(f"huntkit-{__version__}" in f.name for f in files)  # one place for the version


@pytest.mark.slow
def test_the_generated_workflow_runs_against_the_wheel_in_a_fresh_venv(dist: Path, tmp_path: Path) -> None:
    wheel = next(dist.glob("*.whl"))
    venv = tmp_path / "fresh"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True, timeout=300)
    environment = {**os.environ, "PATH": f"{venv / 'bin'}{os.pathsep}{os.environ.get('PATH', '')}"}
    environment.pop("PYTHONPATH", None)
    huntkit = venv / "bin" / "huntkit"
    install = [str(venv / "bin" / "pip"), "install", "--quiet", str(wheel)]
    assert (
        subprocess.run(install, capture_output=True, text=True, timeout=900, env=environment).returncode == 0
    )
    # The installed huntkit validates its own built-in content, read from inside the wheel.
    result = subprocess.run(
        [str(huntkit), "validate"], capture_output=True, text=True, timeout=600, cwd=tmp_path
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert (
        subprocess.run(
            [str(huntkit), "new", "campaign", "my-hunt"], cwd=tmp_path, env=environment, timeout=120
        ).returncode
        == 0
    )
    pack = tmp_path / "my-hunt"
    workflow = YAML(typ="safe").load(
        (pack / ".github" / "workflows" / "huntkit.yml").read_text(encoding="utf-8")
    )
    (job,) = workflow["jobs"].values()
    assert job["env"]["HUNTKIT"]  # the install spec is one variable
    steps = [step["run"] for step in job["steps"] if "run" in step]
    assert steps[0] == 'pip install "$HUNTKIT"'
    for command in steps:
        result = subprocess.run(
            ["bash", "-ec", command],
            cwd=pack,
            env={**environment, "HUNTKIT": str(wheel)},
            capture_output=True,
            text=True,
            timeout=900,
        )
        assert result.returncode == 0, f"{command}\n{result.stdout}\n{result.stderr}"
    assert (pack / "huntkit.sarif").is_file()
