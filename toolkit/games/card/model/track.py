"""Death tokens and the trophy track on the hunter board, as data the rule module reads."""

from __future__ import annotations

from typing import Annotated, ClassVar, Literal

from pydantic import Field

from toolkit.core.model import ContentModel, Id, Illustrated, Text
from toolkit.games.card.model.cards import Replacing

KNOWN_MONSTER_TYPES = ("kin", "humanoid", "beast")
"""The monster types the expansion's death tokens name."""


class DeathToken(Illustrated, Replacing):
    """A type of Death token. Each hunter takes the tokens of every type at set-up."""

    kind_name: ClassVar[str] = "death-token"
    kind: Literal["death-token"] = "death-token"
    """Always `death-token`."""

    type: Id
    """The monster type it tracks; monsters of this type move it when they kill its hunter."""

    per_hunter: Annotated[int, Field(ge=1, le=5)] = 1
    """How many tokens of this type each hunter takes."""

    in_box: Annotated[int, Field(ge=1, le=30)] | None = None
    """How many tokens of this type the box holds, when known; it must supply `per_hunter` for
    every hunter at the largest table (check BB0812)."""


class DeathRules(ContentModel):
    """How death tokens move. The defaults are the expansion's rules."""

    monster_kill_moves: Literal["all-of-monster-type"] = "all-of-monster-type"
    """Which of the slain hunter's tokens move when a monster kills them: every token of the
    monster's type."""

    hunter_kill_moves: Literal["one-of-victims-choice"] = "one-of-victims-choice"
    """Which move when a hunter kills them: one token of any type, chosen by the slain hunter."""

    step: Annotated[int, Field(ge=1, le=3)] = 1
    """How many spaces to the left a token moves each time."""

    blocks: Literal["own-space-and-right"] = "own-space-and-right"
    """Which spaces a token makes unavailable until the end of the game: its own and every space
    to its right."""

    trophy_in_the_way: Literal["push-left"] = "push-left"
    """What happens to a trophy on the space a token moves to: it moves left to make room."""


class TrophyTrack(Replacing):
    """The row of trophy spaces on a hunter board, and the death-token rules that shrink it."""

    kind_name: ClassVar[str] = "trophy-track"
    kind: Literal["trophy-track"] = "trophy-track"
    """Always `trophy-track`."""

    spaces: Annotated[list[Annotated[int, Field(ge=0, le=99)]], Field(min_length=1, max_length=30)]
    """The values printed on the spaces, left to right; strictly increasing (check BB0802)."""

    death_tokens_start_after: int = 8
    """The value of the space death tokens start to the right of; it must be one of `spaces`."""

    death_token_types: list[Id] = Field(default_factory=lambda: list(KNOWN_MONSTER_TYPES))
    """The death-token types each hunter places at set-up; each needs a `death-token` document."""

    death_rules: DeathRules = Field(default_factory=DeathRules)
    """How the tokens move."""

    text: Text | None = None
    """The rules of the track in our own words."""
