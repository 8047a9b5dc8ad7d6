"""Finding the instances of a few model classes in a document, without visiting what cannot hold one.

:func:`toolkit.core.vocabulary.walk` visits every model nested in a document, reading every field.
A search for a handful of classes (the verbs a game does not simulate) needs far less: a tile, a
hunter or a stat card cannot hold a mission verb at all, and a name or a number holds no model.
Each model class gets a plan once per set of sought classes: whether its instances are sought, and
which of its fields can, by their annotations, lead to one. The search then reads only those
fields, and finds the same instances with the same paths in the same order as the full walk.

A field is followed unless its annotation proves it cannot lead to a sought instance: scalars
(`str`, `int`, `Literal` …) never do; a model class does when it, a subclass of it (pydantic keeps
a subclass's instance given for a field) or a model its fields can hold is sought; anything the
annotations cannot tell (`Any`, `object`, a class that is neither a model nor a scalar, an
unresolved name) is followed and searched value by value, as the full walk does. Subclasses are
those defined when the first search for a set of classes runs: content is validated from YAML into
the annotated classes themselves, so only a model built in Python could hold a later one.

The not-simulated report was the fixed cost of every `huntkit simulate` (a full walk of the pack,
about 100,000 function calls); tests/core/test_model_search.py holds the search to the walk.
"""

from __future__ import annotations

import enum
import types
import typing
from dataclasses import dataclass
from functools import cache, lru_cache

from pydantic import BaseModel

from toolkit.core.document import PathKey
from toolkit.core.expressions import Scaling

Sought = tuple[type[BaseModel], ...]

LEAVES = (str, int, float, bool, bytes, type(None), enum.Enum, Scaling)
"""Types whose values hold no model: scalars, and a scaling number (an int, an expression or a
table of the hunter count, parsed by :meth:`Scaling.parse` into this frozen dataclass)."""

NOTHING: frozenset[type[BaseModel]] = frozenset()


@dataclass(frozen=True, slots=True)
class Plan:
    """What the search does at an instance of one model class."""

    sought: bool
    """Whether the instance itself is one of the sought."""
    fields: tuple[tuple[str, str], ...]
    """(attribute, key in the author's words) of the fields that may lead to a sought instance,
    in the class's field order."""


_DIRECT: dict[int, tuple[object, frozenset[type[BaseModel]] | None]] = {}
""":func:`direct_models` by the annotation's id, beside the annotation (kept alive, so its id is
not reused). Annotations are not all hashable (``Annotated`` carries pydantic's field infos); many
fields share one (``str | None``)."""


def direct_models(annotation: object) -> frozenset[type[BaseModel]] | None:
    """The model classes an annotation names at any depth of its containers and unions (`list[A |
    B]` → {A, B}); ``None`` when it admits values the annotation cannot tell (`Any`, a class that
    is neither a model nor a scalar, an unresolved name)."""
    known = _DIRECT.get(id(annotation))
    if known is None:
        known = _DIRECT[id(annotation)] = (annotation, _direct_models(annotation))
    return known[1]


def _direct_models(annotation: object) -> frozenset[type[BaseModel]] | None:
    if isinstance(annotation, type):
        if issubclass(annotation, BaseModel):
            return frozenset((annotation,))
        return NOTHING if issubclass(annotation, LEAVES) else None
    if annotation is None:
        return NOTHING
    # What typing.get_origin and get_args read, read directly: this runs for every field.
    if hasattr(annotation, "__metadata__"):  # Annotated[X, ...]: X
        return direct_models(annotation.__origin__)  # type: ignore[attr-defined]
    origin = getattr(annotation, "__origin__", None)
    if origin is typing.Literal:
        return NOTHING
    if origin is None and not isinstance(annotation, types.UnionType):
        return None
    found: set[type[BaseModel]] = set()
    for argument in annotation.__args__:  # type: ignore[attr-defined]
        if argument is Ellipsis:  # tuple[X, ...]
            continue
        models = direct_models(argument)
        if models is None:
            return None
        found |= models
    return frozenset(found)


