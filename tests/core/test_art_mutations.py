"""Mutation tests of the art checks (BB0901-BB0906): take a card with correct art, break the art
the way an author would, and the error lands on the card's `art:` value; correct art stays clean
and is embedded in the card's face."""

from __future__ import annotations

import base64
import os
import struct
import zlib
from pathlib import Path
from xml.etree import ElementTree

import pytest

from toolkit.core import art as art_module
from toolkit.core.pipeline import validate_paths
from toolkit.publish.faces import PackNotValid, faces_for_pack, faces_of

ART_LINE, ART_COLUMN = 6, 6
"""Where `art:`'s value is in the card below."""


def png(width: int, height: int) -> bytes:
    raw = b"".join(b"\x00" + b"\x80\x10\x10" * width for _ in range(height))

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", header)
        + chunk(b"IDAT", zlib.compress(raw))
        + chunk(b"IEND", b"")
    )


def jpeg(width: int, height: int) -> bytes:
    """The markers a JPEG's size is read from: SOI, an APP0 segment, then a baseline frame."""
    app0 = b"\xff\xe0" + struct.pack(">H", 16) + b"JFIF\x00\x01\x01\x00\x00\x01\x00\x01\x00\x00"
    sof = b"\xff\xc0" + struct.pack(">HBHHB", 11, 8, height, width, 1) + b"\x01\x11\x00"
    return b"\xff\xd8" + app0 + sof + b"\xff\xd9"


SVG_OK = b'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect width="10" height="10"/></svg>'


def _pack(folder: Path, reference: str, files: dict[str, bytes]) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "pack.yaml").write_text(
        "id: art-pack\ngame: bloodborne-board\nname: Art\nversion: 0.1.0\nrequires: [core]\n",
        encoding="utf-8",
    )
    (folder / "items.yaml").write_text(
        "kind: consumable\nid: bell-tonic\nname: Bell Tonic\nsource: house\ntiming: hunter-turn\n"
        f"art: {reference}\neffects: [{{draw: 1}}]\n",
        encoding="utf-8",
    )
    for name, data in files.items():
        (folder / name).parent.mkdir(parents=True, exist_ok=True)
        (folder / name).write_bytes(data)
    return folder


def _art_diagnostics(folder: Path) -> list[tuple[str, str, int | None, int | None]]:
    result = validate_paths([folder], quick=True)
    return [
        (d.code, d.file.name if d.file else "", d.line, d.column)
        for d in result.diagnostics
        if d.code.startswith("BB090")
    ]


@pytest.mark.parametrize(
    ("reference", "files"),
    [
        ("art/tonic.png", {"art/tonic.png": png(16, 24)}),
        ("art/tonic.jpg", {"art/tonic.jpg": jpeg(744, 1039)}),
        ("art/tonic.svg", {"art/tonic.svg": SVG_OK}),
        ("art/Tonic.PNG", {"art/Tonic.PNG": png(4, 4)}),
    ],
    ids=["png", "jpeg", "svg", "upper-case-extension"],
)
def test_correct_art_is_clean_and_embedded_in_the_face(
    tmp_path: Path, reference: str, files: dict[str, bytes]
) -> None:
    folder = _pack(tmp_path / "pack", reference, files)
    assert _art_diagnostics(folder) == []
    (face,) = faces_for_pack(folder)
    images = [e for e in ElementTree.fromstring(face.front_svg).iter("{http://www.w3.org/2000/svg}image")]
    assert len(images) == 1
    href = images[0].get("href") or ""
    assert href.startswith("data:image/") and ";base64," in href
    assert base64.b64decode(href.split(",", 1)[1]) == next(iter(files.values()))


