"""Faces of the board game's cards: enemies (both sides), NPC enemies, bosses (a phase a side),
hunter and trick-weapon dashboards, stat, upgrade, consumable, reward and firearm cards, and the
campaign's mission cards (hunt, insight and special-rules) and insight cards."""

from __future__ import annotations

from collections.abc import Sequence

from pydantic import BaseModel

from toolkit.core.document import LoadedDocument, PathKey
from toolkit.core.expressions import Scaling
from toolkit.core.model import Document
from toolkit.games.board.mission.documents import InsightCard, MissionCard, NarrativeRule, Rule
from toolkit.games.board.model.cards import Consumable, Reward, StatCard
from toolkit.games.board.model.enemies import Boss, Enemy, EnemySide, NpcEnemy, NpcSide
from toolkit.games.board.model.hunter import Hunter
from toolkit.games.board.model.weapons import Firearm, TrickWeapon, WeaponForm
from toolkit.publish.faces.backs import plain_back
from toolkit.publish.faces.canvas import Canvas
from toolkit.publish.faces.context import FaceContext, typed
from toolkit.publish.faces.face import MINI, POKER, TAROT, CardSize, Drawn
from toolkit.publish.faces.frame import Frame, Section, Stat
from toolkit.publish.faces.icons import SPEED_ICONS
from toolkit.publish.faces.prose import phrase, phrases, verb_of

GAME = "Bloodborne: The Board Game"
ENEMY_RED = "#5b1f1f"
HUNTER_BLUE = "#23364a"
ITEM_GREEN = "#2f4a33"
MISSION_GOLD = "#6b5418"
INSIGHT_VIOLET = "#3b2f5a"


def _effects(ctx: FaceContext, effects: Sequence[object] | None) -> str:
    return phrases(list(effects or ()), ctx.name_of, ctx.language)


def effect_icons(effects: Sequence[object] | None) -> list[Stat]:
    """Icons for the combat verbs among ``effects`` (stagger, dodge, block, damage, speed)."""
    stats: list[Stat] = []
    for effect in effects or ():
        if not isinstance(effect, BaseModel):
            continue
        verb, value = verb_of(effect)
        if verb in ("stagger", "dodge"):
            stats.append(Stat(verb, ""))
        elif verb == "block":
            stats.append(Stat("block", str(value)))
        elif verb == "damage" and isinstance(value, int):
            stats.append(Stat("damage", f"{value:+d}"))
        elif verb == "speed" and isinstance(value, int):
            stats.append(Stat("speed-fast", f"{value:+d}"))
    return stats


def _attack_section(ctx: FaceContext, label: str, attack: object, path: PathKey) -> Section:
    speed = getattr(attack, "speed", None)
    damage = getattr(attack, "damage", None)
    stats: list[Stat] = []
    if speed is not None:
        stats.append(Stat(SPEED_ICONS[speed], ""))
    if damage is not None:
        stats.append(Stat("damage", str(damage)))
    stats.extend(icon for icon in effect_icons(getattr(attack, "effects", None)) if icon.icon != "damage")
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


def _hp_by_hunters(hp: object) -> str:
    """``HP by hunters — 1: 8 · 2: 13 · 3: 16 · 4: 20`` (a count the table lacks shows —)."""
    cells = []
    for count in (1, 2, 3, 4):
        try:
            value = str(hp.evaluate(hunters=count)) if isinstance(hp, Scaling) else str(hp)
        except (KeyError, ValueError, ZeroDivisionError):
            value = "—"
        cells.append(f"{count}: {value}")
    return " · ".join(cells)


def boss(document: LoadedDocument, ctx: FaceContext) -> list[Drawn]:
    """A boss card: phase 1 on the front, phase 2 on the back, each with its HP for one to four
    hunters and its action deck."""
    model = typed(document, Boss)
    canvases: list[Canvas] = []
    title = ctx.text(model.name)
    for i, phase in enumerate(model.phases):
        frame, title = _front(ctx, document, TAROT, ENEMY_RED)
        frame.subtitle(f"Boss · phase {i + 1}")
        if i == 0:
            frame.art(ctx.art_uri(document), share=0.25)
        frame.stats([Stat("movement", str(model.movement), "move")])
        frame.section(
            Section(
                _hp_by_hunters(phase.hp), ("phases", i, "hp"), header="HP by hunters", stats=(Stat("hp", ""),)
            )
        )
        for j, card in enumerate(phase.actions):
            path: PathKey = ("phases", i, "actions", j)
            section = _attack_section(ctx, card.type.capitalize(), card, path)
            copies = f" ×{card.count}" if card.count > 1 else ""
            canvases_header = f"{section.header}{copies}"
            frame.section(
                Section(section.text, section.path, canvases_header, section.header_path, section.stats)
            )
        if i == 1:
            _flavor(ctx, frame, model)
        canvases.append(frame.finish(f"Boss · phase {i + 1}"))
    return [Drawn(model.id, title, canvases[0], canvases[1])]


