"""Built-in packs and schemas resolve from an installed wheel, not only from the repository."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]


@pytest.mark.slow
def test_a_wheel_carries_the_built_in_content_and_validates_it(tmp_path: Path) -> None:
    wheels = tmp_path / "wheels"
    build = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(wheels), str(REPO)],
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert build.returncode == 0, build.stderr
    (wheel,) = wheels.glob("huntkit-*.whl")
    target = tmp_path / "site"
    install = subprocess.run(
        [sys.executable, "-m", "pip", "install", "--no-deps", "-q", "--target", str(target), str(wheel)],
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert install.returncode == 0, install.stderr
    # The installed copy comes first on the path, and the working folder is not the repository.
    env = {**os.environ, "PYTHONPATH": str(target)}
    where = subprocess.run(
        [
            sys.executable,
            "-c",
            "import toolkit, toolkit.core.packs as p; "
            "print(toolkit.__file__); print(p.builtin_content_root()); print(p.builtin_schema_root())",
        ],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        env=env,
        timeout=120,
    )
    module, content, schema = where.stdout.split()
    assert module.startswith(str(target)), where.stdout
    assert content.startswith(str(target)) and (Path(content) / "core" / "pack.yaml").is_file()
    assert (Path(schema) / "huntkit.schema.json").is_file()
    validate = subprocess.run(
        [sys.executable, "-m", "toolkit", "validate"],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        env=env,
        timeout=300,
    )
    assert validate.returncode == 0, validate.stdout + validate.stderr
