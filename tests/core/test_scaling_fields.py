"""Every scaling field of every content kind declares its range, and the range is what validation uses."""

from __future__ import annotations

import typing
from collections.abc import Iterator
from typing import Any

import pytest
from pydantic import BaseModel

from toolkit.core.expressions import ExpressionError, Scaling
from toolkit.core.scaling_range import ScalingRange
from toolkit.games import all_kinds

HUNTERS = ScalingRange(minimum=1, what="HP", counts=(1, 2, 3, 4), variable="hunters")


def _scaling_sites(tp: Any, ranged: bool, where: str) -> Iterator[tuple[str, bool]]:
    """(where, declares a range) for each `Scaling` inside a type, through unions, lists, Annotated."""
    if typing.get_origin(tp) is typing.Annotated:
        inner, *extras = typing.get_args(tp)
        yield from _scaling_sites(inner, ranged or any(isinstance(e, ScalingRange) for e in extras), where)
    elif tp is Scaling:
        yield where, ranged
    else:
        for arg in typing.get_args(tp):
            yield from _scaling_sites(arg, ranged, where)


def _all_scaling_fields() -> list[tuple[str, bool]]:
    seen: set[type[BaseModel]] = set()
    found: list[tuple[str, bool]] = []
    queue: list[type[BaseModel]] = [model for _, model in all_kinds().values()]
    while queue:
        model = queue.pop()
        if model in seen:
            continue
        seen.add(model)
        for name, field in model.model_fields.items():
            ranged = any(isinstance(m, ScalingRange) for m in field.metadata)
            found += _scaling_sites(field.annotation, ranged, f"{model.__name__}.{name}")
            queue += _models_in(field.annotation)
    return found


def _models_in(tp: Any) -> Iterator[type[BaseModel]]:
    if isinstance(tp, type) and issubclass(tp, BaseModel):
        yield tp
    for arg in typing.get_args(tp):
        yield from _models_in(arg)


def test_every_scaling_field_of_every_kind_declares_its_range() -> None:
    sites = _all_scaling_fields()
    assert len(sites) >= 15, sites  # the walk reaches the board's mission and component fields
    assert [where for where, ranged in sites if not ranged] == []


@pytest.mark.parametrize(
    ("value", "message", "row"),
    [
        ("hunters - 1", "with 1 hunter this is 0; HP must be at least 1", None),
        ("4 // (hunters - 2)", "with 1 hunter this is -4; HP must be at least 1", None),
        ("4 // (hunters - 1)", "with 1 hunter this divides by zero", None),
        ("hunters // 0", "with 1 hunter this divides by zero", None),
        (
            "999999 * 999999 * hunters",
            "with 1 hunter this is 999998000001; HP must be at most 1,000,000",
            None,
        ),
        ("players + 1", "`players` is not counted in this game; use `hunters`", None),
        (0, "this is 0; HP must be at least 1", None),
        ({"1": 5, "2": 0, "3": 5, "4": 5}, "with 2 hunters this is 0; HP must be at least 1", "2"),
        (
            {"1": 5, "2": 5},
            "the table gives no value for 3, 4 hunters; it needs a row for each of 1, 2, 3, 4",
            None,
        ),
    ],
)
def test_a_value_out_of_range_at_one_count_names_that_count(
    value: Any, message: str, row: str | None
) -> None:
    found = HUNTERS.problem(Scaling.parse(value))
    assert found is not None
    assert (found.message, found.row) == (message, row)


@pytest.mark.parametrize(
    "value", [1, "hunters", "2 * hunters + 1", "max(1, hunters - 1)", {"1": 1, "2": 2, "3": 3, "4": 4}]
)
def test_a_value_in_range_at_every_count_passes(value: Any) -> None:
    assert HUNTERS.problem(Scaling.parse(value)) is None


@pytest.mark.parametrize("text", ["hunters * ２ + ٣", "hunters + ١", "𝟐 * hunters"])
def test_non_ascii_digits_are_rejected_as_the_schema_rejects_them(text: str) -> None:
    with pytest.raises(ExpressionError, match="not an ASCII digit"):
        Scaling.parse(text)


def test_a_table_row_beyond_the_limit_is_rejected_at_its_row() -> None:
    with pytest.raises(ExpressionError) as error:
        Scaling.parse({"1": 10, "2": 10**21})
    assert error.value.row == "2"
