"""Specific pages of the board game's components: hunters, weapons, enemies, bosses, tiles.

Written against models that are still growing: attributes are read with ``getattr`` and anything
unknown falls back to the generic field listing.
"""

from __future__ import annotations

from typing import Any

from toolkit.core.document import LoadedDocument
from toolkit.core.expressions import Scaling
from toolkit.publish.context import RenderContext, model_of
from toolkit.publish.documents import generic_body, renders
from toolkit.publish.fields import ValueRenderer, field_title, provenance, provenance_badge
from toolkit.publish.messages import Words
from toolkit.publish.renderers.common import effects_inline, side_by_side, table, text
from toolkit.publish.renderers.tiles import tile_svg

HUNTER_COUNTS = (1, 2, 3, 4)


def used_in_chapters(ctx: RenderContext, document: LoadedDocument, field: str) -> str:
    """Links to the chapters whose setup lists this document (by id or pack-qualified id)."""
    key = getattr(document.model, "id", None)
    chapters = []
    for pack_id in ctx.index.packs:
        for chapter in ctx.index.documents_of("chapter", [pack_id]):
            listed = getattr(getattr(chapter.model, "setup", None), field, None) or []
            for reference in listed:
                found = ctx.resolve(
                    (str(document.model.kind if document.model else ""),), str(reference), pack_id
                )
                if found is document and key is not None:
                    chapters.append(chapter)
                    break
    if not chapters:
        return ""
    return f"**{ctx.words('In chapter setups:')}** " + ", ".join(ctx.link_document(c) for c in chapters)


def _flavor(model: Any) -> str:
    flavor = getattr(model, "flavor", None)
    return f"*{text(flavor)}*" if flavor else ""


def _attack_row(values: ValueRenderer, label: str, attack: Any, path: str) -> list[str]:
    """One attack's row; ``label`` is already in the build's language."""
    speed = getattr(attack, "speed", None)
    damage = getattr(attack, "damage", None)
    return [
        label,
        text(getattr(attack, "name", "")),
        text(values.ctx.words(str(speed))) if speed else "—",
        values.scalar(damage, None, f"{path}.damage") if damage is not None else "—",
        effects_inline(values, getattr(attack, "effects", None), f"{path}.effects"),
    ]


ATTACK_HEADER = ("", "Name", "Speed", "Damage", "Effects")
"""The attack tables' columns, in English; :func:`attack_header` gives them in a build's language."""


def attack_header(say: Words) -> tuple[str, ...]:
    return tuple(say(column) if column else column for column in ATTACK_HEADER)


def weapon_form(values: ValueRenderer, form: Any, title: str, path: str) -> str:
    """One form of a trick weapon: its ability and its attack slots (``title`` in the build's language)."""
    say = values.ctx.words
    parts = [f"#### {title}: {text(getattr(form, 'name', ''))}"]
    ability = getattr(form, "ability", None)
    if ability is not None:
        effects = effects_inline(values, getattr(ability, "effects", None), f"{path}.ability.effects")
        parts.append(f"**{say('Ability')} — {text(getattr(ability, 'name', ''))}:** {effects}")
    rows = [
        _attack_row(values, say("Slot {number}").format(number=i + 1), attack, f"{path}.attacks.{i}")
        for i, attack in enumerate(getattr(form, "attacks", None) or [])
    ]
    parts.append(table(attack_header(say), rows))
    return "\n\n".join(p for p in parts if p)


def weapon_forms(values: ValueRenderer, weapon: Any) -> str:
    forms = getattr(weapon, "forms", None)
    if forms is None:
        return ""
    panels = [
        weapon_form(
            values,
            getattr(forms, side),
            values.ctx.words("Form {side}").format(side=side.upper()),
            f"forms.{side}",
        )
        for side in ("a", "b")
        if getattr(forms, side, None) is not None
    ]
    return side_by_side(panels)


