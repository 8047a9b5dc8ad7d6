"""Fixtures of the reference-site tests: one real MkDocs build per session, and the generator's
pages without MkDocs for the quick checks."""

from __future__ import annotations

from pathlib import Path

import pytest

from toolkit.core.packs import builtin_content_root
from toolkit.publish.build import BuildState, prepare
from toolkit.publish.runner import SiteRequest, build

REPO = Path(__file__).resolve().parents[2]
HERE = Path(__file__).resolve().parent
HOSTILE_PACK = HERE / "fixtures" / "hostile-pack"
BROKEN_PACK = HERE / "fixtures" / "broken-pack"
PALE_BELL = REPO / "content" / "campaigns" / "the-pale-bell"
POLISH_PACK = HERE / "fixtures" / "polish-pack"
"""Declares ``languages: [en, pl]``: a site with it is built in both."""


@pytest.fixture(scope="session")
def built_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The site of the built-in content plus the hostile and the Polish packs, built by MkDocs
    (strict) in English and Polish, the languages the packs declare."""
    out = tmp_path_factory.mktemp("site")
    return build(SiteRequest((builtin_content_root(), HOSTILE_PACK, POLISH_PACK)), out)


@pytest.fixture(scope="session")
def built_site_with_search_spoilers(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The Pale Bell's site built with `--spoilers` (search finds the secrets too); one campaign
    keeps this second build short."""
    out = tmp_path_factory.mktemp("site-spoilers")
    return build(SiteRequest((PALE_BELL,), search_spoilers=True), out)


@pytest.fixture(scope="session")
def generated() -> BuildState:
    """The generated pages of the built-in content, with spoilers."""
    return prepare(REPO, REPO / "site", [], spoilers=True)


@pytest.fixture(scope="session")
def generated_without_spoilers() -> BuildState:
    return prepare(REPO, REPO / "site", [], spoilers=False)
