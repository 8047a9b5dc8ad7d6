"""A disk cache of chapter explorations, so re-validating an unchanged chapter costs nothing.

A result is stored under a hash of everything the exploration reads: the chapter document and its
cards, the cards of other chapters it can reveal, the campaign's insight cards, what of held
insight the later chapters read, the components the interpreter checks names against, the Hunt
Track, the table size, the starts and the bound, plus huntkit's version and the source of the
interpreter and mission language. Only what the exploration found is stored (numbers, card
numbers and events in words), never a location: diagnostics are built from the documents each run,
so a result stays right when lines move.

Results live in the ``flow/`` folder of huntkit's cache (`toolkit.core.cache`: the user's cache
directory; ``HUNTKIT_NO_CACHE=1`` or ``huntkit validate --no-cache`` turns it off). A cache file
that cannot be read, parsed or written is ignored: the chapter is explored instead. The campaign's
id is left out of the hash, so a copy of a campaign under another id shares its results.
"""

from __future__ import annotations

import hashlib
import json
import os
import tempfile
from functools import cache
from pathlib import Path
from typing import Any

from pydantic import BaseModel

import toolkit
from toolkit.core.cache import cache_folder
from toolkit.games.board.interpreter.book import CampaignBook
from toolkit.games.board.interpreter.campaign_exploration import Explorer
from toolkit.games.board.interpreter.exploration import ChapterExploration, SoftLock, explore_chapter
from toolkit.games.board.interpreter.exploration import Path as PlayPath
from toolkit.games.board.interpreter.relevance import InsightRelevance, chapter_models, nested_models
from toolkit.games.board.mission.walk import walk_models

FORMAT = 1
"""The layout of a cache file; a file of another layout is ignored."""

_REFERENCE_FIELDS = ("reveal", "special_rules", "lock_card", "discard_card")


def cached_explorer() -> Explorer:
    """`explore_chapter`, through the disk cache when it is on."""
    folder = cache_folder("flow")
    if folder is None:
        return explore_chapter

    def explore(
        book: CampaignBook, chapter: int, hunters: int, held: tuple[int, ...], bound: int
    ) -> ChapterExploration:
        digest = content_hash(book, chapter, hunters, held, bound)
        found = _read(folder / f"{digest}.json")
        if found is not None:
            return found
        result = explore_chapter(book, chapter, hunters, held, bound)
        _write(folder, f"{digest}.json", result)
        return result

    return explore


def content_hash(book: CampaignBook, chapter: int, hunters: int, held: tuple[int, ...], bound: int) -> str:
    """A hash of everything exploring ``chapter`` this way depends on."""
    relevance = InsightRelevance.of(book, chapter, hunters)
    parts: dict[str, Any] = {
        "format": FORMAT,
        "huntkit": toolkit.__version__,
        "code": _code_digest(),
        "book": _book_digest(book, chapter),
        "chapter": chapter,
        "hunters": hunters,
        "held": list(held),
        "bound": bound,
        "relevance": [sorted(relevance.cards), relevance.cap],
    }
    text = json.dumps(parts, sort_keys=True, default=str)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def _book_digest(book: CampaignBook, chapter: int) -> str:
    """A hash of the documents and components the chapter's exploration reads (once per book)."""
    found = book.digests.get(chapter)
    if found is None:
        parts = {
            "documents": [_dump(model) for model in _reachable_models(book, chapter)],
            "insight": [_dump(entry.model) for entry in book.deck.insights],
            "track": [book.track.length, list(book.track.reset_spaces), book.track.final_space_resets],
            "names": [sorted(book.bosses), sorted(book.enemies), sorted(book.tiles)],
        }
        text = json.dumps(parts, sort_keys=True, default=str)
        found = book.digests[chapter] = hashlib.sha256(text.encode("utf-8")).hexdigest()
    return found


def _dump(model: BaseModel) -> Any:
    data = model.model_dump(mode="json", by_alias=True)
    if isinstance(data, dict):
        data.pop("campaign", None)  # the interpreter never reads it: copies share results
        # Prose the exploration never reads, and which no stored finding quotes: an author
        # rewording a story while typing keeps the chapter's results.
        for prose in PROSE_FIELDS:
            data.pop(prose, None)
    return data


