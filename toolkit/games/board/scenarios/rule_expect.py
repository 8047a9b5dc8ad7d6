"""Check a rule scenario's `expect` step against the engine's table: one failure per key that
does not hold, at that key's line, with the expected and the actual value."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING

from toolkit.core.document import PathKey
from toolkit.core.scenario.results import Failure
from toolkit.games.board.engine.rules import strip_pack
from toolkit.games.board.engine.world import HunterState, Place
from toolkit.games.board.scenarios.rule_model import EnemyExpect, HunterExpect, RuleExpectations

if TYPE_CHECKING:
    from toolkit.games.board.scenarios.rule_runner import Driver


def _show(value: object) -> str:
    if value is None:
        return "null"
    if isinstance(value, list | tuple):
        return "[" + ", ".join(_show(item) for item in value) + "]"
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def _bag(items: Sequence[object]) -> list[str]:
    return sorted(_show(item) for item in items)


class Checker:
    """Collects the failures of one `expect` step."""

    def __init__(self, driver: Driver, log_start: int, path: PathKey) -> None:
        self.driver = driver
        self.game = driver.game
        self.log_start = log_start
        self.path = path
        self.failures: list[Failure] = []

    def fail(self, keys: PathKey, message: str, expected: object, actual: object) -> None:
        location = self.driver.document.locate((*self.path, *keys))
        decision = self.driver.decision
        if decision is not None and decision.player < 0:
            # A draw nobody named stops the engine before what the author meant to check.
            message += (
                f" (the engine is waiting on a draw from the {decision.topic}: name it with a "
                "`draws` step, or stack that deck in the table)"
            )
        self.failures.append(Failure(message, location, _show(expected), _show(actual)))

    def equal(self, keys: PathKey, what: str, expected: object, actual: object) -> None:
        if expected != actual:
            self.fail(keys, f"{what} does not hold", expected, actual)

    def same_bag(
        self, keys: PathKey, what: str, expected: Sequence[object], actual: Sequence[object]
    ) -> None:
        if _bag(expected) != _bag(actual):
            self.fail(keys, f"{what} does not hold", _bag(expected), _bag(actual))

    def place(self, place: Place | None) -> str:
        return "dream" if place is None else self.game.map.label(place)

    def written_place(self, written: str) -> str:
        if written == "dream":
            return written
        tile_id, _, space = written.partition("/")
        tile_id = strip_pack(tile_id)
        model = self.game.rules.tiles.get(tile_id)
        if not space and model is not None:
            spaces = [s.id for s in model.spaces]
            space = tile_id if tile_id in spaces else (spaces[0] if len(spaces) == 1 else tile_id)
        return f"{tile_id}/{space or tile_id}"

    # --- the keys ---------------------------------------------------------------------------------

    def hunter(self, name: str, expected: HunterExpect) -> None:
        found = next((h for h in self.game.world.hunters if h.id == strip_pack(name)), None)
        keys: PathKey = ("hunters", name)
        if found is None:
            at_table = ", ".join(h.id for h in self.game.world.hunters)
            self.fail(keys, f"no hunter `{name}` at the table", name, at_table)
            return
        self._hunter_values(found, expected, keys)

    def _hunter_values(self, hunter: HunterState, expected: HunterExpect, keys: PathKey) -> None:
        for key in ("hp", "echoes", "form", "poison", "frenzy", "firearm_exhausted"):
            wanted = getattr(expected, key)
            if wanted is not None:
                self.equal(
                    (*keys, key), f"{hunter.id}'s {key.replace('_', ' ')}", wanted, getattr(hunter, key)
                )
        for key in ("hand", "discard", "consumables", "rewards", "exhausted_rewards"):
            wanted_list = getattr(expected, key)
            if wanted_list is not None:
                wanted_ids = [strip_pack(c) for c in wanted_list]
                self.same_bag(
                    (*keys, key), f"{hunter.id}'s {key.replace('_', ' ')}", wanted_ids, getattr(hunter, key)
                )
        if expected.hand_includes is not None:
            self._includes(
                (*keys, "hand_includes"), f"{hunter.id}'s hand", expected.hand_includes, hunter.hand
            )
        if expected.deck_includes is not None:
            self._includes(
                (*keys, "deck_includes"), f"{hunter.id}'s deck", expected.deck_includes, hunter.deck
            )
        if expected.deck_excludes is not None:
            found = [c for c in expected.deck_excludes if strip_pack(c) in hunter.deck]
            if found:
                self.fail(
                    (*keys, "deck_excludes"),
                    f"{hunter.id}'s deck holds a card it must not",
                    f"none of {_show(expected.deck_excludes)}",
                    _bag(hunter.deck),
                )
        if expected.deck_size is not None:
            self.equal((*keys, "deck_size"), f"{hunter.id}'s deck size", expected.deck_size, len(hunter.deck))
        if expected.slots is not None:
            wanted_slots = [None if c is None else strip_pack(c) for c in expected.slots]
            self.equal((*keys, "slots"), f"{hunter.id}'s slots", wanted_slots, hunter.slots)
        if expected.at is not None:
            self.equal(
                (*keys, "at"),
                f"{hunter.id}'s place",
                self.written_place(expected.at),
                self.place(hunter.place),
            )

    def _includes(self, keys: PathKey, what: str, wanted: Sequence[str], actual: Sequence[str]) -> None:
        need = Counter(strip_pack(c) for c in wanted)
        have = Counter(actual)
        if any(have[c] < n for c, n in need.items()):
            self.fail(keys, f"{what} lacks a card", _bag(list(need.elements())), _bag(actual))

    def enemy(self, name: str, expected: EnemyExpect) -> None:
        keys: PathKey = ("enemies", name)
        uid = self.driver.enemy_uid(name)
        enemy = self.game.find_enemy(uid) if uid is not None else None
        if enemy is None:
            why = "no enemy by that name at the table" if uid is None else "not on the map"
            self.fail(keys, f"`{name}` is not on the map", name, why)
            return
        if expected.at is not None:
            self.equal(
                (*keys, "at"), f"{name}'s place", self.written_place(expected.at), self.place(enemy.place)
            )
        if expected.damage is not None:
            self.equal((*keys, "damage"), f"{name}'s damage", expected.damage, enemy.damage)
        if expected.phase is not None:
            self.equal((*keys, "phase"), f"{name}'s phase", expected.phase, enemy.phase)

    def slain(self, names: Sequence[str]) -> None:
        """A label's enemy is off the map; a type with no label: none of that type is on it."""
        for position, name in enumerate(names):
            uid = self.driver.labels.get(name)
            if uid is not None:
                standing = [e for e in self.game.world.enemies if e.uid == uid]
            else:
                standing = [e for e in self.game.world.enemies if e.type == strip_pack(name)]
            if standing:
                enemy = standing[0]
                self.fail(
                    ("slain", position),
                    f"`{name}` is still on the map",
                    "not on the map",
                    f"{self.game.enemy_name(enemy)} at {self.place(enemy.place)}, {enemy.damage} damage",
                )

    def offered(self, includes: Sequence[str], excludes: Sequence[str]) -> None:
        decision = self.driver.decision
        options = [] if decision is None else decision.options
        for position, text in enumerate(includes):
            if not any(o.startswith(text) for o in options):
                self.fail(
                    ("offered", "includes", position),
                    "an option is not offered",
                    text,
                    "offered: " + ", ".join(options),
                )
        for position, text in enumerate(excludes):
            found = [o for o in options if o.startswith(text)]
            if found:
                self.fail(
                    ("offered", "excludes", position),
                    "an option is offered that must not be",
                    f"no option beginning `{text}`",
                    "offered: " + ", ".join(found),
                )

    def heuristic_picks(self, wanted: str) -> None:
        from toolkit.games.board.bots.heuristic import HeuristicBot

        decision = self.driver.decision
        if decision is None or decision.player < 0:
            asked = "nothing" if decision is None else "a draw"
            self.fail(("heuristic_picks",), "no player is asked anything now", wanted, asked)
            return
        # A fresh bot: its answer depends on the table alone, not on plans of earlier turns.
        pick = HeuristicBot(0).answer(self.game, decision)
        if not pick.startswith(wanted):
            self.fail(("heuristic_picks",), "the heuristic bot picks another option", wanted, pick)

    def log(self, texts: Sequence[str], present: bool) -> None:
        lines = self.game.world.log[self.log_start :]
        key = "log" if present else "not_log"
        for position, text in enumerate(texts):
            hits = [line for line in lines if text.casefold() in line.casefold()]
            if present and not hits:
                tail = " | ".join(lines[-6:]) or "an empty log"
                self.fail((key, position), "no line of the game log says this", text, f"…{tail}")
            if not present and hits:
                self.fail(
                    (key, position), "a line of the game log says this", f"no line with `{text}`", hits[0]
                )


