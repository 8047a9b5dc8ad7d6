"""Content text never becomes markup: Markdown, HTML and Mermaid escaping, and glossary links."""

from __future__ import annotations

import re

import markdown

from toolkit.publish import escape
from toolkit.publish.glossary import GlossaryLinker, Term
from toolkit.publish.markdown import code_block


def render(text: str) -> str:
    return markdown.markdown(text, extensions=["tables"])


def test_inline_text_with_html_and_links_renders_as_plain_text() -> None:
    hostile = "<script>alert(1)</script> [x](javascript:alert(2)) **bold** `code`"
    html = render(escape.inline(hostile))
    assert "<script" not in html
    assert "<a " not in html
    assert "<strong>" not in html and "<code>" not in html
    assert "&#60;script&#62;" in html or "&lt;script&gt;" in html


def test_pipes_in_content_do_not_split_a_table_row() -> None:
    row = f"| {escape.inline('a | b | c')} | second |"
    html = render("| h1 | h2 |\n|---|---|\n" + row)
    assert html.count("<td>") == 2


def test_block_keeps_paragraphs_but_escapes_each() -> None:
    html = render(escape.block("first <b>para</b>\n\n# not a heading"))
    assert html.count("<p>") == 2
    assert "<h1>" not in html and "<b>" not in html


def test_mermaid_label_cannot_close_the_label_or_open_a_tag() -> None:
    label = escape.mermaid_label('x"]) --> n0; click n0 href "javascript:alert(1)" <b>%%{init}%%')
    assert '"' not in label
    without_entities = re.sub(r"#\d+;", "", label)
    assert not set("<>[](){};%#") & set(without_entities)
    assert "#34;" in label and "#60;" in label


def test_code_block_fence_is_longer_than_any_backtick_run_in_the_content() -> None:
    block = code_block("before\n````\nafter", "yaml")
    assert block.startswith("`````yaml\n")
    assert block.endswith("\n`````")


def test_glossary_links_terms_in_prose_but_not_in_code_headings_or_links() -> None:
    linker = GlossaryLinker([Term("Stagger", "Cancels slower attacks.", forms=("staggers",))])
    html = (
        "<h2>Stagger</h2><p>A hit that staggers wins.</p><pre><code>stagger</code></pre>"
        '<p><a href="x/">Stagger</a></p><div class="mermaid">stagger</div>'
    )
    linked = linker.link_html(html, "rules/board/combat/")
    assert linked.count('class="hk-term"') == 1
    assert '<a class="hk-term" href="../../../glossary/#stagger"' in linked
    assert "<h2>Stagger</h2>" in linked


def test_glossary_link_keeps_escaped_text_escaped() -> None:
    linker = GlossaryLinker([Term("Poison", "A status token.")])
    linked = linker.link_html("<p>&lt;script&gt; poison</p>", "")
    assert "&lt;script&gt;" in linked
    assert "<script>" not in linked
