"""Card backs for cards whose back is the same for every card of their kind."""

from __future__ import annotations

from toolkit.core.document import PathKey
from toolkit.publish.faces.canvas import PAPER, Box, Canvas
from toolkit.publish.faces.face import CardSize
from toolkit.publish.faces.layout import Style


def plain_back(
    size: CardSize, game: str, label: str, colour: str = "#5b1f1f", *, label_path: PathKey = ()
) -> Canvas:
    """A back in the kind's colour with the game's and the kind's names across its middle."""
    canvas = Canvas(size.width, size.height)
    canvas.rect(Box(0, 0, size.width, size.height), colour, radius=3)
    inset = 2.5
    canvas.rect(
        Box(inset, inset, size.width - 2 * inset, size.height - 2 * inset), "none", stroke=PAPER, radius=2
    )
    middle = size.height / 2
    canvas.circle(size.width / 2, middle, min(size.width, size.height) / 4, "none", stroke=PAPER)
    heading = Style(size=min(4.0, size.width / 10), min_size=1.8, bold=True, max_lines=2)
    canvas.text(
        game,
        Box(inset + 1, middle - 9, size.width - 2 * inset - 2, 9),
        heading,
        (),
        align="middle",
        colour=PAPER,
    )
    small = Style(size=min(3.0, size.width / 12), min_size=1.6, italic=True, max_lines=1)
    canvas.text(
        label,
        Box(inset + 1, middle + 1, size.width - 2 * inset - 2, 5),
        small,
        (),
        align="middle",
        colour=PAPER,
    )
    return canvas
