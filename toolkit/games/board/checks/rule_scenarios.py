"""Checks of rule scenarios that need no play (BB0604-BB0606): places on tiles the table never
has, hunters and enemies named that are not at the table, mission cards without missions.

What the runner alone can tell (an action the engine does not offer at that point, a path whose
spaces are not joined) is reported when `huntkit test` plays the scenario.
"""

from __future__ import annotations

from collections.abc import Iterator

from toolkit.core.diagnostics import Diagnostic
from toolkit.core.document import LoadedDocument, PathKey
from toolkit.core.index import ContentIndex, Pack
from toolkit.core.validation import did_you_mean
from toolkit.games.board import codes_flow as cf
from toolkit.games.board.mission.documents import Chapter
from toolkit.games.board.model.tiles import Tile
from toolkit.games.board.scenarios.rule_model import (
    AttackStep,
    Move,
    RuleExpect,
    RuleScenario,
)


def strip_pack(ref: str) -> str:
    """An id without its pack qualifier (the engine's own helper would import the engine)."""
    return ref.split(":", 1)[1] if ":" in ref else ref


def check_rule_scenarios(index: ContentIndex, pack: Pack) -> Iterator[Diagnostic]:
    """Every rule scenario of the pack, checked against its own table."""
    visible = index.visible_packs(pack.id)
    tiles = {model.id: model for _, model in index.models_of("tile", Tile, visible)}
    enemy_types = frozenset(
        str(getattr(document.model, "id", ""))
        for kind in ("enemy", "npc-enemy", "boss")
        for document in index.documents_of(kind, visible)
    )
    for document in pack.documents:
        if isinstance(document.model, RuleScenario):
            start = _starting_tile(index, pack.id, document.model)
            yield from _ScenarioCheck(document, document.model, tiles, enemy_types, start).run()


def _starting_tile(index: ContentIndex, pack_id: str, scenario: RuleScenario) -> str:
    """The tile the table starts from: the table's own, the chapter's, or the Central Lamp."""
    if scenario.table.start is not None:
        return strip_pack(scenario.table.start)
    if scenario.campaign is not None:
        for _, chapter in index.models_of("chapter", Chapter, index.visible_packs(pack_id)):
            if (
                strip_pack(chapter.campaign) == strip_pack(scenario.campaign)
                and chapter.number == scenario.chapter
            ):
                return strip_pack(chapter.setup.starting_tile)
    return "central-lamp"


