"""Rulings: decisions huntkit's engine makes where the board game's rulebook is silent or unclear."""

from __future__ import annotations

from typing import ClassVar, Literal

from toolkit.core.model import Document, Id, Text


class Ruling(Document):
    """A decision where the rulebook is silent or ambiguous: question, decision and why.

    The engine cites rulings by id in its code, and the reference site lists them.
    """

    kind: Literal["ruling"]
    """Always `ruling`."""
    kind_name: ClassVar[str] = "ruling"

    id: Id
    """How the engine's code and the reference name this ruling."""

    topic: Text | None = None
    """The part of the rules it belongs to (combat, map, dream …)."""

    question: Text
    """What the rulebook leaves open."""

    decision: Text
    """What huntkit's engine does."""

    reason: Text
    """Why this decision."""