@renders("trick-weapon")
def trick_weapon(ctx: RenderContext, document: LoadedDocument) -> str:
    model = model_of(document)
    values = ValueRenderer(ctx, model, document.pack_id)
    if getattr(model, "forms", None) is None:
        return generic_body(ctx, document)
    hunters = [
        d
        for d in ctx.index.documents_of("hunter", ctx.index.packs)
        if getattr(d.model, "trick_weapon", "").split(":")[-1] == getattr(model, "id", None)
    ]
    wielded = ", ".join(ctx.link_document(d) for d in hunters)
    say = ctx.words
    parts = [
        _flavor(model),
        say("Wielded by {hunters}.").format(hunters=wielded) if wielded else "",
        f"## {say('Forms')}",
        say("Transforming clears every slot and turns the dashboard to the other form."),
        weapon_forms(values, model),
    ]
    return "\n\n".join(p for p in parts if p)


@renders("hunter")
def hunter(ctx: RenderContext, document: LoadedDocument) -> str:
    model = model_of(document)
    parts = [generic_body(ctx, document)]
    weapon_ref = getattr(model, "trick_weapon", None)
    weapon = ctx.resolve(("trick-weapon",), weapon_ref, document.pack_id) if weapon_ref else None
    if weapon is not None:
        weapon_values = ValueRenderer(ctx, model_of(weapon), weapon.pack_id)
        parts.append(f"## {ctx.words('Trick weapon:')} {ctx.link_document(weapon)}")
        parts.append(weapon_forms(weapon_values, weapon.model))
    return "\n\n".join(p for p in parts if p)


def _enemy_side(values: ValueRenderer, side: Any, path: str) -> str:
    say = values.ctx.words
    rows = []
    for entry in ("basic", "special"):
        attack = getattr(side, entry, None)
        if attack is not None:
            rows.append(_attack_row(values, say(entry.capitalize()), attack, f"{path}.{entry}"))
    ability = getattr(side, "ability", None)
    if ability is not None:
        rows.append(_attack_row(values, say("Ability"), ability, f"{path}.ability"))
    return table(attack_header(say), rows)


def _stats(values: ValueRenderer, model: Any, names: tuple[str, ...]) -> str:
    say = values.ctx.words
    rows = []
    for name in names:
        value = getattr(model, name, None)
        if value is not None:
            rows.append([say(field_title(name)), values.scalar(value, None, name)])
    return table(("", say("Value")), rows)


@renders("enemy")
def enemy(ctx: RenderContext, document: LoadedDocument) -> str:
    model = model_of(document)
    values = ValueRenderer(ctx, model, document.pack_id)
    sides = getattr(model, "sides", None)
    if sides is None:
        return generic_body(ctx, document)
    say = ctx.words
    panels = [
        f"#### {say('Side {side}').format(side=side.upper())}\n\n"
        + _enemy_side(values, getattr(sides, side), f"sides.{side}")
        for side in ("a", "b")
        if getattr(sides, side, None) is not None
    ]
    return "\n\n".join(
        p
        for p in (
            _flavor(model),
            used_in_chapters(ctx, document, "enemies"),
            _stats(values, model, ("hp", "movement", "miniatures")),
            f"## {say('Both sides')}",
            say(
                "At chapter setup one side of the card is chosen at random; the enemy action card "
                "decides which entry it uses in combat."
            ),
            side_by_side(panels),
        )
        if p
    )


@renders("npc-enemy")
def npc_enemy(ctx: RenderContext, document: LoadedDocument) -> str:
    model = model_of(document)
    values = ValueRenderer(ctx, model, document.pack_id)
    sides = getattr(model, "sides", None)
    if sides is None:
        return generic_body(ctx, document)
    say = ctx.words
    panels = []
    for attribute, label in (("for_1_2", "With 1–2 hunters"), ("for_3_4", "With 3–4 hunters")):
        side = getattr(sides, attribute, None)
        if side is None:
            continue
        alias = label.split(" ")[1].replace("–", "-")
        hp = values.scalar(getattr(side, "hp", None), None, f"sides.{alias}.hp")
        panels.append(
            f"#### {say(label)}\n\n**{say('HP:')}** {hp}\n\n" + _enemy_side(values, side, f"sides.{alias}")
        )
    return "\n\n".join(
        p
        for p in (
            _flavor(model),
            _stats(values, model, ("movement",)),
            f"## {say('Sides by hunter count')}",
            side_by_side(panels),
        )
        if p
    )


