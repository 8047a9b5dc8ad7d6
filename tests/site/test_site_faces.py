"""Each card's page of the reference shows its face, as SVG files beside the page; mission and
insight cards' faces follow the site's spoiler handling."""

from __future__ import annotations

import re
from xml.etree import ElementTree

from toolkit.core.model import Illustrated
from toolkit.core.registry import all_kinds
from toolkit.publish.build import BuildState

IMAGE = re.compile(r"!\[[^\]]*\]\(([^)]+\.svg)\)")


def _faces_on(state: BuildState, page: str) -> list[str]:
    """The site paths of the face images a page shows."""
    markdown = state.content.pages.pages[page].markdown
    folder = page.rsplit("/", 1)[0]
    return [f"{folder}/{name}" for name in IMAGE.findall(markdown)]


def test_every_card_kind_has_a_page_showing_its_face(generated: BuildState) -> None:
    cards = {kind for kind, (_, model) in all_kinds().items() if issubclass(model, Illustrated)}
    shown: set[str] = set()
    for page in generated.content.pages:
        kind = (
            page.path.split("/")[2] if page.path.startswith("content/") and page.path.count("/") == 3 else ""
        )
        if kind in cards and _faces_on(generated, page.path):
            shown.add(kind)
    assert shown == cards


def test_an_enemy_page_shows_both_sides_as_svg_files(generated: BuildState) -> None:
    page = "content/core/enemy/scourge-beast.md"
    files = _faces_on(generated, page)
    assert files == [
        "content/core/enemy/scourge-beast-front.svg",
        "content/core/enemy/scourge-beast-back.svg",
    ]
    for file in files:
        root = ElementTree.fromstring(generated.content.generated_files[file])
        assert root.get("width") == "63mm"
    markdown = generated.content.pages.pages[page].markdown
    assert markdown.index("scourge-beast-front.svg") < markdown.index("In chapter setups")


def test_mission_card_faces_are_collapsed_with_spoilers_and_absent_without(
    generated: BuildState, generated_without_spoilers: BuildState
) -> None:
    page = "content/the-pale-bell/mission-card/the-pale-bell-3.md"
    markdown = generated.content.pages.pages[page].markdown
    assert '??? spoiler "Card face"' in markdown
    assert _faces_on(generated, page)
    assert markdown.startswith("---\nsearch:\n  exclude: true\n")  # out of a default build's search
    assert _faces_on(generated_without_spoilers, page) == []
    assert not [f for f in generated_without_spoilers.content.generated_files if "/mission-card/" in f]
    assert not [f for f in generated_without_spoilers.content.generated_files if "/insight-card/" in f]


def test_the_deck_page_shows_every_card_and_its_back_once(generated: BuildState) -> None:
    files = _faces_on(generated, "content/blood-hunt/bh-deck/standard.md")
    assert len([f for f in files if f.endswith("-front.svg")]) == 40
    assert len([f for f in files if f.endswith("-back.svg")]) == 1
