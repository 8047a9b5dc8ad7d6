"""Goals that count tagged enemies must have enough of them: a tag spawned twice cannot be slain
three times (unless it respawns, or a standing rule spawns it again)."""

from __future__ import annotations

from collections.abc import Iterator

from toolkit.core.diagnostics import Diagnostic
from toolkit.core.document import LoadedDocument, PathKey
from toolkit.core.expressions import Scaling
from toolkit.core.index import ContentIndex, Pack
from toolkit.games.board import codes_mission as mc
from toolkit.games.board.checks.mission_common import PLAYER_COUNTS, at, pack_decks, related
from toolkit.games.board.mission.conditions import SlayTagged
from toolkit.games.board.mission.deck import CampaignDeck
from toolkit.games.board.mission.effects import SpawnBossParams, SpawnParams
from toolkit.games.board.mission.walk import walk_models

Spawned = tuple[Scaling, LoadedDocument, PathKey]


def check_enemy_counts(index: ContentIndex, pack: Pack) -> Iterator[Diagnostic]:
    """`slay: {tag: t, count: n}` needs n enemies tagged t to exist at some point (BB0523)."""
    for deck in pack_decks(index, pack).values():
        for number in deck.chapter_numbers():
            yield from _chapter_counts(deck, number)


def _chapter_counts(deck: CampaignDeck, number: int) -> Iterator[Diagnostic]:
    spawned: dict[str, list[Spawned]] = {}
    endless: set[str] = set()
    goals: list[tuple[SlayTagged, LoadedDocument, PathKey]] = []
    for entry in deck.cards_of(number):
        for model, path in walk_models(entry.model):
            if isinstance(model, SpawnParams | SpawnBossParams) and model.tag:
                count = model.count if isinstance(model, SpawnParams) else Scaling(1)
                spawned.setdefault(model.tag, []).append((count, entry.document, path))
                # Respawning groups and spawns inside standing rules can come back without limit.
                if (isinstance(model, SpawnParams) and model.respawn) or path[0] == "rules":
                    endless.add(model.tag)
            elif isinstance(model, SlayTagged) and path[0] == "goals":
                goals.append((model, entry.document, path))
    for goal, document, path in goals:
        if goal.tag in endless or goal.tag not in spawned:
            continue  # an unknown tag is BB0511's to report
        for hunters in PLAYER_COUNTS:
            need = _value(goal.count, hunters)
            have = sum(_value(count, hunters) or 0 for count, _, _ in spawned[goal.tag])
            if need is None or need <= have:
                continue
            yield mc.TOO_FEW_ENEMIES.at(
                at(document, (*path, "count")),
                f"with {hunters} hunter(s) this goal needs {need} enemies tagged {goal.tag!r}, "
                f"but the chapter spawns only {have}",
                hint="spawn more, make the group `respawn: true`, or lower the count",
                related=tuple(
                    related(d, p, f"spawns {c} tagged {goal.tag!r}") for c, d, p in spawned[goal.tag]
                ),
            )
            break


def _value(value: Scaling, hunters: int) -> int | None:
    try:
        return value.evaluate(hunters=hunters)
    except (KeyError, ZeroDivisionError, ValueError):
        return None
