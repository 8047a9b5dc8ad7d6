"""Mission scenarios that name a rule, as worked examples on that rules page: the starting state,
the events reported at the table, and what the missions must show after each."""

from __future__ import annotations

from pydantic import BaseModel

from toolkit.core.document import LoadedDocument
from toolkit.core.model import text_in
from toolkit.games.board.interpreter.events import describe_event
from toolkit.games.board.scenarios.model import Expect, Given, NextChapter, Scenario
from toolkit.publish import escape
from toolkit.publish.context import SEARCH_EXCLUDE, RenderContext, model_of

WORDS = {
    "revealed": "cards revealed:",
    "not_revealed": "cards not revealed:",
    "in_play": "cards in play, exactly:",
    "completed": "steps completed:",
    "missions_completed": "missions completed:",
    "insight": "insight held:",
    "holds_insight": "insight cards held:",
    "hunt": "the hunt is",
    "hunt_track": "the Hunt Track on space",
    "final_round": "the final round begun:",
    "chapter": "the chapter played:",
    "enemy_groups": "mission enemy groups on the map:",
    "resets": "map resets in that step:",
    "rewards": "rewards received so far:",
    "defeats": "campaign defeats so far:",
    "choice": "a choice pending that asks",
    "says": "the missions say",
    "rejected": "the report is refused because",
}


def _code(text: object) -> str:
    return f"<code>{escape.inline(str(text))}</code>"


def _value(value: object) -> str:
    if isinstance(value, list):
        return ", ".join(_value(v) for v in value) if value else "none"
    if isinstance(value, dict):
        return ", ".join(f"{_code(k)} {_value(v)}" for k, v in value.items()) or "none"
    if isinstance(value, bool):
        return "yes" if value else "no"
    return _code(value)


def _given(scenario: Scenario, given: Given | None) -> str:
    facts = [f"chapter {scenario.chapter} of {_code(scenario.campaign)}", f"{scenario.hunters} hunters"]
    if given is not None:
        if given.insight:
            facts.append(f"insight cards {_value(given.insight)} held")
        if given.hunt_track is not None or given.round is not None:
            facts.append(f"round {given.round or 1}, Hunt Track on space {given.hunt_track or 1}")
        if given.counters:
            facts.append(f"counters {_value(given.counters)}")
        if given.reveal:
            facts.append(f"cards {_value(given.reveal)} put in play")
    return "; ".join(facts)


def _step(step: BaseModel) -> str:
    if isinstance(step, Expect):
        values = step.expect.model_dump(exclude_none=True)
        said = [f"{WORDS.get(k, k.replace('_', ' '))} {_value(v)}" for k, v in values.items()]
        return "**Then** " + "; ".join(said) + "."
    if isinstance(step, NextChapter):
        return "Go on to the next chapter (chapter 1 again after a defeat)."
    return f"Reported at the table: {escape.inline(describe_event(step))}."


def mission_worked_example(ctx: RenderContext, document: LoadedDocument, level: int = 2) -> str:
    """A mission scenario as a worked example: its name, what it pins, the start, the play."""
    scenario = model_of(document)
    assert isinstance(scenario, Scenario)
    # A campaign's scenario test plays its missions: a spoiler, kept out of a default build's search.
    exclude = "" if ctx.options.search_spoilers else SEARCH_EXCLUDE
    lines = [f"{'#' * level} {escape.inline(text_in(scenario.name))}{exclude}", ""]
    if scenario.description is not None:
        lines += [escape.block(text_in(scenario.description)), ""]
    lines += [f"*At the start* ({_given(scenario, scenario.given)}), played by the missions alone:", ""]
    lines += [f"{n}. {_step(step)}" for n, step in enumerate(scenario.steps, start=1)]
    lines += [
        "",
        f"<small>Pinned by {ctx.link_document(document, _code(scenario.id))}, run by `huntkit test`.</small>",
    ]
    return "\n".join(lines) + "\n"
