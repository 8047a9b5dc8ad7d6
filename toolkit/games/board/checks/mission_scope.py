"""What a chapter brings in: every tile, enemy, boss, tag, token and counter its cards name must be
one the chapter uses, spawns, places or sets; and every fog gate must come down again."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field

from pydantic import BaseModel

from toolkit.core.diagnostics import Diagnostic
from toolkit.core.document import LoadedDocument, PathKey
from toolkit.core.index import ContentIndex, Pack
from toolkit.core.validation import did_you_mean
from toolkit.games.board import codes_mission as mc
from toolkit.games.board.checks.mission_common import at, pack_decks
from toolkit.games.board.mission.common import (
    BossSelector,
    EnemyTypeSelector,
    Keeps,
    SlotPlace,
    SpacePlace,
    TagSelector,
    TilePlace,
    TokenPlace,
)
from toolkit.games.board.mission.conditions import CounterParams, EscortParams, Interact
from toolkit.games.board.mission.deck import CampaignDeck, local_id
from toolkit.games.board.mission.effects import (
    AddCounterParams,
    EndSpecialRules,
    FogGates,
    MoveTokenParams,
    PlaceTokenParams,
    RemoveFogGates,
    RemoveToken,
    SetCounterParams,
    SpawnBossParams,
    SpawnParams,
)
from toolkit.games.board.mission.triggers import InteractTrigger, TileRevealed
from toolkit.games.board.mission.walk import walk_models

Use = tuple[str, LoadedDocument, PathKey]
"""A name as used: the name, the document, and the path of the value naming it."""


@dataclass(slots=True)
class ChapterScope:
    """What one chapter brings in, and every place its documents name something."""

    tiles: set[str] = field(default_factory=set)
    enemies: set[str] = field(default_factory=set)
    bosses: set[str] = field(default_factory=set)
    tags: set[str] = field(default_factory=set)
    tokens: set[str] = field(default_factory=set)
    counters: set[str] = field(default_factory=set)
    ended_cards: set[int] = field(default_factory=set)
    opened_tiles: set[str] = field(default_factory=set)
    uses: dict[str, list[Use]] = field(default_factory=dict)

    def use(self, what: str, name: str, document: LoadedDocument, path: PathKey) -> None:
        self.uses.setdefault(what, []).append((local_id(name), document, path))


def check_chapter_scope(index: ContentIndex, pack: Pack) -> Iterator[Diagnostic]:
    """Names a chapter's cards use must be brought in by that chapter (BB0510-BB0513, BB0520)."""
    for deck in pack_decks(index, pack).values():
        for number in deck.chapter_numbers():
            scope = chapter_scope(deck, number)
            if scope is not None:
                yield from scope_diagnostics(scope)
                yield from fog_gates_never_removed(deck, number, scope)


def chapter_scope(deck: CampaignDeck, number: int) -> ChapterScope | None:
    chapter = deck.chapter(number)
    if chapter is None:
        return None
    scope = ChapterScope()
    setup = chapter.model.setup
    scope.tiles = {local_id(t) for t in setup.tiles} | {local_id(setup.starting_tile)}
    scope.enemies = {local_id(e) for e in setup.enemies}
    for i, trigger in enumerate(chapter.model.triggers):
        for model, path in walk_models(trigger.when, ("triggers", i, "when")):
            _collect(scope, model, path, chapter.document)
    for card in deck.cards_of(number):
        for model, path in walk_models(card.model):
            _collect(scope, model, path, card.document)
    return scope


def _collect(scope: ChapterScope, model: BaseModel, path: PathKey, document: LoadedDocument) -> None:
    _collect_definitions(scope, model)
    for what, attribute, key in _USES:
        if isinstance(model, what):
            scope.use(key, getattr(model, attribute), document, (*path, attribute))
    if isinstance(model, Keeps):
        for key, names in (
            ("token", model.tokens),
            ("tag", model.enemies),
            ("counter", model.counters),
            ("tile", model.fog_gates),
        ):
            for i, name in enumerate(names):
                scope.use(key, name, document, (*path, _keeps_key(key), i))


def _keeps_key(key: str) -> str:
    return {"token": "tokens", "tag": "enemies", "counter": "counters", "tile": "fog_gates"}[key]


