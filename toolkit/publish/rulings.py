"""Rulings: every document whose kind ends in ``ruling``, listed with its question, decision and
reason. Rulings are ordinary content of each game; this module only gathers them."""

from __future__ import annotations

from toolkit.core.document import LoadedDocument
from toolkit.core.model import text_in
from toolkit.publish import escape
from toolkit.publish.context import RenderContext, model_of

RULINGS_PAGE = "rulings/index.md"


def is_ruling(kind: str) -> bool:
    return kind.endswith("ruling")


def _text(model: object, *names: str) -> str:
    for name in names:
        value = getattr(model, name, None)
        if isinstance(value, str | dict) and value:
            return escape.block(text_in(value))
    return ""


def rulings_markdown(ctx: RenderContext, rulings: list[LoadedDocument]) -> str:
    lines = [
        "# Rulings",
        "",
        "Where a rulebook is silent or ambiguous, huntkit records a ruling: the question, what huntkit "
        "decides, and why. The engines follow these decisions.",
        "",
    ]
    if not rulings:
        lines.append("No rulings in the packs of this build.")
    for document in rulings:
        model = model_of(document)
        lines.append(f"## {escape.inline(model.display_name())}")
        lines.append("")
        for label, names in (
            ("Question", ("question",)),
            ("Decision", ("decision", "ruling", "answer")),
            ("Reason", ("reason", "rationale", "why")),
        ):
            text = _text(model, *names)
            if text:
                lines += [f"**{label}.** {text}", ""]
        lines += [
            f"{ctx.link_document(document, 'Full ruling')} · pack {escape.inline(document.pack_id)}",
            "",
        ]
    return "\n".join(lines)
