"""The site as MkDocs builds it (strict): hostile content stays inert, every internal link resolves."""

from __future__ import annotations

import json
import re
from pathlib import Path
from urllib.parse import unquote, urlsplit

import pytest

from tests.site.conftest import REPO
from tests.site.site_html import internal_target, scan

# Lines a chapter's Mermaid source may consist of; anything else could be an injected directive.
MERMAID_LINE = re.compile(
    r"""flowchart\ TD
    | \s+n\d+(\["[^"]*"\]|\[\["[^"]*"\]\]|\(\["[^"]*"\]\)|\[/"[^"]*"/\])
    | \s+n\d+\ (-->|==>|-\.->)(\|"[^"]*"\|)?\ n\d+
    | \s+click\ n\d+\ href\ "(\.\./)+[a-z0-9/-]+/"
    | \s+classDef\ [a-z_]+\ [a-z0-9\#:,.\ -]+
    | \s+class\ n\d+\ [a-z_]+
    | \s+linkStyle\ [0-9,]+\ [a-z0-9\#:,.-]+
    """,
    re.VERBOSE,
)


def hostile_pages(site: Path) -> list[Path]:
    pages = sorted((site / "content" / "hostile").rglob("index.html"))
    assert len(pages) >= 5, "the hostile pack's pages were built"
    return pages


def test_script_tags_in_content_are_shown_as_text_not_run(built_site: Path) -> None:
    for page in hostile_pages(built_site):
        found = scan(page)
        for attributes, body in found.scripts:
            assert "alert(" not in body, page
            assert "alert(" not in str(attributes.get("src")), page
        assert "<script>alert" not in page.read_text(encoding="utf-8"), page


def test_javascript_links_in_content_do_not_become_links(built_site: Path) -> None:
    for page in hostile_pages(built_site):
        found = scan(page)
        assert not [link for link in found.links if link.strip().lower().startswith("javascript:")]
        assert not found.handlers, f"event handler attributes in {page}: {found.handlers}"


def test_mermaid_breaking_titles_stay_inside_their_labels(built_site: Path) -> None:
    chapter = built_site / "content" / "hostile" / "chapter" / "hostile-campaign-1" / "index.html"
    graphs = scan(chapter).mermaid
    assert len(graphs) == 1
    for line in graphs[0].strip().splitlines():
        assert MERMAID_LINE.fullmatch(line), line
    assert "%%" not in graphs[0]


def test_every_internal_link_of_the_built_site_resolves(built_site: Path) -> None:
    broken: list[str] = []
    pages = sorted(built_site.rglob("*.html"))
    assert len(pages) > 100
    ids: dict[Path, set[str]] = {}
    for page in pages:
        for link in scan(page).links:
            target = internal_target(built_site, page, link)
            if target is None:
                continue
            if not target.is_file():
                broken.append(f"{page.relative_to(built_site)} -> {link}")
                continue
            fragment = urlsplit(link).fragment
            if fragment and target.suffix == ".html":
                if target not in ids:
                    ids[target] = scan(target).ids
                if unquote(fragment) not in ids[target]:
                    broken.append(f"{page.relative_to(built_site)} -> {link} (no such anchor)")
    assert not broken, "\n".join(broken[:30])


def test_json_schemas_are_downloadable(built_site: Path) -> None:
    schema = built_site / "reference" / "schemas" / "huntkit.schema.json"
    assert schema.is_file()
    assert '"$schema"' in schema.read_text(encoding="utf-8")


def test_glossary_terms_used_in_rules_link_to_the_glossary(built_site: Path) -> None:
    combat = (built_site / "rules" / "board" / "combat" / "index.html").read_text(encoding="utf-8")
    assert '<a class="hk-term" href="../../../glossary/#stagger"' in combat


def test_search_index_keeps_hostile_markup_escaped(built_site: Path) -> None:
    import json

    index = json.loads((built_site / "search" / "search_index.json").read_text(encoding="utf-8"))
    hostile = [doc for doc in index["docs"] if doc["location"].startswith("content/hostile/")]
    assert hostile
    for doc in hostile:
        for field in ("title", "text"):
            value = doc[field].lower()
            assert "<script" not in value and "<iframe" not in value and "<b " not in value, doc


SECRET_FIELDS = ("title", "story", "name", "prompt", "label", "narrative")
"""Fields of a mission card, insight card or scenario test whose text is a secret."""