def check_expectations(
    expected: RuleExpectations, driver: Driver, log_start: int, path: PathKey
) -> Iterator[Failure]:
    """Every failing key of one `expect` step."""
    check = Checker(driver, log_start, path)
    game, world = driver.game, driver.game.world
    for name, hunter in (expected.hunters or {}).items():
        check.hunter(name, hunter)
    for name, enemy in (expected.enemies or {}).items():
        check.enemy(name, enemy)
    if expected.slain is not None:
        check.slain(expected.slain)
    if expected.on_map is not None:
        check.same_bag(
            ("on_map",),
            "the enemies on the map",
            [strip_pack(e) for e in expected.on_map],
            [e.type for e in world.enemies],
        )
    if expected.placed is not None:
        wanted = [f"{strip_pack(p.enemy)} at {check.written_place(p.at)}" for p in expected.placed]
        placed = [f"{e.type} at {check.place(e.place)}" for e in world.enemies]
        check.same_bag(("placed",), "the enemies and their places", wanted, placed)
    scalars: tuple[tuple[str, object], ...] = (
        ("hunt_track", world.track),
        ("resets", world.resets),
        ("round", world.round),
        ("final_round", world.final_round),
        ("outcome", world.outcome or "playing"),
    )
    for key, actual in scalars:
        wanted_value = getattr(expected, key)
        if wanted_value is not None:
            check.equal((key,), f"the {key.replace('_', ' ')}", wanted_value, actual)
    if expected.asks is not None:
        decision = driver.decision
        asked = "nothing" if decision is None else ("a draw" if decision.player < 0 else decision.topic)
        check.equal(("asks",), "the question asked now", expected.asks, asked)
    if expected.offered is not None:
        check.offered(expected.offered.includes, expected.offered.excludes)
    if expected.heuristic_picks is not None:
        check.heuristic_picks(expected.heuristic_picks)
    if expected.log is not None:
        check.log(expected.log, True)
    if expected.not_log is not None:
        check.log(expected.not_log, False)
    bags: list[tuple[str, list[str] | None, list[str]]] = [
        ("enemy_actions", expected.enemy_actions, world.action_deck),
        ("enemy_action_discard", expected.enemy_action_discard, world.action_discard),
        ("consumable_discard", expected.consumable_discard, world.consumable_discard),
        ("tokens", expected.tokens, [t.name for t in world.tokens]),
        ("upgrade_row", expected.upgrade_row, world.upgrade_row),
        ("tile_deck", expected.tile_deck, world.tile_deck),
        ("tiles", expected.tiles, [t.tile for t in world.tiles]),
        ("fog_gates", expected.fog_gates, [t.tile for t in world.tiles if t.fog_owner >= 0]),
    ]
    for key, wanted_items, actual_items in bags:
        if wanted_items is not None:
            check.same_bag(
                (key,), f"the {key.replace('_', ' ')}", [strip_pack(i) for i in wanted_items], actual_items
            )
    if expected.consumable_tokens is not None:
        wanted_places = [check.written_place(p) for p in expected.consumable_tokens]
        check.same_bag(
            ("consumable_tokens",),
            "the consumable tokens",
            wanted_places,
            [check.place(p) for p in world.consumable_tokens],
        )
    if expected.revealed is not None:
        revealed = game.missions.revealed()
        missing = [n for n in expected.revealed if n not in revealed]
        if missing:
            check.fail(("revealed",), "expected revealed does not hold", expected.revealed, revealed)
    yield from check.failures
