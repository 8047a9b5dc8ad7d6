"""The faces API that `huntkit print` and the site call: faces_for_pack and CardFace."""

from __future__ import annotations

import dataclasses
from pathlib import Path
from xml.etree import ElementTree

import pytest

from toolkit.publish.faces import CardFace, PackNotValid, UnknownKinds, faces_for_pack

ROOT = Path(__file__).resolve().parents[2]
SVG = "{http://www.w3.org/2000/svg}"


def test_enemy_faces_are_svg_at_poker_size_with_their_title() -> None:
    faces = faces_for_pack(ROOT / "content" / "core", kinds=["enemy"])
    assert faces and all(face.kind == "enemy" for face in faces)
    beast = next(face for face in faces if face.id == "scourge-beast")
    assert (beast.width_mm, beast.height_mm) == (63.0, 88.0)
    assert beast.title == "Scourge Beast"
    assert beast.source == "enemies.yaml:5"
    assert not beast.spoiler
    for svg in (beast.front_svg, beast.back_svg):
        root = ElementTree.fromstring(svg)
        assert (root.get("width"), root.get("height"), root.get("viewBox")) == ("63mm", "88mm", "0 0 63 88")
        words = "".join(root.itertext())
        assert "Scourge Beast" in words


def test_card_face_is_frozen() -> None:
    face = faces_for_pack(ROOT / "content" / "core", kinds=["enemy"])[0]
    assert isinstance(face, CardFace)
    with pytest.raises(dataclasses.FrozenInstanceError):
        face.title = "x"  # type: ignore[misc]


def test_unknown_kind_is_refused_with_the_card_kinds() -> None:
    with pytest.raises(UnknownKinds, match="tile"):
        faces_for_pack(ROOT / "content" / "core", kinds=["tile"])


def test_a_pack_with_errors_raises_with_its_diagnostics(tmp_path: Path) -> None:
    (tmp_path / "pack.yaml").write_text("kind: pack\nid: broken\ngame: bloodborne-board\nrequires: [core]\n")
    (tmp_path / "enemies.yaml").write_text("kind: enemy\nid: x\nname: X\nhp: zero\n")
    with pytest.raises(PackNotValid) as raised:
        faces_for_pack(tmp_path)
    assert raised.value.result.error_count >= 1
