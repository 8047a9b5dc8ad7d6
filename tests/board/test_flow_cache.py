"""The disk cache of chapter explorations: a hit costs no exploration and gives the same result; a
change to what the exploration reads is a miss; a moved line is not; a corrupt or unwritable cache
is ignored; the cache can be turned off."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from toolkit.core.cache import disabled
from toolkit.core.pipeline import validate_paths
from toolkit.games.board.checks import flow_cache
from toolkit.games.board.checks.flow_cache import cached_explorer, content_hash
from toolkit.games.board.interpreter.book import CampaignBook, book_from_index
from toolkit.games.board.interpreter.exploration import ChapterExploration, explore_chapter

REPO = Path(__file__).resolve().parents[2]
LOCKED = REPO / "tests" / "fixtures" / "codes" / "BB0601" / "negative"


def book_of(path: Path) -> CampaignBook:
    result = validate_paths([path])
    return book_from_index(result.index, result.packs[0].id, None)


@pytest.fixture
def folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("HUNTKIT_CACHE_DIR", str(tmp_path / "cache"))
    return tmp_path / "cache" / "flow"


def counting(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    calls: list[int] = []

    def explore(book: CampaignBook, chapter: int, *args: object) -> ChapterExploration:
        calls.append(chapter)
        return explore_chapter(book, chapter, *args)  # type: ignore[arg-type]

    monkeypatch.setattr(flow_cache, "explore_chapter", explore)
    return calls


def test_a_second_exploration_of_an_unchanged_chapter_is_read_back_equal(
    folder: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    book = book_of(LOCKED)
    calls = counting(monkeypatch)
    first = cached_explorer()(book, 1, 2, (), 500)
    second = cached_explorer()(book, 1, 2, (), 500)
    assert calls == [1]
    assert second == first
    assert second.soft_locks and second.soft_locks[0].stuck == 3
    assert (folder / f"{content_hash(book, 1, 2, (), 500)}.json").is_file()


def test_a_changed_goal_is_a_miss_and_a_moved_line_is_not(tmp_path: Path) -> None:
    copy = tmp_path / "pack"
    shutil.copytree(LOCKED, copy)
    chapter = copy / "chapter-1.yaml"
    key = content_hash(book_of(copy), 1, 2, (), 500)
    chapter.write_text(
        "# a comment moves every line\n" + chapter.read_text(encoding="utf-8"), encoding="utf-8"
    )
    assert content_hash(book_of(copy), 1, 2, (), 500) == key
    chapter.write_text(
        chapter.read_text(encoding="utf-8").replace("holds_insight: 21", "collected_insight: 1")
    )
    assert content_hash(book_of(copy), 1, 2, (), 500) != key
    assert content_hash(book_of(copy), 1, 3, (), 500) != content_hash(book_of(copy), 1, 2, (), 500)


def test_a_corrupt_cache_file_is_explored_again_and_replaced(
    folder: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    book = book_of(LOCKED)
    cached_explorer()(book, 1, 2, (), 500)
    entry = folder / f"{content_hash(book, 1, 2, (), 500)}.json"
    for broken in ("{not json", json.dumps({"format": 1}), json.dumps([1, 2]), "\udcff"):
        entry.write_text(broken, encoding="utf-8", errors="surrogateescape")
        calls = counting(monkeypatch)
        assert cached_explorer()(book, 1, 2, (), 500).soft_locks
        assert calls == [1]
    assert json.loads(entry.read_text(encoding="utf-8"))["format"] == 1


def test_an_unwritable_cache_folder_is_no_error(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("a file where the cache folder would be", encoding="utf-8")
    monkeypatch.setenv("HUNTKIT_CACHE_DIR", str(blocker))
    result = validate_paths([LOCKED])
    assert [d.code for d in result.diagnostics] == ["BB0601"]


def test_the_cache_can_be_turned_off(folder: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    with disabled():
        book = book_of(LOCKED)
        cached_explorer()(book, 1, 2, (), 500)
    monkeypatch.setenv("HUNTKIT_NO_CACHE", "1")
    cached_explorer()(book, 1, 2, (), 500)
    assert not folder.exists()
