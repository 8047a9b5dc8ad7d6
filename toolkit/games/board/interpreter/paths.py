"""Where an instruction is in a card: the value at a path of author keys (`goals`, 0, `then`)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from pydantic import BaseModel


def value_at(model: BaseModel, path: Sequence[str | int]) -> Any:
    """The value at a path of author keys (`goals`, 0, `then`) in a model."""
    value: Any = model
    for key in path:
        if isinstance(key, int):
            value = value[key]
        else:
            value = getattr(value, _field_name(type(value), key))
    return value


def _field_name(model: type[BaseModel], key: str) -> str:
    found = _FIELD_NAMES.get((model, key))
    if found is not None:
        return found
    for name, field in model.model_fields.items():
        if field.alias == key or name == key:
            _FIELD_NAMES[(model, key)] = name
            return name
    raise KeyError(key)


_FIELD_NAMES: dict[tuple[type[BaseModel], str], str] = {}
"""Field names by model class and author key, as found so far (effect lists are resolved at every
step of a run)."""
