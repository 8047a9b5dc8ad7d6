"""Rulings: every document whose kind ends in ``ruling``, listed with its question, decision and
reason. Rulings are ordinary content of each game; this module only gathers them."""

from __future__ import annotations

from toolkit.core.document import LoadedDocument
from toolkit.publish import escape
from toolkit.publish.context import RenderContext, model_of
from toolkit.publish.language import localized

RULINGS_PAGE = "rulings/index.md"


def is_ruling(kind: str) -> bool:
    return kind.endswith("ruling")


def _text(model: object, *names: str) -> str:
    for name in names:
        value = getattr(model, name, None)
        if isinstance(value, str | dict) and value:
            return escape.inline(localized(value))
    return ""


def rulings_markdown(ctx: RenderContext, rulings: list[LoadedDocument]) -> str:
    say = ctx.words
    lines = [
        f"# {say('Rulings')}",
        "",
        say(
            "Where a rulebook is silent or ambiguous, huntkit records a ruling: the question, what huntkit "
            "decides, and why. The engines follow these decisions."
        ),
        "",
    ]
    if not rulings:
        lines.append(say("No rulings in the packs of this build."))
    current_pack = ""
    for document in rulings:
        model = model_of(document)
        if document.pack_id != current_pack:
            current_pack = document.pack_id
            pack = ctx.index.packs.get(current_pack)
            title = pack.manifest.display_name() if pack and pack.manifest else current_pack
            lines += [f"## {escape.inline(title)}", ""]
        question = _text(model, "question")
        lines += [f"### {question or escape.inline(model.display_name())}", ""]
        for label, names in (
            (say("Decision"), ("decision", "ruling", "answer")),
            (say("Reason"), ("reason", "rationale", "why")),
        ):
            text = _text(model, *names)
            if text:
                lines += [f"**{label}.** {text}", ""]
        name = say("Ruling {name}").format(name=escape.inline(model.display_name()))
        lines += [f"{ctx.link_document(document, name)}", ""]
    return "\n".join(lines)
