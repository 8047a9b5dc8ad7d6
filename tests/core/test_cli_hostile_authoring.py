"""Hostile input to the authoring commands (validate, graph, test, fmt, new, schema, site).

Each test names what a user sees: the exit code, the message, the file and line where one is known,
and that their files are left as they were.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from toolkit.cli import run

PACK = 'id: hostile\ngame: bloodborne-board\nname: Hostile\nversion: "1.0"\nrequires: [core]\n'
ENEMY = "kind: enemy\nid: foo\nname: Foo\nhp: 3\n"
"""Not canonical (fmt puts `name` before `hp`... and reports its missing keys when validated)."""


def _pack(folder: Path) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "pack.yaml").write_text(PACK, encoding="utf-8")
    return folder


def _huntkit(*args: str, cwd: Path, timeout: float = 60) -> subprocess.CompletedProcess[str]:
    """A separate process, so that a regression that hangs fails the test instead of the run."""
    return subprocess.run(
        [sys.executable, "-m", "toolkit", *args],
        capture_output=True,
        text=True,
        timeout=timeout,
        cwd=cwd,
    )


# --- files that are not files ------------------------------------------------------------------


@pytest.mark.parametrize("command", ["validate", "fmt"])
def test_a_named_pipe_in_a_pack_is_reported_not_read(tmp_path: Path, command: str) -> None:
    pack = _pack(tmp_path / "pack")
    os.mkfifo(pack / "pipe.yaml")  # reading it would wait for a writer forever
    completed = _huntkit(command, "pack", cwd=tmp_path)
    assert completed.returncode == 1, completed.stderr
    shown = completed.stdout + completed.stderr
    assert "pack/pipe.yaml:1:1" in shown
    assert "BB0100" in shown and "named pipe, not a file" in shown
    assert "Traceback" not in shown


@pytest.mark.parametrize("command", ["validate", "fmt"])
def test_a_link_to_a_device_is_reported_not_read_to_the_end(tmp_path: Path, command: str) -> None:
    pack = _pack(tmp_path / "pack")
    (pack / "zero.yaml").symlink_to("/dev/zero")  # an endless file: it would fill the memory
    completed = _huntkit(command, "pack", cwd=tmp_path)
    assert completed.returncode == 1, completed.stderr
    shown = completed.stdout + completed.stderr
    assert "pack/zero.yaml:1:1" in shown  # the link's own name, not /dev/zero
    assert "a device, not a file" in shown
    assert "internal error" not in shown


# --- symlinks --------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "args",
    [["validate", "loop"], ["fmt", "loop"], ["test", "loop"], ["graph", "loop", "--campaign", "x"]],
)
def test_a_symlink_loop_named_on_the_command_line_is_a_usage_error(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], args: list[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "loop").symlink_to("loop")
    assert run(args) == 2
    error = capsys.readouterr().err
    assert "loop is a symlink that leads nowhere (a broken link or a loop)" in error
    assert "internal error" not in error


def test_a_symlink_loop_inside_a_pack_is_reported_with_its_name(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    pack = _pack(tmp_path / "pack")
    (pack / "a.yaml").symlink_to("b.yaml")
    (pack / "b.yaml").symlink_to("a.yaml")
    assert run(["validate", "pack", "--format", "json"]) == 1
    diagnostics = json.loads(capsys.readouterr().out)["diagnostics"]
    assert {(d["code"], d["file"]) for d in diagnostics} == {
        ("BB0100", "pack/a.yaml"),
        ("BB0100", "pack/b.yaml"),
    }
    assert run(["fmt", "pack"]) == 1
    assert "pack/a.yaml: not formatted: cannot read the file" in capsys.readouterr().err


def test_a_folder_symlinked_back_up_the_tree_finds_each_pack_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    pack = _pack(tmp_path / "packs" / "one")
    (pack / "enemies").mkdir()
    (pack / "enemies" / "again").symlink_to("..")  # a loop below the pack
    (tmp_path / "packs" / "up").symlink_to(".")  # a loop above it
    (tmp_path / "packs" / "sideways").symlink_to("one")
    assert run(["validate", "packs", "--format", "json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["diagnostics"] == []  # before: 'another pack already has the id' hundreds of times


# --- empty arguments ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "args",
    [
        ["validate", ""],
        ["validate", "pack", "--output", ""],
        ["fmt", ""],
        ["fmt", "--check", ""],
        ["test", ""],
        ["graph", "", "--campaign", "x"],
        ["schema", "export", "--out", ""],
        ["new", "pack", "x", "--dir", ""],
        ["site", "build", "--out", ""],
        ["site", "build", ""],
    ],
)
def test_an_empty_path_is_a_usage_error_not_the_working_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], args: list[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    pack = _pack(tmp_path / "pack")
    (pack / "enemy.yaml").write_text(ENEMY, encoding="utf-8")
    assert run(args) == 2
    assert "an empty path names no file" in capsys.readouterr().err
    assert (pack / "enemy.yaml").read_text(encoding="utf-8") == ENEMY  # `fmt ""` formatted it
    assert sorted(p.name for p in tmp_path.iterdir()) == ["pack"]
