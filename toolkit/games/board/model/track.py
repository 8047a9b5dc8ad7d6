"""The hunt track and the enemy action deck: the game's clock and its enemy randomiser."""

from __future__ import annotations

from typing import Annotated, ClassVar, Literal

from pydantic import Field

from toolkit.core.model import ContentModel, NamedDocument, UniqueItems


class HuntTrack(NamedDocument):
    """The hunt track: it advances each round after the first and each time a hunter goes to the
    Dream; reaching a reset space resets the map; reaching the last space starts the final round."""

    kind_name: ClassVar[str] = "hunt-track"
    kind: Literal["hunt-track"]
    """Always `hunt-track`."""

    length: Annotated[int, Field(ge=2, le=40)]
    """Spaces on the track; the token starts on space 1."""

    reset_spaces: Annotated[list[int], UniqueItems()]
    """Spaces (numbered from 1) that reset the map when the token reaches them."""

    final_space_resets: bool = True
    """Whether an advance that would pass the final space resets the map again instead."""

    def is_reset(self, space: int) -> bool:
        """Whether reaching ``space`` resets the map."""
        return space in self.reset_spaces or (self.final_space_resets and space == self.length)


EnemyActionType = Literal["basic", "special", "ability"]
"""What an enemy action card makes an enemy do."""


class EnemyActionCard(ContentModel):
    """A kind of card in the enemy action deck, with its number of copies."""

    action: EnemyActionType
    """Which line of the enemy card it calls for."""

    count: Annotated[int, Field(ge=1, le=20)]
    """Copies in the deck."""


class EnemyActionDeck(NamedDocument):
    """The enemy action deck shared by all regular and NPC enemies; it is reshuffled only when
    it runs out, so hunters can count what is left."""

    kind_name: ClassVar[str] = "enemy-action-deck"
    kind: Literal["enemy-action-deck"]
    """Always `enemy-action-deck`."""

    size: Annotated[int, Field(ge=1, le=60)]
    """Cards in the deck; the copies of `cards` must add up to it."""

    cards: list[EnemyActionCard]
    """The cards of the deck by action."""

    def composition(self) -> dict[str, int]:
        """Copies per action type."""
        totals: dict[str, int] = {}
        for card in self.cards:
            totals[card.action] = totals.get(card.action, 0) + card.count
        return totals
