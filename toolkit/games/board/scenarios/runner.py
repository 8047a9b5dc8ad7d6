"""Run the board game's scenario documents through the mission interpreter."""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from pydantic import BaseModel

from toolkit.core.document import LoadedDocument, PathKey
from toolkit.core.index import ContentIndex, Pack
from toolkit.core.model import text_in
from toolkit.core.scenario.results import Failure, ScenarioResult
from toolkit.games.board.interpreter.book import CampaignNotFound, book_from_index
from toolkit.games.board.interpreter.machine import (
    CascadeOverflow,
    EventRejected,
    MissionInterpreter,
    new_state,
)
from toolkit.games.board.interpreter.outcomes import Outcome
from toolkit.games.board.mission.deck import local_id
from toolkit.games.board.scenarios.model import Expect, Expectations, NextChapter, Scenario


def run_pack_scenarios(index: ContentIndex, pack: Pack) -> list[ScenarioResult]:
    """The results of every scenario document of ``pack``, in file order."""
    return [
        run_scenario(index, document) for document in pack.documents if isinstance(document.model, Scenario)
    ]


def start(index: ContentIndex, document: LoadedDocument, scenario: Scenario) -> MissionInterpreter:
    """An interpreter at the scenario's starting state, its chapter begun."""
    campaign_document = index.resolve(["campaign"], scenario.campaign, document.pack_id)
    pack_id = campaign_document.pack_id if campaign_document is not None else document.pack_id
    book = book_from_index(index, pack_id, local_id(scenario.campaign))
    state = new_state(book, scenario.hunters, scenario.chapter)
    given = scenario.given
    if given is not None:
        state.campaign.insight = list(given.insight)
        state.chapter.hunt_track = given.hunt_track or 1
        state.chapter.round = given.round or 1
        state.chapter.counters = dict(given.counters)
        state.chapter.counter_owners = {name: None for name in given.counters}
    interpreter = MissionInterpreter(book, state)
    interpreter.begin_chapter()
    for number in given.reveal if given is not None else []:
        interpreter.reveal(number, "revealed by the scenario's `given`")
    return interpreter


def run_scenario(index: ContentIndex, document: LoadedDocument) -> ScenarioResult:
    """Play the scenario's steps; stop at the first failing step."""
    scenario = document.model
    assert isinstance(scenario, Scenario)
    result = ScenarioResult(scenario.id, text_in(scenario.name), document.locate(("id",)))
    try:
        interpreter = start(index, document, scenario)
    except (CampaignNotFound, EventRejected, CascadeOverflow) as error:
        result.error = str(error)
        return result
    outcomes: list[Outcome] = []
    rejection: tuple[str, PathKey] | None = None
    for position, step in enumerate(scenario.steps):
        result.steps = position + 1
        path: PathKey = ("steps", position)
        if isinstance(step, Expect):
            result.failures.extend(_check(step.expect, interpreter, outcomes, rejection, document, path))
            rejection = None
            if result.failures:
                break
            continue
        if rejection is not None:
            break
        try:
            if isinstance(step, NextChapter):
                outcomes = interpreter.next_chapter()
            else:
                outcomes = interpreter.apply(step)
        except EventRejected as error:
            outcomes = []
            rejection = (error.message, path)
        except CascadeOverflow as error:
            result.failures.append(Failure(str(error), document.locate(path)))
            return result
    if rejection is not None and not result.failures:
        message, path = rejection
        result.failures.append(
            Failure(
                "the step was rejected",
                document.locate(path),
                expected="the event to apply",
                actual=message,
            )
        )
    return result


