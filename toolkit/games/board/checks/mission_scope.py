"""What a chapter brings in: every tile, enemy, boss, tag, token and counter its cards name must be
one the chapter uses, spawns, places or sets; and every fog gate must come down again.

A misspelt name shows up twice: as a use nothing defines, and as a definition nothing uses. The
report goes to the place to edit: a definition that names no known tile, enemy or boss is the
reference check's (BB0305), and its uses are not reported again; otherwise the side a name occurs
on fewer times is taken to be the misspelt one (BB0311 for a definition, the BB05xx code for a
use), and a did-you-mean never suggests a name that is itself unknown.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, field

from pydantic import BaseModel

from toolkit.core.diagnostics import Diagnostic, Related
from toolkit.core.document import LoadedDocument, PathKey
from toolkit.core.index import ContentIndex, Pack
from toolkit.core.validation import did_you_mean
from toolkit.games.board import codes_mission as mc
from toolkit.games.board import codes_names
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
    definitions: dict[str, list[Use]] = field(default_factory=dict)
    """Where each tile, enemy, boss, tag, token and counter is brought in (set up, spawned,
    placed, set or changed), by kind of name."""

    def use(self, what: str, name: str, document: LoadedDocument, path: PathKey) -> None:
        self.uses.setdefault(what, []).append((local_id(name), document, path))

    def define(self, what: str, name: str, document: LoadedDocument, path: PathKey) -> None:
        self.definitions.setdefault(what, []).append((local_id(name), document, path))


Unresolved = Callable[[str, str], bool]
"""Does this tile, enemy or boss name (kind of name, name) fail to name a known document?"""

_REFERENCE_KINDS = {"tile": ("tile",), "enemy": ("enemy", "npc-enemy"), "boss": ("boss",)}


def check_chapter_scope(index: ContentIndex, pack: Pack) -> Iterator[Diagnostic]:
    """Names a chapter's cards use must be brought in by that chapter (BB0510-BB0513, BB0520)."""

    def unresolved(what: str, name: str) -> bool:
        kinds = _REFERENCE_KINDS.get(what)
        if kinds is None:
            return False
        return index.resolve(kinds, name, pack.id) is None and not index.is_invalid(kinds, name, pack.id)

    for deck in pack_decks(index, pack).values():
        for number in deck.chapter_numbers():
            scope = chapter_scope(deck, number)
            if scope is not None:
                yield from scope_diagnostics(scope, unresolved)
                yield from fog_gates_never_removed(deck, number, scope)


def chapter_scope(deck: CampaignDeck, number: int) -> ChapterScope | None:
    chapter = deck.chapter(number)
    if chapter is None:
        return None
    scope = ChapterScope()
    setup = chapter.model.setup
    scope.tiles = {local_id(t) for t in setup.tiles} | {local_id(setup.starting_tile)}
    scope.enemies = {local_id(e) for e in setup.enemies}
    for i, tile in enumerate(setup.tiles):
        scope.define("tile", tile, chapter.document, ("setup", "tiles", i))
    scope.define("tile", setup.starting_tile, chapter.document, ("setup", "starting_tile"))
    for i, enemy in enumerate(setup.enemies):
        scope.define("enemy", enemy, chapter.document, ("setup", "enemies", i))
    for i, trigger in enumerate(chapter.model.triggers):
        for model, path in walk_models(trigger.when, ("triggers", i, "when")):
            _collect(scope, model, path, chapter.document)
    for card in deck.cards_of(number):
        for model, path in walk_models(card.model):
            _collect(scope, model, path, card.document)
    return scope


def _collect(scope: ChapterScope, model: BaseModel, path: PathKey, document: LoadedDocument) -> None:
    _collect_definitions(scope, model)
    _collect_definition_sites(scope, model, path, document)
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


