"""Component models of the board game: hunters, weapons, cards, enemies, bosses, tiles, track."""

from __future__ import annotations

from toolkit.core.model import Document
from toolkit.games.board.model.cards import Consumable, Reward, StatCard
from toolkit.games.board.model.enemies import Boss, Enemy, NpcEnemy
from toolkit.games.board.model.hunter import Hunter
from toolkit.games.board.model.ruling import Ruling
from toolkit.games.board.model.tiles import Tile
from toolkit.games.board.model.track import EnemyActionDeck, HuntTrack
from toolkit.games.board.model.weapons import Firearm, TrickWeapon

COMPONENT_KINDS: dict[str, type[Document]] = {
    model.kind_name: model
    for model in (
        Hunter,
        TrickWeapon,
        Firearm,
        StatCard,
        Consumable,
        Reward,
        Enemy,
        NpcEnemy,
        Boss,
        Tile,
        HuntTrack,
        EnemyActionDeck,
        Ruling,
    )
}
"""Every component kind of the board game, by its `kind` value."""

__all__ = [
    "COMPONENT_KINDS",
    "Boss",
    "Consumable",
    "Enemy",
    "EnemyActionDeck",
    "Firearm",
    "HuntTrack",
    "Hunter",
    "NpcEnemy",
    "Reward",
    "StatCard",
    "Tile",
    "TrickWeapon",
]
