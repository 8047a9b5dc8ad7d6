"""MkDocs hook: validate the content, then add the generated pages and navigation to the build.

Options come from the environment so that plain ``mkdocs build`` works too; ``huntkit site build``
sets them: ``HUNTKIT_SITE_PACKS`` (paths separated by the OS path separator; default: the built-in
content), ``HUNTKIT_SITE_SPOILERS`` (``0`` leaves mission-card secrets out) and
``HUNTKIT_SITE_STRICT`` (``1`` fails on content warnings too), ``HUNTKIT_SITE_REPORTS`` (JSON
simulation reports to show on chapter pages), ``HUNTKIT_SITE_LANGUAGE`` (the language of this build,
default ``en``) and ``HUNTKIT_SITE_LANGUAGES`` (every language of the site, separated by commas, the
first at the root: a build of one of several gets the header's language menu).
"""

from __future__ import annotations

import logging
import os
from pathlib import Path
from typing import Any

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.exceptions import PluginError
from mkdocs.plugins import event_priority
from mkdocs.structure.files import File, Files
from mkdocs.structure.pages import Page

from toolkit.publish.alternates import Alternate, page_alternates, root_link, root_of
from toolkit.publish.build import BuildState, prepare
from toolkit.publish.language import note
from toolkit.publish.messages import SOURCE_LANGUAGE, language_name, site_languages
from toolkit.publish.translations import is_translation, translation_of

log = logging.getLogger("mkdocs.hooks.huntkit")
_state: BuildState | None = None
_language = SOURCE_LANGUAGE
_languages: tuple[str, ...] = (SOURCE_LANGUAGE,)
LUNR_LANGUAGES = "assets/javascripts/lunr/min"


def _set_language(config: MkDocsConfig) -> None:
    """The theme's words, the search's language and the language menu of this build."""
    global _language, _languages
    _language = os.environ.get("HUNTKIT_SITE_LANGUAGE", SOURCE_LANGUAGE)
    if _language not in site_languages():
        raise PluginError(
            f"HUNTKIT_SITE_LANGUAGE={_language}: the site has no words in this language; it has "
            f"{', '.join(site_languages())}"
        )
    listed = tuple(c for c in os.environ.get("HUNTKIT_SITE_LANGUAGES", "").split(",") if c)
    _languages = listed if _language in listed else (_language,)
    config.theme["language"] = _language
    search = config.plugins.get("material/search")
    lunr = Path(config.theme.dirs[-1]) / LUNR_LANGUAGES if config.theme.dirs else None
    if search is not None and lunr is not None and (lunr / f"lunr.{_language}.min.js").is_file():
        search.config["lang"] = [_language]
    elif search is not None and _language != SOURCE_LANGUAGE:
        # lunr has no stemmer for this language (Polish): words are split and matched as written,
        # without the English stemmer and stop words that would mangle them.
        search.config["pipeline"] = []
    if len(_languages) > 1:
        _set_alternate(config)


def _set_alternate(config: MkDocsConfig) -> None:
    """Material's language menu, from this language's root to each language's root."""
    config.extra["alternate"] = [
        {"name": language_name(code), "lang": code, "link": root_link(_language, code, _languages)}
        for code in _languages
    ]


@event_priority(100)  # before the search plugin's, which reads the theme's language
def on_config(config: MkDocsConfig) -> MkDocsConfig:
    global _state
    _set_language(config)
    root = Path(config.config_file_path).resolve().parent
    packs = [Path(p) for p in os.environ.get("HUNTKIT_SITE_PACKS", "").split(os.pathsep) if p]
    spoilers = os.environ.get("HUNTKIT_SITE_SPOILERS", "1") != "0"
    strict = os.environ.get("HUNTKIT_SITE_STRICT", "0") == "1"
    reports = [Path(p) for p in os.environ.get("HUNTKIT_SITE_REPORTS", "").split(os.pathsep) if p]
    search_spoilers = os.environ.get("HUNTKIT_SITE_SEARCH_SPOILERS", "0") == "1"
    try:
        _state = prepare(
            root,
            Path(config.docs_dir),
            packs,
            spoilers=spoilers,
            strict=strict,
            reports=reports,
            search_spoilers=search_spoilers,
            language=_language,
        )
    except ValueError as error:
        raise PluginError(str(error)) from None
    log.info("huntkit: %d generated pages", len(_state.content.pages))
    config.nav = _state.content.nav
    return config


def on_files(files: Files, config: MkDocsConfig) -> Files:
    assert _state is not None
    for translation in [f for f in files if is_translation(f.src_uri)]:
        files.remove(translation)  # a page's translation replaces its text, in its build only
    for page in _state.content.pages:
        files.append(File.generated(config, page.path, content=page.markdown))
    for target, source in _state.content.static_files.items():
        files.append(File.generated(config, target, abs_src_path=str(source)))
    for target, text in _state.content.generated_files.items():
        files.append(File.generated(config, target, content=text))
    return files


def on_page_markdown(markdown: str, page: Page, config: MkDocsConfig, **_: Any) -> str:
    """A hand-written rules page gets the worked examples of the rule scenarios that name it."""
    assert _state is not None
    if not page.file.generated_by:
        markdown = _translated(markdown, page, config)
    appendix = _state.content.appendices.get(page.file.src_uri)
    return f"{markdown.rstrip()}\n\n{appendix}" if appendix else markdown


def _translated(markdown: str, page: Page, config: MkDocsConfig) -> str:
    """A hand-written page's translation into this build's language, or the page with a note."""
    if _language == SOURCE_LANGUAGE:
        return markdown
    found = translation_of(Path(config.docs_dir), page.file.src_uri, _language)
    if found is not None:
        return found.read_text(encoding="utf-8")
    head, _, rest = markdown.partition("\n")
    if not head.startswith("# "):
        return note(_language, [SOURCE_LANGUAGE]) + markdown
    return f"{head}\n\n{note(_language, [SOURCE_LANGUAGE])}{rest.lstrip()}"


def on_template_context(context: dict[str, Any], template_name: str, config: MkDocsConfig) -> dict[str, Any]:
    """The 404 page's menu: MkDocs writes that page's links from the server's root, so these too."""
    if template_name == "404.html" and len(_languages) > 1:
        context["huntkit_alternates"] = [
            Alternate(language_name(code), code, "/" + root_of(code, _languages)) for code in _languages
        ]
        # base.html writes the head's alternate links from the configuration; they must not climb
        # above the server's root either. Put back once the page is written (on_post_template).
        config.extra["alternate"] = [
            {**entry, "link": "/" + root_of(entry["lang"], _languages)} for entry in config.extra["alternate"]
        ]
    return context


def on_post_template(output_content: str, template_name: str, config: MkDocsConfig) -> str:
    if template_name == "404.html" and len(_languages) > 1:
        _set_alternate(config)
    return output_content


def on_page_context(context: dict[str, Any], page: Page, config: MkDocsConfig, **_: Any) -> dict[str, Any]:
    """The language menu of this page: the same page in each language of the site."""
    if len(_languages) > 1:
        context["huntkit_alternates"] = page_alternates(page.url, _language, _languages)
    return context


def on_page_content(html: str, page: Page, config: MkDocsConfig, **_: Any) -> str:
    assert _state is not None
    if page.file.src_uri == "glossary.md":
        return html
    return _state.linker.link_html(html, page.url)