def hunter(document: LoadedDocument, ctx: FaceContext) -> list[Drawn]:
    """A hunter's dashboard: their limits, their trick weapon and starting firearm by name."""
    model = typed(document, Hunter)
    frame, title = _front(ctx, document, TAROT, HUNTER_BLUE)
    frame.subtitle("Hunter")
    frame.art(ctx.art_uri(document), share=0.35)
    frame.stats([Stat("hp", str(model.max_hp), "HP"), Stat("echo", str(model.echo_cap), "echoes")])
    weapon = ctx.name_of(("trick-weapon",), model.trick_weapon)
    firearm = ctx.name_of(("firearm",), model.starting_firearm)
    frame.section(Section(weapon, ("trick_weapon",), header="Trick weapon"))
    frame.section(Section(firearm, ("starting_firearm",), header="Starting firearm"))
    limits = (
        f"Hand of {model.hand_size} stat cards from a deck of {model.deck_size}; "
        f"at most {model.echo_cap} Blood Echoes."
    )
    frame.section(Section(limits, ("hand_size",), header="Dashboard"))
    _flavor(ctx, frame, model)
    return [
        Drawn(
            model.id, title, frame.finish("Hunter dashboard"), plain_back(TAROT, GAME, "Hunter", HUNTER_BLUE)
        )
    ]


def _weapon_form(ctx: FaceContext, document: LoadedDocument, form: WeaponForm, key: str) -> Canvas:
    frame, _ = _front(ctx, document, TAROT, HUNTER_BLUE)
    frame.subtitle(f"Form {key.upper()}: {ctx.text(form.name)}", ("forms", key, "name"))
    if key == "a":
        frame.art(ctx.art_uri(document), share=0.25)
    path: PathKey = ("forms", key)
    if form.ability is not None:
        frame.section(_attack_section(ctx, "Ability", form.ability, (*path, "ability")))
    for i, attack in enumerate(form.attacks):
        frame.section(_attack_section(ctx, f"Slot {i + 1}", attack, (*path, "attacks", i)))
    return frame.finish(f"Trick weapon · form {key.upper()}")


def trick_weapon(document: LoadedDocument, ctx: FaceContext) -> list[Drawn]:
    """A trick weapon dashboard: form A on the front, form B (after transforming) on the back."""
    model = typed(document, TrickWeapon)
    front = _weapon_form(ctx, document, model.forms.a, "a")
    back = _weapon_form(ctx, document, model.forms.b, "b")
    return [Drawn(model.id, ctx.text(model.name), front, back)]


def _item(
    document: LoadedDocument,
    ctx: FaceContext,
    size: CardSize,
    colour: str,
    subtitle: str,
    sections: Sequence[Section],
    back_label: str,
) -> list[Drawn]:
    model = document.model
    assert model is not None
    frame, title = _front(ctx, document, size, colour)
    frame.subtitle(subtitle)
    frame.art(ctx.art_uri(document), share=0.3)
    frame.stats(effect_icons(getattr(model, "effects", None))[:4])
    for section in sections:
        frame.section(section)
    _flavor(ctx, frame, model)
    count = getattr(model, "count", 1)
    footer = f"{back_label} · ×{count}" if count > 1 else back_label
    return [
        Drawn(
            str(model.document_key()), title, frame.finish(footer), plain_back(size, GAME, back_label, colour)
        )
    ]


def _timing(value: str) -> str:
    return value.replace("-", " ").capitalize()


def stat_card(document: LoadedDocument, ctx: FaceContext) -> list[Drawn]:
    """A stat card, basic or upgrade: its stat and what it adds in an attack slot."""
    model = typed(document, StatCard)
    label = "Upgrade" if model.tier == "upgrade" else "Stat card"
    text = _effects(ctx, model.effects)
    return _item(
        document,
        ctx,
        MINI,
        ITEM_GREEN,
        f"{model.stat.capitalize()} · {model.tier}",
        [Section(text, ("effects",))],
        label,
    )


def consumable(document: LoadedDocument, ctx: FaceContext) -> list[Drawn]:
    model = typed(document, Consumable)
    section = Section(_effects(ctx, model.effects), ("effects",), header=_timing(model.timing))
    return _item(document, ctx, MINI, ITEM_GREEN, "Consumable", [section], "Consumable")


def reward(document: LoadedDocument, ctx: FaceContext) -> list[Drawn]:
    model = typed(document, Reward)
    kind = "Hunter tool" if model.type == "hunter-tool" else "Caryll rune"
    section = Section(_effects(ctx, model.effects), ("effects",), header=_timing(model.timing))
    return _item(document, ctx, MINI, ITEM_GREEN, kind, [section], "Reward")


