"""MkDocs hook: validate the content, then add the generated pages and navigation to the build.

Options come from the environment so that plain ``mkdocs build`` works too; ``huntkit site build``
sets them: ``HUNTKIT_SITE_PACKS`` (paths separated by the OS path separator; default: the built-in
content), ``HUNTKIT_SITE_SPOILERS`` (``0`` leaves mission-card secrets out) and
``HUNTKIT_SITE_STRICT`` (``1`` fails on content warnings too) and ``HUNTKIT_SITE_REPORTS`` (JSON
simulation reports to show on chapter pages).
"""

from __future__ import annotations

import logging
import os
from pathlib import Path
from typing import Any

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.exceptions import PluginError
from mkdocs.structure.files import File, Files
from mkdocs.structure.pages import Page

from toolkit.publish.build import BuildState, prepare

log = logging.getLogger("mkdocs.hooks.huntkit")
_state: BuildState | None = None


def on_config(config: MkDocsConfig) -> MkDocsConfig:
    global _state
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
        )
    except ValueError as error:
        raise PluginError(str(error)) from None
    log.info("huntkit: %d generated pages", len(_state.content.pages))
    config.nav = _state.content.nav
    return config


def on_files(files: Files, config: MkDocsConfig) -> Files:
    assert _state is not None
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
    appendix = _state.content.appendices.get(page.file.src_uri)
    return f"{markdown.rstrip()}\n\n{appendix}" if appendix else markdown


def on_page_content(html: str, page: Page, config: MkDocsConfig, **_: Any) -> str:
    assert _state is not None
    if page.file.src_uri == "glossary.md":
        return html
    return _state.linker.link_html(html, page.url)
