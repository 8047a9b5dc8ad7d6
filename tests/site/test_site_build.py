"""The site as MkDocs builds it (strict): hostile content stays inert, every internal link resolves."""

from __future__ import annotations

import json
import re
from pathlib import Path
from urllib.parse import unquote, urlsplit

from tests.site.conftest import REPO
from tests.site.site_html import internal_target, scan

# Lines a chapter's Mermaid source may consist of; anything else could be an injected directive.
MERMAID_LINE = re.compile(
    r"""flowchart\ TD
    | \s+n\d+(\["[^"]*"\]|\(\["[^"]*"\]\)|\[/"[^"]*"/\])
    | \s+n\d+\ -->(\|"[^"]*"\|)?\ n\d+
    | \s+click\ n\d+\ href\ "(\.\./)+[a-z0-9/-]+/"
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


def _secrets() -> list[tuple[str, str]]:
    """Titles, stories and names of every mission card, insight card and scenario test."""
    from toolkit.core.model import text_in
    from toolkit.core.pipeline import validate_paths

    found = []
    for pack in validate_paths(None).packs:
        for document in pack.documents:
            model = document.model
            if model is None or model.kind not in ("mission-card", "insight-card", "scenario"):
                continue
            for field in ("title", "story", "name"):
                value = getattr(model, field, None)
                if value:
                    found.append((f"{model.kind} {model.document_key()} {field}", text_in(value)))
    return found


def test_the_search_index_of_a_default_build_holds_no_spoiler(built_site: Path) -> None:
    """A collapsed spoiler block hides nothing from search: card pages, the mission graph and every
    list naming secret cards stay out of the index unless the build is made with `--spoilers`."""
    import html

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
    texts = [html.unescape(d["title"] + " " + d["text"]) for d in generated]
    descriptions = {"Source of the Scourge"}  # named by the rulebook-examples pack's own description
    leaked = [
        what for what, secret in _secrets() if secret not in descriptions and any(secret in t for t in texts)
    ]
    assert leaked == []


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
