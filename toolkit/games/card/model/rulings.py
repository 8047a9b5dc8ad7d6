"""Rulings: the booklet's clarifications and our own decisions where the sources are silent."""

from __future__ import annotations

from typing import Annotated, ClassVar, Literal

from pydantic import Field

from toolkit.core.model import Document, Id, Text
from toolkit.games.card.model.effects import CardRef

HELPER_PATTERN = r"^toolkit\.games\.card\.rules\.[a-z_]+:[a-z_][a-z0-9_]*$"


class CardRuling(Document):
    """A question the rules raise, how huntkit decides it, and why.

    Rulings with `source: rulebook` restate the booklet's clarifications in our own words; rulings
    with `source: house` are our decisions where the sources say nothing.
    """

    kind_name: ClassVar[str] = "card-ruling"
    kind: Literal["card-ruling"] = "card-ruling"
    """Always `card-ruling`."""

    id: Id
    """Unique among rulings of the pack."""

    title: Text
    """A short name for the ruling."""

    topic: Literal["damage", "killing-blow", "weapons", "runes", "death-tokens", "set-up"]
    """The part of the rules it belongs to."""

    clarification: bool = False
    """True when the booklet's Clarifications section makes this ruling."""

    question: Text
    """The question, in our words."""

    decision: Text
    """What huntkit decides."""

    reason: Text
    """Why: the booklet's words (paraphrased) or our reasoning."""

    cards: list[CardRef] = Field(default_factory=list)
    """Cards the ruling is about."""

    helper: Annotated[str, Field(pattern=HELPER_PATTERN)] | None = None
    """The rule function that implements the ruling (`toolkit.games.card.rules.module:function`)."""
