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
from toolkit.publish.face_pages import site_faces
from toolkit.publish.fields import field_title
from toolkit.publish.glossary import GLOSSARY_PAGE, Term, glossary_markdown
from toolkit.publish.language import PageLanguage, fallback_note, localized, note, writing_page
from toolkit.publish.markdown import doc_cell, docstring, first_sentence
from toolkit.publish.messages import SOURCE_LANGUAGE, Words, words
from toolkit.publish.pages import NavItem, NavSection, Page, PageSet, nav_title
from toolkit.publish.renderers.rule_scenarios import rule_examples
from toolkit.publish.rulings import RULINGS_PAGE, is_ruling, rulings_markdown
from toolkit.publish.translations import is_translation, translation_of
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
    generated_files: dict[str, str] = field(default_factory=dict)
    """Site-relative path → text of a generated file (the card faces' SVG)."""
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


def translated_nav(items: list[NavItem], say: Words) -> list[NavItem]:
    """``items`` with every title in the build's language (the paths stay)."""
    out: list[NavItem] = []
    for item in items:
        if isinstance(item, str):
            out.append(item)
            continue
        for title, value in item.items():
            out.append({say(title): value if isinstance(value, str) else translated_nav(value, say)})
    return out


ENGLISH_ONLY = ("vocabulary/", "reference/")
"""Generated from the models' and verbs' documentation, which is written in English."""


def _note_english_pages(site: SiteContent, language: str) -> None:
    """In another language's build, the pages written from English docstrings say so on top."""
    if language == SOURCE_LANGUAGE:
        return
    for page in list(site.pages):
        if page.path.startswith(ENGLISH_ONLY):
            head, _, rest = page.markdown.partition("\n")
            markdown = f"{head}\n\n{note(language, [SOURCE_LANGUAGE])}{rest.lstrip()}"
            site.pages.pages[page.path] = Page(page.path, page.title, markdown)


def build_site(index: ContentIndex, options: SiteOptions, glossary: list[Term]) -> SiteContent:
    """Every generated page, in the order: content, rulings, vocabulary, kinds, codes, glossary."""
    site = SiteContent()
    ctx = RenderContext(index, options)
    say = ctx.words
    by_pack = {pack_id: _rendered_documents(pack) for pack_id, pack in index.packs.items()}
    ctx.rendered.update(document_page(d) for docs in by_pack.values() for d in docs)
    verbs = discover_verbs()
    ctx.verb_pages.update({verb.model: verb.page for verb in verbs})
    faces = site_faces(index, options)
    ctx.face_blocks.update(faces.blocks)
    site.generated_files.update(faces.files)

    content_nav = _content_pages(site, ctx, by_pack)
    rulings = [d for docs in by_pack.values() for d in docs if is_ruling(model_of(d).kind)]
    declared = all(ctx.declares(d.pack_id, options.language) for d in rulings)
    with writing_page(options.language, SOURCE_LANGUAGE, declared) as language:
        rulings_page = rulings_markdown(ctx.at(RULINGS_PAGE), rulings)
    site.pages.add(Page(RULINGS_PAGE, say("Rulings"), note_fallbacks(rulings_page, language)))
    vocabulary_nav = _vocabulary_pages(site, ctx, verbs)
    reference_nav = _reference_pages(site, options)
    glossary_page = glossary_markdown(glossary, options.docs_dir, options.language)
    site.pages.add(Page(GLOSSARY_PAGE, say("Glossary"), glossary_page))
    site.appendices = rule_examples(ctx.index, ctx, _listed(RULES_NAV))
    _note_english_pages(site, options.language)
    site.nav = [
        {say("Home"): "index.md"},
        {say("Rules"): translated_nav(RULES_NAV, say)},
        {say("Glossary"): GLOSSARY_PAGE},
        {say("Rulings"): RULINGS_PAGE},
        {say("Content"): content_nav.to_nav()},
        {say("Vocabulary"): vocabulary_nav.to_nav()},
        {say("Reference"): reference_nav.to_nav()},
    ]
    if options.docs_dir is not None:
        guides = other_handwritten_pages(options.docs_dir, options.language)
        if guides:
            site.nav.insert(2, {say("Guides"): guides})
    return site


def note_fallbacks(markdown: str, language: PageLanguage) -> str:
    """``markdown`` with the not-translated note below its first heading when texts fell back."""
    text = fallback_note(language)
    if not text:
        return markdown
    head, _, rest = markdown.partition("\n")
    return f"{head}\n\n{text}{rest.lstrip()}"


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