def _texts(value: object, where: str) -> list[tuple[str, str]]:
    """Every secret text inside a model: titles, stories, choice prompts and option labels."""
    from pydantic import BaseModel

    from toolkit.core.model import text_in

    found: list[tuple[str, str]] = []
    if isinstance(value, BaseModel):
        for name in type(value).model_fields:
            item = getattr(value, name)
            if name in SECRET_FIELDS and isinstance(item, str | dict) and item:
                text = text_in(item)
                if len(text.split()) >= 2:  # a one-word label matches too much public text
                    found.append((f"{where}.{name}", text))
            else:
                found += _texts(item, f"{where}.{name}")
    elif isinstance(value, list | tuple):
        for i, item in enumerate(value):
            found += _texts(item, f"{where}.{i}")
    return found


def _secrets(packs: list[Path] | None = None) -> list[tuple[str, str]]:
    """The text of every mission card, insight card and scenario test (titles, stories, choices,
    names), and every goal label of the mission graphs."""
    from toolkit.core.pipeline import validate_paths
    from toolkit.games.board.mission.deck import gather_decks
    from toolkit.games.board.mission.graph import build_chapter_graph

    found = []
    for pack in validate_paths(packs).packs:
        for document in pack.documents:
            model = document.model
            if model is None or model.kind not in ("mission-card", "insight-card", "scenario"):
                continue
            found += _texts(model, f"{model.kind} {model.document_key()}")
        for deck in gather_decks(d for d in pack.documents if d.model is not None).values():
            for number in deck.chapter_numbers():
                for edge in build_chapter_graph(deck, number).edges():
                    if edge.kind == "goal" and len(edge.label.split()) >= 2:
                        found.append((f"goal of {edge.source} in chapter {number}", edge.label))
    return found


def _index_texts(site: Path) -> list[str]:
    import html

    index = json.loads((site / "search" / "search_index.json").read_text(encoding="utf-8"))
    return [html.unescape(d["title"] + " " + d["text"]) for d in index["docs"]]


def test_the_search_index_of_a_default_build_holds_no_spoiler(built_site: Path) -> None:
    """A collapsed spoiler block hides nothing from search: card pages, the mission graph and every
    list naming secret cards stay out of the index unless the build is made with `--spoilers`."""
    index = json.loads((built_site / "search" / "search_index.json").read_text(encoding="utf-8"))
    generated = [
        d for d in index["docs"] if d["location"].startswith(("content/", "vocabulary/", "reference/"))
    ]
    assert generated
    assert not [
        d["location"]
        for d in generated
        if (
            d["location"].startswith("content/")
            and ("/mission-card/" in d["location"] or "/scenario/" in d["location"])
        )
    ]
    texts = _index_texts(built_site)  # hand-written pages (the guides) included
    descriptions = {"Source of the Scourge"}  # named by the rulebook-examples pack's own description
    secrets = _secrets()
    assert len(secrets) > 100, "the secrets of every built-in campaign were collected"
    leaked = [
        f"{what}: {secret}"
        for what, secret in secrets
        if secret not in descriptions and any(secret in t for t in texts)
    ]
    assert leaked == []


@pytest.mark.slow
def test_a_spoilers_build_puts_the_secrets_in_the_search_index(built_site_with_search_spoilers: Path) -> None:
    from tests.site.conftest import PALE_BELL

    texts = _index_texts(built_site_with_search_spoilers)
    secrets = _secrets([PALE_BELL])
    assert secrets
    missing = [f"{what}: {secret}" for what, secret in secrets if not any(secret in t for t in texts)]
    assert missing == []


def test_a_spoilers_build_lets_search_find_them() -> None:
    from toolkit.publish.build import prepare

    state = prepare(REPO, REPO / "site", [], spoilers=True, search_spoilers=True)
    pages = state.content.pages.pages
    card = pages["content/the-pale-bell/mission-card/the-pale-bell-5.md"].markdown
    chapter = pages["content/the-pale-bell/chapter/the-pale-bell-1.md"].markdown
    assert not card.startswith("---\nsearch:")
    assert "## Mission graph\n" in chapter and "data-search-exclude" not in chapter
    default = prepare(REPO, REPO / "site", [], spoilers=True)
    assert default.content.pages.pages[
        "content/the-pale-bell/mission-card/the-pale-bell-5.md"
    ].markdown.startswith("---\nsearch:\n  exclude: true\n---")
    assert (
        "## Mission graph { data-search-exclude }"
        in default.content.pages.pages["content/the-pale-bell/chapter/the-pale-bell-1.md"].markdown
    )
