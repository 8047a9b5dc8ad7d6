"""A campaign's documents gathered by number: its chapters, mission cards and insight cards."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Generic, TypeVar

from toolkit.core.document import LoadedDocument, SourceMap
from toolkit.core.model import Document
from toolkit.games.board.mission.documents import Campaign, Chapter, InsightCard, MissionCard
from toolkit.games.board.mission.effects import UntoldEffect
from toolkit.games.board.mission.triggers import UntoldTrigger
from toolkit.games.board.mission.walk import walk_models

M = TypeVar("M", bound=Document)


@dataclass(frozen=True, slots=True)
class Entry(Generic[M]):
    """A model and the loaded document it came from (for locating diagnostics)."""

    model: M
    document: LoadedDocument


@dataclass(slots=True)
class CampaignDeck:
    """Everything of one campaign found in a pack, in file order (duplicates kept for the checks)."""

    campaign_id: str
    campaign: Entry[Campaign] | None = None
    chapters: list[Entry[Chapter]] = field(default_factory=list)
    cards: list[Entry[MissionCard]] = field(default_factory=list)
    insights: list[Entry[InsightCard]] = field(default_factory=list)

    def chapter(self, number: int) -> Entry[Chapter] | None:
        """The first chapter with this number."""
        return next((e for e in self.chapters if e.model.number == number), None)

    def card(self, number: int) -> Entry[MissionCard] | None:
        """The first mission card with this number."""
        return next((e for e in self.cards if e.model.number == number), None)

    def insight(self, number: int) -> Entry[InsightCard] | None:
        """The first insight card with this number."""
        return next((e for e in self.insights if e.model.number == number), None)

    def cards_of(self, chapter: int) -> list[Entry[MissionCard]]:
        """The mission cards played in a chapter, first of each number only."""
        seen: set[int] = set()
        found: list[Entry[MissionCard]] = []
        for entry in self.cards:
            if entry.model.chapter == chapter and entry.model.number not in seen:
                seen.add(entry.model.number)
                found.append(entry)
        return found

    def is_partial(self) -> bool:
        """Whether the campaign is encoded only as far as its source describes it (`untold`)."""
        entries: list[Entry[Chapter]] | list[Entry[MissionCard]]
        for entries in (self.chapters, self.cards):
            for entry in entries:
                for model, _ in walk_models(entry.model):
                    if isinstance(model, UntoldEffect | UntoldTrigger):
                        return True
        return False

    def chapter_numbers(self) -> list[int]:
        """The chapters present, in order."""
        return sorted({e.model.number for e in self.chapters})


def local_id(reference: str) -> str:
    """The id part of a possibly pack-qualified reference (`core:oedon-chapel` → `oedon-chapel`)."""
    return reference.rsplit(":", 1)[-1]


def gather_decks(documents: Iterable[LoadedDocument]) -> dict[str, CampaignDeck]:
    """Group validated campaign documents by campaign id."""
    decks: dict[str, CampaignDeck] = defaultdict(lambda: CampaignDeck(""))
    for document in documents:
        model = document.model
        if isinstance(model, Campaign):
            deck = _deck(decks, model.id)
            if deck.campaign is None:
                deck.campaign = Entry(model, document)
        elif isinstance(model, Chapter):
            _deck(decks, local_id(model.campaign)).chapters.append(Entry(model, document))
        elif isinstance(model, MissionCard):
            _deck(decks, local_id(model.campaign)).cards.append(Entry(model, document))
        elif isinstance(model, InsightCard):
            _deck(decks, local_id(model.campaign)).insights.append(Entry(model, document))
    return dict(decks)


def _deck(decks: dict[str, CampaignDeck], campaign_id: str) -> CampaignDeck:
    deck = decks[campaign_id]
    deck.campaign_id = campaign_id
    return deck


def document_for(model: Document, path: str = "<memory>", index: int = 0) -> LoadedDocument:
    """A loaded document without a source (for models built in code, as tests and tools do)."""
    return LoadedDocument(Path(path), index, {}, SourceMap(), model=model)
