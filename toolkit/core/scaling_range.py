"""The range a scaling field needs, checked at every player count its game seats.

A scaling field says what it needs where it is declared, beside its type::

    hp: Annotated[Scaling, ScalingRange(minimum=1, what="HP", counts=(1, 2, 3, 4), variable="hunters")]

Validation then evaluates the value at each count: a constant once, a table row by row, an
expression at every count, so `hunters - 1` for a boss's HP fails with "with 1 hunter this is 0"
rather than at the table. Division by zero, a result beyond ±1,000,000 and a variable of another
game fail the same way. The exported JSON Schema carries the bounds for numbers and table rows, so
editors flag what they can (an expression's value at a count is the model's to check).

>>> from toolkit.core.expressions import Scaling
>>> needs = ScalingRange(minimum=1, what="HP", counts=(1, 2, 3, 4), variable="hunters")
>>> needs.problem(Scaling.parse("hunters - 1")).message
'with 1 hunter this is 0; HP must be at least 1'
>>> needs.problem(Scaling.parse("2 * hunters")) is None
True
"""

from __future__ import annotations

import copy
from dataclasses import dataclass
from typing import Any

from pydantic import GetCoreSchemaHandler, GetJsonSchemaHandler
from pydantic.json_schema import JsonSchemaValue
from pydantic_core import PydanticCustomError, core_schema

from toolkit.core.expressions import MAX_MAGNITUDE, Scaling, evaluate


@dataclass(frozen=True, slots=True)
class RangeProblem:
    """Why a scaling value does not fit its field; ``row`` is the table key to point at, if any."""

    message: str
    row: str | None = None


@dataclass(frozen=True, slots=True)
class ScalingRange:
    """What a scaling field accepts: a range, the player counts to evaluate it at, and their name."""

    minimum: int = -MAX_MAGNITUDE
    """The least value at any count."""

    maximum: int = MAX_MAGNITUDE
    """The greatest value at any count."""

    what: str = "this value"
    """The field's meaning in a message: `HP must be at least 1`."""

    counts: tuple[int, ...] = ()
    """The player counts the game seats. Empty when another check owns the counts (Blood Hunt's
    setups declare their own); then constants and table rows are still range-checked."""

    variable: str | None = None
    """The name expressions use for the count; another name is an error."""

    complete: bool = True
    """Whether a table must give a row for every count. False only where a rule check of the
    game reports missing rows under its own code."""

    def problem(self, value: Scaling) -> RangeProblem | None:
        """The first way ``value`` breaks this range, or ``None``."""
        raw = value.raw
        if isinstance(raw, int):
            return None if self._fits(raw) else RangeProblem(f"this is {raw}; {self._need(raw)}")
        if isinstance(raw, tuple):
            return self._table_problem(dict(raw))
        return self._expression_problem(value)

    def _table_problem(self, rows: dict[int, int]) -> RangeProblem | None:
        for count, item in sorted(rows.items()):
            if not self._fits(item):
                return RangeProblem(
                    f"with {self._players(count)} this is {item}; {self._need(item)}", str(count)
                )
        missing = [count for count in self.counts if count not in rows]
        if self.complete and missing:
            return RangeProblem(
                f"the table gives no value for {', '.join(map(str, missing))} {self._noun(2)}; "
                f"it needs a row for each of {', '.join(map(str, self.counts))}"
            )
        return None

    def _expression_problem(self, value: Scaling) -> RangeProblem | None:
        assert value.tree is not None
        others = sorted(value.variables - {self.variable}) if self.variable else []
        if others:
            return RangeProblem(f"`{others[0]}` is not counted in this game; use `{self.variable}`")
        for count in self.counts:
            variables = {self.variable: count} if self.variable else {}
            try:
                result = evaluate(value.tree, variables)
            except ZeroDivisionError:
                return RangeProblem(f"with {self._players(count)} this divides by zero")
            if not self._fits(result):
                shown = f"{result}" if abs(result) <= 10**12 else f"about 10^{len(str(abs(result))) - 1}"
                return RangeProblem(f"with {self._players(count)} this is {shown}; {self._need(result)}")
        return None

    def _fits(self, number: int) -> bool:
        return self.minimum <= number <= self.maximum

    def _need(self, number: int) -> str:
        if number < self.minimum:
            return f"{self.what} must be at least {self.minimum:,}"
        return f"{self.what} must be at most {self.maximum:,}"

    def _noun(self, count: int) -> str:
        plural = self.variable or "players"
        return plural if count != 1 else plural.removesuffix("s")

    def _players(self, count: int) -> str:
        return f"{count} {self._noun(count)}"

    # --- pydantic integration --------------------------------------------------------------
    def _check(self, value: Scaling) -> Scaling:
        found = self.problem(value)
        if found is not None:
            raise PydanticCustomError(
                "scaling_range", "{message}", {"message": found.message, "row": found.row}
            )
        return value

    def __get_pydantic_core_schema__(
        self, source: Any, handler: GetCoreSchemaHandler
    ) -> core_schema.CoreSchema:
        return core_schema.no_info_after_validator_function(self._check, handler(source))

    def __get_pydantic_json_schema__(
        self, schema: core_schema.CoreSchema, handler: GetJsonSchemaHandler
    ) -> JsonSchemaValue:
        base = copy.deepcopy(handler(schema))
        for branch in base.get("anyOf", []):
            if branch.get("type") == "integer":
                branch.update(minimum=self.minimum, maximum=self.maximum)
            elif branch.get("type") == "object":
                for row in branch.get("patternProperties", {}).values():
                    row.update(minimum=self.minimum, maximum=self.maximum)
                if self.complete and self.counts:
                    branch["required"] = [str(count) for count in self.counts]
        return base
