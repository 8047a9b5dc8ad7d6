"""A card that goes on using what the card before it created must `keep` it (BB0531).

When a card's step ends, the tokens, tagged enemies and counters it created are discarded unless the
card its goal reveals keeps them (mission language, `keeps`). A next card whose goal still interacts
with the previous card's token, slays its tagged enemies or tests its counter, without keeping them,
has a goal nothing on the table can meet.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from pydantic import BaseModel

from toolkit.core.diagnostics import Diagnostic
from toolkit.core.document import PathKey
from toolkit.core.index import ContentIndex, Pack
from toolkit.games.board import codes_mission as mc
from toolkit.games.board.checks.mission_common import at, pack_decks, related
from toolkit.games.board.checks.mission_keeps import Holdings, created_by
from toolkit.games.board.mission.common import TagSelector, TokenPlace
from toolkit.games.board.mission.conditions import CounterParams, EscortParams, Interact
from toolkit.games.board.mission.deck import CampaignDeck, Entry
from toolkit.games.board.mission.documents import MissionCard
from toolkit.games.board.mission.effects import MoveTokenParams
from toolkit.games.board.mission.graph import build_chapter_graph, node_number
from toolkit.games.board.mission.triggers import InteractTrigger
from toolkit.games.board.mission.walk import walk_models

_USES: tuple[tuple[type[BaseModel], str, str], ...] = (
    (Interact, "interact", "tokens"),
    (InteractTrigger, "interact", "tokens"),
    (EscortParams, "token", "tokens"),
    (MoveTokenParams, "token", "tokens"),
    (TokenPlace, "token", "tokens"),
    (TagSelector, "tag", "enemies"),
    (CounterParams, "counter", "counters"),
)
"""What needs a thing to be on the table: (model, the attribute naming it, the `keeps` list)."""

_WORDS = {"tokens": "token", "enemies": "tagged enemies", "counters": "counter"}


def check_forgotten_keeps(index: ContentIndex, pack: Pack) -> Iterator[Diagnostic]:
    """A card uses what the step before it had (created there, or kept along a chain of steps),
    made by no card outside that chain, and does not keep it."""
    for deck in pack_decks(index, pack).values():
        for number in deck.chapter_numbers():
            yield from _chapter(deck, number)


def _chapter(deck: CampaignDeck, number: int) -> Iterator[Diagnostic]:
    built = build_chapter_graph(deck, number)
    cards = deck.cards_of(number)
    numbers = {c.model.number for c in cards}
    before: dict[int, set[int]] = {}
    for edge in built.edges():
        source, target = node_number(edge.source), node_number(edge.target)
        if edge.ends_step and edge.target.startswith("card:") and source in numbers and target is not None:
            before.setdefault(target, set()).add(source)
    makers: dict[tuple[str, str], list[int]] = {}
    held: dict[int, Holdings] = {}
    for card in cards:
        held[card.model.number] = created_by(card.model)
        own = _own(card.model)
        for kind in _WORDS:
            for name in own.of(kind):
                makers.setdefault((kind, name), []).append(card.model.number)
    chapter = _Chapter(deck, before, makers, held)
    for card in cards:
        if card.model.number in before:
            yield from chapter.card(card)


def _own(card: MissionCard) -> Holdings:
    """What a card creates itself (its `keeps` left out)."""
    return created_by(card.model_copy(update={"keeps": None}))


@dataclass(slots=True)
class _Chapter:
    deck: CampaignDeck
    before: dict[int, set[int]]
    """The cards whose goals reveal each card (the step before it)."""
    makers: dict[tuple[str, str], list[int]]
    """The cards that create each token, tag or counter themselves."""
    held: dict[int, Holdings]
    """What each card has in play: created or kept."""

    def ancestors(self, number: int) -> set[int]:
        """Every card a chain of steps leads from to ``number``."""
        found: set[int] = set()
        queue = list(self.before.get(number, ()))
        while queue:
            card = queue.pop()
            if card not in found:
                found.add(card)
                queue.extend(self.before.get(card, ()))
        return found

    def card(self, card: Entry[MissionCard]) -> Iterator[Diagnostic]:
        number = card.model.number
        reported: set[tuple[str, str]] = set()
        chain: set[int] | None = None
        # A goal's use first: that is where the card shows what it still needs.
        walked = sorted(walk_models(card.model), key=lambda item: item[1][:1] != ("goals",))
        for model, path in walked:
            for kind, name, where in _uses(model, path):
                if name in self.held[number].of(kind) or (kind, name) in reported:
                    continue
                had = sorted(p for p in self.before[number] if name in self.held[p].of(kind))
                made_by = self.makers.get((kind, name), [])
                if not had or not made_by:
                    continue  # the step before never had it: BB0512's or that card's to report
                chain = self.ancestors(number) if chain is None else chain
                if not set(made_by) <= chain:
                    continue  # also made by a card outside the chain, which may still be in play
                reported.add((kind, name))
                yield self._forgotten(card, where, kind, name, had[0], made_by[0])

    def _forgotten(
        self, card: Entry[MissionCard], where: PathKey, kind: str, name: str, had: int, maker: int
    ) -> Diagnostic:
        made = self.deck.card(maker)
        return mc.KEEP_FORGOTTEN.at(
            at(card.document, where),
            f"card {card.model.number} uses the {_WORDS[kind]} {name!r} of card {had}, but does not "
            f"keep it: it is discarded when card {had}'s step ends",
            hint=f"add `keeps: {{{kind}: [{name}]}}` to card {card.model.number}",
            related=(related(made.document, ("number",), f"card {maker} creates it"),) if made else (),
        )


def _uses(model: BaseModel, path: PathKey) -> Iterator[tuple[str, str, PathKey]]:
    for what, attribute, kind in _USES:
        if isinstance(model, what):
            yield kind, str(getattr(model, attribute)), (*path, attribute)
