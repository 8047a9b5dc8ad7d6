"""What a card asks of the box: miniatures for one spawn (BB0526) and tokens for one moment of play
(BB0527), at each hunter count.

Counts per firing: a standing rule that places a token each time an enemy is slain can run the box
dry over a game, and that depends on play, so only what one firing (or one reveal, or one goal's
effects) places is checked here.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from toolkit.core.diagnostics import Diagnostic
from toolkit.core.document import LoadedDocument, PathKey
from toolkit.core.index import ContentIndex, Pack
from toolkit.games.board import codes_mission as mc
from toolkit.games.board.checks.mission_common import at, pack_decks
from toolkit.games.board.mission.deck import Entry, local_id
from toolkit.games.board.mission.documents import MissionCard, Rule
from toolkit.games.board.mission.effects import Effect, PlaceToken, Spawn
from toolkit.games.board.mission.walk import outcomes
from toolkit.games.board.model.enemies import Enemy
from toolkit.games.board.scaling import HUNTER_COUNTS

TOKEN_SUPPLY = {"corpse": 5, "survivor": 5, "insight": 15, "npc": 7}
"""Tokens of each kind in the core box (rulebook, components). The rulebook gives no rule for
running out of them; ruling `board-mission-token-supply` makes the box a limit for one card."""

NPC_TOKENS = TOKEN_SUPPLY["npc"]
"""NPC enemies are shown by NPC tokens, so they share the same 7 (ruling `board-npc-token-limit`)."""


@dataclass(frozen=True, slots=True)
class _Uses:
    """Tokens of one kind placed at one moment of play, with where each placement is."""

    kind: str
    placements: tuple[tuple[int, PathKey], ...]


def check_box_supply(index: ContentIndex, pack: Pack) -> Iterator[Diagnostic]:
    """Spawns beyond an enemy's miniatures (warning) and placements beyond the box's tokens (error)."""
    for deck in pack_decks(index, pack).values():
        for card in deck.cards:
            found = list(_miniatures(index, pack, card))
            for effects, path in _moments(card.model):
                for outcome in outcomes(effects, path):
                    found += _tokens(index, pack, card, outcome.effects)
            # An effect shared by several outcomes of a choice is reported once.
            yield from {(d.code, d.location): d for d in found}.values()


def _moments(card: MissionCard) -> Iterator[tuple[Sequence[Effect], PathKey]]:
    """The effect lists that run at one moment: the reveal, each goal's effects, each rule's firing."""
    yield card.on_reveal, ("on_reveal",)
    for g, goal in enumerate(card.goals):
        yield goal.then, ("goals", g, "then")
    for r, rule in enumerate(card.rules):
        if isinstance(rule, Rule):
            yield rule.do, ("rules", r, "do")


def _miniatures(index: ContentIndex, pack: Pack, card: Entry[MissionCard]) -> Iterator[Diagnostic]:
    for effects, path in _moments(card.model):
        for outcome in outcomes(effects, path):
            for effect, here in outcome.effects:
                if not isinstance(effect, Spawn):
                    continue
                found = _box_of(index, pack, effect.spawn.enemy)
                if found is None:
                    continue
                box, what = found
                for hunters in HUNTER_COUNTS:
                    count = effect.spawn.count.evaluate(hunters=hunters)
                    if count > box:
                        yield _too_many_miniatures(card.document, here, effect, hunters, count, box, what)
                        break


def _too_many_miniatures(
    document: LoadedDocument, here: PathKey, effect: Spawn, hunters: int, count: int, box: int, what: str
) -> Diagnostic:
    name = local_id(effect.spawn.enemy)
    return mc.MINIATURES_EXCEEDED.at(
        at(document, (*here, "spawn", "count")),
        f"with {hunters} hunter{'s' if hunters != 1 else ''} this spawns {count} {name} at once, but "
        f"the box holds {box} {what}; for each one short the rulebook moves the one farthest from the "
        f"hunters, so at most {box} are ever on the map",
        hint=f"spawn at most {box} (`min({box}, ...)`), or split the spawn over two cards",
    )


def _box_of(index: ContentIndex, pack: Pack, enemy: str) -> tuple[int, str] | None:
    document = index.resolve(["enemy"], enemy, pack.id)
    if document is not None and isinstance(document.model, Enemy):
        return document.model.miniatures, "miniatures"
    if index.resolve(["npc-enemy"], enemy, pack.id) is not None:
        return NPC_TOKENS, "NPC tokens"
    return None


def _tokens(
    index: ContentIndex,
    pack: Pack,
    card: Entry[MissionCard],
    effects: tuple[tuple[Effect, PathKey], ...],
) -> Iterator[Diagnostic]:
    for uses in _placements(index, pack, effects):
        for hunters in HUNTER_COUNTS:
            total = 0
            for position, path in uses.placements:
                effect = effects[position][0]
                total += _placed(effect, hunters)
                if total > TOKEN_SUPPLY[uses.kind]:
                    yield _too_many_tokens(card, path, uses.kind, hunters, total)
                    break
            else:
                continue
            break


def _placements(
    index: ContentIndex, pack: Pack, effects: tuple[tuple[Effect, PathKey], ...]
) -> Iterator[_Uses]:
    by_kind: dict[str, list[tuple[int, PathKey]]] = {}
    for position, (effect, path) in enumerate(effects):
        if isinstance(effect, PlaceToken):
            by_kind.setdefault(effect.place_token.type, []).append(
                (position, (*path, "place_token", "count"))
            )
        elif isinstance(effect, Spawn) and index.resolve(["npc-enemy"], effect.spawn.enemy, pack.id):
            by_kind.setdefault("npc", []).append((position, (*path, "spawn", "count")))
    for kind, placements in by_kind.items():
        yield _Uses(kind, tuple(placements))


def _placed(effect: Effect, hunters: int) -> int:
    if isinstance(effect, PlaceToken):
        return effect.place_token.count.evaluate(hunters=hunters)
    if isinstance(effect, Spawn):
        return effect.spawn.count.evaluate(hunters=hunters)
    return 0


def _too_many_tokens(
    card: Entry[MissionCard], path: PathKey, kind: str, hunters: int, total: int
) -> Diagnostic:
    box = TOKEN_SUPPLY[kind]
    return mc.TOKENS_EXCEEDED.at(
        at(card.document, path),
        f"with {hunters} hunter{'s' if hunters != 1 else ''} card {card.model.number} puts {total} "
        f"{kind} tokens on the map at once, but the box holds {box}",
        hint=f"place at most {box} {kind} tokens at a time (ruling board-mission-token-supply)",
    )
