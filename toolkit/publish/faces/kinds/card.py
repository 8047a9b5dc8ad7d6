"""Faces of The Hunter's Nightmare: monsters, bosses and main bosses, upgrades, runes, and death
tokens. The cards' rules are in our own words (`text`), or the effects phrased when there is none."""

from __future__ import annotations

from toolkit.core.document import LoadedDocument
from toolkit.games.card.model.cards import CardDocument, CardUpgrade, Monster, NightmareBoss, Rune
from toolkit.games.card.model.track import DeathToken
from toolkit.publish.faces.backs import plain_back
from toolkit.publish.faces.context import FaceContext, typed
from toolkit.publish.faces.face import POKER, Drawn
from toolkit.publish.faces.frame import Frame, Section, Stat
from toolkit.publish.faces.prose import phrases
from toolkit.publish.faces.token import token

GAME = "Bloodborne: The Card Game"
DUNGEON = "#40262b"
HUNTER = "#24394a"
RUNE = "#3b2f5a"


def _rules(ctx: FaceContext, model: CardDocument) -> Section | None:
    if model.text:
        return Section(ctx.text(model.text), ("text",))
    if model.effects:
        return Section(phrases(list(model.effects), ctx.name_of, ctx.language), ("effects",))
    return None


def _types(types: tuple[str, ...]) -> str:
    return " / ".join(t.replace("-", " ").capitalize() for t in types)


def _card(
    document: LoadedDocument,
    ctx: FaceContext,
    model: CardDocument,
    colour: str,
    subtitle: str,
    stats: list[Stat],
    back: str,
    extra: tuple[Section, ...] = (),
) -> list[Drawn]:
    title = ctx.text(model.name)
    frame = Frame.card(POKER.width, POKER.height, colour)
    frame.title(title, ("name",))
    frame.subtitle(subtitle)
    frame.art(ctx.art_uri(document), share=0.34)
    frame.stats(stats)
    for section in extra:
        frame.section(section)
    rules = _rules(ctx, model)
    if rules is not None:
        frame.section(rules)
    return [Drawn(model.id, title, frame.finish(subtitle), plain_back(POKER, GAME, back, colour))]


def monster(document: LoadedDocument, ctx: FaceContext) -> list[Drawn]:
    model = typed(document, Monster)
    stats = [Stat("echo", str(model.blood_echoes), "echoes"), Stat("damage", str(model.attack), "attack")]
    return _card(
        document, ctx, model, DUNGEON, f"Monster · {_types(model.types())}", stats, "Chalice Dungeon"
    )


def nightmare_boss(document: LoadedDocument, ctx: FaceContext) -> list[Drawn]:
    model = typed(document, NightmareBoss)
    stats = []
    if model.blood_echoes is not None:
        stats.append(Stat("echo", str(model.blood_echoes), "echoes"))
    if model.attack is not None:
        stats.append(Stat("damage", str(model.attack), "attack"))
    label = "Main boss" if model.main else "Boss"
    types = f" · {_types(model.types())}" if model.types() else ""
    back = "Main boss" if model.main else "Chalice Dungeon"
    return _card(document, ctx, model, DUNGEON, label + types, stats, back)


def card_upgrade(document: LoadedDocument, ctx: FaceContext) -> list[Drawn]:
    model = typed(document, CardUpgrade)
    label = f"{model.weapon.capitalize()} weapon" if model.weapon else "Upgrade"
    stats = [Stat("damage", str(model.damage), "damage")] if model.damage is not None else []
    extra: tuple[Section, ...] = ()
    if model.instant:
        extra = (
            Section(phrases(list(model.instant), ctx.name_of, ctx.language), ("instant",), header="Instant"),
        )
    return _card(document, ctx, model, HUNTER, label, stats, "Upgrade", extra)


def rune(document: LoadedDocument, ctx: FaceContext) -> list[Drawn]:
    model = typed(document, Rune)
    label = "Rune"
    if model.favours_players:
        label += " · best with " + "/".join(map(str, model.favours_players)) + " players"
    return _card(document, ctx, model, RUNE, label, [], "Rune")


def death_token(document: LoadedDocument, ctx: FaceContext) -> list[Drawn]:
    """A death token: its monster type on both sides (it only moves along the trophy track)."""
    model = typed(document, DeathToken)
    title = ctx.text(model.name)
    front = token(title, ("name",), "#2b2b2b", icon="damage", number=str(model.per_hunter))
    back = token(model.type.replace("-", " ").capitalize(), ("type",), "#2b2b2b")
    return [Drawn(model.id, title, front, back)]
