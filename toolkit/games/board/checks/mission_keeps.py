"""What a card `keeps` must be something the card whose goal revealed it actually had."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field

from toolkit.core.diagnostics import Diagnostic
from toolkit.core.index import ContentIndex, Pack
from toolkit.games.board import codes_mission as mc
from toolkit.games.board.checks.mission_common import at, pack_decks
from toolkit.games.board.mission.deck import CampaignDeck, local_id
from toolkit.games.board.mission.documents import MissionCard
from toolkit.games.board.mission.effects import (
    AddCounterParams,
    FogGates,
    PlaceTokenParams,
    SetCounterParams,
    SpawnBossParams,
    SpawnParams,
)
from toolkit.games.board.mission.graph import build_chapter_graph, card_node, node_number
from toolkit.games.board.mission.walk import walk_models


@dataclass(slots=True)
class Holdings:
    """What a card has in play: what it created and what it kept."""

    tokens: set[str] = field(default_factory=set)
    enemies: set[str] = field(default_factory=set)
    fog_gates: set[str] = field(default_factory=set)
    counters: set[str] = field(default_factory=set)

    def of(self, kind: str) -> set[str]:
        return {"tokens": self.tokens, "enemies": self.enemies, "fog_gates": self.fog_gates}.get(
            kind, self.counters
        )


def created_by(card: MissionCard) -> Holdings:
    held = Holdings()
    for model, _ in walk_models(card):
        if isinstance(model, PlaceTokenParams):
            held.tokens.add(model.token)
        elif isinstance(model, SpawnParams | SpawnBossParams) and model.tag:
            held.enemies.add(model.tag)
        elif isinstance(model, FogGates):
            held.fog_gates.add(local_id(model.fog_gates))
        elif isinstance(model, SetCounterParams | AddCounterParams):
            held.counters.add(model.counter)
    if card.keeps is not None:
        held.tokens |= set(card.keeps.tokens)
        held.enemies |= set(card.keeps.enemies)
        held.fog_gates |= {local_id(t) for t in card.keeps.fog_gates}
        held.counters |= set(card.keeps.counters)
    return held


def check_keeps(index: ContentIndex, pack: Pack) -> Iterator[Diagnostic]:
    """Warn when a card keeps something no card that reveals it ever had (BB0522)."""
    for deck in pack_decks(index, pack).values():
        for number in deck.chapter_numbers():
            yield from _chapter_keeps(deck, number)


def _chapter_keeps(deck: CampaignDeck, number: int) -> Iterator[Diagnostic]:
    built = build_chapter_graph(deck, number)
    for entry in deck.cards_of(number):
        keeps = entry.model.keeps
        if keeps is None:
            continue
        revealers = sorted(
            {
                n
                for e in built.edges()
                if e.ends_step and e.target == card_node(entry.model.number)
                for n in [node_number(e.source)]
                if n is not None
            }
        )
        held = [created_by(card.model) for r in revealers if (card := deck.card(r)) is not None]
        for kind in ("tokens", "enemies", "fog_gates", "counters"):
            for i, name in enumerate(getattr(keeps, kind)):
                if any(local_id(name) in h.of(kind) for h in held):
                    continue
                before = ", ".join(map(str, revealers)) if revealers else "none: a trigger reveals it"
                yield mc.KEEPS_NOTHING.at(
                    at(entry.document, ("keeps", kind, i)),
                    f"card {entry.model.number} keeps {name!r}, but no card whose goal reveals it has it "
                    f"(cards before it: {before})",
                    hint="keep only what the previous card placed, spawned, raised or counted",
                )
