"""The whole printout as SVG pages: contents first, then each sheet's fronts (and backs)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from toolkit.publish.printing import contents
from toolkit.publish.printing.faces import Face
from toolkit.publish.printing.layout_plan import Sheet, cut_size, plan_sheets
from toolkit.publish.printing.sheets import page_svg
from toolkit.publish.printing.sizes import CARD_SIZES, PAPER_NAMES, PAPERS


@dataclass(frozen=True)
class PrintOptions:
    """What `huntkit print` was asked for, once its options are checked."""

    paper: str = "a4"
    """A key of :data:`PAPERS`."""
    card: str | None = None
    """A key of :data:`CARD_SIZES`, or None for each face's own size."""
    bleed: float = 0.0
    """Millimetres the faces extend past each cut line."""
    backs: bool = False
    """Print each sheet's backs on the page after it, mirrored for duplex printing."""
    language: str | None = None
    spoilers: bool = True
    """False leaves the spoiler cards (mission and insight cards) out."""
    kinds: tuple[str, ...] = ()
    """The kinds to print; empty for all."""


@dataclass(frozen=True)
class Printout:
    """The pages, ready for the PDF, and what they hold."""

    pages: tuple[str, ...]
    contents_pages: int
    sheets: tuple[Sheet, ...]
    cards: int
    left_out: int
    """Spoiler cards left out by ``--no-spoilers``."""


def compose(title: str, faces: Sequence[Face], options: PrintOptions) -> Printout:
    """Lay ``faces`` out on sheets and write the contents for them."""
    printed = [face for face in faces if options.spoilers or not face.spoiler]
    left_out = len(faces) - len(printed)
    paper = PAPERS[options.paper]
    forced = CARD_SIZES[options.card] if options.card else None
    sheets = plan_sheets(printed, paper, PAPER_NAMES[options.paper], forced, options.bleed)
    step = 2 if options.backs else 1
    contents_count = 1
    for _ in range(5):  # the page total is in the header, and the header's length sets the total
        header = _header(printed, sheets, options, left_out, contents_count + step * len(sheets))
        groups = _groups(printed, sheets, options, first=contents_count + 1)
        count = contents.page_count(paper, header, groups)
        count += count % 2 if options.backs else 0
        if count == contents_count:
            break
        contents_count = count
    pages = contents.contents_pages(paper, title, header, groups)
    pages += [_blank(options)] * (contents_count - len(pages))
    for sheet in sheets:
        pages.append(page_svg(sheet.layout, [face.front_svg for face in sheet.faces], back=False))
        if options.backs:
            pages.append(page_svg(sheet.layout, [face.back_svg or None for face in sheet.faces], back=True))
    return Printout(tuple(pages), contents_count, tuple(sheets), len(printed), left_out)


ACRONYMS = {"npc": "NPC", "bh": "Blood Hunt"}
"""Words of kind names that are read otherwise (``npc-enemy`` is an NPC enemy)."""


def kind_label(kind: str) -> str:
    """``mission-card`` → ``mission card``, ``npc-enemy`` → ``NPC enemy``, for headings a person reads."""
    words = kind.replace("_", "-").split("-")
    return " ".join(ACRONYMS.get(word, word) for word in words)


def _groups(
    faces: Sequence[Face], sheets: Sequence[Sheet], options: PrintOptions, *, first: int
) -> list[contents.Group]:
    step = 2 if options.backs else 1
    page_of = {id(face): first + step * number for number, sheet in enumerate(sheets) for face in sheet.faces}
    forced = CARD_SIZES[options.card] if options.card else None
    groups: dict[str, list[contents.Entry]] = {}
    sizes: dict[str, set[str]] = {}
    for face in faces:
        groups.setdefault(face.kind, []).append(contents.Entry(face.title, page_of[id(face)]))
        sizes.setdefault(face.kind, set()).add(cut_size(face, forced).label())
    return [
        contents.Group(
            f"{_capital(kind_label(kind))}: {len(entries)} card{'s' if len(entries) != 1 else ''},"
            f" {', '.join(sorted(sizes[kind]))}",
            tuple(entries),
        )
        for kind, entries in groups.items()
    ]


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def _header(
    faces: Sequence[Face], sheets: Sequence[Sheet], options: PrintOptions, left_out: int, total_pages: int
) -> list[str]:
    paper = PAPERS[options.paper]
    counts = Counter(face.kind for face in faces)
    sizes = (
        f"all cards {options.card} size ({CARD_SIZES[options.card].label()})"
        if options.card
        else ("each card at its own size")
    )
    backs = (
        "backs on the page after each sheet, mirrored for duplex printing"
        if options.backs
        else "fronts only (--backs prints the backs too)"
    )
    spoilers = "spoiler cards included" if options.spoilers else f"spoiler cards left out: {left_out}"
    kinds = ", ".join(f"{kind_label(kind)} {count}" for kind, count in counts.items()) or "none"
    lines = [
        f"Printed with: paper {PAPER_NAMES[options.paper]} ({paper.label()});"
        f" {sizes}; bleed {options.bleed:g} mm; {backs}; language {options.language or 'en'};"
        f" {spoilers}; kinds {', '.join(options.kinds) if options.kinds else 'all'}.",
        f"Cards: {len(faces)} ({kinds}) on {len(sheets)} sheet{'s' if len(sheets) != 1 else ''},"
        f" {total_pages} pages in all.",
        "Print at actual size (100 %, no \u201cfit to page\u201d) so that the cards come out at their"
        " size, then cut along the lines the crop marks continue.",
    ]
    if options.backs:
        lines.append(
            "Print on both sides, flipping on the long edge: each back lands behind its front. The"
            " contents take an even number of pages so that every sheet starts on a front."
        )
    return lines


def _blank(options: PrintOptions) -> str:
    paper = PAPERS[options.paper]
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{paper.width:g}mm" height="{paper.height:g}mm"'
        f' viewBox="0 0 {paper.width:g} {paper.height:g}"><rect width="{paper.width:g}"'
        f' height="{paper.height:g}" fill="#ffffff"/></svg>'
    )
