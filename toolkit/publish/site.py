"""The whole generated part of the site, built in named steps from one validated content index.

:func:`build_site` returns the pages and the navigation; the MkDocs hook adds them to the build.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

from toolkit.core.document import LoadedDocument
from toolkit.core.index import ContentIndex, Pack
from toolkit.core.model import text_in
from toolkit.core.registry import all_games, all_kinds
from toolkit.publish import escape
from toolkit.publish.context import (
    SECRET_KINDS,
    RenderContext,
    SiteOptions,
    document_page,
    kind_page,
    model_of,
    pack_page,
)
from toolkit.publish.diagnostics import all_codes, code_markdown, code_page, codes_index_markdown, range_title
from toolkit.publish.documents import document_markdown
from toolkit.publish.fields import field_title
from toolkit.publish.glossary import GLOSSARY_PAGE, Term, glossary_markdown
from toolkit.publish.markdown import doc_cell, docstring, first_sentence
from toolkit.publish.pages import NavItem, NavSection, Page, PageSet, nav_title
from toolkit.publish.renderers.rule_scenarios import rule_examples
from toolkit.publish.rulings import RULINGS_PAGE, is_ruling, rulings_markdown
from toolkit.publish.vocabulary import (
    Verb,
    VerbUsage,
    discover_verbs,
    schema_rows,
    verb_markdown,
    verb_summary,
)

# Importing the renderers registers them.
from toolkit.publish import renderers  # noqa: F401  # isort: skip

SCHEMAS_PAGE = "reference/schemas.md"
VOCABULARY_PAGE = "vocabulary/index.md"
CODES_PAGE = "reference/codes/index.md"
KINDS_PAGE = "reference/kinds/index.md"
CONTENT_PAGE = "content/index.md"
NAV_CHUNK = 40
"""Most pages listed in one navigation section."""

# The hand-written rules pages, in reading order (paths under site/).
RULES_NAV: list[NavItem] = [
    "rules/index.md",
    {
        "Board game": [
            "rules/board/index.md",
            {"Setup": "rules/board/setup.md"},
            {"The round": "rules/board/round.md"},
            {"Actions": "rules/board/actions.md"},
            {"Enemy activation": "rules/board/activation.md"},
            {"Combat": "rules/board/combat.md"},
            {"Bosses": "rules/board/bosses.md"},
            {"NPC enemies": "rules/board/npcs.md"},
            {"The Hunter's Dream": "rules/board/dream.md"},
            {"Hunt track and resets": "rules/board/hunt-track.md"},
            {"Fog gates": "rules/board/fog-gates.md"},
            {"Campaign progression": "rules/board/campaign.md"},
            {"Saving progress": "rules/board/saving.md"},
        ]
    },
    {"The Hunter's Nightmare": ["rules/card/index.md"]},
    {
        "Blood Hunt": [
            "rules/blood-hunt/index.md",
            {"Setup": "rules/blood-hunt/setup.md"},
            {"Play": "rules/blood-hunt/play.md"},
            {"Card effects": "rules/blood-hunt/card-effects.md"},
            {"Scoring and winning": "rules/blood-hunt/scoring.md"},
        ]
    },
]


@dataclass(slots=True)
class SiteContent:
    """What the generator produced: pages, navigation, and static files to copy."""

    pages: PageSet = field(default_factory=PageSet)
    nav: list[NavItem] = field(default_factory=list)
    static_files: dict[str, Path] = field(default_factory=dict)
    """Site-relative path → source file (the JSON Schemas)."""
    appendices: dict[str, str] = field(default_factory=dict)
    """Hand-written page → Markdown added at its end (a rules page's worked examples)."""


def plural(kind: str) -> str:
    """A kind's plural as a heading: `npc-enemy` → "NPC enemies"."""
    words = field_title(kind.removeprefix("bh-"))
    if words.endswith("y") and not words.endswith("ey"):
        return words[:-1] + "ies"
    if words.endswith(("s", "sh", "ch")):
        return words + "es"
    return words + "s"


def _rendered_documents(pack: Pack) -> list[LoadedDocument]:
    seen: set[str] = set()
    documents: list[LoadedDocument] = []
    for document in pack.documents:
        if document.model is None or document.model.kind == "pack":
            continue
        path = document_page(document)
        if path not in seen:
            seen.add(path)
            documents.append(document)
    return documents


def build_site(index: ContentIndex, options: SiteOptions, glossary: list[Term]) -> SiteContent:
    """Every generated page, in the order: content, rulings, vocabulary, kinds, codes, glossary."""
    site = SiteContent()
    ctx = RenderContext(index, options)
    by_pack = {pack_id: _rendered_documents(pack) for pack_id, pack in index.packs.items()}
    ctx.rendered.update(document_page(d) for docs in by_pack.values() for d in docs)
    verbs = discover_verbs()
    ctx.verb_pages.update({verb.model: verb.page for verb in verbs})

    content_nav = _content_pages(site, ctx, by_pack)
    rulings = [d for docs in by_pack.values() for d in docs if is_ruling(model_of(d).kind)]
    site.pages.add(Page(RULINGS_PAGE, "Rulings", rulings_markdown(ctx.at(RULINGS_PAGE), rulings)))
    vocabulary_nav = _vocabulary_pages(site, ctx, verbs)
    reference_nav = _reference_pages(site, options)
    site.pages.add(Page(GLOSSARY_PAGE, "Glossary", glossary_markdown(glossary, options.docs_dir)))
    site.appendices = rule_examples(ctx.index, ctx, _listed(RULES_NAV))
    site.nav = [
        {"Home": "index.md"},
        {"Rules": RULES_NAV},
        {"Glossary": GLOSSARY_PAGE},
        {"Rulings": RULINGS_PAGE},
        {"Content": content_nav.to_nav()},
        {"Vocabulary": vocabulary_nav.to_nav()},
        {"Reference": reference_nav.to_nav()},
    ]
    if options.docs_dir is not None:
        guides = other_handwritten_pages(options.docs_dir)
        if guides:
            site.nav.insert(2, {"Guides": guides})
    return site


def _listed(items: list[NavItem] | str) -> Iterator[str]:
    if isinstance(items, str):
        yield items
        return
    for item in items:
        if isinstance(item, str):
            yield item
        else:
            for value in item.values():
                yield from _listed(value)


def other_handwritten_pages(docs_dir: Path) -> list[NavItem]:
    """Hand-written pages outside the rules (guides and the like), titled by their first heading,
    so that every page of the docs folder is reachable from the navigation."""
    listed = {"index.md", *_listed(RULES_NAV)}
    found: list[NavItem] = []
    for path in sorted(docs_dir.rglob("*.md")):
        relative = path.relative_to(docs_dir).as_posix()
        if relative in listed or relative.startswith("hooks/"):
            continue
        heading = next(
            (
                line[2:].strip()
                for line in path.read_text(encoding="utf-8").splitlines()
                if line.startswith("# ")
            ),
            path.stem,
        )
        found.append({nav_title(heading.replace("`", "")): relative})
    return found


def _content_pages(
    site: SiteContent, ctx: RenderContext, by_pack: dict[str, list[LoadedDocument]]
) -> NavSection:
    nav = NavSection("Content", CONTENT_PAGE)
    lines = ["# Content packs", "", "| Pack | Game | Documents |", "|---|---|---|"]
    games = all_games()
    for pack_id, documents in by_pack.items():
        pack = ctx.index.packs[pack_id]
        title = pack.manifest.display_name() if pack.manifest else pack_id
        game = games.get(pack.game)
        lines.append(
            f"| [{escape.inline(title)}]({escape.slug(pack_id)}/index.md) | "
            f"{escape.inline(game.title if game else pack.game)} | {len(documents)} |"
        )
        game_title = game.title if game else pack.game
        section = nav.section(game_title).section(title, key=pack_id)
        section.index = pack_page(pack_id)
        grouped: dict[str, list[LoadedDocument]] = defaultdict(list)
        for document in documents:
            grouped[model_of(document).kind].append(document)
        for kind, kind_documents in grouped.items():
            kind_section = section.section(plural(kind))
            for n, document in enumerate(kind_documents):
                path = document_page(document)
                title_text = ctx.title(document)
                site.pages.add(Page(path, title_text, document_markdown(ctx.at(path), document)))
                # Long lists are split: the theme renders every sibling of the page shown, so a
                # bounded section keeps the build time linear in the number of pages.
                part = kind_section
                if len(kind_documents) > NAV_CHUNK:
                    first = n - n % NAV_CHUNK
                    last = min(first + NAV_CHUNK, len(kind_documents))
                    part = kind_section.section(f"{first + 1}–{last}")
                part.add(title_text, path)
        site.pages.add(Page(section.index, title, _pack_markdown(ctx.at(section.index), pack, grouped)))
    site.pages.add(Page(CONTENT_PAGE, "Content", "\n".join(lines) + "\n"))
    return nav


def _pack_markdown(ctx: RenderContext, pack: Pack, grouped: dict[str, list[LoadedDocument]]) -> str:
    manifest = pack.manifest
    title = manifest.display_name() if manifest else pack.id
    lines = [f"# {escape.inline(title)}", ""]
    facts = [f"id `{pack.id}`", f"game {escape.inline(pack.game)}"]
    if manifest is not None:
        for name in ("version", "status", "license"):
            value = getattr(manifest, name, None)
            if value:
                facts.append(f"{name} {escape.inline(str(value))}")
    lines.append(" · ".join(facts))
    if pack.requires:
        links = ", ".join(
            ctx.link(pack_page(r), escape.inline(r)) if r in ctx.index.packs else escape.inline(r)
            for r in pack.requires
        )
        lines += ["", f"Requires {links}."]
    description = getattr(manifest, "description", None) if manifest else None
    if description:
        lines += ["", escape.block(text_in(description))]
    for kind, documents in grouped.items():
        lines += ["", ctx.heading(plural(kind), secret=kind in SECRET_KINDS), ""]
        lines += [f"- {ctx.link_document(d)}" for d in documents]
    return "\n".join(lines) + "\n"


def _vocabulary_pages(site: SiteContent, ctx: RenderContext, verbs: list[Verb]) -> NavSection:
    nav = NavSection("Vocabulary", VOCABULARY_PAGE)
    usage = VerbUsage.of(ctx.index, secrets=ctx.options.spoilers)
    sections: dict[str, list[Verb]] = defaultdict(list)
    for verb in verbs:
        sections[verb.folder].append(verb)
    lines = [
        "# Vocabulary",
        "",
        "Every verb a content author can write, by game and use. Each page is "
        "generated from the verb's model: its documentation, its keys and an example.",
        "",
    ]
    for folder, folder_verbs in sections.items():
        first = folder_verbs[0]
        game_section = nav.section(first.game.title)
        section = game_section.section(first.section.capitalize())
        section.index = f"{folder}/index.md"
        rows = [
            f"| [`{v.name}`]({escape.slug(v.name)}.md) | {doc_cell(verb_summary(v))} |" for v in folder_verbs
        ]
        title = f"{first.section.capitalize()} verbs — {first.game.title}"
        site.pages.add(
            Page(
                section.index,
                title,
                f"# {escape.inline(title)}\n\n| Verb | What it does |\n|---|---|\n" + "\n".join(rows) + "\n",
            )
        )
        lines.append(
            f"- [{escape.inline(title)}]({folder.removeprefix('vocabulary/')}/index.md) "
            f"— {len(folder_verbs)} verbs"
        )
        for verb in folder_verbs:
            uses = usage.uses(verb)
            # The example is searched like the rest of the page: a secret card's is a spoiler.
            shown = [
                mapping
                for document, mapping in uses
                if ctx.options.search_spoilers or model_of(document).kind not in SECRET_KINDS
            ]
            example = shown[0] if shown else None
            used_by = _used_by(ctx.at(verb.page), [document for document, _ in uses])
            site.pages.add(Page(verb.page, verb.name, verb_markdown(verb, example) + used_by))
            section.add(verb.name, verb.page)
    site.pages.add(Page(VOCABULARY_PAGE, "Vocabulary", "\n".join(lines) + "\n"))
    return nav


MAX_USES = 30


def _used_by(ctx: RenderContext, documents: list[LoadedDocument]) -> str:
    """A verb page's list of the content documents that use it."""
    unique = list(dict.fromkeys(id(d) for d in documents))
    by_id = {id(d): d for d in documents}
    if not unique:
        return ""
    links = [f"- {ctx.link_document(by_id[i])}" for i in unique[:MAX_USES]]
    more = [f"- …and {len(unique) - MAX_USES} more"] if len(unique) > MAX_USES else []
    secret = any(model_of(by_id[i]).kind in SECRET_KINDS for i in unique)
    return "\n" + ctx.heading("Used by", secret=secret) + "\n\n" + "\n".join(links + more) + "\n"


def _reference_pages(site: SiteContent, options: SiteOptions) -> NavSection:
    nav = NavSection("Reference")
    kinds_nav = nav.section("Content kinds")
    kinds_nav.index = KINDS_PAGE
    lines = ["# Content kinds", "", "| Kind | Game | What it is |", "|---|---|---|"]
    for kind, (game, model) in sorted(all_kinds().items()):
        path = kind_page(kind)
        schema = options.schema_root / f"{kind}.schema.json" if options.schema_root else None
        has_schema = schema is not None and schema.is_file()
        site.pages.add(Page(path, kind, _kind_markdown(kind, game.title, model, has_schema)))
        kinds_nav.add(kind, path)
        lines.append(
            f"| [`{kind}`]({escape.slug(kind)}.md) | {escape.inline(game.title)} | "
            f"{doc_cell(first_sentence(model))} |"
        )
    site.pages.add(Page(KINDS_PAGE, "Content kinds", "\n".join(lines) + "\n"))

    codes_nav = nav.section("Diagnostic codes")
    codes_nav.index = CODES_PAGE
    codes = all_codes()
    site.pages.add(Page(CODES_PAGE, "Diagnostic codes", codes_index_markdown(codes)))
    for code in codes:
        path = code_page(code)
        site.pages.add(Page(path, code.id, code_markdown(code, options.fixtures_root)))
        codes_nav.section(range_title(code)).add(f"{code.id} {code.name}", path)

    schema_lines = [
        "# JSON Schemas",
        "",
        "The schemas editors use for completion and hover "
        "(`# yaml-language-server: $schema=...`). `huntkit.schema.json` accepts any "
        "document; the others one kind each.",
        "",
    ]
    root = options.schema_root
    for schema in sorted(root.glob("*.json")) if root and root.is_dir() else []:
        site.static_files[f"reference/schemas/{schema.name}"] = schema
        schema_lines.append(f"- [{schema.name}](schemas/{schema.name})")
    site.pages.add(Page(SCHEMAS_PAGE, "JSON Schemas", "\n".join(schema_lines) + "\n"))
    nav.add("JSON Schemas", SCHEMAS_PAGE)
    return nav


def _kind_markdown(kind: str, game_title: str, model: type, has_schema: bool) -> str:
    rows = schema_rows(model)
    schema = f"Schema: [{kind}.schema.json](../schemas/{kind}.schema.json)" if has_schema else ""
    return (
        f"# `{kind}`\n\n*Content kind of {escape.inline(game_title)}.* {schema}\n\n"
        f"{docstring(model)}\n\n"
        "## Keys\n\n| Key | Type | Required | Meaning |\n|---|---|---|---|\n" + "\n".join(rows) + "\n"
    )