class _ScenarioCheck:
    def __init__(
        self,
        document: LoadedDocument,
        scenario: RuleScenario,
        tiles: dict[str, Tile],
        enemy_types: frozenset[str],
        start: str,
    ) -> None:
        self.document = document
        self.known_enemy_types = enemy_types
        self.scenario = scenario
        self.tiles = tiles
        table = scenario.table
        self.on_table = [start]
        self.on_table += [strip_pack(t.tile) for t in table.tiles]
        self.may_come = [strip_pack(t) for t in table.tile_deck]
        self.hunters = [strip_pack(h.hunter) for h in table.hunters]
        self.labels = {e.label for e in table.enemies if e.label}
        self.types = {strip_pack(e.enemy or e.boss or "") for e in table.enemies}

    def run(self) -> Iterator[Diagnostic]:
        yield from self._missions()
        yield from self._table_places()
        if self.scenario.table.active and strip_pack(self.scenario.table.active) not in self.hunters:
            yield self._not_at_table(("table", "active"), "hunter", self.scenario.table.active, self.hunters)
        for position, step in enumerate(self.scenario.steps):
            yield from self._step(step, ("steps", position))

    # --- BB0606 -------------------------------------------------------------------------------------

    def _missions(self) -> Iterator[Diagnostic]:
        scenario = self.scenario
        if scenario.missions and scenario.campaign is None:
            yield cf.RULE_SCENARIO_NEEDS_MISSIONS.at(
                self.document.locate(("missions",)),
                "`missions: true` plays a chapter's mission cards, but the scenario names no campaign",
                hint="add `campaign:` (and `chapter:`), or drop `missions`",
            )
        for key, used in (
            ("start_of_hunt", scenario.start_of_hunt),
            ("in_play", bool(scenario.table.in_play)),
        ):
            if used and not scenario.missions:
                path: PathKey = ("table", "in_play") if key == "in_play" else (key,)
                yield cf.RULE_SCENARIO_NEEDS_MISSIONS.at(
                    self.document.locate(path),
                    f"`{key}` needs the mission cards, which this scenario leaves out",
                    hint="add `missions: true` (and a `campaign`)",
                )

    # --- BB0604 -------------------------------------------------------------------------------------

    def _place(self, written: str, path: PathKey, *, later: bool) -> Iterator[Diagnostic]:
        """A place must be on a tile the table has (or, for steps, may reveal) and on a space the
        tile has."""
        if written == "dream":
            return
        tile_id, _, space = written.partition("/")
        tile_id = strip_pack(tile_id)
        reachable = self.on_table + (self.may_come if later else [])
        if tile_id not in reachable:
            hint = did_you_mean(tile_id, reachable) or f"tiles on the table: {', '.join(reachable)}"
            yield cf.RULE_SCENARIO_UNKNOWN_PLACE.at(
                self.document.locate(path),
                f"tile '{tile_id}' is not on this scenario's table"
                + (" and not in its tile deck" if later else ""),
                hint=hint,
            )
            return
        model = self.tiles.get(tile_id)
        if model is None:
            return  # the reference check reports an unknown tile
        spaces = [s.id for s in model.spaces]
        wanted = space or (tile_id if tile_id in spaces or len(spaces) != 1 else spaces[0])
        if wanted not in spaces:
            hint = did_you_mean(wanted, spaces) or f"its spaces: {', '.join(spaces)}"
            yield cf.RULE_SCENARIO_UNKNOWN_PLACE.at(
                self.document.locate(path), f"tile '{tile_id}' has no space '{wanted}'", hint=hint
            )

    def _table_places(self) -> Iterator[Diagnostic]:
        table = self.scenario.table
        places: list[tuple[str, PathKey]] = []
        places += [(h.at, ("table", "hunters", i, "at")) for i, h in enumerate(table.hunters) if h.at]
        places += [(e.at, ("table", "enemies", i, "at")) for i, e in enumerate(table.enemies)]
        places += [(t.to, ("table", "tiles", i, "to")) for i, t in enumerate(table.tiles)]
        places += [(t.at, ("table", "tokens", i, "at")) for i, t in enumerate(table.tokens)]
        places += [(g.at, ("table", "spawned", i, "at")) for i, g in enumerate(table.spawned)]
        places += [(p, ("table", "consumable_tokens", i)) for i, p in enumerate(table.consumable_tokens)]
        for written, path in places:
            yield from self._place(written, path, later=False)

    # --- BB0605 and the places of steps -------------------------------------------------------------

    def _not_at_table(
        self, path: PathKey, what: str, name: str, known: list[str], *, key: bool = False
    ) -> Diagnostic:
        hint = did_you_mean(name, known) or (f"at the table: {', '.join(known)}" if known else None)
        return cf.RULE_SCENARIO_UNKNOWN_PIECE.at(
            self.document.locate(path, key=key), f"no {what} '{name}' at this scenario's table", hint=hint
        )

    def _enemy(self, name: str, path: PathKey, *, key: bool = False) -> Iterator[Diagnostic]:
        # An enemy brought in by a card or a spawn point is named by its type, which the reference
        # check cannot see here; a name is wrong when it is neither a label nor a known enemy type.
        if name in self.labels or name in self.types or name in self.known_enemy_types:
            return
        known = sorted(self.labels | self.types)
        yield self._not_at_table(path, "enemy", name, known, key=key)

    def _step(self, step: object, path: PathKey) -> Iterator[Diagnostic]:
        if isinstance(step, Move):
            for position, item in enumerate(step.move.path):
                if isinstance(item, str):
                    yield from self._place(item, (*path, "move", "path", position), later=True)
        elif isinstance(step, AttackStep) and step.attack.enemy is not None:
            yield from self._enemy(step.attack.enemy, (*path, "attack", "enemy"))
        elif isinstance(step, RuleExpect):
            yield from self._expect(step, (*path, "expect"))

    def _expect(self, step: RuleExpect, path: PathKey) -> Iterator[Diagnostic]:
        expected = step.expect
        for name in expected.hunters or {}:
            if strip_pack(name) not in self.hunters:
                yield self._not_at_table((*path, "hunters", name), "hunter", name, self.hunters, key=True)
        for name, enemy in (expected.enemies or {}).items():
            yield from self._enemy(name, (*path, "enemies", name), key=True)
            if enemy.at is not None:
                yield from self._place(enemy.at, (*path, "enemies", name, "at"), later=True)
        for position, name in enumerate(expected.slain or []):
            yield from self._enemy(name, (*path, "slain", position))
        for name, hunter in (expected.hunters or {}).items():
            if hunter.at is not None:
                yield from self._place(hunter.at, (*path, "hunters", name, "at"), later=True)
        for position, placed in enumerate(expected.placed or []):
            yield from self._place(placed.at, (*path, "placed", position, "at"), later=True)
        for position, written in enumerate(expected.consumable_tokens or []):
            yield from self._place(written, (*path, "consumable_tokens", position), later=True)


RULE_SCENARIO_CHECKS = (check_rule_scenarios,)
