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
    assert {(d["code"], d["file"]) for d in diagnostics if d["severity"] == "error"} == {
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


# --- where reports go ---------------------------------------------------------------------------------


def test_output_to_a_device_or_stream_is_written_in_place_not_replaced() -> None:
    from toolkit.core.files import is_stream, output_problem

    # Not written here: before the fix, root's `--output /dev/null` renamed a file over the device.
    for name in ("/dev/null", "/dev/stdout"):
        assert is_stream(Path(name)), name
        assert output_problem(Path(name)) is None, name  # no "cannot write into the folder /dev"


def test_output_to_a_named_pipe_reaches_its_reader_and_the_pipe_stays(tmp_path: Path) -> None:
    _pack(tmp_path / "pack")
    pipe = tmp_path / "report.pipe"
    os.mkfifo(pipe)
    reader = subprocess.Popen(["cat", str(pipe)], stdout=subprocess.PIPE, text=True)
    completed = _huntkit("validate", "pack", "--format", "json", "--output", str(pipe), cwd=tmp_path)
    received, _ = reader.communicate(timeout=30)
    assert completed.returncode == 0, completed.stderr
    assert json.loads(received)["summary"]["errors"] == 0
    assert pipe.is_fifo()


def test_output_through_a_symlink_writes_the_file_it_names_and_keeps_the_link(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    _pack(tmp_path / "pack")
    (tmp_path / "reports").mkdir()
    (tmp_path / "reports" / "latest.txt").write_text("old\n", encoding="utf-8")
    (tmp_path / "report.txt").symlink_to("reports/latest.txt")
    assert run(["validate", "pack", "--output", "report.txt"]) == 0
    assert (tmp_path / "report.txt").is_symlink()  # before: replaced by a file
    assert "no problems found" in (tmp_path / "reports" / "latest.txt").read_text(encoding="utf-8")


def test_fmt_of_a_symlinked_file_formats_the_file_and_keeps_the_link(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    pack = _pack(tmp_path / "pack")
    shared = tmp_path / "shared"
    shared.mkdir()
    (shared / "foo.yaml").write_text("name: Foo\nkind: enemy\nid: foo\nhp: 3\n", encoding="utf-8")
    (pack / "foo.yaml").symlink_to("../shared/foo.yaml")
    assert run(["fmt", "pack"]) == 0
    assert "reformatted pack/foo.yaml" in capsys.readouterr().out  # its name, not the target's
    assert (pack / "foo.yaml").is_symlink()  # before: replaced by a copy; the shared file unchanged
    assert (shared / "foo.yaml").read_text(encoding="utf-8").startswith("kind: enemy\nid: foo\n")


@pytest.mark.parametrize("option", [["--format", "json"], ["--output", "report.txt"]])
def test_watch_refuses_options_it_would_ignore(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], option: list[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    _pack(tmp_path / "pack")
    assert run(["validate", "pack", "--watch", *option]) == 2  # before: watched forever, in text
    assert "--watch shows text on the terminal; leave out --format and --output" in capsys.readouterr().err
    assert not (tmp_path / "report.txt").exists()


# --- huntkit new ---------------------------------------------------------------------------------------


def test_new_leaves_a_dangling_symlink_in_the_way_alone(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "my-hunt").mkdir()
    (tmp_path / "my-hunt" / "README.md").symlink_to("../notes/readme-draft.md")  # not written yet
    assert run(["new", "pack", "my-hunt"]) == 2
    assert "my-hunt/README.md" in capsys.readouterr().err
    assert (tmp_path / "my-hunt" / "README.md").is_symlink()
    assert sorted(p.name for p in (tmp_path / "my-hunt").iterdir()) == ["README.md"]


@pytest.mark.parametrize("args", [["new", "pack", "x", "--dir", "notes"], ["new", "pack", "notes"]])
def test_new_where_a_file_stands_for_a_folder_is_a_usage_error(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], args: list[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "notes").write_text("mine\n", encoding="utf-8")
    assert run(args) == 2
    assert "notes is a file, not a folder; nothing was written" in capsys.readouterr().err
    assert (tmp_path / "notes").read_text(encoding="utf-8") == "mine\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["notes"]


def test_new_that_fails_halfway_leaves_nothing_behind(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from toolkit.authoring import scaffold

    monkeypatch.chdir(tmp_path)
    real_write = scaffold.write_text_atomic
    written: list[Path] = []

    def fill_the_disk_on_the_third_file(path: Path, text: str) -> None:
        if len(written) == 2:
            raise OSError(28, "No space left on device")
        real_write(path, text)
        written.append(path)

    monkeypatch.setattr(scaffold, "write_text_atomic", fill_the_disk_on_the_third_file)
    assert run(["new", "campaign", "my-hunt"]) == 2
    error = capsys.readouterr().err
    assert "cannot write my-hunt/chapter-1.yaml: No space left on device; nothing was left behind" in error
    assert list(tmp_path.iterdir()) == []


def test_new_explains_a_name_without_ascii_letters() -> None:
    from toolkit.authoring.scaffold import ScaffoldError, plan

    with pytest.raises(ScaffoldError, match="no letters a-z or digits"):
        plan("pack", "ééé", Path("."))


# --- huntkit schema export ---------------------------------------------------------------------------


def test_schema_export_to_a_file_is_a_usage_error(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "notes.txt").write_text("mine\n", encoding="utf-8")
    assert run(["schema", "export", "--out", "notes.txt"]) == 2
    assert "--out: notes.txt is not a folder; give a folder for the schemas" in capsys.readouterr().err
    assert (tmp_path / "notes.txt").read_text(encoding="utf-8") == "mine\n"
    (tmp_path / "loop").symlink_to("loop")
    assert run(["schema", "export", "--out", "loop"]) == 2
    assert "--out: loop is not a folder" in capsys.readouterr().err


def test_schema_export_keeps_other_tools_schemas_and_repairs_a_garbled_one(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "schemas"
    assert run(["schema", "export", "--out", str(out)]) == 0
    theirs = '{"$id": "https://example.com/renovate.schema.json"}\n'
    (out / "renovate.schema.json").write_text(theirs, encoding="utf-8")
    (out / "enemy.schema.json").write_bytes(b"\xff\xfe\x00garbled")
    assert run(["schema", "export", "--out", str(out), "--check"]) == 1  # before: internal error
    shown = capsys.readouterr().out
    assert "enemy.schema.json: differs from the models" in shown
    assert "renovate" not in shown
    assert run(["schema", "export", "--out", str(out)]) == 0
    assert (out / "renovate.schema.json").read_text(encoding="utf-8") == theirs  # before: deleted
    assert run(["schema", "export", "--out", str(out), "--check"]) == 0


# --- huntkit site ----------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["site", "build", "missing-pack", "--out", "site"], "no such file or folder: missing-pack"),
        (
            ["site", "build", "--report", "missing.json", "--out", "site"],
            "--report: no such file: missing.json",
        ),
        (
            ["site", "build", "--report", "../notes.json", "--out", "site"],
            "--report: ../notes.json is not a report of `huntkit simulate --format json`",
        ),
        (["site", "serve", "missing-pack"], "no such file or folder: missing-pack"),
        (["site", "serve", "--address", "127.0.0.1:99999"], "give a host and a port from 1 to 65535"),
        (["site", "serve", "--address", "localhost"], "give a host and a port from 1 to 65535"),
    ],
)
def test_site_refuses_bad_paths_and_addresses_before_building(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    args: list[str],
    message: str,
) -> None:
    (tmp_path / "notes.json").write_text("[1, 2]\n", encoding="utf-8")
    tmp_path = tmp_path / "work"
    tmp_path.mkdir()
    monkeypatch.chdir(tmp_path)
    assert run(args) == 2  # before: an internal error, or one after a 20-second build
    error = capsys.readouterr().err
    assert message in error and "internal error" not in error
    assert list(tmp_path.iterdir()) == []


def test_site_serve_on_a_port_in_use_is_refused_before_building(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import socket

    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        assert run(["site", "serve", "--address", f"127.0.0.1:{port}"]) == 2
    assert f"cannot serve on 127.0.0.1:{port}: Address already in use" in capsys.readouterr().err


# --- names and counts in reports ---------------------------------------------------------------------


def test_a_file_name_that_is_not_utf8_is_reported_in_valid_utf8(tmp_path: Path) -> None:
    pack = _pack(tmp_path / "pack")
    bad_name = os.fsdecode(b"bad\xff.yaml")
    (pack / bad_name).write_text("kind: enemy\nid: x\n", encoding="utf-8")
    completed = subprocess.run(
        [sys.executable, "-m", "toolkit", "validate", "pack", "--format", "json"],
        capture_output=True,
        timeout=60,
        cwd=tmp_path,
        env={**os.environ, "LC_ALL": "C.UTF-8", "PYTHONIOENCODING": "utf-8"},
    )
    assert completed.returncode == 1, completed.stderr
    files = {d["file"] for d in json.loads(completed.stdout.decode("utf-8"))["diagnostics"]}
    assert files == {"pack/bad\ufffd.yaml"}
    sarif = _huntkit("validate", "pack", "--format", "sarif", "--output", "report.sarif", cwd=tmp_path)
    assert sarif.returncode == 1, sarif.stderr  # before: an internal error (UnicodeEncodeError)
    assert "pack/bad\ufffd.yaml" in (tmp_path / "report.sarif").read_text(encoding="utf-8")


def test_test_summary_under_validation_errors_counts_what_was_read(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    pack = _pack(tmp_path / "pack")
    (pack / "enemy.yaml").write_text(ENEMY, encoding="utf-8")
    assert run(["test", "pack"]) == 1
    assert "in 1 file, 1 document" in capsys.readouterr().out  # before: "in 0 files, 0 documents"


@pytest.mark.parametrize(
    "args",
    [
        ["validate", "my-hunt", "--output", "my-hunt/chapter-1.yaml"],
        ["validate", "my-hunt/chapter-1.yaml", "--format", "json", "-o", "my-hunt/chapter-1.yaml"],
        ["validate", "my-hunt", "--output", "my-hunt/pack.yaml"],
        ["graph", "my-hunt", "--campaign", "my-hunt", "--output", "my-hunt/chapter-1.yaml"],
    ],
)
def test_a_report_never_replaces_a_file_it_was_made_from(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], args: list[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    assert run(["new", "campaign", "my-hunt"]) == 0
    chapter = (tmp_path / "my-hunt" / "chapter-1.yaml").read_text(encoding="utf-8")
    manifest = (tmp_path / "my-hunt" / "pack.yaml").read_text(encoding="utf-8")
    capsys.readouterr()
    assert run(args) == 2  # before: the chapter was replaced by the report
    assert f"--output: {args[-1]} is a file" in capsys.readouterr().err
    assert (tmp_path / "my-hunt" / "chapter-1.yaml").read_text(encoding="utf-8") == chapter
    assert (tmp_path / "my-hunt" / "pack.yaml").read_text(encoding="utf-8") == manifest


RENDER_MANY = """
from pathlib import Path
from toolkit.core import codes
from toolkit.core.diagnostics import Location, Span
from toolkit.core.reporters import Report, TextReporter

path = Path("many.yaml")
lines = [f"k{i}: " + "x" * 100 for i in range(30_000)]
found = [codes.UNKNOWN_KEY.at(Location(path, Span(i + 1, 1)), f"unknown key 'k{i}'") for i in range(30_000)]
text = TextReporter(colour=False).render(Report(found, {path: "\\n".join(lines)}, 1, 1))
print(text.count("unknown key"))
"""


def test_text_report_of_a_file_with_thousands_of_problems_does_not_hang() -> None:
    # Before, the file's 3 MB were split into lines again for each of its 30,000 diagnostics
    # (minutes; `validate` of a file with 90,000 unknown keys ran for more than five).
    completed = subprocess.run(
        [sys.executable, "-c", RENDER_MANY], capture_output=True, text=True, timeout=60
    )
    assert completed.returncode == 0, completed.stderr
    assert completed.stdout.strip() == "30000"


def test_fmt_leaves_a_read_only_file_alone_and_says_so(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    pack = _pack(tmp_path / "pack")
    original = "name: Foo\nkind: enemy\nid: foo\nhp: 3\n"
    (pack / "vendored.yaml").write_text(original, encoding="utf-8")
    (pack / "vendored.yaml").chmod(0o444)
    assert run(["fmt", "pack"]) == 1  # before: rewritten (a rename replaces a read-only file)
    captured = capsys.readouterr()
    assert "error: pack/vendored.yaml: not formatted: the file is read-only; left alone" in captured.err
    assert "1 refused" in captured.out
    assert (pack / "vendored.yaml").read_text(encoding="utf-8") == original


@pytest.mark.parametrize("command", ["validate", "graph", "test", "fmt", "new"])
def test_help_shows_each_example_on_its_own_line(command: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert run([command, "--help"]) == 0
    examples = capsys.readouterr().out.split("Examples:", 1)[1]
    lines = [line for line in examples.splitlines() if "huntkit " in line]
    assert len(lines) >= 3
    assert all(line.lstrip().startswith("huntkit ") for line in lines)  # before: run together


@pytest.mark.parametrize(
    ("make", "message"),
    [
        (lambda folder: None, "empty holds no pack.yaml and no YAML files; nothing was checked"),
    ],
)
def test_a_folder_with_nothing_to_check_is_a_warning_not_ok(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    make: object,
    message: str,
) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "empty").mkdir()
    make(tmp_path / "empty")  # type: ignore[operator]
    assert run(["validate", "empty"]) == 0
    shown = capsys.readouterr().out
    assert "warning[BB0308]" in shown and message in shown  # before: "ok: 0 files ... checked"
    assert run(["validate", "empty", "--strict"]) == 1


def test_a_dozen_packs_that_all_require_each_other_get_one_cycle_error_quickly(tmp_path: Path) -> None:
    count = 14
    for number in range(count):
        folder = tmp_path / "packs" / f"p{number}"
        folder.mkdir(parents=True)
        others = ", ".join(f"p{other}" for other in range(count) if other != number)
        (folder / "pack.yaml").write_text(
            f'id: p{number}\ngame: bloodborne-board\nname: P\nversion: "1.0"\nrequires: [{others}]\n',
            encoding="utf-8",
        )
    # Before: every simple cycle was listed (billions here); 13 packs ran for minutes.
    completed = _huntkit("validate", "packs", "--format", "json", cwd=tmp_path, timeout=60)
    assert completed.returncode == 1, completed.stderr
    (cycle,) = json.loads(completed.stdout)["diagnostics"]
    assert cycle["code"] == "BB0302"
    assert (cycle["file"], cycle["line"], cycle["column"]) == ("packs/p0/pack.yaml", 5, 12)
    assert cycle["message"] == "packs require each other in a cycle: p0 → p1 → p0"


def test_a_site_build_that_fails_halfway_does_not_lock_its_folder(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from tests.site.conftest import BROKEN_PACK
    from toolkit.publish.runner import check_site_folder

    out = tmp_path / "public"
    assert run(["site", "build", "--out", str(out), str(BROKEN_PACK)]) == 1
    assert "does not validate" in capsys.readouterr().err
    assert not out.exists()  # a folder it made and wrote nothing into is taken back
    out.mkdir()
    assert run(["site", "build", "--out", str(out), str(BROKEN_PACK)]) == 1
    (out / "index.html").write_text("<p>half a site</p>\n", encoding="utf-8")  # as a Ctrl-C would
    # Before: the folder had no marker, so every later build refused it as the user's.
    check_site_folder(out)


@pytest.mark.parametrize("command", ["validate", "test", "fmt"])
def test_a_named_pipe_named_on_the_command_line_is_refused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], command: str
) -> None:
    monkeypatch.chdir(tmp_path)
    os.mkfifo(tmp_path / "pipe.yaml")
    code = run([command, "pipe.yaml"])
    error = capsys.readouterr().err
    if command == "fmt":  # fmt reports each file it cannot format and goes on with the others
        assert code == 1
        assert "pipe.yaml: not formatted: this is a named pipe, not a file" in error
    else:  # before: "ok" (validate) or "no scenario tests found" (test), nothing said about it
        assert code == 2
        assert "pipe.yaml is neither a file nor a folder (a pipe or a device)" in error


def test_fmt_of_a_folder_without_packs_says_nothing_was_formatted(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "notes").mkdir()
    assert run(["fmt", "notes"]) == 0
    assert "warning: notes holds no pack (no pack.yaml); nothing formatted" in capsys.readouterr().err


def test_a_pack_yaml_with_a_second_document_is_an_error_at_that_document(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    pack = _pack(tmp_path / "pack")
    (pack / "pack.yaml").write_text(PACK + "---\n" + ENEMY, encoding="utf-8")
    assert run(["validate", "pack"]) == 1  # before: "ok", the enemy silently ignored
    shown = capsys.readouterr().out
    assert "error[BB0114]: pack.yaml holds 2 documents; it must hold one" in shown
    assert "pack/pack.yaml:7:1" in shown
