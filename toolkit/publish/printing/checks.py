"""Faces checked before they are drawn, so that a broken one is named rather than left blank.

CairoSVG draws an ``<image>`` it cannot parse as nothing at all, so a face that is not SVG would be
printed as an empty place on the sheet; it is refused here with the card's kind, id and source.
"""

from __future__ import annotations

import xml.etree.ElementTree as ElementTree

from toolkit.publish.printing.faces import Face

MAX_SIDE_BYTES = 8 * 1024 * 1024
"""One side of a card, art included; a face with a full-page photograph is about a megabyte."""


def face_problem(face: Face) -> str | None:
    """Why a face cannot be printed (a side that is not a standalone SVG document), or None."""
    for side, svg in (("front", face.front_svg), ("back", face.back_svg)):
        if svg is None or (side == "back" and not svg):
            continue
        problem = _svg_problem(svg)
        if problem is not None:
            return f"the {side} of {face.kind} {face.id} ({face.source}) cannot be printed: {problem}"
    return None


def _svg_problem(svg: str) -> str | None:
    if len(svg) > MAX_SIDE_BYTES:
        return f"it is larger than {MAX_SIDE_BYTES:,} bytes"
    if "<!DOCTYPE" in svg or "<!ENTITY" in svg:
        return "it declares a DOCTYPE or entities, which are not read"
    try:
        root = ElementTree.fromstring(svg)
    except ElementTree.ParseError as error:
        return f"it is not well-formed SVG ({error})"
    if root.tag.rsplit("}", 1)[-1] != "svg":
        return f"its root element is <{root.tag}>, not <svg>"
    return None
