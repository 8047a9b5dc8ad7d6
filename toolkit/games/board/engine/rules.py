"""The rules bundle: the typed components of one chapter, looked up once before play.

The engine never reads the content index during play; :func:`load_rules` gathers every hunter,
weapon, card, enemy, boss, tile and the chapter's mission cards visible from a pack into plain
dictionaries keyed by id.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, TypeVar

from toolkit.core.index import ContentIndex
from toolkit.games.board.mission.documents import Campaign, Chapter, InsightCard, MissionCard
from toolkit.games.board.model.cards import Consumable, Reward, StatCard
from toolkit.games.board.model.enemies import Boss, Enemy, NpcEnemy
from toolkit.games.board.model.hunter import Hunter
from toolkit.games.board.model.tiles import Tile
from toolkit.games.board.model.track import EnemyActionDeck, HuntTrack
from toolkit.games.board.model.weapons import Firearm, TrickWeapon


class RulesError(ValueError):
    """The content cannot be played: a missing campaign, chapter or component."""


@dataclass(slots=True)
class Rules:
    """Everything the engine needs to play one chapter, by id."""

    hunters: dict[str, Hunter]
    weapons: dict[str, TrickWeapon]
    firearms: dict[str, Firearm]
    stat_cards: dict[str, StatCard]
    consumables: dict[str, Consumable]
    rewards: dict[str, Reward]
    enemies: dict[str, Enemy]
    npcs: dict[str, NpcEnemy]
    bosses: dict[str, Boss]
    tiles: dict[str, Tile]
    track: HuntTrack
    action_deck: EnemyActionDeck
    campaign: Campaign
    chapter: Chapter
    mission_cards: dict[int, MissionCard] = field(default_factory=dict)
    insight_cards: dict[int, InsightCard] = field(default_factory=dict)
    pack_id: str = ""
    index: ContentIndex | None = None
    """The content index the rules came from (the mission interpreter reads its campaign book)."""
    cache: dict[str, object] = field(default_factory=dict)
    """Things built once per rules bundle (the interpreter's campaign book)."""

    @property
    def basic_cards(self) -> list[StatCard]:
        """The basic stat cards that make up a starting hunter deck."""
        return [card for card in self.stat_cards.values() if card.tier == "basic"]

    @property
    def upgrade_cards(self) -> list[StatCard]:
        """The cards of the upgrade deck."""
        return [card for card in self.stat_cards.values() if card.tier == "upgrade"]

    def hunter_order(self) -> list[str]:
        """Hunter ids in content order: hunter *i* of a game is the *i*-th one."""
        return list(self.hunters)


def _strip(ref: str) -> str:
    """A pack-qualified id without its pack (`core:scourge-beast` → `scourge-beast`)."""
    return ref.split(":", 1)[1] if ":" in ref else ref


T = TypeVar("T")


def _collect(index: ContentIndex, kind: str, model: type[T], packs: list[str]) -> dict[str, T]:
    found: dict[str, T] = {}
    # Requirements come after the pack itself in `packs`; the pack's own documents win.
    for pack_id in reversed(packs):
        for document in index.documents_of(kind, [pack_id]):
            if isinstance(document.model, model):
                found[str(getattr(document.model, "id", ""))] = document.model
    return found


def load_rules(index: ContentIndex, pack_id: str, campaign: str, chapter: int) -> Rules:
    """The rules bundle of one chapter of ``campaign`` as seen from ``pack_id``."""
    packs = index.visible_packs(pack_id)
    campaigns = _collect(index, "campaign", Campaign, packs)
    if _strip(campaign) not in campaigns:
        known = ", ".join(sorted(campaigns)) or "none"
        raise RulesError(f"no campaign `{campaign}` in pack `{pack_id}` (known: {known})")
    chapter_doc = next(
        (
            doc.model
            for doc in index.documents_of("chapter", packs)
            if isinstance(doc.model, Chapter)
            and _strip(doc.model.campaign) == _strip(campaign)
            and doc.model.number == chapter
        ),
        None,
    )
    if chapter_doc is None:
        raise RulesError(f"campaign `{campaign}` has no chapter {chapter}")
    cards = {
        doc.model.number: doc.model
        for doc in index.documents_of("mission-card", packs)
        if isinstance(doc.model, MissionCard) and _strip(doc.model.campaign) == _strip(campaign)
    }
    insight = {
        doc.model.number: doc.model
        for doc in index.documents_of("insight-card", packs)
        if isinstance(doc.model, InsightCard) and _strip(doc.model.campaign) == _strip(campaign)
    }
    return Rules(
        **load_components(index, packs),
        campaign=campaigns[_strip(campaign)],
        chapter=chapter_doc,
        mission_cards=cards,
        insight_cards=insight,
        pack_id=pack_id,
        index=index,
    )


def load_components(index: ContentIndex, packs: list[str]) -> dict[str, Any]:
    """The component fields of a :class:`Rules` bundle (everything but the campaign and its
    cards), as seen from ``packs`` (a pack and its requirements, the pack first)."""
    tracks = list(_collect(index, "hunt-track", HuntTrack, packs).values())
    decks = list(_collect(index, "enemy-action-deck", EnemyActionDeck, packs).values())
    if not tracks or not decks:
        raise RulesError("the hunt track or the enemy action deck is missing (does the pack require core?)")
    return {
        "hunters": _collect(index, "hunter", Hunter, packs),
        "weapons": _collect(index, "trick-weapon", TrickWeapon, packs),
        "firearms": _collect(index, "firearm", Firearm, packs),
        "stat_cards": _collect(index, "stat-card", StatCard, packs),
        "consumables": _collect(index, "consumable", Consumable, packs),
        "rewards": _collect(index, "reward", Reward, packs),
        "enemies": _collect(index, "enemy", Enemy, packs),
        "npcs": _collect(index, "npc-enemy", NpcEnemy, packs),
        "bosses": _collect(index, "boss", Boss, packs),
        "tiles": _collect(index, "tile", Tile, packs),
        "track": tracks[0],
        "action_deck": decks[0],
    }


def strip_pack(ref: str) -> str:
    """Public form of :func:`_strip` for the other engine modules."""
    return _strip(ref)