def hp_table(model: Any, phases: list[Any], say: Words) -> str:
    """HP of each phase for one to four hunters, with the provenance of each phase's numbers."""
    rows = []
    for i, phase in enumerate(phases):
        hp = getattr(phase, "hp", None)
        cells: list[str] = []
        for count in HUNTER_COUNTS:
            try:
                cells.append(str(hp.evaluate(hunters=count)) if isinstance(hp, Scaling) else str(hp))
            except (KeyError, ValueError, ZeroDivisionError):
                cells.append("—")
        rows.append(
            [
                say("Phase {number}").format(number=i + 1),
                *cells,
                provenance_badge(provenance(model, f"phases.{i}.hp")),
            ]
        )
    # One word per count rather than a plural rule: the counts are fixed, and Polish needs the form.
    header = ("", *(say(f"{n} hunter{'s' if n > 1 else ''}") for n in HUNTER_COUNTS), say("Source"))
    return table(header, rows)


def _boss_actions(values: ValueRenderer, phase: Any, path: str) -> str:
    say = values.ctx.words
    rows = []
    for i, card in enumerate(getattr(phase, "actions", None) or []):
        kind = say(str(getattr(card, "type", "")).capitalize())
        row = _attack_row(values, kind, card, f"{path}.actions.{i}")
        row.append(str(getattr(card, "count", 1)))
        rows.append(row)
    return table((*attack_header(say), say("Copies")), rows)


@renders("boss")
def boss(ctx: RenderContext, document: LoadedDocument) -> str:
    model = model_of(document)
    values = ValueRenderer(ctx, model, document.pack_id)
    phases = list(getattr(model, "phases", None) or [])
    if not phases:
        return generic_body(ctx, document)
    say = ctx.words
    parts = [
        _flavor(model),
        _stats(values, model, ("movement",)),
        f"## {say('HP by hunter count')}",
        say("Damage beyond a phase's HP is lost when the boss turns to phase 2."),
        hp_table(model, phases, say),
        f"## {say('Action decks')}",
        say("One deck per phase; when the boss attacks, flip the top card of its current phase's deck."),
    ]
    parts += [
        f"### {say('Phase {number}').format(number=i + 1)}\n\n" + _boss_actions(values, phase, f"phases.{i}")
        for i, phase in enumerate(phases)
    ]
    return "\n\n".join(p for p in parts if p)


@renders("tile")
def tile(ctx: RenderContext, document: LoadedDocument) -> str:
    model = model_of(document)
    spaces = list(getattr(model, "spaces", None) or [])
    if not spaces:
        return generic_body(ctx, document)
    exits = list(getattr(model, "exits", None) or [])
    rows = []
    for space in spaces:
        space_id = str(getattr(space, "id", ""))
        edges = ", ".join(str(getattr(e, "edge", "")) for e in exits if getattr(e, "space", None) == space_id)
        rows.append(
            [
                text(space_id),
                text(", ".join(str(a) for a in getattr(space, "adjacent", []) or [])) or "—",
                text(", ".join(str(i) for i in getattr(space, "icons", []) or [])) or "—",
                text(edges) or "—",
            ]
        )
    named = getattr(model, "named_location", None)
    say = ctx.words
    parts = [
        f"**{say('Named location:')}** {text(named)}" if named else say("An unnamed tile."),
        used_in_chapters(ctx, document, "tiles"),
        f'<div class="hk-tile">{tile_svg(model)}</div>',
        f"## {say('Spaces')}",
        table(tuple(say(column) for column in ("Space", "Adjacent to", "Icons", "Exits")), rows),
    ]
    return "\n\n".join(parts)
