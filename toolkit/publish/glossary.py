"""The glossary: its entries (hand-written in ``site/glossary.yml``), its page, and the linker that
turns every use of a term in a rendered page into a link to its entry."""

from __future__ import annotations

import html
import posixpath
import re
from dataclasses import dataclass
from pathlib import Path

import yaml

from toolkit.publish import escape
from toolkit.publish.language import note
from toolkit.publish.messages import SOURCE_LANGUAGE, language_name, words
from toolkit.publish.translations import translation_of

GLOSSARY_PAGE = "glossary.md"
GAME_TITLES = {
    "board": "Board game",
    "card": "Card game",
    "blood-hunt": "Blood Hunt",
    "all": "Several games",
}
# Inside these elements text stays as it is: links cannot nest, headings and code are not prose,
# and diagrams and scripts are not text at all.
_SKIP_TAGS = frozenset(
    {
        "a",
        "code",
        "pre",
        "h1",
        "h2",
        "h3",
        "h4",
        "h5",
        "h6",
        "script",
        "style",
        "svg",
        "summary",
        "textarea",
        "button",
        "label",
        "title",
        "kbd",
        "abbr",
    }
)
_VOID_TAGS = frozenset(
    {"br", "hr", "img", "input", "meta", "link", "area", "base", "col", "embed", "source", "wbr"}
)
_NO_LINK_CLASS = re.compile(r"""class\s*=\s*["'][^"']*\b(?:mermaid|hk-nolink)\b""")
_TAG = re.compile(r"<(/?)([a-zA-Z][a-zA-Z0-9-]*)([^>]*?)(/?)>|<!--.*?-->", re.DOTALL)


@dataclass(frozen=True, slots=True)
class Translation:
    """A glossary entry in another language: its term, the forms to link, its definition."""

    term: str
    text: str
    forms: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Term:
    """One glossary entry."""

    term: str
    text: str
    game: str = "all"
    forms: tuple[str, ...] = ()
    see: str | None = None
    translations: tuple[tuple[str, Translation], ...] = ()
    """By language code (``pl``), as written under the entry's language key."""

    @property
    def anchor(self) -> str:
        """The same in every language, so that a link to an entry survives the language switch."""
        return escape.slug(self.term)

    def translation(self, language: str) -> Translation | None:
        return dict(self.translations).get(language)

    def in_language(self, language: str) -> Translation:
        """The entry in ``language``, or in English when it has no translation into it."""
        found = self.translation(language)
        return found if found is not None else Translation(self.term, self.text, self.forms)


def _translations(entry: dict[str, object]) -> tuple[tuple[str, Translation], ...]:
    found: list[tuple[str, Translation]] = []
    for language, value in entry.items():
        if isinstance(value, dict) and language not in ("forms",):
            forms = value.get("forms", ())
            found.append(
                (
                    str(language),
                    Translation(
                        term=str(value["term"]),
                        text=str(value["text"]),
                        forms=tuple(str(f) for f in forms) if isinstance(forms, list) else (),
                    ),
                )
            )
    return tuple(found)


def load_terms(path: Path) -> list[Term]:
    """Entries of the glossary file; a malformed file is a build error, not a silent omission."""
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    terms = []
    for entry in data["terms"]:
        terms.append(
            Term(
                term=str(entry["term"]),
                text=str(entry["text"]),
                game=str(entry.get("game", "all")),
                forms=tuple(str(f) for f in entry.get("forms", ())),
                see=entry.get("see"),
                translations=_translations(entry),
            )
        )
    return sorted(terms, key=lambda t: t.term.lower())


def page_title(docs_dir: Path, page: str, language: str = SOURCE_LANGUAGE) -> str:
    """The first heading of a hand-written page (of its translation, if any), for link texts."""
    path = translation_of(docs_dir, page, language) or docs_dir / page
    if path.is_file():
        for line in path.read_text(encoding="utf-8").splitlines():
            if line.startswith("# "):
                return line[2:].strip()
    return page.rsplit("/", 1)[-1].removesuffix(".md")


