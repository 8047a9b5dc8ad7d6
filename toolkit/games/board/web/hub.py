"""The one game a web companion serves: the session, its log, autosave, and the pages listening.

Every page shows the same game. A change bumps :attr:`GameHub.version`, is saved atomically (the
terminal companion's save format, so a game continues in either), and is announced to every
listener; pages then fetch the new state. Announcements carry only the version number, never game
text, so nothing can leak through them.
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field
from pathlib import Path

from toolkit.core.index import ContentIndex, Pack
from toolkit.games.board.companion import render
from toolkit.games.board.companion.saves import SaveError, SaveFile, save_game
from toolkit.games.board.companion.session import Session
from toolkit.games.board.interpreter.book import CampaignNotFound, book_from_index
from toolkit.games.board.interpreter.machine import EventRejected, MissionInterpreter, new_state
from toolkit.games.board.mission.deck import gather_decks

MAX_LOG = 40
"""Replies kept on the page, most recent first (older ones are in the save's state, not in words)."""


@dataclass(slots=True)
class LogEntry:
    """One report and what the companion answered."""

    said: str
    lines: list[str]
    why: list[str] = field(default_factory=list)
    """Why each outcome happened: the instruction and where it is written (the prompt's `why`)."""


@dataclass
class GameHub:
    """The server's one game, or none yet (the start page asks for campaign, chapter and hunters)."""

    index: ContentIndex
    pack: Pack
    save_path: Path | None
    session: Session | None = None
    log: list[LogEntry] = field(default_factory=list)
    version: int = 0
    save_problem: str | None = None
    language: str | None = None
    """The language of the page's own words (``None``: English); the index is already in it."""
    listeners: set[asyncio.Queue[int]] = field(default_factory=set)

    def campaigns(self) -> list[str]:
        """The ids of the pack's campaigns that have chapters to play."""
        pack = self.index.packs.get(self.pack.id)
        if pack is None:
            return []
        decks = gather_decks(d for d in pack.documents if d.model is not None)
        return sorted(key for key, deck in decks.items() if deck.chapters)

    def start(self, campaign: str | None, chapter: int, hunters: int) -> str | None:
        """Begin a new game; the problem in words if it cannot be begun."""
        try:
            book = book_from_index(self.index, self.pack.id, campaign)
            state = new_state(book, hunters, chapter)
        except (CampaignNotFound, EventRejected) as error:
            return str(error)
        self.begin(Session(MissionInterpreter(book, state)))
        return None

    def begin(self, session: Session) -> None:
        """Serve a new game: its setup checklist and the chapter's opening reveals."""
        self.session = session
        self.log = []
        self._logged("start", session.opening())

    def resume(self, session: Session) -> None:
        """Serve a game loaded from a save."""
        self.session = session
        self._logged("resume", session.opening())

    def report(self, line: str) -> None:
        """Apply one companion line (a report or a command) and log the answer."""
        if self.session is None:
            return
        reply = self.session.handle(line)
        outcomes = self.session.last if reply.changed else []
        why = [render.why_line(outcome) for outcome in outcomes if outcome.why is not None]
        self.log.insert(0, LogEntry(line, reply.lines, why))
        del self.log[MAX_LOG:]
        if reply.changed:
            self._save()
        self._announce()

    def _logged(self, said: str, lines: list[str]) -> None:
        self.log.insert(0, LogEntry(said, lines))
        self._save()
        self._announce()

    def _save(self) -> None:
        if self.save_path is None or self.session is None:
            return
        save = SaveFile(pack=self.pack.id, state=self.session.state, points=self.session.points)
        try:
            save_game(self.save_path, save)
        except SaveError as error:
            # The table's state is still in memory; the page says so until a save succeeds again.
            self.save_problem = str(error)
        else:
            self.save_problem = None

    def _announce(self) -> None:
        self.version += 1
        for queue in list(self.listeners):
            queue.put_nowait(self.version)
