"""Values that scale with the number of hunters (or players), parsed safely — never ``eval``.

Three forms are accepted wherever a :class:`Scaling` is expected::

    hp: 4                          # a plain number
    random_tiles: 2 * hunters      # an expression
    hp: {1: 10, 2: 10, 3: 18, 4: 18}   # a table by count

Expressions use integers, the variables a game declares (``hunters`` for the board game, ``players``
for Blood Hunt), ``+ - * //``, parentheses and the functions ``min(a, b, ...)`` and ``max(a, b, ...)``.

>>> Scaling.parse("2 * hunters").evaluate(hunters=3)
6
>>> Scaling.parse({"1": 10, "2": 10, "3": 18, "4": 18}).evaluate(hunters=3)
18
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from pydantic import GetCoreSchemaHandler, GetJsonSchemaHandler
from pydantic.json_schema import JsonSchemaValue
from pydantic_core import PydanticCustomError, core_schema

KNOWN_VARIABLES = frozenset({"hunters", "players"})
FUNCTIONS: dict[str, Callable[..., int]] = {"min": min, "max": max}
MAX_EXPRESSION_LENGTH = 200
MAX_EXPRESSION_DEPTH = 20
# Integers in content are counts of cards, spaces and hit points; nothing legitimate comes near this.
MAX_MAGNITUDE = 10**6

EXPRESSION_PATTERN = r"^(?:\s*(?:[0-9]+|hunters|players|min|max|//|[-+*(),])\s*)+$"
"""What the JSON Schema admits: the expression's tokens (the grammar itself is checked on load)."""

# ASCII digits only, as the schema's pattern says: ``\d`` would also take "２" and "٣".
_TOKEN = re.compile(r"\s*(?:(?P<int>[0-9]+)|(?P<name>[a-z_][a-z0-9_]*)|(?P<op>//|[-+*(),]))")


