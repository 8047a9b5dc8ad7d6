"""Run a card pack's `card-scenario` documents on a :class:`CardTable`; stop at the first failure."""

from __future__ import annotations

from collections.abc import Callable, Iterator

from toolkit.core.document import LoadedDocument, PathKey
from toolkit.core.index import ContentIndex, Pack
from toolkit.core.model import text_in
from toolkit.core.scenario.results import Failure, ScenarioResult
from toolkit.games.card.scenarios.model import (
    CardScenario,
    EchoCount,
    Expect,
    Expectations,
    Hit,
    Kill,
    MonsterAttacks,
    NextMonster,
    PlaceTrophy,
    Play,
    Step,
    Transform,
)
from toolkit.games.card.scenarios.table import CardTable, Seat, TableError


def run_pack_scenarios(index: ContentIndex, pack: Pack) -> list[ScenarioResult]:
    """The results of every `card-scenario` of ``pack``, in file order."""
    return [
        run_scenario(index, document, document.model)
        for document in pack.documents
        if isinstance(document.model, CardScenario)
    ]


def run_scenario(index: ContentIndex, document: LoadedDocument, scenario: CardScenario) -> ScenarioResult:
    """Arrange the table, play the steps, check each `expect`."""
    result = ScenarioResult(scenario.id, text_in(scenario.name), document.locate(("id",)))
    try:
        table = CardTable.arrange(index, document.pack_id, scenario.table)
    except TableError as error:
        result.failures.append(Failure(str(error), document.locate(("table",))))
        return result
    rejection: tuple[str, PathKey] | None = None
    for position, step in enumerate(scenario.steps):
        result.steps = position + 1
        path: PathKey = ("steps", position)
        if isinstance(step, Expect):
            result.failures.extend(_check(step.expect, table, rejection, document, path))
            rejection = None
            if result.failures:
                return result
            continue
        if rejection is not None:
            break
        try:
            _apply(table, step)
        except TableError as error:
            rejection = (str(error), path)
    if rejection is not None:
        message, path = rejection
        result.failures.append(
            Failure("the step was refused", document.locate(path), "the step to apply", message)
        )
    return result


def _apply(table: CardTable, step: Step) -> None:
    if isinstance(step, Play):
        table.play(dict(step.play))
    elif isinstance(step, Hit):
        table.hit(step.hit.hunter, step.hit.damage, step.hit.target)
    elif isinstance(step, MonsterAttacks):
        table.monster_attacks(list(step.monster_attacks.hunters), step.monster_attacks.damage)
    elif isinstance(step, Kill):
        table.kill(step.kill.hunter, step.kill.by, step.kill.token)
    elif isinstance(step, PlaceTrophy):
        table.trophy(step.trophy)
    elif isinstance(step, NextMonster):
        table.bring_out(step.next_monster)
    elif isinstance(step, Transform):
        table.transform(dict(step.transform))


_PER_HUNTER: dict[str, Callable[[Seat], object]] = {
    "received": lambda seat: seat.received,
    "healed": lambda seat: seat.healed,
    "capacity": lambda seat: seat.track.capacity,
    "trophies": lambda seat: len(seat.track.trophies),
    "lost_trophies": lambda seat: seat.track.lost_trophies,
    "echoes": lambda seat: {"unbanked": seat.echoes.unbanked, "banked": seat.echoes.banked},
}
"""How to read each per-hunter expectation off a seat."""


def _observed(expected: Expectations, table: CardTable) -> Iterator[tuple[PathKey, object, object]]:
    """(path under `expect`, wanted, actual) for every key the expectation writes."""
    if expected.dealt is not None:
        yield ("dealt",), expected.dealt, table.last_dealt
    if expected.monster_echoes is not None:
        yield (
            ("monster_echoes",),
            expected.monster_echoes,
            table.monster.echoes_left if table.monster else None,
        )
    if expected.killing_blow is not None:
        blow = table.monster.killing_blow if table.monster else None
        yield ("killing_blow",), expected.killing_blow, blow or "none"
    if expected.revealing is not None:
        yield ("revealing",), list(expected.revealing), list(table.revealing)
    for key, read in _PER_HUNTER.items():
        wanted_by_hunter: dict[str, object] = getattr(expected, key) or {}
        for name, wanted in wanted_by_hunter.items():
            if isinstance(wanted, EchoCount):
                wanted = {"unbanked": wanted.unbanked, "banked": wanted.banked}
            yield (key, name), wanted, read(table.seat(name))
    for name, by_type in (expected.death_tokens or {}).items():
        seat = table.seat(name)
        for token_type, positions in by_type.items():
            actual = [p + 1 for p in seat.track.death.get(token_type, ())]
            yield ("death_tokens", name, token_type), list(positions), actual


def _check(
    expected: Expectations,
    table: CardTable,
    rejection: tuple[str, PathKey] | None,
    document: LoadedDocument,
    path: PathKey,
) -> Iterator[Failure]:
    if expected.rejected is not None:
        if rejection is None:
            yield Failure(
                "the previous step was not refused",
                document.locate((*path, "expect", "rejected")),
                expected.rejected,
                "it applied",
            )
        elif expected.rejected.casefold() not in rejection[0].casefold():
            yield Failure(
                "the step was refused for another reason",
                document.locate((*path, "expect", "rejected")),
                expected.rejected,
                rejection[0],
            )
    elif rejection is not None:
        yield Failure(
            "the step was refused", document.locate(rejection[1]), "the step to apply", rejection[0]
        )
        return
    try:
        observed = list(_observed(expected, table))
    except TableError as error:
        yield Failure(str(error), document.locate((*path, "expect")))
        return
    for key, wanted, actual in observed:
        if wanted != actual:
            label = ".".join(str(k) for k in key)
            yield Failure(
                f"expected {label} does not hold",
                document.locate((*path, "expect", *key)),
                _show(wanted),
                _show(actual),
            )


def _show(value: object) -> str:
    if isinstance(value, dict):
        return "{" + ", ".join(f"{k}: {v}" for k, v in value.items()) + "}"
    if isinstance(value, list):
        return "[" + ", ".join(str(v) for v in value) + "]"
    return str(value)