PROSE_FIELDS = ("story", "notes", "introduction", "description")
"""Top-level fields of chapters, cards and campaigns left out of the hash."""


def _reachable_models(book: CampaignBook, chapter: int) -> list[BaseModel]:
    """The chapter's documents and the cards of other chapters they can bring in (transitively)."""
    models = chapter_models(book, chapter)
    taken = {entry.model.number for entry in book.deck.cards_of(chapter)}
    pending: list[BaseModel] = []
    nested: list[BaseModel] = nested_models(book, chapter)
    while True:
        for model in nested:
            for name in _REFERENCE_FIELDS:
                value = getattr(model, name, None)
                for number in value if isinstance(value, list) else [value]:
                    if isinstance(number, int) and not isinstance(number, bool) and number not in taken:
                        taken.add(number)
                        card = book.card(number)
                        if card is not None:
                            models.append(card.model)
                            pending.append(card.model)
        if not pending:
            return models
        nested = [model for model, _ in walk_models(pending.pop())]


@cache
def _code_digest() -> str:
    """The source of the interpreter and the mission language: a change there changes results."""
    package = Path(toolkit.__file__).parent / "games" / "board"
    digest = hashlib.sha256()
    for folder in ("interpreter", "mission"):
        for path in sorted((package / folder).glob("*.py")):
            digest.update(path.name.encode())
            digest.update(path.read_bytes())
    return digest.hexdigest()


def _read(path: Path) -> ChapterExploration | None:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        return _from_json(data)
    except (OSError, ValueError, KeyError, TypeError, AttributeError):
        return None  # missing, unreadable or corrupt: explore instead


def _write(folder: Path, name: str, result: ChapterExploration) -> None:
    try:
        folder.mkdir(parents=True, exist_ok=True)
        handle, temporary = tempfile.mkstemp(dir=folder, prefix=".", suffix=".tmp")
        try:
            with os.fdopen(handle, "w", encoding="utf-8") as stream:
                json.dump(_to_json(result), stream)
            os.replace(temporary, folder / name)
        finally:
            if os.path.exists(temporary):
                os.unlink(temporary)
    except OSError:
        return  # an unwritable cache only costs the next run the exploration


def _path_json(path: PlayPath) -> dict[str, Any]:
    return {"events": list(path.events), "start": list(path.start)}


def _path_of(data: dict[str, Any]) -> PlayPath:
    return PlayPath(tuple(str(e) for e in data["events"]), tuple(int(n) for n in data["start"]))


def _to_json(result: ChapterExploration) -> dict[str, Any]:
    return {
        "format": FORMAT,
        "chapter": result.chapter,
        "hunters": result.hunters,
        "insight": list(result.insight),
        "states": result.states,
        "bound_hit": result.bound_hit,
        "unexpanded": result.unexpanded,
        "ends": {label: _path_json(path) for label, path in result.ends.items()},
        "end_insight": [list(held) for held in result.end_insight],
        "soft_locks": [
            {
                "path": _path_json(lock.path),
                "in_play": list(lock.in_play),
                "stuck": lock.stuck,
                "stuck_path": _path_json(lock.stuck_path),
            }
            for lock in result.soft_locks
        ],
        "overflows": [[_path_json(path), message] for path, message in result.overflows],
    }


def _from_json(data: dict[str, Any]) -> ChapterExploration:
    if data["format"] != FORMAT:
        raise ValueError("another cache layout")
    return ChapterExploration(
        chapter=int(data["chapter"]),
        hunters=int(data["hunters"]),
        insight=tuple(int(n) for n in data["insight"]),
        states=int(data["states"]),
        bound_hit=bool(data["bound_hit"]),
        unexpanded=int(data["unexpanded"]),
        ends={str(label): _path_of(path) for label, path in data["ends"].items()},
        end_insight=[tuple(int(n) for n in held) for held in data["end_insight"]],
        soft_locks=[
            SoftLock(
                _path_of(lock["path"]),
                tuple(int(n) for n in lock["in_play"]),
                None if lock["stuck"] is None else int(lock["stuck"]),
                _path_of(lock["stuck_path"]),
            )
            for lock in data["soft_locks"]
        ],
        overflows=[(_path_of(path), str(message)) for path, message in data["overflows"]],
    )
