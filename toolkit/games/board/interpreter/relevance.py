"""What of a mission state can change how a chapter goes, so that exploring it can forget the rest.

Held insight matters only through the conditions and triggers that read it: `holds_insight: N`
(which cards) and `collected_insight: K` / `insight_collected: K` (how many, and only up to the
largest K). A counter matters only up to the largest `at_least` any goal compares it with, as long
as nothing subtracts from it. And the number of hunters matters only through the scaling values of
the chapter's documents: two counts that give every one of them the same value play the same chapter.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from pydantic import BaseModel

from toolkit.core.expressions import Scaling
from toolkit.games.board.interpreter.book import CampaignBook
from toolkit.games.board.interpreter.wording import number
from toolkit.games.board.mission import conditions as c
from toolkit.games.board.mission import effects as fx
from toolkit.games.board.mission import triggers as t
from toolkit.games.board.mission.documents import ChapterSetup
from toolkit.games.board.mission.walk import walk_models


def chapter_models(book: CampaignBook, chapter: int) -> list[BaseModel]:
    """The chapter document's model and the models of its mission cards."""
    models: list[BaseModel] = [book.chapter(chapter).model]
    models.extend(entry.model for entry in book.deck.cards_of(chapter))
    return models


def nested_models(book: CampaignBook, chapter: int) -> list[BaseModel]:
    """Every model nested in the chapter's documents (walked once per book and chapter)."""
    found = book.nested.get(chapter)
    if found is None:
        found = [model for root in chapter_models(book, chapter) for model, _ in walk_models(root)]
        book.nested[chapter] = found
    return found


@dataclass(frozen=True, slots=True)
class InsightRelevance:
    """Which held insight cards, and how many, some chapters can tell apart."""

    cards: frozenset[int]
    """Insight cards a condition of those chapters names (or that a later one awards again)."""

    cap: int
    """Collected insight above this is the same to every condition of those chapters."""

    @classmethod
    def of(cls, book: CampaignBook, chapter: int, hunters: int, *, only: bool = False) -> InsightRelevance:
        """What chapter ``chapter`` and the later ones read (``only``: what ``chapter`` reads)."""
        cards: set[int] = set()
        cap = 0
        for other in book.deck.chapter_numbers():
            if other < chapter or (only and other != chapter):
                continue
            for model in nested_models(book, other):
                if isinstance(model, c.HoldsInsight):
                    cards.add(model.holds_insight)
                elif isinstance(model, c.CollectedInsight):
                    cap = max(cap, number(model.collected_insight, hunters))
                elif isinstance(model, t.InsightCollectedTrigger):
                    cap = max(cap, model.insight_collected)
            if other > chapter:
                # A card awarded here and again later is held once: the later chapter can tell.
                cards |= awarded(book, other)
        return cls(frozenset(cards), cap)

    def project(self, held: Iterable[int]) -> tuple[tuple[int, ...], int]:
        """What of ``held`` those chapters can tell apart."""
        kept = set(held)
        return tuple(sorted(self.cards & kept)), min(len(kept), self.cap)


def awarded(book: CampaignBook, chapter: int) -> frozenset[int]:
    """The insight cards the chapter's missions can award."""
    return frozenset(
        model.complete_mission.insight
        for model in nested_models(book, chapter)
        if isinstance(model, fx.CompleteMission) and model.complete_mission.insight is not None
    )


def start_class(own: InsightRelevance, awards: frozenset[int], held: Iterable[int]) -> tuple[object, ...]:
    """What of the insight held at a chapter's start its own play can tell apart, given what the
    chapter reads (``own``: `InsightRelevance.of(..., only=True)`) and awards: starts of one class
    play the chapter identically (it reads no other difference, and awards again none of the cards
    one holds and another does not)."""
    kept = set(held)
    return own.project(kept), tuple(sorted(kept & awards))


def counter_caps(book: CampaignBook, chapter: int, hunters: int) -> dict[str, int]:
    """For each counter of the chapter that only ever grows, the largest value a goal compares it
    with; a counter missing here (one that can fall) is compared exactly."""
    caps: dict[str, int] = {}
    falling: set[str] = set()
    for model in nested_models(book, chapter):
        if isinstance(model, c.CounterAtLeast):
            name = model.counter.counter
            caps[name] = max(caps.get(name, 0), number(model.counter.at_least, hunters))
        elif isinstance(model, fx.AddCounter) and number(model.add_counter.amount, hunters) < 0:
            falling.add(model.add_counter.counter)
        elif isinstance(model, fx.SetCounter):
            caps.setdefault(model.set_counter.counter, 0)
        elif isinstance(model, fx.AddCounter):
            caps.setdefault(model.add_counter.counter, 0)
    return {name: cap for name, cap in caps.items() if name not in falling}


_WORDS_ONLY: frozenset[tuple[type[BaseModel], str]] = frozenset(
    {
        (fx.ChangeHpParams, "by"),  # only the text of a modifier
        (fx.PlaceTokenParams, "count"),  # states compare a token by its name, not how many
        (fx.AmountReward, "amount"),  # rewards are kept for the table, never read by the flow
    }
)
"""Scaling fields the mission flow never branches on."""


def scaling_signature(book: CampaignBook, chapter: int, hunters: int) -> tuple[int, ...]:
    """Every scaling value of the chapter the flow can branch on, evaluated at ``hunters``.

    Two counts with the same signature play the chapter identically: the interpreter reads the
    number of hunters only through scaling values, and the others change only words.
    """
    nested = nested_models(book, chapter)
    all_tiles = any(isinstance(m, c.TilesRevealed) and m.tiles_revealed == "all" for m in nested)
    values: list[int] = []
    for model in nested:
        for name in type(model).model_fields:
            value = getattr(model, name)
            if not isinstance(value, Scaling) or value.is_constant or (type(model), name) in _WORDS_ONLY:
                continue
            if isinstance(model, ChapterSetup) and name == "random_tiles" and not all_tiles:
                continue  # only `tiles_revealed: all` reads it
            values.append(number(value, hunters))
    return tuple(values)