def _check(
    expected: Expectations,
    interpreter: MissionInterpreter,
    outcomes: Sequence[Outcome],
    rejection: tuple[str, PathKey] | None,
    document: LoadedDocument,
    path: PathKey,
) -> Iterator[Failure]:
    def fail(key: str, message: str, want: object, got: object) -> Failure:
        return Failure(message, document.locate((*path, "expect", key)), _show(want), _show(got))

    state = interpreter.state
    chapter = state.chapter
    if expected.rejected is not None:
        if rejection is None:
            yield fail("rejected", "the previous step was not rejected", expected.rejected, "it applied")
        elif expected.rejected.casefold() not in rejection[0].casefold():
            yield fail(
                "rejected", "the step was rejected for another reason", expected.rejected, rejection[0]
            )
    elif rejection is not None:
        yield Failure(
            "the step was rejected",
            document.locate(rejection[1]),
            expected="the event to apply",
            actual=rejection[0],
        )
    checks: list[tuple[str, object, object, bool]] = [
        # key, wanted, actual, holds
    ]
    if expected.revealed is not None:
        missing = [n for n in expected.revealed if n not in chapter.revealed]
        checks.append(("revealed", expected.revealed, chapter.revealed, not missing))
    if expected.not_revealed is not None:
        found = [n for n in expected.not_revealed if n in chapter.revealed]
        checks.append(("not_revealed", f"none of {expected.not_revealed}", chapter.revealed, not found))
    if expected.in_play is not None:
        actual = sorted(chapter.in_play_numbers())
        checks.append(("in_play", sorted(expected.in_play), actual, sorted(expected.in_play) == actual))
    if expected.completed is not None:
        ok = all(n in chapter.completed for n in expected.completed)
        checks.append(("completed", expected.completed, chapter.completed, ok))
    if expected.missions_completed is not None:
        ok = all(n in chapter.missions_completed for n in expected.missions_completed)
        checks.append(("missions_completed", expected.missions_completed, chapter.missions_completed, ok))
    if expected.insight is not None:
        count = len(state.campaign.insight)
        checks.append(("insight", expected.insight, count, count == expected.insight))
    if expected.holds_insight is not None:
        ok = all(n in state.campaign.insight for n in expected.holds_insight)
        checks.append(("holds_insight", expected.holds_insight, state.campaign.insight, ok))
    for key in ("hunt_track", "round", "final_round", "chapter"):
        wanted = getattr(expected, key)
        if wanted is not None:
            actual_value = chapter.number if key == "chapter" else getattr(chapter, key)
            checks.append((key, wanted, actual_value, wanted == actual_value))
    if expected.hunt is not None:
        checks.append(("hunt", expected.hunt, chapter.status, expected.hunt == chapter.status))
    if expected.counters is not None:
        actual_counters = {name: chapter.counters.get(name, 0) for name in expected.counters}
        checks.append(("counters", expected.counters, actual_counters, actual_counters == expected.counters))
    if expected.enemy_groups is not None:
        groups = sorted(tag for tag, group in chapter.enemies.items() if group.alive > 0)
        wanted_groups = sorted(expected.enemy_groups)
        checks.append(("enemy_groups", wanted_groups, groups, wanted_groups == groups))
    if expected.resets is not None:
        # The map's own reset, not the track's notice that its final space resets instead.
        resets = sum(o.kind == "reset" and o.text.startswith("The map resets") for o in outcomes)
        checks.append(("resets", expected.resets, resets, resets == expected.resets))
    for key, count in (("rewards", len(state.campaign.rewards)), ("defeats", state.campaign.defeats)):
        wanted_count = getattr(expected, key)
        if wanted_count is not None:
            checks.append((key, wanted_count, count, count == wanted_count))
    if expected.tokens is not None:
        tokens = sorted(chapter.tokens)
        checks.append(("tokens", sorted(expected.tokens), tokens, sorted(expected.tokens) == tokens))
    if expected.fog_gates is not None:
        gates = sorted(chapter.fog_gates)
        wanted_gates = sorted(local_id(tile) for tile in expected.fog_gates)
        checks.append(("fog_gates", wanted_gates, gates, wanted_gates == gates))
    if expected.choice is not None:
        pending = chapter.pending
        if expected.choice.casefold() == "none":
            checks.append(
                ("choice", "no pending choice", pending.prompt if pending else "none", pending is None)
            )
        else:
            ok = pending is not None and expected.choice.casefold() in pending.prompt.casefold()
            checks.append(("choice", expected.choice, pending.prompt if pending else "none", ok))
    if expected.says is not None:
        texts = [outcome.text for outcome in outcomes]
        ok = any(expected.says.casefold() in text.casefold() for text in texts)
        checks.append(("says", expected.says, " | ".join(texts) or "nothing", ok))
    for key, want, got, ok in checks:
        if not ok:
            yield fail(key, f"expected {key.replace('_', ' ')} does not hold", want, got)


def _show(value: object) -> str:
    if isinstance(value, BaseModel):
        return value.model_dump_json()
    if isinstance(value, list):
        return "[" + ", ".join(str(item) for item in value) + "]"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{k}: {v}" for k, v in value.items()) + "}"
    return str(value)
