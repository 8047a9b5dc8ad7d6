"""A `change_hp` that takes its target below 1 HP at some hunter count (BB0533).

The engine keeps an enemy's HP at 1 or more (`engine/enemies.py`, `max_hp`), so such a change
silently becomes "1 HP": a warning says how far below it goes and at which count. The HP of an
enemy type, of an NPC enemy's side for that count and of each boss phase are known; a tag stands for
whatever the chapter spawns under it.
"""

from __future__ import annotations

from collections.abc import Iterator

from toolkit.core.diagnostics import Diagnostic
from toolkit.core.index import ContentIndex, Pack
from toolkit.games.board import codes_mission as mc
from toolkit.games.board.checks.mission_common import at, pack_decks
from toolkit.games.board.mission.common import BossSelector, EnemyTypeSelector, TagSelector
from toolkit.games.board.mission.deck import CampaignDeck, local_id
from toolkit.games.board.mission.effects import ChangeHpParams, SpawnBossParams, SpawnParams
from toolkit.games.board.mission.walk import walk_models
from toolkit.games.board.model.enemies import Boss, Enemy, NpcEnemy
from toolkit.games.board.scaling import HUNTER_COUNTS


def check_hp_changes(index: ContentIndex, pack: Pack) -> Iterator[Diagnostic]:
    """Every `change_hp` leaves each enemy it can hit with 1 HP or more, at every hunter count."""
    for deck in pack_decks(index, pack).values():
        for number in deck.chapter_numbers():
            yield from _chapter(index, pack, deck, number)


def _chapter(index: ContentIndex, pack: Pack, deck: CampaignDeck, number: int) -> Iterator[Diagnostic]:
    tagged: dict[str, set[str]] = {}
    for card in deck.cards_of(number):
        for model, _ in walk_models(card.model):
            if isinstance(model, SpawnParams | SpawnBossParams) and model.tag:
                name = model.enemy if isinstance(model, SpawnParams) else model.boss
                tagged.setdefault(model.tag, set()).add(name)
    for card in deck.cards_of(number):
        for model, path in walk_models(card.model):
            if not isinstance(model, ChangeHpParams):
                continue
            targets = _targets(model.target, tagged)
            for hunters in HUNTER_COUNTS:
                change = model.by.evaluate(hunters=hunters)
                lowest = _lowest(index, pack, targets, hunters)
                if change >= 0 or lowest is None or lowest[0] + change >= 1:
                    continue
                hp, what = lowest
                players = f"{hunters} hunter{'s' if hunters != 1 else ''}"
                yield mc.HP_CHANGE_BELOW_ONE.at(
                    at(card.document, (*path, "by")),
                    f"with {players} this takes {what} from {hp} HP to {hp + change}; the game keeps it "
                    "at 1 HP, so the change does less than it says",
                    hint=f"lower the HP by at most {hp - 1} with {players} (a table by count fits)",
                )
                break


def _targets(target: object, tagged: dict[str, set[str]]) -> set[str]:
    if isinstance(target, EnemyTypeSelector):
        return {target.enemy}
    if isinstance(target, BossSelector):
        return {target.boss}
    if isinstance(target, TagSelector):
        return tagged.get(target.tag, set())
    return set()


def _lowest(index: ContentIndex, pack: Pack, targets: set[str], hunters: int) -> tuple[int, str] | None:
    """The smallest HP among the targets with ``hunters`` hunters, and what has it."""
    found: list[tuple[int, str]] = []
    for reference in sorted(targets):
        document = index.resolve(["enemy", "npc-enemy", "boss"], reference, pack.id)
        model = document.model if document is not None else None
        name = local_id(reference)
        if isinstance(model, Enemy):
            found.append((model.hp, name))
        elif isinstance(model, NpcEnemy) and (side := model.side_for(hunters)) is not None:
            found.append((side.hp, name))
        elif isinstance(model, Boss):
            for i, phase in enumerate(model.phases):
                rows = phase.hp.table_counts()
                if rows is None or hunters in rows:
                    found.append((phase.hp.evaluate(hunters=hunters), f"{name}'s phase {i + 1}"))
    return min(found) if found else None
