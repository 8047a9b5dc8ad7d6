"""Every card kind of every game has a face; each face is SVG at its card's size showing its title."""

from __future__ import annotations

from functools import cache
from pathlib import Path
from xml.etree import ElementTree

import pytest

from toolkit.core.model import Illustrated
from toolkit.core.registry import all_kinds
from toolkit.publish.faces import RENDERERS, SPOILER_KINDS, CardFace, faces_for_pack

ROOT = Path(__file__).resolve().parents[2]
PACKS = (
    "content/core",
    "content/campaigns/the-pale-bell",
    "content/hunters-nightmare",
    "content/blood-hunt",
)
SVG = "{http://www.w3.org/2000/svg}"


@cache
def _faces() -> tuple[CardFace, ...]:
    return tuple(face for pack in PACKS for face in faces_for_pack(ROOT / pack))


def _visible_text(svg: str) -> str:
    """The words drawn on a side (not its <title>), lines joined by spaces."""
    root = ElementTree.fromstring(svg)
    lines = [
        " ".join(span.text or "" for span in text.iter(f"{SVG}tspan")) for text in root.iter(f"{SVG}text")
    ]
    return " ".join(lines)


def test_every_card_kind_of_every_game_has_a_renderer() -> None:
    cards = sorted(kind for kind, (_, model) in all_kinds().items() if issubclass(model, Illustrated))
    assert cards, "no card kinds found"
    missing = [kind for kind in cards if kind not in RENDERERS]
    assert missing == [], f"card kinds without a face renderer: {missing}"
    not_cards = [kind for kind in RENDERERS if kind not in cards]
    assert not_cards == [], f"renderers for kinds that are not Illustrated cards: {not_cards}"


def test_every_card_model_has_an_art_field() -> None:
    for kind in RENDERERS:
        assert "art" in all_kinds()[kind][1].model_fields, kind


@pytest.mark.parametrize("kind", sorted(RENDERERS))
def test_each_kind_renders_valid_svg_of_its_size_showing_its_title(kind: str) -> None:
    faces = [face for face in _faces() if face.kind == kind]
    assert faces, f"the built-in content has no {kind} to draw"
    for face in faces:
        for svg in (face.front_svg, face.back_svg):
            root = ElementTree.fromstring(svg)
            assert root.tag == f"{SVG}svg"
            assert root.get("width") == f"{face.width_mm:g}mm"
            assert root.get("height") == f"{face.height_mm:g}mm"
            assert root.get("viewBox") == f"0 0 {face.width_mm:g} {face.height_mm:g}"
        shown = " ".join(_visible_text(face.front_svg).split())
        assert " ".join(face.title.split()) in shown, (face.id, face.title, shown[:200])
        assert face.spoiler is (kind in SPOILER_KINDS)
        assert ":" in face.source and face.source.split(":")[-1].isdigit()


def test_faces_have_unique_ids_within_their_kind() -> None:
    keys = [(face.kind, face.id) for face in _faces()]
    assert len(keys) == len(set(keys))


def test_effects_are_in_words_with_names_not_ids() -> None:
    spawner = next(
        face for face in _faces() if face.kind == "mission-card" and face.title == "3. Ropes of Hair"
    )
    words = _visible_text(spawner.front_svg)
    assert "Spawn The Hair-Rope Warden" in words
    assert "hair-rope-warden" not in words
    hunter = next(face for face in _faces() if face.kind == "hunter")
    assert "saw-cleaver" not in _visible_text(hunter.front_svg)


def test_icons_mark_speed_and_damage_on_enemy_attacks() -> None:
    beast = next(face for face in _faces() if face.id == "scourge-beast")
    assert 'href="#hk-icon-speed-fast"' in beast.front_svg
    assert 'href="#hk-icon-damage"' in beast.front_svg
    assert '<symbol id="hk-icon-damage"' in beast.front_svg


def test_a_build_without_spoilers_leaves_mission_text_out() -> None:
    pack = ROOT / "content/campaigns/the-pale-bell"
    sealed = {face.id: face for face in faces_for_pack(pack, spoilers=False, kinds=["mission-card"])}
    shown = {face.id: face for face in faces_for_pack(pack, kinds=["mission-card"])}
    story = "The ringing is loudest near Oedon Chapel"
    opened = next(face for face in shown.values() if face.title.startswith("2. "))
    assert story in _visible_text(opened.front_svg)
    assert story not in sealed[opened.id].front_svg
    assert opened.title.removeprefix("2. ") not in sealed[opened.id].front_svg  # the title is a secret too
    assert sealed[opened.id].title == "Mission card 2"


def test_blood_hunt_deck_has_a_face_per_suit_and_value() -> None:
    deck = [face for face in _faces() if face.kind == "bh-deck"]
    assert len(deck) == 40
    assert {face.id for face in deck} >= {"standard:crimson-0", "standard:bone-9"}


def test_a_language_can_be_asked_for(tmp_path: Path) -> None:
    (tmp_path / "pack.yaml").write_text(
        "id: bilingual\ngame: bloodborne-board\nname: B\nversion: 0.1.0\nrequires: [core]\n"
        "languages: [en, pl]\n"
    )
    (tmp_path / "items.yaml").write_text(
        "kind: consumable\nid: tonic\nname: {en: Bell Tonic, pl: Tonik Dzwonu}\nsource: house\n"
        "timing: hunter-turn\neffects: [{draw: 1}]\n"
    )
    (polish,) = faces_for_pack(tmp_path, language="pl")
    (english,) = faces_for_pack(tmp_path)
    assert polish.title == "Tonik Dzwonu" and "Tonik Dzwonu" in _visible_text(polish.front_svg)
    assert english.title == "Bell Tonic"


def test_hostile_text_stays_text_and_the_svg_stays_well_formed(tmp_path: Path) -> None:
    (tmp_path / "pack.yaml").write_text(
        "id: hostile\ngame: bloodborne-board\nname: H\nversion: 0.1.0\nrequires: [core]\n"
    )
    (tmp_path / "items.yaml").write_text(
        'kind: consumable\nid: tonic\nname: "<script>alert(1)</script> & \\x07 ]]>"\nsource: house\n'
        "timing: hunter-turn\neffects: [{draw: 1}]\n"
    )
    (face,) = faces_for_pack(tmp_path)
    for svg in (face.front_svg, face.back_svg):
        root = ElementTree.fromstring(svg)
        assert not list(root.iter(f"{SVG}script"))
    assert "<script>alert(1)</script>&" in _visible_text(face.front_svg).replace(" ", "")
    assert "\ufffd" in _visible_text(face.front_svg)