Field = tuple[str, str, frozenset[type[BaseModel]] | None]
"""(attribute, key in the author's words, :func:`direct_models` of its annotation)."""


@cache
def fields_of(model: type[BaseModel]) -> tuple[Field, ...]:
    """A model class's fields with the models their annotations name (a class never changes)."""
    fields = model.model_fields.items()
    return tuple([(name, info.alias or name, direct_models(info.annotation)) for name, info in fields])


class Planner:
    """Plans for one set of sought classes; whether a class leads to a sought instance is worked
    out once for every class reachable from the first one asked about."""

    def __init__(self, sought: Sought) -> None:
        self.sought = sought
        self.leads: dict[type[BaseModel], bool] = {}
        self.plans: dict[type[BaseModel], Plan] = {}

    def plan(self, model: type[BaseModel]) -> Plan:
        plan = self.plans.get(model)
        if plan is None:
            fields = tuple([(name, key) for name, key, models in fields_of(model) if self._may_lead(models)])
            plan = self.plans[model] = Plan(issubclass(model, self.sought), fields)
        return plan

    def _may_lead(self, models: frozenset[type[BaseModel]] | None) -> bool:
        if models is None:
            return True
        leads = self.leads
        for model in models:
            if model not in leads:
                self._settle(model)
            if leads[model]:
                return True
        return False

    def _settle(self, start: type[BaseModel]) -> None:
        """Work out :attr:`leads` for ``start`` and every class reachable from it not yet settled:
        a class leads to a sought instance when it is sought, has a field the annotations cannot
        tell, or reaches (through a field or as a subclass) a class that leads."""
        leads, sought = self.leads, self.sought
        before: dict[type[BaseModel], list[type[BaseModel]]] = {}
        fresh: dict[type[BaseModel], None] = {}
        """The classes settled by this call (their answer may still turn to "leads")."""
        stack = [start]
        while stack:
            model = stack.pop()
            if model in leads:
                continue
            following = model.__subclasses__()
            opaque = False
            for _, _, models in fields_of(model):
                if models is None:
                    opaque = True
                elif models:
                    following += models
            leads[model] = opaque or issubclass(model, sought)
            fresh[model] = None
            for successor in following:
                if successor in leads and successor not in fresh:  # settled before: final
                    if leads[successor]:
                        leads[model] = True
                elif successor in before:
                    before[successor].append(model)
                else:
                    before[successor] = [model]
            stack += following
        # A class leads when one it can reach leads: spread "leads" backwards until nothing moves.
        frontier = [model for model in fresh if leads[model]]
        while frontier:
            for predecessor in before.get(frontier.pop(), ()):
                if not leads[predecessor]:
                    leads[predecessor] = True
                    frontier.append(predecessor)


@lru_cache(maxsize=32)
def planner(sought: Sought) -> Planner:
    """The planner of a set of sought classes (model classes do not change once defined)."""
    return Planner(sought)


def find_instances(model: BaseModel, sought: Sought, path: PathKey = ()) -> list[tuple[BaseModel, PathKey]]:
    """The models of ``walk(model, path)`` that are instances of a class in ``sought``, each with its
    path, in the walk's order."""
    found: list[tuple[BaseModel, PathKey]] = []
    if sought:
        _visit(model, path, planner(sought), found)
    return found


def _visit(value: object, path: PathKey, plans: Planner, found: list[tuple[BaseModel, PathKey]]) -> None:
    if isinstance(value, BaseModel):
        plan = plans.plans.get(type(value)) or plans.plan(type(value))
        if plan.sought:
            found.append((value, path))
        for name, key in plan.fields:
            _visit(getattr(value, name), (*path, key), plans, found)
    elif isinstance(value, list | tuple):
        for position, item in enumerate(value):
            _visit(item, (*path, position), plans, found)
    elif isinstance(value, dict):
        for key, item in value.items():
            _visit(item, (*path, str(key)), plans, found)
