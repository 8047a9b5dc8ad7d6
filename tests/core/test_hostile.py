"""Hostile files end in a located diagnostic and exit 1 — never a hang, a crash or a traceback.

How long each takes is measured by ``benchmarks/hostile.py`` (recorded in benchmarks/README.md);
here a generous subprocess timeout only guards against a hang.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

PACK = 'id: hostile\ngame: bloodborne-board\nname: Hostile\nversion: "1.0"\nrequires: [core]\n'


def _bomb() -> bytes:
    lines = ['a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]']
    previous = "a"
    for name in "bcdefghi":
        lines.append(f"{name}: &{name} [" + ",".join([f"*{previous}"] * 9) + "]")
        previous = name
    return ("\n".join(lines) + "\n").encode()


HOSTILE: dict[str, tuple[bytes, str]] = {
    "billion-laughs": (_bomb(), "BB0110"),
    "recursive-alias": (b"a: &a [1, *a]\n", "BB0110"),
    "deep-flow": (b"a: " + b"[" * 100_000 + b"]" * 100_000 + b"\n", "BB0109"),
    "deep-block": (
        "".join(f"{'  ' * i}k{i}:\n" for i in range(200)).encode() + b"  " * 200 + b"x: 1\n",
        "BB0109",
    ),
    "object-tag": (b"a: !!python/object/apply:os.system ['echo pwned']\n", "BB0107"),
    "binary": (bytes(range(256)) * 64, "BB0104"),
    "control": (b"a: \x00\x01\x02\n", "BB0105"),
    "many-documents": (b"a: 1\n---\n" * 5000, "BB0114"),
}


@pytest.mark.parametrize("name", sorted(HOSTILE))
def test_hostile_file_ends_in_a_located_diagnostic_and_exit_1(tmp_path: Path, name: str) -> None:
    content, code = HOSTILE[name]
    (tmp_path / "pack.yaml").write_text(PACK)
    (tmp_path / "evil.yaml").write_bytes(content)
    completed = subprocess.run(
        [sys.executable, "-m", "toolkit", "validate", str(tmp_path), "--format", "json"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert completed.returncode == 1, completed.stderr
    assert "Traceback" not in completed.stderr
    import json

    diagnostics = json.loads(completed.stdout)["diagnostics"]
    ours = [d for d in diagnostics if d["code"] == code]
    assert ours, diagnostics
    assert ours[0]["file"].endswith("evil.yaml") and ours[0]["line"] >= 1


def test_a_40_megabyte_file_is_refused_before_it_is_read(tmp_path: Path) -> None:
    (tmp_path / "pack.yaml").write_text(PACK)
    with (tmp_path / "huge.yaml").open("wb") as handle:
        handle.truncate(40 * 1024 * 1024)  # sparse: costs no disk
    completed = subprocess.run(
        [sys.executable, "-m", "toolkit", "validate", str(tmp_path)],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert completed.returncode == 1
    assert "error[BB0108]" in completed.stdout
    assert "huge.yaml:1:1" in completed.stdout
