"""Faces of the board game's cards: enemies (both sides), NPC enemies, bosses (a phase a side),
hunter and trick-weapon dashboards, stat, upgrade, consumable, reward and firearm cards, and the
campaign's mission cards (hunt, insight and special-rules) and insight cards."""

from __future__ import annotations

from collections.abc import Sequence

from toolkit.core.document import LoadedDocument, PathKey
from toolkit.core.model import Document
from toolkit.games.board.model.enemies import Enemy, EnemySide, NpcEnemy, NpcSide
from toolkit.publish.faces.backs import plain_back
from toolkit.publish.faces.canvas import Canvas
from toolkit.publish.faces.context import FaceContext, typed
from toolkit.publish.faces.face import POKER, CardSize, Drawn
from toolkit.publish.faces.frame import Frame, Section, Stat
from toolkit.publish.faces.icons import SPEED_ICONS
from toolkit.publish.faces.prose import phrases

GAME = "Bloodborne: The Board Game"
ENEMY_RED = "#5b1f1f"
HUNTER_BLUE = "#23364a"
ITEM_GREEN = "#2f4a33"
MISSION_GOLD = "#6b5418"
INSIGHT_VIOLET = "#3b2f5a"


def _effects(ctx: FaceContext, effects: Sequence[object] | None) -> str:
    return phrases(list(effects or ()), ctx.name_of, ctx.language)


def _attack_section(ctx: FaceContext, label: str, attack: object, path: PathKey) -> Section:
    speed = getattr(attack, "speed", None)
    damage = getattr(attack, "damage", None)
    stats: list[Stat] = []
    if speed is not None:
        stats.append(Stat(SPEED_ICONS[speed], ""))
    if damage is not None:
        stats.append(Stat("damage", str(damage)))
    name = ctx.text(getattr(attack, "name", None))
    return Section(
        text=_effects(ctx, getattr(attack, "effects", None)),
        path=(*path, "effects"),
        header=f"{label}: {name}" if label else name,
        header_path=(*path, "name"),
        stats=tuple(stats),
    )


def _front(
    ctx: FaceContext, document: LoadedDocument, size: CardSize, colour: str, title_path: PathKey = ("name",)
) -> tuple[Frame, str]:
    model = document.model
    assert model is not None
    title = ctx.text(getattr(model, "name", None) or getattr(model, "title", None)) or model.display_name()
    frame = Frame.card(size.width, size.height, colour)
    frame.title(title, title_path)
    return frame, title


def _flavor(ctx: FaceContext, frame: Frame, model: Document) -> None:
    flavor = getattr(model, "flavor", None)
    if flavor:
        frame.section(Section(text=ctx.text(flavor), path=("flavor",), italic=True))


def _side_of_enemy(
    ctx: FaceContext,
    document: LoadedDocument,
    side: EnemySide | NpcSide,
    key: str,
    label: str,
    stats: list[Stat],
) -> tuple[Canvas, str]:
    frame, title = _front(ctx, document, POKER, ENEMY_RED)
    frame.subtitle(label)
    frame.art(ctx.art_uri(document), share=0.22)
    frame.stats(stats)
    path: PathKey = ("sides", key)
    frame.section(_attack_section(ctx, "Basic", side.basic, (*path, "basic")))
    frame.section(_attack_section(ctx, "Special", side.special, (*path, "special")))
    frame.section(_attack_section(ctx, "Ability", side.ability, (*path, "ability")))
    return frame.finish(label), title


def enemy(document: LoadedDocument, ctx: FaceContext) -> list[Drawn]:
    """An enemy card: side A on the front, side B on the back."""
    model = typed(document, Enemy)
    stats = [Stat("hp", str(model.hp), "HP"), Stat("movement", str(model.movement))]
    front, title = _side_of_enemy(ctx, document, model.sides.a, "a", "Enemy · side A", stats)
    back, _ = _side_of_enemy(ctx, document, model.sides.b, "b", "Enemy · side B", stats)
    return [Drawn(model.id, title, front, back)]


NPC_SIDES = (("1-2", "NPC enemy · 1–2 hunters"), ("3-4", "NPC enemy · 3–4 hunters"))


def npc_enemy(document: LoadedDocument, ctx: FaceContext) -> list[Drawn]:
    """An NPC enemy card: the 1–2 hunter side on the front, the 3–4 side on the back."""
    model = typed(document, NpcEnemy)
    movement = Stat("movement", str(model.movement))
    canvases: list[Canvas] = []
    for (key, label), side in zip(NPC_SIDES, (model.sides.for_1_2, model.sides.for_3_4), strict=True):
        if side is None:  # BB04xx reports the missing side; the card is still drawn
            canvases.append(plain_back(POKER, GAME, label, ENEMY_RED))
            continue
        stats = [Stat("hp", str(side.hp), "HP"), movement]
        canvases.append(_side_of_enemy(ctx, document, side, key, label, stats)[0])
    return [Drawn(model.id, ctx.text(model.name), canvases[0], canvases[1])]