def _collect_definitions(scope: ChapterScope, model: BaseModel) -> None:
    if isinstance(model, SpawnParams):
        scope.enemies.add(local_id(model.enemy))
        if model.tag:
            scope.tags.add(model.tag)
    elif isinstance(model, SpawnBossParams):
        scope.bosses.add(local_id(model.boss))
        if model.tag:
            scope.tags.add(model.tag)
    elif isinstance(model, PlaceTokenParams):
        scope.tokens.add(model.token)
    elif isinstance(model, SetCounterParams | AddCounterParams):
        scope.counters.add(model.counter)
    elif isinstance(model, EndSpecialRules):
        scope.ended_cards.add(model.end_special_rules)
    elif isinstance(model, RemoveFogGates):
        scope.opened_tiles.add(local_id(model.remove_fog_gates))


_USES: tuple[tuple[type[BaseModel], str, str], ...] = (
    (TilePlace, "tile", "tile"),
    (SpacePlace, "space", "tile"),
    (SlotPlace, "tile", "tile"),
    (TileRevealed, "tile_revealed", "tile"),
    (FogGates, "fog_gates", "tile"),
    (RemoveFogGates, "remove_fog_gates", "tile"),
    (EnemyTypeSelector, "enemy", "enemy"),
    (BossSelector, "boss", "boss"),
    (TagSelector, "tag", "tag"),
    (TokenPlace, "token", "token"),
    (InteractTrigger, "interact", "token"),
    (Interact, "interact", "token"),
    (EscortParams, "token", "token"),
    (RemoveToken, "remove_token", "token"),
    (MoveTokenParams, "token", "token"),
    (CounterParams, "counter", "counter"),
)

_WHAT = {
    "tile": (mc.TILE_NOT_IN_CHAPTER, "this chapter never shuffles in the tile", "add it to `setup.tiles`"),
    "enemy": (
        mc.ENEMY_NOT_IN_CHAPTER,
        "this chapter never brings in the enemy",
        "list it in `setup.enemies` or spawn it with `spawn`",
    ),
    "boss": (mc.ENEMY_NOT_IN_CHAPTER, "no card of this chapter spawns the boss", "add a `spawn_boss` effect"),
    "tag": (
        mc.ENEMY_NOT_IN_CHAPTER,
        "no spawn of this chapter is tagged",
        "give a `spawn` effect this `tag`",
    ),
    "token": (
        mc.TOKEN_NEVER_PLACED,
        "no card of this chapter places the token",
        "add a `place_token` effect",
    ),
    "counter": (
        mc.COUNTER_NEVER_SET,
        "no effect of this chapter sets the counter",
        "set it with `set_counter` or `add_counter`",
    ),
}


def scope_diagnostics(scope: ChapterScope) -> Iterator[Diagnostic]:
    known = {
        "tile": scope.tiles,
        "enemy": scope.enemies,
        "boss": scope.bosses,
        "tag": scope.tags,
        "token": scope.tokens,
        "counter": scope.counters,
    }
    for key, uses in scope.uses.items():
        code, phrase, fix = _WHAT[key]
        for name, document, path in uses:
            if name in known[key]:
                continue
            yield code.at(
                at(document, path),
                f"{phrase} {name!r}",
                hint=did_you_mean(name, known[key]) or fix,
            )


def fog_gates_never_removed(deck: CampaignDeck, number: int, scope: ChapterScope) -> Iterator[Diagnostic]:
    """Gates raised by a card without goals stay up unless something removes them."""
    for card in deck.cards_of(number):
        if card.model.goals or card.model.number in scope.ended_cards:
            continue
        for model, path in walk_models(card.model):
            if isinstance(model, FogGates) and local_id(model.fog_gates) not in scope.opened_tiles:
                yield mc.FOG_GATES_NEVER_REMOVED.at(
                    at(card.document, (*path, "fog_gates")),
                    f"card {card.model.number} has no goal to complete, so the fog gates it raises on "
                    f"{model.fog_gates!r} never come down",
                    hint=f"add `remove_fog_gates: {model.fog_gates}` to a later card, or "
                    f"`end_special_rules: {card.model.number}`",
                )