def _collect_definition_sites(
    scope: ChapterScope, model: BaseModel, path: PathKey, document: LoadedDocument
) -> None:
    if isinstance(model, SpawnParams):
        scope.define("enemy", model.enemy, document, (*path, "enemy"))
    elif isinstance(model, SpawnBossParams):
        scope.define("boss", model.boss, document, (*path, "boss"))
    elif isinstance(model, PlaceTokenParams):
        scope.define("token", model.token, document, (*path, "token"))
    elif isinstance(model, SetCounterParams | AddCounterParams):
        scope.define("counter", model.counter, document, (*path, "counter"))
    if isinstance(model, SpawnParams | SpawnBossParams) and model.tag:
        scope.define("tag", model.tag, document, (*path, "tag"))


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


_IDLE = {
    "tag": "no goal or effect of this chapter uses the tag",
    "token": "no goal, trigger or effect of this chapter uses the token",
    "counter": "no goal or rule of this chapter tests the counter",
}
"""Names that are defined to be used; a tile, enemy or boss may well be brought in for its own sake."""


def _nothing_unresolved(what: str, name: str) -> bool:
    return False


def scope_diagnostics(
    scope: ChapterScope, unresolved: Unresolved = _nothing_unresolved
) -> Iterator[Diagnostic]:
    known = {
        "tile": scope.tiles,
        "enemy": scope.enemies,
        "boss": scope.bosses,
        "tag": scope.tags,
        "token": scope.tokens,
        "counter": scope.counters,
    }
    for key in sorted(set(scope.uses) | set(scope.definitions)):
        yield from _names_of_one_kind(
            key, known[key], scope.uses.get(key, []), scope.definitions.get(key, []), unresolved
        )


def _names_of_one_kind(
    key: str, known: set[str], uses: list[Use], definitions: list[Use], unresolved: Unresolved
) -> Iterator[Diagnostic]:
    used: dict[str, list[Use]] = {}
    for use in uses:
        used.setdefault(use[0], []).append(use)
    defined: dict[str, list[Use]] = {}
    for site in definitions:
        defined.setdefault(site[0], []).append(site)
    bad_definitions = {name for name in defined if unresolved(key, name)}
    real = sorted(name for name in known if name not in bad_definitions)
    idle = sorted(name for name in defined if name not in used and name not in bad_definitions)
    explained: set[str] = set()
    code, phrase, fix = _WHAT[key]
    for name, sites in used.items():
        if name in known or unresolved(key, name):
            continue  # brought in, or not a known tile/enemy/boss at all: BB0305 says so there
        if _close(name, sorted(bad_definitions)):
            continue  # the misspelt definition is reported there (BB0305); fixing it fixes these
        twin = _close(name, idle) if key in _IDLE else None
        if twin is not None and len(defined[twin]) < len(sites):
            explained.add(twin)
            yield from _misspelt_definition(key, twin, name, defined[twin], sites)
            continue
        if twin is not None:
            explained.add(twin)
        for _, document, path in sites:
            yield code.at(at(document, path), f"{phrase} {name!r}", hint=did_you_mean(name, real) or fix)
    if key not in _IDLE:
        return
    for name in idle:
        if name in explained:
            continue
        twin = _close(name, sorted(n for n in used if n != name))
        if twin is not None:
            yield from _misspelt_definition(key, name, twin, defined[name], used[twin])


def _close(name: str, choices: list[str]) -> str | None:
    hint = did_you_mean(name, choices)
    return hint[len("did you mean '") : -len("'?")] if hint else None


def _misspelt_definition(
    key: str, name: str, meant: str, sites: list[Use], uses: list[Use]
) -> Iterator[Diagnostic]:
    phrase = _IDLE[key]
    _, first_document, first_path = uses[0]
    for _, document, path in sites:
        yield codes_names.MISSPELT_NAME.at(
            at(document, path),
            f"{phrase} {name!r}, but {len(uses)} "
            f"{'places use' if len(uses) != 1 else 'place uses'} {meant!r}: one of the two is misspelt",
            hint=f"did you mean {meant!r}?",
            related=(Related(first_document.locate(first_path), f"{meant!r} is used here"),),
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
