"""Card art: the optional ``art:`` file of a card, checked before any face embeds it.

An ``art:`` path is relative to the pack's folder. It must stay inside the pack (no absolute path,
no ``..`` out of it, no link to a file elsewhere), be a PNG, JPEG or SVG no larger than
:data:`MAX_ART_BYTES`, at most :data:`MAX_ART_PIXELS` pixels across and down, and an SVG must hold
no script, event handler or reference to another file or address (a face embeds the file as a data
URI, and a page shows the face inline, so art must not be able to run or fetch anything).

Dimensions come from the files' headers (PNG's IHDR, JPEG's SOF marker, SVG's width, height or
viewBox), read with the standard library: no image library is needed to check or embed art.
"""

from __future__ import annotations

import base64
import re
import struct
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path, PurePosixPath
from xml.etree import ElementTree

from toolkit.core import codes
from toolkit.core.codes import Code
from toolkit.core.diagnostics import Diagnostic
from toolkit.core.document import LoadedDocument
from toolkit.core.index import ContentIndex, Pack

MAX_ART_BYTES = 2 * 1024 * 1024
"""Largest art file: 2 MiB (a 63 × 88 mm card at 300 dpi is 744 × 1039 pixels, well under it as
JPEG or PNG; a face embeds the file, so a page of faces stays small)."""

MAX_ART_PIXELS = 4096
"""Most pixels across or down (a tarot card at 600 dpi is 1654 × 2835)."""

MEDIA_TYPES = {".png": "image/png", ".jpg": "image/jpeg", ".jpeg": "image/jpeg", ".svg": "image/svg+xml"}
"""The file types art may be, by extension."""


@dataclass(frozen=True, slots=True)
class Art:
    """An art file that passed every check."""

    path: Path
    media_type: str
    width: float
    height: float
    data: bytes

    def data_uri(self) -> str:
        return f"data:{self.media_type};base64," + base64.b64encode(self.data).decode("ascii")


@dataclass(frozen=True, slots=True)
class ArtProblem:
    code: Code
    message: str
    hint: str | None = None


def load_art(reference: str, root: Path) -> Art | ArtProblem:
    """Check the art file ``reference`` (pack-relative) of the pack in ``root``; the art, or why not."""
    written = PurePosixPath(reference.replace("\\", "/"))
    if written.is_absolute() or re.match(r"^[A-Za-z]:", reference) or ".." in written.parts:
        return ArtProblem(
            codes.ART_OUTSIDE_PACK,
            f"the art path {reference!r} leaves the pack",
            hint="write the path relative to the pack's folder, without `..` (`art/bell-warden.png`)",
        )
    suffix = written.suffix.lower()
    if suffix not in MEDIA_TYPES:
        return ArtProblem(
            codes.ART_UNREADABLE,
            f"the art {reference!r} is not a PNG, JPEG or SVG file (by its extension)",
            hint="use a .png, .jpg, .jpeg or .svg file",
        )
    path = root / Path(*written.parts)
    try:
        if not path.exists() and not path.is_symlink():
            return ArtProblem(
                codes.ART_MISSING, f"the art {reference!r} does not exist in the pack", hint=_near(path)
            )
        resolved = path.resolve()
        if not resolved.is_relative_to(root.resolve()):
            return ArtProblem(
                codes.ART_OUTSIDE_PACK, f"the art {reference!r} is a link to a file outside the pack"
            )
        if not resolved.is_file():
            return ArtProblem(codes.ART_UNREADABLE, f"the art {reference!r} is not a file")
        size = resolved.stat().st_size
        if size > MAX_ART_BYTES:
            return ArtProblem(
                codes.ART_TOO_LARGE,
                f"the art {reference!r} is {size:,} bytes; the limit is {MAX_ART_BYTES:,}",
                hint="export it smaller (300 dpi at the card's size is enough to print)",
            )
        data = resolved.read_bytes()
    except OSError as error:
        return ArtProblem(
            codes.ART_UNREADABLE, f"the art {reference!r} cannot be read: {error.strerror or error}"
        )
    return _inspect(reference, resolved, MEDIA_TYPES[suffix], data)


def _near(path: Path) -> str | None:
    folder = path.parent
    if not folder.is_dir():
        return None
    names = sorted(p.name for p in folder.iterdir() if p.suffix.lower() in MEDIA_TYPES)[:5]
    return ("images in that folder: " + ", ".join(names)) if names else None


def _inspect(reference: str, path: Path, media_type: str, data: bytes) -> Art | ArtProblem:
    if media_type == "image/svg+xml":
        found = svg_size(data)
    elif media_type == "image/png":
        found = png_size(data)
    else:
        found = jpeg_size(data)
    if isinstance(found, str):
        code = codes.ART_UNSAFE_SVG if found.startswith("unsafe:") else codes.ART_UNREADABLE
        return ArtProblem(code, f"the art {reference!r} {found.removeprefix('unsafe:')}")
    width, height = found
    if width > MAX_ART_PIXELS or height > MAX_ART_PIXELS or width <= 0 or height <= 0:
        return ArtProblem(
            codes.ART_DIMENSIONS,
            f"the art {reference!r} is {width:g} × {height:g} pixels; each side must be 1 to "
            f"{MAX_ART_PIXELS} pixels",
            hint="scale it down: 300 dpi at the card's size is enough to print",
        )
    return Art(path, media_type, width, height, data)


PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def png_size(data: bytes) -> tuple[int, int] | str:
    """Width and height from a PNG's IHDR chunk, which must come first."""
    if not data.startswith(PNG_SIGNATURE) or len(data) < 24 or data[12:16] != b"IHDR":
        return "is not a PNG image (its first bytes are not a PNG signature and header)"
    width, height = struct.unpack(">II", data[16:24])
    return int(width), int(height)


_SOF_MARKERS = frozenset({0xC0, 0xC1, 0xC2, 0xC3, 0xC5, 0xC6, 0xC7, 0xC9, 0xCA, 0xCB, 0xCD, 0xCE, 0xCF})


def jpeg_size(data: bytes) -> tuple[int, int] | str:
    """Width and height from a JPEG's first start-of-frame marker."""
    if not data.startswith(b"\xff\xd8"):
        return "is not a JPEG image (it does not start with a JPEG marker)"
    at = 2
    while at + 4 <= len(data):
        if data[at] != 0xFF:
            return "is a damaged JPEG image (a marker is missing)"
        marker = data[at + 1]
        if marker == 0xFF:
            at += 1
            continue
        if marker in (0xD8, 0x01) or 0xD0 <= marker <= 0xD7:
            at += 2
            continue
        (length,) = struct.unpack(">H", data[at + 2 : at + 4])
        if marker in _SOF_MARKERS:
            if at + 9 > len(data):
                break
            height, width = struct.unpack(">HH", data[at + 5 : at + 9])
            return int(width), int(height)
        if length < 2:
            return "is a damaged JPEG image (a segment has no length)"
        at += 2 + length
    return "is a damaged JPEG image (it has no frame header giving its size)"


_EXTERNAL = re.compile(r"^\s*(?!#)\S", re.ASCII)
"""A reference that is not to an element of the same file (`#id`)."""

_CSS_URL = re.compile(r"url\(\s*['\"]?\s*(?!#)|@import", re.IGNORECASE)


def svg_size(data: bytes) -> tuple[float, float] | str:
    """The SVG's size in user units, after checking it runs and fetches nothing."""
    try:
        root = ElementTree.fromstring(data)  # expat: no external entities, no DTD fetching
    except ElementTree.ParseError as error:
        return f"is not well-formed SVG ({error})"
    if _local(root.tag) != "svg":
        return "is not an SVG image (its root element is not <svg>)"
    if b"<!ENTITY" in data or b"<!DOCTYPE" in data:
        return "unsafe:declares a DOCTYPE or entities (they can pull in other files)"
    for element in root.iter():
        name = _local(element.tag)
        if name in ("script", "foreignObject", "iframe", "embed", "object"):
            return f"unsafe:holds a <{name}> element"
        for attribute, value in element.attrib.items():
            key = _local(attribute)
            if key.lower().startswith("on"):
                return f"unsafe:has an event handler ({key} on <{name}>)"
            if key == "href" and _EXTERNAL.match(value):
                return f"unsafe:refers to {value[:60]!r} (only `#id` references within the file are allowed)"
            if key == "style" and _CSS_URL.search(value):
                return f"unsafe:has a style that loads {value[:60]!r}"
        if name == "style" and element.text and _CSS_URL.search(element.text):
            return "unsafe:has a <style> that loads another file"
    return _svg_dimensions(root)


def _svg_dimensions(root: ElementTree.Element) -> tuple[float, float] | str:
    width, height = _length(root.get("width")), _length(root.get("height"))
    if width is not None and height is not None:
        return width, height
    box = (root.get("viewBox") or "").replace(",", " ").split()
    try:
        if len(box) == 4:
            return float(box[2]), float(box[3])
    except ValueError:
        pass
    return "has neither width and height nor a viewBox, so its size is unknown"


def _length(value: str | None) -> float | None:
    match = re.fullmatch(r"\s*([0-9]*\.?[0-9]+)\s*(px)?\s*", value or "")
    return float(match.group(1)) if match else None


def _local(tag: str) -> str:
    return tag.rsplit("}", 1)[-1]


def art_documents(index: ContentIndex, pack: Pack) -> Iterator[tuple[LoadedDocument, str]]:
    """The documents of ``pack`` that name art, with the path written."""
    for document in pack.documents:
        art = getattr(document.model, "art", None)
        if isinstance(art, str):
            yield document, art


def check_art(index: ContentIndex, pack: Pack) -> Iterable[Diagnostic]:
    """Every ``art:`` of the pack exists inside it and is an image a face can embed safely."""
    for document, reference in art_documents(index, pack):
        found = load_art(reference, pack.root)
        if isinstance(found, ArtProblem):
            yield found.code.at(document.locate(("art",)), found.message, hint=found.hint)
