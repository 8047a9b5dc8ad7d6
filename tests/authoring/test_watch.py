"""`huntkit validate --watch`: only changed files are read again; only the difference is printed."""

from __future__ import annotations

import io
import os
from pathlib import Path

from tests.conftest import REPO
from toolkit.authoring.watch import LoadCache, Watcher, compare, validate_cached
from toolkit.cli import run
from toolkit.core.diagnostics import Diagnostic
from toolkit.core.pipeline import validate_paths


def _new_campaign(tmp_path: Path) -> Path:
    assert run(["new", "campaign", "my-hunt", "--dir", str(tmp_path)]) == 0
    return tmp_path / "my-hunt"


def _edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text
    status = path.stat()
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    # A later modification time even on file systems with coarse timestamps.
    os.utime(path, ns=(status.st_atime_ns, status.st_mtime_ns + 1_000_000_000))


def test_an_edit_rereads_only_the_changed_file_and_prints_the_new_diagnostic(tmp_path: Path) -> None:
    pack = _new_campaign(tmp_path)
    out = io.StringIO()
    watcher = Watcher([pack], out)
    watcher.first_run()
    reads_after_first_run = watcher.cache.reads
    _edit(pack / "chapter-2.yaml", "reveal: 12\n", "reveal: 19\n")
    changed = watcher.changed_files()
    assert changed == [(pack / "chapter-2.yaml").resolve()]
    change = watcher.revalidate(changed)
    assert watcher.cache.reads == reads_after_first_run + 1
    assert "BB0501" in {d.code for d in change.new}
    assert change.fixed == []
    printed = out.getvalue().split("watching for changes", 1)[1]
    assert "error[BB0501]: campaign 'my-hunt' has no mission card 19" in printed
    assert "chapter-2.yaml:30:17" in printed


def test_undoing_the_edit_prints_the_diagnostics_as_fixed(tmp_path: Path) -> None:
    pack = _new_campaign(tmp_path)
    watcher = Watcher([pack], io.StringIO())
    watcher.first_run()
    _edit(pack / "chapter-2.yaml", "reveal: 12\n", "reveal: 19\n")
    watcher.revalidate(watcher.changed_files())
    _edit(pack / "chapter-2.yaml", "reveal: 19\n", "reveal: 12\n")
    change = watcher.revalidate(watcher.changed_files())
    assert change.new == []
    assert "BB0501" in {d.code for d in change.fixed}
    assert watcher.result.diagnostics == []


def test_a_diagnostic_that_only_moved_is_neither_new_nor_fixed(tmp_path: Path) -> None:
    pack = _new_campaign(tmp_path)
    watcher = Watcher([pack], io.StringIO())
    _edit(pack / "chapter-2.yaml", "reveal: 12\n", "reveal: 19\n")
    watcher.first_run()
    _edit(pack / "chapter-2.yaml", "kind: chapter\n", "# a new comment line\nkind: chapter\n")
    before = watcher.result.sorted_diagnostics()
    change = watcher.revalidate(watcher.changed_files())
    assert change.new == change.fixed == []
    moved = [d for d in watcher.result.diagnostics if d.code == "BB0501"]
    assert [d.location.line for d in moved] == [31]
    assert compare(before, watcher.result.sorted_diagnostics()).new == []


def test_nothing_changed_means_nothing_is_revalidated(tmp_path: Path) -> None:
    pack = _new_campaign(tmp_path)
    watcher = Watcher([pack], io.StringIO())
    watcher.first_run()
    assert watcher.changed_files() == []


def test_the_loop_prints_each_change_until_stopped_and_returns_the_last_exit_code(tmp_path: Path) -> None:
    pack = _new_campaign(tmp_path)
    out = io.StringIO()
    watcher = Watcher([pack], out)
    polls = iter(range(3))

    def stop() -> bool:
        poll = next(polls, None)
        if poll == 1:
            _edit(pack / "chapter-2.yaml", "reveal: 12\n", "reveal: 19\n")
        return poll is None

    assert watcher.run(poll_seconds=0, stop=stop) == 1
    printed = out.getvalue()
    assert printed.count("changed; re-checked in") == 1
    assert "error[BB0501]" in printed


def _seen(diagnostics: list[Diagnostic]) -> list[tuple[str, str, int | None, int | None, str]]:
    return [(d.code, str(d.file), d.location.line, d.location.column, d.message) for d in diagnostics]


def test_cached_validation_reports_exactly_what_a_fresh_validation_reports(tmp_path: Path) -> None:
    pack = _new_campaign(tmp_path)
    _edit(pack / "chapter-1.yaml", "hunter-mob, huntsmans", "hunter-mbo, huntsmans")
    targets = [pack, REPO / "content"]
    cache = LoadCache()
    first = validate_cached(targets, cache)
    _edit(pack / "chapter-2.yaml", "reveal: 12\n", "reveal: 19\n")
    second = validate_cached(targets, cache)
    fresh = validate_paths(targets)
    assert _seen(second.sorted_diagnostics()) == _seen(fresh.sorted_diagnostics())
    assert {"BB0305", "BB0501"} <= {d.code for d in second.diagnostics}
    assert len(first.diagnostics) < len(second.diagnostics)
    assert second.documents_checked == fresh.documents_checked
