"""Walking mission models: every nested model with its path, and every way a goal's effects can go.

Paths use the keys an author wrote (aliases such as `if`, `else`, `not`), so a diagnostic built from
them points at the right line through the document's source map.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from pydantic import BaseModel

from toolkit.core.document import PathKey
from toolkit.core.expressions import Scaling
from toolkit.core.model import text_in
from toolkit.games.board.mission.conditions import AllOf, AnyOf, Not
from toolkit.games.board.mission.effects import Branch, Choose, Effect

MAX_OUTCOMES = 256
"""Outcome paths explored per effect list; nested choices beyond this are not enumerated further."""


def walk_models(model: BaseModel, path: PathKey = ()) -> Iterator[tuple[BaseModel, PathKey]]:
    """``model`` and every model nested in it (through lists too), each with its path."""
    yield model, path
    for name, field in type(model).model_fields.items():
        value = getattr(model, name)
        key = field.alias or name
        yield from _walk_value(value, (*path, key))


def _walk_value(value: object, path: PathKey) -> Iterator[tuple[BaseModel, PathKey]]:
    if isinstance(value, BaseModel):
        yield from walk_models(value, path)
    elif isinstance(value, list | tuple):
        for index, item in enumerate(value):
            yield from _walk_value(item, (*path, index))


@dataclass(frozen=True, slots=True)
class Outcome:
    """One way a list of effects can go once every choice and branch is decided."""

    effects: tuple[tuple[Effect, PathKey], ...]
    """The effects that run, in order, each with its path (choices and branches left out)."""

    decisions: tuple[str, ...]
    """How each choice and branch on the way was decided (`chose "Burn it"`, `if`, `else`)."""

    end_path: PathKey
    """The innermost effect list of this outcome: where to point when it leads nowhere."""


def outcomes(effects: Sequence[Effect], path: PathKey) -> list[Outcome]:
    """Every outcome of an effect list, exploring each option of a choice and both sides of a branch."""
    results = [Outcome((), (), path)]
    for position, effect in enumerate(effects):
        here = (*path, position)
        if isinstance(effect, Choose):
            sides = [
                (option.then, (*here, "choose", "options", i, "then"), f"chose {_label(option.label)!r}")
                for i, option in enumerate(effect.choose.options)
            ]
        elif isinstance(effect, Branch):
            sides = [
                (effect.branch.then, (*here, "branch", "then"), f"if {describe(effect.branch.condition)}"),
                (
                    effect.branch.otherwise,
                    (*here, "branch", "else"),
                    f"unless {describe(effect.branch.condition)}",
                ),
            ]
        else:
            results = [Outcome((*r.effects, (effect, here)), r.decisions, r.end_path) for r in results]
            continue
        expanded: list[Outcome] = []
        for side_effects, side_path, decision in sides:
            for tail in outcomes(side_effects, side_path):
                for head in results:
                    if len(expanded) >= MAX_OUTCOMES:
                        break
                    expanded.append(
                        Outcome(
                            (*head.effects, *tail.effects),
                            (*head.decisions, decision, *tail.decisions),
                            tail.end_path,
                        )
                    )
        results = expanded
    return results


def _label(label: object) -> str:
    return text_in(label) if isinstance(label, str | dict) else str(label)


def describe(model: object) -> str:
    """A short phrase for a verb model: `end move on oedon-chapel`, `start of hunt`."""
    if isinstance(model, AllOf):
        return " and ".join(describe(part) for part in model.all)
    if isinstance(model, AnyOf):
        return "(" + " or ".join(describe(part) for part in model.any) + ")"
    if isinstance(model, Not):
        return f"not {describe(model.not_)}"
    if not isinstance(model, BaseModel):
        return str(model)
    verb = str(getattr(type(model), "verb", type(model).__name__))
    value = getattr(model, verb, None)
    words = verb.replace("_", " ")
    if value is True or value is None:
        return words
    if verb in ("untold", "narrative"):
        return f"{words}: {text_in(value)}"
    return f"{words} {_short(value)}"


_FIELD_FORMS = {
    "to": "to {}",
    "count": "×{}",
    "at_least": "≥ {}",
    "enemy_slot": "slot {}",
    "amount": "×{}",
    "value": "= {}",
}
"""How a few parameters read in a short description (`slay hunter-mob ×2`)."""


def _short(value: object) -> str:
    if isinstance(value, BaseModel):
        parts = []
        for name in type(value).model_fields:
            item = getattr(value, name)
            if item is None or item is False or item == [] or (name == "count" and str(item) == "1"):
                continue
            text = _short(item)
            parts.append(_FIELD_FORMS[name].format(text) if name in _FIELD_FORMS else text)
        return " ".join(parts)
    if isinstance(value, Scaling) and value.table_counts() is not None:
        return "{" + str(value) + "}"
    if isinstance(value, list):
        return ", ".join(_short(v) for v in value)
    if isinstance(value, dict):
        return text_in(value)
    return str(value)
