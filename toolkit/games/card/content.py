"""The card-game content in play for a pack: what it and the packs it requires bring to the table.

A document of a pack hides a document of the same kind and id in a pack it requires (on purpose
with `replaces:`, or by accident: BB0810), so "in play" means the nearest document of each id, the
pack's own first. Checks, the scenario runner and the property tests all read the table through
here, so they agree on which cards exist.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import TypeVar

from toolkit.core.document import LoadedDocument
from toolkit.core.index import ContentIndex
from toolkit.core.model import Document
from toolkit.games.card.model.cards import CardUpgrade, Monster, NightmareBoss, Rune
from toolkit.games.card.model.track import DeathToken, TrophyTrack

D = TypeVar("D", bound=Document)

PLAYER_COUNTS = (3, 4, 5)
"""The player counts the card game seats (our summary of the base game: 3–5)."""


def in_play(
    index: ContentIndex, pack_id: str, kind: str, model_type: type[D]
) -> Iterator[tuple[LoadedDocument, D]]:
    """The documents of ``kind`` visible from ``pack_id``, each id once: the nearest pack's."""
    seen: set[str] = set()
    for document, model in index.models_of(kind, model_type, index.visible_packs(pack_id)):
        key = model.document_key()
        if key is None or key in seen:
            continue
        seen.add(key)
        yield document, model


@dataclass(frozen=True, slots=True)
class CardSet:
    """Every card-game component in play for one pack, in pack order then file order."""

    runes: tuple[tuple[LoadedDocument, Rune], ...]
    monsters: tuple[tuple[LoadedDocument, Monster], ...]
    bosses: tuple[tuple[LoadedDocument, NightmareBoss], ...]
    upgrades: tuple[tuple[LoadedDocument, CardUpgrade], ...]
    death_tokens: tuple[tuple[LoadedDocument, DeathToken], ...]
    tracks: tuple[tuple[LoadedDocument, TrophyTrack], ...]

    @property
    def track(self) -> TrophyTrack | None:
        """The trophy track in play (the nearest one; BB0816 reports a second)."""
        return self.tracks[0][1] if self.tracks else None

    @property
    def fighters(self) -> tuple[tuple[LoadedDocument, Monster | NightmareBoss], ...]:
        """The monsters, then the bosses and main bosses."""
        return (*self.monsters, *self.bosses)

    @property
    def main_bosses(self) -> tuple[NightmareBoss, ...]:
        """The main bosses to choose from at set-up."""
        return tuple(boss for _, boss in self.bosses if boss.main)

    def token(self, token_type: str) -> DeathToken | None:
        """The death-token document of ``token_type``, if one is in play."""
        return next((token for _, token in self.death_tokens if token.type == token_type), None)

    def per_hunter(self, token_type: str) -> int:
        """How many tokens of ``token_type`` each hunter places (1 without a document)."""
        token = self.token(token_type)
        return token.per_hunter if token is not None else 1


def card_set(index: ContentIndex, pack_id: str) -> CardSet:
    """The components in play for ``pack_id``."""
    return CardSet(
        runes=tuple(in_play(index, pack_id, "rune", Rune)),
        monsters=tuple(in_play(index, pack_id, "monster", Monster)),
        bosses=tuple(in_play(index, pack_id, "nightmare-boss", NightmareBoss)),
        upgrades=tuple(in_play(index, pack_id, "card-upgrade", CardUpgrade)),
        death_tokens=tuple(in_play(index, pack_id, "death-token", DeathToken)),
        tracks=tuple(in_play(index, pack_id, "trophy-track", TrophyTrack)),
    )