_REFRESH = {
    "dream-only": "Refreshes only in the Hunter's Dream.",
    "on-kill": "Refreshes when you slay an enemy.",
    "on-transform": "Refreshes when you transform your trick weapon.",
    "round-start": "Refreshes at the start of each round.",
    "discard-card": "Refreshes when you discard a stat card from your hand.",
}


def firearm(document: LoadedDocument, ctx: FaceContext) -> list[Drawn]:
    model = typed(document, Firearm)
    sections = [
        Section(_effects(ctx, model.effects), ("effects",), header=_timing(model.timing)),
        Section(_REFRESH[model.refresh], ("refresh",)),
    ]
    subtitle = "Starting firearm" if model.starting else "Firearm"
    return _item(document, ctx, POKER, HUNTER_BLUE, subtitle, sections, "Firearm")


def _sealed(ctx: FaceContext, frame: Frame) -> None:
    frame.section(
        Section("Spoiler: this card's text is left out. Build with spoilers to see it.", (), italic=True)
    )


def mission_card(document: LoadedDocument, ctx: FaceContext) -> list[Drawn]:
    """A mission card: its number, type and title, story, what it does when revealed, its standing
    rules and its goals. Special-rules cards are mission cards of that type."""
    model = typed(document, MissionCard)
    label = {"hunt": "Hunt mission", "insight": "Insight mission", "special-rules": "Special rules"}[
        model.type
    ]
    colour = INSIGHT_VIOLET if model.type == "insight" else MISSION_GOLD
    title = f"{model.number}. {ctx.text(model.title)}" if ctx.spoilers else f"Mission card {model.number}"
    frame = Frame.card(POKER.width, POKER.height, colour)
    frame.title(title, ("title",))
    frame.subtitle(f"{label} · chapter {model.chapter}")
    if not ctx.spoilers:
        _sealed(ctx, frame)
    else:
        frame.art(ctx.art_uri(document), share=0.2)
        if model.story:
            frame.section(Section(ctx.text(model.story), ("story",), italic=True))
        if model.keeps is not None:
            kept = _model_words(model.keeps, ctx)
            if kept:
                frame.section(Section(f"Keep from the card before: {kept}.", ("keeps",)))
        if model.on_reveal:
            frame.section(Section(_effects(ctx, model.on_reveal), ("on_reveal",), header="When revealed"))
        for i, rule in enumerate(model.rules):
            frame.section(Section(_rule(ctx, rule), ("rules", i), header="Standing rule" if i == 0 else ""))
        for i, goal in enumerate(model.goals):
            condition = phrase(goal.goal, ctx.name_of, ctx.language).rstrip(".")
            text = f"{condition}: {_effects(ctx, goal.then)}"
            frame.section(
                Section(text, ("goals", i), header="Goal" if len(model.goals) == 1 else f"Goal {i + 1}")
            )
    back = plain_back(POKER, GAME, f"Mission card {model.number}", colour)
    return [Drawn(model.document_key(), title, frame.finish(label), back, spoiler=True)]


def _model_words(model: BaseModel, ctx: FaceContext) -> str:
    """A plain options model in words (``tokens widow, enemies bell-warden``)."""
    parts = []
    for name in type(model).model_fields:
        value = getattr(model, name)
        if value in (None, [], False):
            continue
        shown = (
            ", ".join(map(str, value)) if isinstance(value, list) else "yes" if value is True else str(value)
        )
        parts.append(f"{name.replace('_', ' ')} {shown}")
    return "; ".join(parts)


def _rule(ctx: FaceContext, rule: Rule | NarrativeRule) -> str:
    if isinstance(rule, NarrativeRule):
        return ctx.text(rule.narrative)
    when = phrase(rule.when, ctx.name_of, ctx.language)
    condition = f" if {phrase(rule.only_if, ctx.name_of, ctx.language).lower()}" if rule.only_if else ""
    return f"Each time: {when}{condition}: {_effects(ctx, rule.do)}"


def insight_card(document: LoadedDocument, ctx: FaceContext) -> list[Drawn]:
    """An insight card: its number and title, what the hunters learned, the rewards it grants."""
    model = typed(document, InsightCard)
    title = f"{model.number}. {ctx.text(model.title)}" if ctx.spoilers else f"Insight card {model.number}"
    frame = Frame.card(POKER.width, POKER.height, INSIGHT_VIOLET)
    frame.title(title, ("title",))
    frame.subtitle("Insight")
    if not ctx.spoilers:
        _sealed(ctx, frame)
    else:
        frame.art(ctx.art_uri(document), share=0.25)
        frame.stats([Stat("insight", "1", "insight")])
        if model.story:
            frame.section(Section(ctx.text(model.story), ("story",), italic=True))
        if model.rewards:
            frame.section(Section(_effects(ctx, model.rewards), ("rewards",), header="Rewards"))
    back = plain_back(POKER, GAME, f"Insight card {model.number}", INSIGHT_VIOLET)
    return [Drawn(model.document_key(), title, frame.finish("Insight card"), back, spoiler=True)]
