"""Hostile input and surroundings, second round (issue 15): each test pins what a user sees.

The findings: links that leave the pack, terminal escapes in reports, line separators that shifted
positions, manifests that are not files, a pack that takes a built-in's id, unbounded reads of
saves and scripts, paths too long to open, full disks, `new` outside the working folder, and
unbounded notes and scenario steps.
"""

from __future__ import annotations

import errno
import json
import os
import re
import resource
import shutil
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest
import yaml

from toolkit.cli import run

REPO = Path(__file__).resolve().parents[2]
BLOOD_HUNT = str(REPO / "content" / "blood-hunt")
PALE_BELL = str(REPO / "content" / "campaigns" / "the-pale-bell")
PACK = 'id: hostile\ngame: bloodborne-board\nname: Hostile\nversion: "1.0"\nrequires: [core]\n'


def _pack(folder: Path, manifest: str = PACK) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "pack.yaml").write_text(manifest, encoding="utf-8")
    return folder


# --- empty option values ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    "args",
    [
        ["play", BLOOD_HUNT, "--bot", ""],
        ["play", BLOOD_HUNT, "--bot", " "],
        ["play", PALE_BELL, "--campaign", ""],
        ["simulate", BLOOD_HUNT, "--players", "", "--games", "1"],
        ["simulate", BLOOD_HUNT, "--bot", "", "--games", "1"],
        ["simulate", PALE_BELL, "--hunters", "", "--games", "1"],
        ["simulate", PALE_BELL, "--campaign", "", "--games", "1"],
        ["graph", PALE_BELL, "--campaign", ""],
    ],
)
def test_an_empty_option_value_is_a_usage_error_not_the_default(
    capsys: pytest.CaptureFixture[str], args: list[str]
) -> None:
    assert run(args) == 2  # before: `--bot ""` played the default bots, `--players ""` every count
    error = capsys.readouterr().err
    assert "an empty value; leave the option out to use its default" in error


# --- unbounded reads -------------------------------------------------------------------------------


def _huntkit_in_a_gigabyte(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    """A separate process with 1 GB of address space: an unbounded read fails it fast, not the machine."""

    def limit_memory() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (1_000_000_000, 1_000_000_000))

    return subprocess.run(
        [sys.executable, "-m", "toolkit", *args],
        capture_output=True,
        text=True,
        timeout=120,
        cwd=cwd,
        preexec_fn=limit_memory,
    )


@pytest.mark.parametrize("pack", [BLOOD_HUNT, PALE_BELL])
@pytest.mark.parametrize(
    ("option", "message"),
    [
        ("--resume", "/dev/zero is larger than the limit of 16,777,216 bytes; no save is that large"),
        ("--script", "cannot read the script /dev/zero: /dev/zero is larger than the limit of 1,048,576"),
    ],
)
def test_play_reads_a_save_or_a_script_only_up_to_its_limit(
    tmp_path: Path, pack: str, option: str, message: str
) -> None:
    completed = _huntkit_in_a_gigabyte("play", pack, option, "/dev/zero", cwd=tmp_path)
    assert completed.returncode == 2, completed.stderr  # before: MemoryError (6 GB after 8 s unbounded)
    assert message in completed.stderr
    assert "internal error" not in completed.stderr


# --- full disks --------------------------------------------------------------------------------------


def _no_space(*_: object, **__: object) -> None:
    raise OSError(errno.ENOSPC, "No space left on device")