class ExpressionError(ValueError):
    """An expression that does not parse; ``offset`` is the 0-based character where it goes wrong,
    ``row`` the table key whose value is wrong (for tables)."""

    def __init__(self, message: str, offset: int, row: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.offset = offset
        self.row = row


@dataclass(frozen=True, slots=True)
class Num:
    value: int


@dataclass(frozen=True, slots=True)
class Var:
    name: str


@dataclass(frozen=True, slots=True)
class BinOp:
    op: str
    left: Node
    right: Node


@dataclass(frozen=True, slots=True)
class Neg:
    operand: Node


@dataclass(frozen=True, slots=True)
class Call:
    function: str
    args: tuple[Node, ...]


Node = Num | Var | BinOp | Neg | Call


class _Parser:
    """A recursive-descent parser over a token list; depth-limited so no input can recurse deeply."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.tokens: list[tuple[str, str, int]] = []
        pos = 0
        while pos < len(text):
            if text[pos:].strip() == "":
                break
            match = _TOKEN.match(text, pos)
            if match is None or match.end() == pos:
                offset = pos + (len(text[pos:]) - len(text[pos:].lstrip()))
                if text[offset].isdigit():
                    raise ExpressionError(f"{text[offset]!r} is not an ASCII digit; write digits 0-9", offset)
                raise ExpressionError(f"unexpected character {text[offset]!r}", offset)
            kind = match.lastgroup or ""
            start = match.start(kind)
            self.tokens.append((kind, match.group(kind), start))
            pos = match.end()
        self.index = 0
        self.depth = 0

    def peek(self) -> tuple[str, str, int] | None:
        return self.tokens[self.index] if self.index < len(self.tokens) else None

    def take(self) -> tuple[str, str, int]:
        token = self.peek()
        if token is None:
            raise ExpressionError("the expression ends too soon", len(self.text))
        self.index += 1
        return token

    def parse(self) -> Node:
        if not self.tokens:
            raise ExpressionError("the expression is empty", 0)
        node = self.expression()
        leftover = self.peek()
        if leftover is not None:
            raise ExpressionError(f"unexpected {leftover[1]!r}", leftover[2])
        return node

    def expression(self) -> Node:
        self.depth += 1
        if self.depth > MAX_EXPRESSION_DEPTH:
            raise ExpressionError("the expression is nested too deeply", self._offset())
        node = self.term()
        while (token := self.peek()) is not None and token[1] in ("+", "-"):
            self.take()
            node = BinOp(token[1], node, self.term())
        self.depth -= 1
        return node

    def term(self) -> Node:
        node = self.factor()
        while (token := self.peek()) is not None and token[1] in ("*", "//"):
            self.take()
            node = BinOp(token[1], node, self.factor())
        return node

    def factor(self) -> Node:
        kind, text, offset = self.take()
        if kind == "int":
            value = int(text)
            if value > MAX_MAGNITUDE:
                raise ExpressionError(f"{text} is larger than {MAX_MAGNITUDE}", offset)
            return Num(value)
        if text == "-":
            return Neg(self.factor())
        if text == "(":
            node = self.expression()
            self._expect(")")
            return node
        if kind == "name":
            nxt = self.peek()
            if nxt is not None and nxt[1] == "(":
                return self.call(text, offset)
            if text not in KNOWN_VARIABLES:
                raise ExpressionError(
                    f"unknown name {text!r}; use {' or '.join(sorted(KNOWN_VARIABLES))}", offset
                )
            return Var(text)
        raise ExpressionError(f"unexpected {text!r}", offset)

    def call(self, name: str, offset: int) -> Node:
        if name not in FUNCTIONS:
            raise ExpressionError(f"unknown function {name!r}; use {' or '.join(sorted(FUNCTIONS))}", offset)
        self.take()  # "("
        args = [self.expression()]
        while (token := self.peek()) is not None and token[1] == ",":
            self.take()
            args.append(self.expression())
        self._expect(")")
        if len(args) < 2:
            # Python's min(3) raises TypeError at evaluation, long after validation said "fine".
            raise ExpressionError(f"{name}() needs at least two values, as in {name}(hunters, 2)", offset)
        return Call(name, tuple(args))

    def _expect(self, symbol: str) -> None:
        _, text, offset = self.take()
        if text != symbol:
            raise ExpressionError(f"expected {symbol!r}, found {text!r}", offset)

    def _offset(self) -> int:
        token = self.peek()
        return token[2] if token else len(self.text)


def parse_expression(text: str) -> Node:
    """Parse ``text`` into an expression tree or raise :class:`ExpressionError`."""
    if len(text) > MAX_EXPRESSION_LENGTH:
        raise ExpressionError(f"the expression is longer than {MAX_EXPRESSION_LENGTH}", 0)
    return _Parser(text).parse()


def evaluate(node: Node, variables: Mapping[str, int]) -> int:
    """Evaluate an expression tree; unknown variables raise ``KeyError``."""
    if isinstance(node, Num):
        return node.value
    if isinstance(node, Var):
        return variables[node.name]
    if isinstance(node, Neg):
        return -evaluate(node.operand, variables)
    if isinstance(node, Call):
        return FUNCTIONS[node.function](*(evaluate(a, variables) for a in node.args))
    left, right = evaluate(node.left, variables), evaluate(node.right, variables)
    if node.op == "+":
        return left + right
    if node.op == "-":
        return left - right
    if node.op == "*":
        return left * right
    if right == 0:
        raise ZeroDivisionError("division by zero in a player-count expression")
    return left // right


def variables_of(node: Node) -> frozenset[str]:
    """The variable names an expression uses."""
    if isinstance(node, Var):
        return frozenset({node.name})
    if isinstance(node, BinOp):
        return variables_of(node.left) | variables_of(node.right)
    if isinstance(node, Neg):
        return variables_of(node.operand)
    if isinstance(node, Call):
        return frozenset().union(*(variables_of(a) for a in node.args))
    return frozenset()


_TABLE_KEY = re.compile(r"^[1-9]$")


def _whole(value: object) -> object:
    """``2.0`` as ``2``: JSON Schema's integers (and pydantic's, for plain int fields) include
    floats with no fraction, so a scaling number does too; other values pass unchanged."""
    if isinstance(value, float) and value.is_integer():
        return int(value)
    return value


@dataclass(frozen=True, slots=True)
class Scaling:
    """A number that may depend on how many hunters (or players) are at the table."""

    raw: int | str | tuple[tuple[int, int], ...]
    tree: Node | None = None

    kind_name: ClassVar[str] = "scaling number"

    @classmethod
    def parse(cls, value: object) -> Scaling:
        """Build from YAML: an int, an expression string, or a ``{count: value}`` table."""
        if isinstance(value, bool):
            raise ExpressionError("expected a number, an expression or a table, not a boolean", 0)
        value = _whole(value)
        if isinstance(value, int):
            if abs(value) > MAX_MAGNITUDE:
                raise ExpressionError(f"{value} is larger than {MAX_MAGNITUDE}", 0)
            return cls(value)
        if isinstance(value, str):
            return cls(value, parse_expression(value))
        if isinstance(value, Mapping):
            rows: list[tuple[int, int]] = []
            for key, item in value.items():
                if not _TABLE_KEY.match(str(key)):
                    raise ExpressionError(f"table keys are counts 1-9, not {key!r}", 0)
                item = _whole(item)
                if isinstance(item, bool) or not isinstance(item, int):
                    raise ExpressionError(f"the value for {key} must be a whole number", 0, str(key))
                if abs(item) > MAX_MAGNITUDE:
                    raise ExpressionError(f"{item} is beyond the limit of ±{MAX_MAGNITUDE:,}", 0, str(key))
                rows.append((int(key), item))
            if not rows:
                raise ExpressionError("the table is empty", 0)
            return cls(tuple(sorted(rows)))
        raise ExpressionError("expected a number, an expression or a table", 0)

    @property
    def is_constant(self) -> bool:
        return isinstance(self.raw, int)

    @property
    def variables(self) -> frozenset[str]:
        return variables_of(self.tree) if self.tree is not None else frozenset()

    def table_counts(self) -> frozenset[int] | None:
        """For a table, the counts it covers; ``None`` for numbers and expressions."""
        return frozenset(k for k, _ in self.raw) if isinstance(self.raw, tuple) else None

    def evaluate(self, **variables: int) -> int:
        """The value for a given table: ``evaluate(hunters=2)``.

        A table is looked up by the single count passed in; a missing row raises ``KeyError``.
        """
        if isinstance(self.raw, int):
            return self.raw
        if isinstance(self.raw, tuple):
            (count,) = variables.values()
            return dict(self.raw)[count]
        assert self.tree is not None
        return evaluate(self.tree, variables)

    def to_yaml(self) -> int | str | dict[str, int]:
        if isinstance(self.raw, tuple):
            return {str(k): v for k, v in self.raw}
        return self.raw

    def __str__(self) -> str:
        if isinstance(self.raw, tuple):
            return ", ".join(f"{k}: {v}" for k, v in self.raw)
        return str(self.raw)

    # --- pydantic integration --------------------------------------------------------------
    @classmethod
    def _validate(cls, value: Any) -> Scaling:
        if isinstance(value, Scaling):
            return value
        value = _whole(value)
        if isinstance(value, bool) or not isinstance(value, int | str | Mapping):
            raise PydanticCustomError("scaling_type", "expected a number, an expression or a table by count")
        try:
            return cls.parse(value)
        except ExpressionError as error:
            raise PydanticCustomError(
                "bad_expression",
                "{message}",
                {"message": error.message, "offset": error.offset, "row": error.row},
            ) from None

    @classmethod
    def __get_pydantic_core_schema__(
        cls, source: Any, handler: GetCoreSchemaHandler
    ) -> core_schema.CoreSchema:
        return core_schema.no_info_plain_validator_function(
            cls._validate,
            serialization=core_schema.plain_serializer_function_ser_schema(lambda v: v.to_yaml()),
        )

    @classmethod
    def __get_pydantic_json_schema__(
        cls, schema: core_schema.CoreSchema, handler: GetJsonSchemaHandler
    ) -> JsonSchemaValue:
        return {
            "description": (
                "A whole number, an expression of the player count such as `2 * hunters`, "
                "or a table by count such as `{1: 10, 2: 10, 3: 18, 4: 18}`."
            ),
            "anyOf": [
                {"type": "integer", "minimum": -MAX_MAGNITUDE, "maximum": MAX_MAGNITUDE},
                {"type": "string", "pattern": EXPRESSION_PATTERN, "minLength": 1},
                {
                    "type": "object",
                    "patternProperties": {
                        "^[1-9]$": {"type": "integer", "minimum": -MAX_MAGNITUDE, "maximum": MAX_MAGNITUDE}
                    },
                    "additionalProperties": False,
                    "minProperties": 1,
                },
            ],
        }
