"""Specific pages of the card game's cards and Blood Hunt's deck: the card's rules in prose first,
then what the engine plays (effects as words linked to their verbs), then the other fields.

Blood Hunt's card effects are worded as its terminal game words them for a player deciding whether
to discard a card (``model.effects.EFFECT_SUMMARIES``).
"""

from __future__ import annotations

from toolkit.core.document import LoadedDocument
from toolkit.publish import escape
from toolkit.publish.context import RenderContext, model_of
from toolkit.publish.documents import renders
from toolkit.publish.fields import HEADER_FIELDS, ValueRenderer
from toolkit.publish.language import localized
from toolkit.publish.renderers.common import table, text

CARD_KINDS = ("rune", "monster", "nightmare-boss", "card-upgrade")


@renders(*CARD_KINDS)
def card(ctx: RenderContext, document: LoadedDocument) -> str:
    """A card of The Hunter's Nightmare: its text as a paragraph, then its fields."""
    model = model_of(document)
    values = ValueRenderer(ctx, model, document.pack_id)
    card_text = getattr(model, "text", None)
    parts = []
    if card_text:
        parts.append(f"**On the card:** {escape.block(localized(card_text))}")
    elif getattr(model, "text_in_sources", True) is False:
        parts.append("*The booklet names this card but does not print its text.*")
    parts.append(values.fields(model, skip=HEADER_FIELDS | {"text"}))
    return "\n\n".join(p for p in parts if p)


@renders("bh-deck")
def bh_deck(ctx: RenderContext, document: LoadedDocument) -> str:
    """Blood Hunt's deck: each value, the suits it is printed in, and what discarding it does."""
    from toolkit.games.blood_hunt.model.effects import EFFECT_SUMMARIES

    model = model_of(document)
    values = ValueRenderer(ctx, model, document.pack_id)
    suits = list(getattr(model, "suits", None) or [])
    suit_names = {str(getattr(s, "id", "")): text(getattr(s, "name", "")) for s in suits}
    rows = []
    for i, line in enumerate(getattr(model, "cards", None) or []):
        effect = getattr(line, "effect", None)
        found = values.verb(effect) if effect is not None else None
        if effect is None:
            said = "no effect"
        elif found is not None:
            summary = EFFECT_SUMMARIES.get(next(iter(type(effect).model_fields)))
            label, options = found
            page = ctx.verb_pages.get(type(effect))
            said = (
                ctx.link(page, escape.inline(summary[:1].upper() + summary[1:]))
                if summary and page
                else f"{label} {values.options_inline(options, f'cards.{i}.effect')}".rstrip()
            )
        else:
            said = values.inline(effect, None, f"cards.{i}.effect")
        printed = getattr(line, "suits", None)
        in_suits = (
            ", ".join(suit_names.get(str(s), escape.inline(str(s))) for s in printed) if printed else "all"
        )
        rows.append([escape.inline(str(getattr(line, "value", "?"))), in_suits, said])
    parts = [
        "**Suits:** " + ", ".join(suit_names.values()) + "." if suit_names else "",
        "## Cards",
        "Each value below is printed in the suits listed; discarding a card does what its line says.",
        table(("Value", "Suits", "When discarded"), rows),
    ]
    return "\n\n".join(p for p in parts if p)