def other_handwritten_pages(docs_dir: Path, language: str = SOURCE_LANGUAGE) -> list[NavItem]:
    """Hand-written pages outside the rules (guides and the like), titled by their first heading
    (of the page's translation into ``language`` when it has one), so that every page of the docs
    folder is reachable from the navigation."""
    listed = {"index.md", *_listed(RULES_NAV)}
    found: list[NavItem] = []
    for source in sorted(docs_dir.rglob("*.md")):
        relative = source.relative_to(docs_dir).as_posix()
        if relative in listed or relative.startswith("hooks/") or is_translation(relative):
            continue
        translated = translation_of(docs_dir, relative, language)
        path = translated if translated is not None else source
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
    say = ctx.words
    nav = NavSection(say("Content"), CONTENT_PAGE)
    lines = [
        f"# {say('Content packs')}",
        "",
        f"| {say('Pack')} | {say('Game')} | {say('Documents')} |",
        "|---|---|---|",
    ]
    games = all_games()
    for pack_id, documents in by_pack.items():
        pack = ctx.index.packs[pack_id]
        title = _pack_title(ctx, pack)
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
            kind_section = section.section(say(plural(kind)))
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
    site.pages.add(Page(CONTENT_PAGE, say("Content"), "\n".join(lines) + "\n"))
    return nav


def _pack_title(ctx: RenderContext, pack: Pack) -> str:
    manifest = pack.manifest
    if manifest is None:
        return pack.id
    name = getattr(manifest, "name", None)
    return ctx.text(name, pack.id) if isinstance(name, dict) else manifest.display_name()


def _pack_markdown(ctx: RenderContext, pack: Pack, grouped: dict[str, list[LoadedDocument]]) -> str:
    with writing_page(
        ctx.options.language,
        ctx.primary_language(pack.id),
        ctx.declares(pack.id, ctx.options.language),
    ) as language:
        markdown = _pack_body(ctx, pack, grouped)
    return note_fallbacks(markdown, language)


def _pack_body(ctx: RenderContext, pack: Pack, grouped: dict[str, list[LoadedDocument]]) -> str:
    say = ctx.words
    manifest = pack.manifest
    lines = [f"# {escape.inline(_pack_title(ctx, pack))}", ""]
    facts = [f"{say('id')} `{pack.id}`", f"{say('game')} {escape.inline(pack.game)}"]
    if manifest is not None:
        for name in ("version", "status", "license"):
            value = getattr(manifest, name, None)
            if value:
                facts.append(f"{say(name)} {escape.inline(str(value))}")
    lines.append(" · ".join(facts))
    if pack.requires:
        links = ", ".join(
            ctx.link(pack_page(r), escape.inline(r)) if r in ctx.index.packs else escape.inline(r)
            for r in pack.requires
        )
        lines += ["", say("Requires {packs}.").format(packs=links)]
    description = getattr(manifest, "description", None) if manifest else None
    if description:
        lines += ["", escape.block(localized(description))]
    for kind, documents in grouped.items():
        lines += ["", ctx.heading(say(plural(kind)), secret=kind in SECRET_KINDS), ""]
        lines += [f"- {ctx.link_document(d)}" for d in documents]
    return "\n".join(lines) + "\n"


def _vocabulary_pages(site: SiteContent, ctx: RenderContext, verbs: list[Verb]) -> NavSection:
    nav = NavSection(ctx.words("Vocabulary"), VOCABULARY_PAGE)
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
    site.pages.add(Page(VOCABULARY_PAGE, ctx.words("Vocabulary"), "\n".join(lines) + "\n"))
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
    say = words(options.language)
    nav = NavSection(say("Reference"))
    kinds_nav = nav.section(say("Content kinds"))
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
    site.pages.add(Page(KINDS_PAGE, say("Content kinds"), "\n".join(lines) + "\n"))

    codes_nav = nav.section(say("Diagnostic codes"))
    codes_nav.index = CODES_PAGE
    codes = all_codes()
    site.pages.add(Page(CODES_PAGE, say("Diagnostic codes"), codes_index_markdown(codes)))
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
    site.pages.add(Page(SCHEMAS_PAGE, say("JSON Schemas"), "\n".join(schema_lines) + "\n"))
    nav.add(say("JSON Schemas"), SCHEMAS_PAGE)
    return nav


def _kind_markdown(kind: str, game_title: str, model: type, has_schema: bool) -> str:
    rows = schema_rows(model)
    schema = f"Schema: [{kind}.schema.json](../schemas/{kind}.schema.json)" if has_schema else ""
    return (
        f"# `{kind}`\n\n*Content kind of {escape.inline(game_title)}.* {schema}\n\n"
        f"{docstring(model)}\n\n"
        "## Keys\n\n| Key | Type | Required | Meaning |\n|---|---|---|---|\n" + "\n".join(rows) + "\n"
    )