def glossary_markdown(
    terms: list[Term], docs_dir: Path | None = None, language: str = SOURCE_LANGUAGE
) -> str:
    """The glossary page in ``language``: each entry under its term in that language, with its
    terms in the other languages beside it (the English one on a translated page)."""
    say = words(language)
    lines = [
        f"# {say('Glossary')}",
        "",
        say("Terms of the three games, in our own words. Uses of these terms on other pages link here."),
        "",
    ]
    if language != SOURCE_LANGUAGE and any(t.translation(language) is None for t in terms):
        lines.append(note(language, [SOURCE_LANGUAGE]))
    for term in sorted(terms, key=lambda t: t.in_language(language).term.lower()):
        shown = term.in_language(language)
        lines.append(f"## {escape.inline(shown.term)} {{#{term.anchor}}}")
        lines.append("")
        game = say(GAME_TITLES[term.game]) if term.game in GAME_TITLES else escape.inline(term.game)
        lines.append(f"*{game}.* " + escape.inline(shown.text))
        others = _other_terms(term, language)
        if others:
            lines += ["", others]
        if term.see:
            lines.append("")
            title = page_title(docs_dir, term.see, language) if docs_dir else term.see
            lines.append(say("See {page}.").format(page=f"[{escape.inline(title)}]({term.see})"))
        lines.append("")
    return "\n".join(lines)


def _other_terms(term: Term, language: str) -> str:
    """``English: Hunter · polski: Łowca`` — the entry's term in the languages other than the page's."""
    named = [(SOURCE_LANGUAGE, term.term), *((code, t.term) for code, t in term.translations)]
    return " · ".join(
        f"{language_name(code, language)}: *{escape.inline(text)}*"
        for code, text in named
        if code != language
    )


class GlossaryLinker:
    """Links uses of glossary terms in rendered HTML to their entries."""

    def __init__(self, terms: list[Term], language: str = SOURCE_LANGUAGE) -> None:
        self.terms = terms
        self.language = language
        by_form: dict[str, Term] = {}
        for term in terms:
            shown = term.in_language(language)
            for form in (shown.term, *shown.forms):
                by_form.setdefault(form.lower(), term)
        self.by_form = by_form
        alternatives = sorted(by_form, key=len, reverse=True)
        pattern = "|".join(re.escape(a) for a in alternatives) or r"(?!x)x"
        self.pattern = re.compile(rf"(?<![\w-])(?:{pattern})(?![\w-])", re.IGNORECASE)

    def link_html(self, content: str, page_url: str) -> str:
        """``content`` with every use of a term outside links, headings and code made a link.

        ``page_url`` is the page's URL relative to the site root (``rules/board/combat/``).
        """
        target = posixpath.relpath("glossary/", page_url or ".") if page_url else "glossary/"
        target = target.rstrip("/") + "/"
        out: list[str] = []
        skip_name = ""
        skip_count = 0
        position = 0
        for match in _TAG.finditer(content):
            out.append(self._link_text(content[position : match.start()], target, bool(skip_name)))
            out.append(match.group(0))
            position = match.end()
            name = (match.group(2) or "").lower()
            if not name or match.group(4) or name in _VOID_TAGS:
                continue
            closing = bool(match.group(1))
            if skip_name:
                # Only the skipped element's own kind of tag can end it; count nested ones.
                if name == skip_name:
                    skip_count += -1 if closing else 1
                    if skip_count == 0:
                        skip_name = ""
            elif not closing and (name in _SKIP_TAGS or _NO_LINK_CLASS.search(match.group(3))):
                skip_name, skip_count = name, 1
        out.append(self._link_text(content[position:], target, bool(skip_name)))
        return "".join(out)

    def _link_text(self, text: str, target: str, skip: bool) -> str:
        if skip or not text.strip():
            return text
        plain = html.unescape(text)
        pieces: list[str] = []
        position = 0
        for match in self.pattern.finditer(plain):
            term = self.by_form[match.group(0).lower()]
            pieces.append(html.escape(plain[position : match.start()], quote=False))
            pieces.append(
                f'<a class="hk-term" href="{target}#{term.anchor}" '
                f'title="{html.escape(term.in_language(self.language).text)}">'
                f"{html.escape(match.group(0), quote=False)}</a>"
            )
            position = match.end()
        if not pieces:
            return text
        pieces.append(html.escape(plain[position:], quote=False))
        return "".join(pieces)