@pytest.mark.parametrize(
    ("code", "reference", "files"),
    [
        ("BB0901", "art/tonik.png", {"art/tonic.png": png(4, 4)}),  # a typo in the name
        ("BB0901", "art/tonic.png", {}),  # the file was never added
        ("BB0902", "../outside.png", {}),  # reaching beside the pack
        ("BB0902", "art/../../outside.png", {}),
        ("BB0902", "/etc/hostname.png", {}),  # an absolute path
        ("BB0903", "art/tonic.png", {"art/tonic.png": b"GIF89a not a png"}),  # renamed from .gif
        ("BB0903", "art/tonic.gif", {"art/tonic.gif": b"GIF89a"}),  # a type faces cannot embed
        ("BB0903", "art/tonic.jpg", {"art/tonic.jpg": b"\xff\xd8\xff\xe0\x00"}),  # a cut-off download
        ("BB0903", "art/tonic.svg", {"art/tonic.svg": b"<svg><rect></svg>"}),  # not well-formed
        ("BB0903", "art", {"art/tonic.png": png(4, 4)}),  # a folder, not a file
        ("BB0905", "art/tonic.png", {"art/tonic.png": png(5000, 2)}),  # a scan at full resolution
        ("BB0905", "art/tonic.jpg", {"art/tonic.jpg": jpeg(300, 4097)}),
        (
            "BB0906",
            "art/tonic.svg",
            {"art/tonic.svg": SVG_OK.replace(b"<rect", b"<script>x()</script><rect")},
        ),
        ("BB0906", "art/tonic.svg", {"art/tonic.svg": SVG_OK.replace(b"<rect", b'<rect onclick="x()"')}),
        (
            "BB0906",
            "art/tonic.svg",
            {"art/tonic.svg": SVG_OK.replace(b"<rect", b'<image href="https://example.com/a.png"/><rect')},
        ),
        (
            "BB0906",
            "art/tonic.svg",
            {"art/tonic.svg": SVG_OK.replace(b"<rect", b'<rect style="fill:url(http://example.com/x)"')},
        ),
        ("BB0906", "art/tonic.svg", {"art/tonic.svg": b'<!DOCTYPE svg [<!ENTITY x "y">]>' + SVG_OK}),
    ],
)
def test_broken_art_is_reported_at_the_art_value(
    tmp_path: Path, code: str, reference: str, files: dict[str, bytes]
) -> None:
    folder = _pack(tmp_path / "pack", reference, files)
    assert _art_diagnostics(folder) == [(code, "items.yaml", ART_LINE, ART_COLUMN)]


def test_refused_art_stops_print_and_the_site_draws_the_card_without_it(tmp_path: Path) -> None:
    folder = _pack(
        tmp_path / "pack", "art/tonic.svg", {"art/tonic.svg": SVG_OK.replace(b"<rect", b"<script/><rect")}
    )
    with pytest.raises(PackNotValid):
        faces_for_pack(folder)
    result = validate_paths([folder], quick=True)
    (face,) = faces_of(result.index, result.packs[0])
    assert "<image" not in face.front_svg and "script" not in face.front_svg


def test_art_larger_than_the_limit_is_reported(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(art_module, "MAX_ART_BYTES", 1000)
    folder = _pack(tmp_path / "pack", "art/tonic.png", {"art/tonic.png": png(40, 40) + b"\0" * 1000})
    assert _art_diagnostics(folder) == [("BB0904", "items.yaml", ART_LINE, ART_COLUMN)]


def test_a_link_to_art_outside_the_pack_is_refused(tmp_path: Path) -> None:
    outside = tmp_path / "secret.png"
    outside.write_bytes(png(4, 4))
    folder = _pack(tmp_path / "pack", "art/tonic.png", {})
    (folder / "art").mkdir()
    os.symlink(outside, folder / "art" / "tonic.png")
    assert _art_diagnostics(folder) == [("BB0902", "items.yaml", ART_LINE, ART_COLUMN)]


def test_a_link_inside_the_pack_is_followed(tmp_path: Path) -> None:
    folder = _pack(tmp_path / "pack", "art/tonic.png", {"shared/tonic.png": png(4, 4)})
    (folder / "art").mkdir()
    os.symlink(folder / "shared" / "tonic.png", folder / "art" / "tonic.png")
    assert _art_diagnostics(folder) == []