def test_play_on_a_full_disk_says_the_save_failed_and_exits_1(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    script = tmp_path / "reports.txt"
    script.write_text("move ransacked-house\nquit\n", encoding="utf-8")
    save = tmp_path / "pale-bell.json"
    monkeypatch.setattr("toolkit.games.board.companion.saves.write_text_atomic", _no_space)
    # Before: a warning on standard output, and exit 0 as if the game had been saved.
    assert run(["play", PALE_BELL, "--hunters", "2", "--script", str(script), "--save", str(save)]) == 1
    captured = capsys.readouterr()
    assert (
        f"warning: cannot write {save}: No space left on device; the session goes on unsaved" in captured.out
    )
    assert "error: the session's last changes were not saved" in captured.err
    assert not save.exists()


def test_play_whose_save_fails_once_and_then_succeeds_exits_0(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from toolkit.games.board.companion import saves

    real = saves.write_text_atomic
    calls: list[Path] = []

    def full_once(path: Path, text: str, *, durable: bool = False) -> None:
        calls.append(path)
        if len(calls) == 1:
            _no_space()
        real(path, text, durable=durable)

    script = tmp_path / "reports.txt"
    script.write_text("move ransacked-house\nquit\n", encoding="utf-8")
    save = tmp_path / "pale-bell.json"
    monkeypatch.setattr(saves, "write_text_atomic", full_once)
    assert run(["play", PALE_BELL, "--hunters", "2", "--script", str(script), "--save", str(save)]) == 0
    assert f"saved to {save} again" in capsys.readouterr().out
    assert json.loads(save.read_text(encoding="utf-8"))["pack"] == "the-pale-bell"


def test_a_save_clears_the_temporary_files_of_killed_saves_but_not_those_of_running_saves(
    tmp_path: Path,
) -> None:
    from toolkit.core.files import write_text_atomic

    save = tmp_path / "save.json"
    old, young = tmp_path / ".save.json.k3j2x9a_.tmp", tmp_path / ".save.json.q8w7e6r5.tmp"
    theirs = tmp_path / ".save.json.notes.tmp"  # not a name mkstemp gives
    for leftover in (old, young, theirs):
        leftover.write_text("{half a save", encoding="utf-8")
    an_hour_ago = time.time() - 3600
    os.utime(old, (an_hour_ago, an_hour_ago))
    os.utime(theirs, (an_hour_ago, an_hour_ago))
    write_text_atomic(save, "{}\n", durable=True)
    assert not old.exists()  # before: every killed save left one for good
    assert young.exists()  # a save in progress in another process keeps its file until its rename
    assert theirs.exists()
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted([save.name, young.name, theirs.name])


class _FullDisk:
    """``os.fdopen`` for files huntkit writes, on a disk with room for ``room`` more characters."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch, room: int) -> None:
        self.room = room
        self.real = os.fdopen
        monkeypatch.setattr("toolkit.core.files.os.fdopen", self)

    def __call__(self, handle: int, *args: Any, **kwargs: Any) -> Any:
        stream = self.real(handle, *args, **kwargs)
        disk = self

        class Filling:
            def __enter__(self) -> Filling:
                return self

            def __exit__(self, *_: object) -> None:
                stream.close()

            def write(self, text: str) -> int:
                if len(text) > disk.room:
                    raise OSError(errno.ENOSPC, "No space left on device")
                disk.room -= len(text)
                return int(stream.write(text))

            def __getattr__(self, name: str) -> Any:
                return getattr(stream, name)

        return Filling()


def test_schema_export_on_a_full_disk_changes_no_schema(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "schemas"
    assert run(["schema", "export", "--out", str(out)]) == 0
    for name in ("enemy.schema.json", "tile.schema.json"):
        (out / name).write_text('{"old": true}\n', encoding="utf-8")
    before = {p.name: p.read_bytes() for p in out.iterdir()}
    room = len((REPO / "schema" / "enemy.schema.json").read_text(encoding="utf-8")) + 10
    _FullDisk(monkeypatch, room)  # the first schema fits, the second does not
    assert run(["schema", "export", "--out", str(out)]) == 2
    assert "No space left on device" in capsys.readouterr().err
    # Before: enemy.schema.json was new and tile.schema.json old, two schemas that disagree.
    assert {p.name: p.read_bytes() for p in out.iterdir()} == before


def test_site_build_on_a_full_disk_is_a_message_and_leaves_the_earlier_site(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import mkdocs.utils

    from toolkit.publish.runner import SITE_MARKER

    out = tmp_path / "public"
    out.mkdir()
    (out / SITE_MARKER).write_text("an earlier build\n", encoding="utf-8")
    (out / "index.html").write_text("<p>the earlier site</p>\n", encoding="utf-8")
    room = {"files": 5}
    real_write, real_copy = mkdocs.utils.write_file, mkdocs.utils.copy_file

    def filling(real: Any) -> Any:
        def write(*args: Any) -> None:
            if room["files"] == 0:
                raise OSError(errno.ENOSPC, "No space left on device")
            room["files"] -= 1
            real(*args)

        return write

    monkeypatch.setattr(mkdocs.utils, "write_file", filling(real_write))
    monkeypatch.setattr(mkdocs.utils, "copy_file", filling(real_copy))
    code = run(["site", "build", "--out", str(out), str(REPO / "tests/site/fixtures/hostile-pack")])
    error = capsys.readouterr().err
    assert code == 1, error  # before: "internal error: OSError: No space left on device", exit 2
    assert "cannot write the site: No space left on device" in error
    assert "internal error" not in error
    # Before: the folder held the five files written before the disk filled up.
    assert sorted(p.name for p in out.iterdir()) == [SITE_MARKER, "index.html"]
    assert (out / "index.html").read_text(encoding="utf-8") == "<p>the earlier site</p>\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["public"]  # no staging folder left


def test_site_build_of_a_device_is_a_usage_error_not_an_internal_error(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    assert run(["site", "build", "--out", "public", "/dev/zero"]) == 2  # before: internal error
    error = capsys.readouterr().err
    assert "/dev/zero is neither a file nor a folder (a pipe or a device)" in error
    assert "internal error" not in error
    assert list(tmp_path.iterdir()) == []


# --- paths too long to look up -------------------------------------------------------------------------


@pytest.mark.parametrize(
    "args",
    [
        ["validate", "{long}"],
        ["validate", "{long}.yaml"],
        ["test", "{long}"],
        ["fmt", "{long}"],
        ["play", "{long}"],
        ["validate", BLOOD_HUNT, "--output", "{long}"],
        ["play", BLOOD_HUNT, "--save", "{long}"],
    ],
)
def test_a_path_of_ten_thousand_characters_is_a_usage_error_cut_short(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], args: list[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    long = "a" * 10_000
    assert run([a.replace("{long}", long) for a in args]) == 2
    error = capsys.readouterr().err
    assert "File name too long" in error
    assert "internal error" not in error  # before: "internal error: OSError: [Errno 36] ..."
    assert long not in error  # said cut short, not ten thousand characters on the screen


# --- huntkit new ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("name", ["../../escape-hunt", "../escape-hunt", "sub/hunt", "..", "."])
def test_new_refuses_a_name_that_is_a_path_and_writes_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], name: str
) -> None:
    work = tmp_path / "a" / "b"
    work.mkdir(parents=True)
    monkeypatch.chdir(work)
    assert run(["new", "campaign", name]) == 2  # before: ../../escape-hunt was written into tmp_path
    assert "is a path; give the new pack's name (such as my-hunt) and say where with --dir" in (
        capsys.readouterr().err
    )
    assert sorted(str(p.relative_to(tmp_path)) for p in tmp_path.rglob("*")) == ["a", "a/b"]


def test_new_does_not_create_a_missing_dir_and_its_parents(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    assert run(["new", "pack", "my-hunt", "--dir", "typo/packs"]) == 2  # before: typo/packs/ made
    assert "the folder typo/packs does not exist; create it first" in capsys.readouterr().err
    assert list(tmp_path.iterdir()) == []


def test_new_names_the_folder_by_the_pack_id_and_keeps_the_name_as_title(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    assert run(["new", "campaign", "Bad Name!"]) == 0
    assert "created bad-name/pack.yaml" in capsys.readouterr().out
    assert [p.name for p in tmp_path.iterdir()] == ["bad-name"]  # before: a folder `Bad Name!`
    manifest = yaml.safe_load((tmp_path / "bad-name" / "pack.yaml").read_text(encoding="utf-8"))
    assert (manifest["id"], manifest["name"]) == ("bad-name", "Bad Name!")
    assert run(["validate", "bad-name"]) == 0


# --- terminal safety of the text report -----------------------------------------------------------------

HOSTILE_TEXT = "\x1b]0;pwned\x07\x1b[2J\x00\x9b\u202e\u2066\u2028ok"
ESCAPED_TEXT = "\\x1b]0;pwned\\x07\\x1b[2J\\x00\\x9b\\u202e\\u2066\\u2028ok"


@pytest.mark.parametrize("colour", [False, True])
def test_the_text_report_shows_control_characters_escaped(colour: bool) -> None:
    from toolkit.core import codes
    from toolkit.core.diagnostics import Location, Related, Span
    from toolkit.core.reporters import Report, TextReporter

    path = Path("hostile.yaml")
    line = f"name: {HOSTILE_TEXT} # tail"
    found = codes.UNKNOWN_KEY.at(
        Location(path, Span(1, 7 + len(HOSTILE_TEXT) + 1, 1, 7 + len(HOSTILE_TEXT) + 7)),
        f"message {HOSTILE_TEXT}",
        hint=f"hint {HOSTILE_TEXT}",
        related=(Related(Location(Path(f"other{HOSTILE_TEXT}.yaml")), f"note {HOSTILE_TEXT}"),),
    )
    shown = TextReporter(colour=colour).render(Report([found], {path: line + "\r\nnext: 1\n"}, 1, 1))
    own_colours = re.sub("\x1b\\[[0-9;]*m", "", shown)  # the reporter's own, with --colour
    for bad in "\x1b\x07\x00\x9b\u202e\u2066\u2028":
        assert bad not in own_colours, repr(bad)
    assert f"message {ESCAPED_TEXT}" in shown and f"hint {ESCAPED_TEXT}" in shown
    assert f"note {ESCAPED_TEXT}: other{ESCAPED_TEXT}.yaml" in shown
    if not colour:
        excerpt, carets = [row for row in shown.splitlines() if row.startswith(("1 |", "  |"))][1:3]
        assert excerpt == f"1 | name: {ESCAPED_TEXT} # tail"  # and no \r from the CRLF line end
        assert carets.index("^") == excerpt.index("# tail")  # the caret under what it marks
        assert carets.count("^") == len("# tail")


def test_validate_piped_escapes_raw_terminal_sequences_from_a_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    pack = _pack(tmp_path / "pack")
    (pack / "raw.yaml").write_text(
        "kind: enemy\nid: foo # \x1b]0;owned\x07 \x1b[32mok\x00\n", encoding="utf-8"
    )
    assert run(["validate", "pack"]) == 1
    shown = capsys.readouterr().out
    assert "\x1b" not in shown and "\x00" not in shown and "\x07" not in shown  # before: echoed raw
    assert "2 | id: foo # \\x1b]0;owned\\x07 \\x1b[32mok\\x00" in shown


def test_github_annotations_escape_control_characters_too() -> None:
    from toolkit.core import codes
    from toolkit.core.diagnostics import Location, Span
    from toolkit.core.reporters import GithubReporter, Report

    found = codes.UNKNOWN_KEY.at(Location(Path("x.yaml"), Span(1, 1)), f"message {HOSTILE_TEXT}")
    shown = GithubReporter().render(Report([found], {}, 1, 1))
    assert "\x1b" not in shown and f"message {ESCAPED_TEXT}" in shown


# --- positions with Unicode line separators ----------------------------------------------------------


def _enemy_document() -> str:
    text = (REPO / "content" / "core" / "enemies.yaml").read_text(encoding="utf-8")
    return text.split("\n---\n", 1)[0] + "\n"


@pytest.mark.parametrize("separator", ["\u2028", "\u2029", "\x85"])
def test_a_line_separator_in_a_quoted_name_does_not_move_later_positions(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], separator: str
) -> None:
    monkeypatch.chdir(tmp_path)
    pack = _pack(tmp_path / "pack")
    document = _enemy_document()
    name = f'name: "Scourge{separator}Beast{separator}of{separator}Yharnam"'
    mutated = document.replace("name: Scourge Beast", name).replace("movement: 1", "movment: 1")
    (pack / "enemies.yaml").write_text(mutated, encoding="utf-8")
    line = mutated.split("\n").index("movment: 1") + 1
    assert run(["validate", "pack", "--format", "json"]) == 1
    found = json.loads(capsys.readouterr().out)["diagnostics"]
    typo = next(d for d in found if d["code"] == "BB0201")
    # Before: reported three lines further down (libyaml ends a line at LS, PS and NEL too).
    assert (typo["file"], typo["line"], typo["column"]) == ("pack/enemies.yaml", line, 1)
    assert run(["validate", "pack"]) == 1
    assert f"{line} | movment: 1" in capsys.readouterr().out  # the excerpt is the line reported


# --- a pack.yaml that is not a file ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("make", "what"),
    [
        (lambda path: path.mkdir(), "a folder"),
        (lambda path: path.symlink_to("/dev/zero"), "not a regular file (a device, a pipe or a socket)"),
        (lambda path: os.mkfifo(path), "not a regular file (a device, a pipe or a socket)"),
        (
            lambda path: path.symlink_to("nowhere.yaml"),
            "a symlink that leads nowhere (a broken link or a loop)",
        ),
    ],
)
@pytest.mark.parametrize("nested", [False, True])
def test_a_pack_yaml_that_is_not_a_file_is_an_error_at_it(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    make: Any,
    what: str,
    nested: bool,
) -> None:
    monkeypatch.chdir(tmp_path)
    folder = tmp_path / "packs" / "broken" if nested else tmp_path / "broken"
    folder.mkdir(parents=True)
    make(folder / "pack.yaml")
    if nested:
        _pack(tmp_path / "packs" / "good")
    target = "packs" if nested else "broken"
    assert run(["validate", target, "--format", "json"]) == 1  # before: a warning (or nothing) and exit 0
    found = json.loads(capsys.readouterr().out)["diagnostics"]
    assert [(d["code"], d["file"], d["line"], d["column"], d["message"]) for d in found] == [
        (
            "BB0100",
            f"{target}/pack.yaml" if not nested else "packs/broken/pack.yaml",
            1,
            1,
            f"pack.yaml is {what}, not a YAML file",
        ),
    ]


# --- links that leave the pack -------------------------------------------------------------------------

SECRET = "ghp_not-a-real-token-but-a-secret-all-the-same"


@pytest.mark.parametrize("fmt", ["text", "json", "github", "sarif"])
def test_a_link_to_the_environment_is_refused_unread_and_leaks_nothing(tmp_path: Path, fmt: str) -> None:
    pack = _pack(tmp_path / "pack")
    (pack / "environ.yaml").symlink_to("/proc/self/environ")
    (pack / "passwd.yaml").symlink_to("/etc/passwd")
    completed = subprocess.run(
        [sys.executable, "-m", "toolkit", "validate", "pack", "--format", fmt],
        capture_output=True,
        text=True,
        timeout=60,
        cwd=tmp_path,
        env={**os.environ, "CI_TOKEN": SECRET},
    )
    assert completed.returncode == 1, completed.stderr
    shown = completed.stdout + completed.stderr
    assert SECRET not in shown and "CI_TOKEN" not in shown  # before: the environment, five times
    assert "root:" not in shown
    if fmt == "json":
        found = json.loads(completed.stdout)["diagnostics"]
        assert sorted((d["code"], d["file"], d["line"], d["column"]) for d in found) == [
            ("BB0120", "pack/environ.yaml", 1, 1),
            ("BB0120", "pack/passwd.yaml", 1, 1),
        ]


def test_a_file_reached_through_a_linked_folder_outside_the_pack_is_refused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    (elsewhere / "secrets.yaml").write_text(f"token: {SECRET}\n", encoding="utf-8")
    pack = _pack(tmp_path / "pack")
    (pack / "shared").symlink_to(elsewhere)
    assert run(["validate", "pack", "--format", "json"]) == 1
    shown = capsys.readouterr().out
    assert SECRET not in shown
    found = json.loads(shown)["diagnostics"]
    assert [(d["code"], d["file"]) for d in found] == [("BB0120", "pack/shared/secrets.yaml")]


def test_links_that_stay_inside_the_pack_are_read(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    pack = _pack(tmp_path / "pack")
    (pack / "enemies").mkdir()
    (pack / "enemies" / "beast.yaml").write_text(_enemy_document(), encoding="utf-8")
    (pack / "parts").symlink_to("enemies")
    (pack / "pack.yaml").rename(pack / "manifest.txt")
    (pack / "pack.yaml").symlink_to("manifest.txt")
    assert run(["validate", "pack", "--format", "json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["diagnostics"] == []
    assert (report["summary"]["files"], report["summary"]["documents"]) == (1, 1)  # the folder once


def test_a_pack_yaml_linked_outside_the_pack_is_refused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "manifest.yaml").write_text(PACK, encoding="utf-8")
    (tmp_path / "pack").mkdir()
    (tmp_path / "pack" / "pack.yaml").symlink_to("../manifest.yaml")
    assert run(["validate", "pack", "--format", "json"]) == 1
    found = json.loads(capsys.readouterr().out)["diagnostics"]
    assert [(d["code"], d["file"], d["line"]) for d in found] == [("BB0120", "pack/pack.yaml", 1)]


# --- a pack that takes a built-in pack's id --------------------------------------------------------------


def test_a_pack_with_the_id_core_is_an_error_naming_the_clash(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    assert run(["new", "campaign", "my-hunt"]) == 0
    mine = _pack(
        tmp_path / "packs" / "mine", PACK.replace("id: hostile", "id: core").replace("requires: [core]\n", "")
    )
    assert mine.is_dir()
    capsys.readouterr()
    assert run(["validate", "packs", "my-hunt", "--format", "json"]) == 1
    found = json.loads(capsys.readouterr().out)["diagnostics"]
    clash = [d for d in found if d["code"] == "BB0315"]
    # Before: no word of it; my-hunt then failed on "no tile with the id 'oedon-chapel'".
    assert [(d["file"], d["line"], d["column"]) for d in clash] == [("packs/mine/pack.yaml", 1, 5)]
    assert clash[0]["message"] == (
        "the id 'core' is taken by a pack built into huntkit; this pack replaces it for the packs "
        "here that require it"
    )
    assert clash[0]["severity"] == "error"


@pytest.mark.parametrize("builtin", ["blood-hunt", "hunters-nightmare", "the-pale-bell"])
def test_a_copy_of_a_built_in_pack_that_nothing_here_requires_is_warned(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], builtin: str
) -> None:
    monkeypatch.chdir(tmp_path)
    _pack(tmp_path / "mine", PACK.replace("id: hostile", f"id: {builtin}"))
    run(["validate", "mine", "--format", "json"])
    found = [d for d in json.loads(capsys.readouterr().out)["diagnostics"] if d["code"] == "BB0315"]
    assert [(d["severity"], d["line"], d["column"]) for d in found] == [("warning", 1, 5)]
    assert found[0]["message"].endswith("; this pack would replace it")


def test_the_built_in_packs_themselves_do_not_clash(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(["validate", str(REPO / "content" / "core"), "--format", "json"]) == 0
    assert "BB0315" not in capsys.readouterr().out


# --- duplicates in lists of things there is one of --------------------------------------------------------


def _copy_pack(source: str, target: Path) -> Path:
    shutil.copytree(source, target)
    return target


def _line_of(text: str, needle: str) -> tuple[int, int]:
    before = text[: text.index(needle)]
    return before.count("\n") + 1, len(before) - (before.rfind("\n") + 1) + 1


@pytest.mark.parametrize(
    ("old", "new", "entry", "message"),
    [
        (
            "tiles: [oedon-chapel, graveyard,",
            "tiles: [oedon-chapel, graveyard, " + "graveyard, " * 100_000,
            "graveyard",
            "'graveyard' is listed 100,001 times in `tiles`",
        ),
        ("special_rules: [1]", "special_rules: [1, 1]", "1", "1 is listed 2 times in `special_rules`"),
        (
            "enemies: [scourge-beast, hunter-mob, male-beast-patient]",
            "enemies: [scourge-beast, hunter-mob, scourge-beast]",
            "scourge-beast",
            "'scourge-beast' is listed 2 times in `enemies`",
        ),
    ],
)
def test_a_chapter_setup_that_lists_an_entry_twice_gets_one_warning_at_the_repeat(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    old: str,
    new: str,
    entry: str,
    message: str,
) -> None:
    monkeypatch.chdir(tmp_path)
    pack = _copy_pack(PALE_BELL, tmp_path / "pale-bell")
    chapter = pack / "chapter-1.yaml"
    text = chapter.read_text(encoding="utf-8")
    assert old in text
    mutated = text.replace(old, new)
    chapter.write_text(mutated, encoding="utf-8")
    line, _ = _line_of(mutated, new)
    row = mutated.splitlines()[line - 1]
    first = row.index(entry)
    run(["validate", "pale-bell", "--format", "json"])
    found = json.loads(capsys.readouterr().out)["diagnostics"]
    repeats = [d for d in found if d["code"] == "BB0316"]
    assert [d["message"] for d in repeats] == [message]  # before: nothing said
    assert (repeats[0]["file"], repeats[0]["line"]) == ("pale-bell/chapter-1.yaml", line)
    assert repeats[0]["column"] == row.index(entry, first + len(entry)) + 1  # the first repeat
    assert (repeats[0]["related"][0]["line"], repeats[0]["related"][0]["column"]) == (line, first + 1)


def test_a_hunt_track_with_a_reset_space_listed_100000_times_gets_one_warning(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    pack = _pack(tmp_path / "track")
    spaces = ", ".join(["4"] * 100_000 + ["8"])
    (pack / "track.yaml").write_text(
        f"kind: hunt-track\nid: long-track\nname: Long Track\nlength: 16\nreset_spaces: [{spaces}]\n",
        encoding="utf-8",
    )
    run(["validate", "track", "--format", "json"])
    found = [d for d in json.loads(capsys.readouterr().out)["diagnostics"] if d["code"] == "BB0316"]
    assert [(d["line"], d["column"], d["message"]) for d in found] == [
        (5, 19, "4 is listed 100,000 times in `reset_spaces`")
    ]
    assert (found[0]["related"][0]["line"], found[0]["related"][0]["column"]) == (5, 16)


def test_many_different_repeats_in_one_list_are_reported_ten_at_most(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    pack = _pack(tmp_path / "track")
    spaces = ", ".join(str(n) for n in [*range(2, 40), *range(2, 40)])
    (pack / "track.yaml").write_text(
        f"kind: hunt-track\nid: long-track\nname: Long Track\nlength: 40\nreset_spaces: [{spaces}]\n",
        encoding="utf-8",
    )
    run(["validate", "track", "--format", "json"])
    found = [d for d in json.loads(capsys.readouterr().out)["diagnostics"] if d["code"] == "BB0316"]
    assert len(found) == 10
    assert (
        found[-1]["message"]
        == "11 is listed 2 times in `reset_spaces`; 28 more entries of this list are repeated too"
    )


def test_a_blood_hunt_setup_listing_a_player_count_twice_is_warned(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    pack = _copy_pack(BLOOD_HUNT, tmp_path / "blood-hunt")
    (pack / "pack.yaml").write_text(
        (pack / "pack.yaml").read_text(encoding="utf-8").replace("id: blood-hunt", "id: my-blood-hunt"),
        encoding="utf-8",
    )
    setup = pack / "setup.yaml"
    text = setup.read_text(encoding="utf-8")
    players = next(line for line in text.splitlines() if line.startswith("players:"))
    setup.write_text(text.replace(players, players.replace("[", "[2, ")), encoding="utf-8")
    run(["validate", "blood-hunt", "--format", "json"])
    found = [d for d in json.loads(capsys.readouterr().out)["diagnostics"] if d["code"] == "BB0316"]
    assert [d["message"] for d in found] == ["2 is listed 2 times in `players`"]


# --- long chains: bounded notes and bounded work ------------------------------------------------------


def _chain_campaign(tmp_path: Path, cards: int, *, spawn: bool) -> Path:
    """A new campaign whose chapter 1 hunt runs through ``cards`` more cards, numbered from 40."""
    assert run(["new", "campaign", "chain", "--dir", str(tmp_path)]) == 0
    chapter = tmp_path / "chain" / "chapter-1.yaml"
    text = chapter.read_text(encoding="utf-8").replace("      - reveal: 2\n---", "      - reveal: 40\n---", 1)
    last = 40 + cards - 1
    spawns = "on_reveal:\n  - spawn: {enemy: hunter-mob, at: {space: graveyard}, tag: mob}\n" if spawn else ""
    for number in range(40, last + 1):
        goal = (
            f"goal: {{end_move_on: {{space: graveyard}}}}\n    then:\n      - reveal: {number + 1}"
            if number < last
            else "goal: {slay: {tag: mob, count: 2000}}\n    then:\n      - reveal: 2"
            if spawn
            else "goal: {all: [collected_insight: 1, end_move_on: {space: graveyard}]}\n"
            "    then:\n      - reveal: 2"
        )
        text += (
            f"---\nkind: mission-card\ncampaign: chain\nchapter: 1\nnumber: {number}\ntype: hunt\n"
            f"title: Step {number}\nsource: house\nstory: A step.\n{spawns}goals:\n  - {goal}\n"
        )
    chapter.write_text(text, encoding="utf-8")
    return tmp_path / "chain"


def test_a_warning_about_960_spawns_carries_ten_notes_and_counts_the_rest(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    pack = _chain_campaign(tmp_path, 960, spawn=True)
    capsys.readouterr()
    run(["validate", str(pack), "--format", "json"])
    found = json.loads(capsys.readouterr().out)["diagnostics"]
    (short,) = [d for d in found if d["code"] == "BB0523"]
    # Before: one note for each of the 960 cards that spawn a tagged enemy.
    assert len(short["related"]) == 10
    assert short["message"].endswith(
        "but the chapter spawns only 960 (950 more related places are not listed)"
    )


def test_the_insight_timing_never_walks_the_graph_once_per_card(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from toolkit.games.board.mission.graph import ChapterGraph

    pack = _chain_campaign(tmp_path, 960, spawn=False)
    walks: list[object] = []
    real = ChapterGraph.reachable

    def counted(self: ChapterGraph, *args: Any, **kwargs: Any) -> set[str]:
        walks.append(kwargs.get("before_goals_of"))
        return real(self, *args, **kwargs)

    monkeypatch.setattr(ChapterGraph, "reachable", counted)
    run(["validate", str(pack), "--format", "json"])
    # Before: a walk for each of the 960 cards, quadratic in the chapter (3 s of CPU for 999 cards);
    # now one dominator tree per chapter answers every card (checks/insight_budget.py).
    timed = [node for node in walks if node is not None]
    assert timed == []


# --- scenario tests have a step limit ------------------------------------------------------------------

SCENARIO = """kind: scenario
id: long-wait
name: Standing still for a long time
campaign: the-pale-bell
chapter: 1
steps:
"""


@pytest.mark.parametrize(("steps", "code"), [(1_000, 0), (1_001, 1)])
def test_a_scenario_has_at_most_1000_steps(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], steps: int, code: int
) -> None:
    pack = _copy_pack(PALE_BELL, tmp_path / "pale-bell")
    shutil.rmtree(pack / "tests")
    (pack / "tests").mkdir()
    step = "  - expect: {in_play: [1, 2]}\n"
    (pack / "tests" / "long.yaml").write_text(SCENARIO + step * steps, encoding="utf-8")
    assert run(["test", str(pack)]) == code  # before: any number ran (60,000: 2.1 s, 194 MB)
    shown = capsys.readouterr().out
    if code:
        assert "error[BB0205]" in shown and "steps: list should have at most 1000 items" in shown
        assert "long.yaml:7:3" in shown


def test_a_blood_hunt_scenario_has_at_most_1000_steps_too(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    pack = _copy_pack(BLOOD_HUNT, tmp_path / "blood-hunt")
    (pack / "pack.yaml").write_text(
        (pack / "pack.yaml").read_text(encoding="utf-8").replace("id: blood-hunt", "id: my-blood-hunt"),
        encoding="utf-8",
    )
    rules = (pack / "tests" / "rules.yaml").read_text(encoding="utf-8").split("\n---\n")[0]
    head, _ = rules.split("\nsteps:\n", 1)
    steps = "  - expect: {to_act: P1}\n" * 1_001
    (pack / "tests" / "rules.yaml").write_text(f"{head}\nsteps:\n{steps}", encoding="utf-8")
    assert run(["test", str(pack)]) == 1
    assert "steps: list should have at most 1000 items" in capsys.readouterr().out
