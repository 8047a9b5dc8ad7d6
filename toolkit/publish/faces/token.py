"""Round tokens: a disc with a name across it and a number with its icon below."""

from __future__ import annotations

from toolkit.core.document import PathKey
from toolkit.publish.faces.canvas import PAPER, Box, Canvas
from toolkit.publish.faces.face import TOKEN
from toolkit.publish.faces.layout import Style

NAME = Style(size=3.4, min_size=2.0, bold=True, max_lines=3)
NUMBER = Style(size=4.0, min_size=3.0, bold=True, max_lines=1)


def token(
    name: str, name_path: PathKey, colour: str, *, icon: str = "", number: str = "", ink: str = PAPER
) -> Canvas:
    """One side of a token."""
    canvas = Canvas(TOKEN.width, TOKEN.height)
    middle = TOKEN.width / 2
    canvas.circle(middle, middle, middle - 0.4, colour, stroke=ink)
    canvas.circle(middle, middle, middle - 2.2, "none", stroke=ink)
    # The widest box that stays inside the inner ring at the name's height.
    canvas.text(name, Box(5.5, 8.0, TOKEN.width - 11.0, 11.0), NAME, name_path, align="middle", colour=ink)
    if number:
        if icon:
            canvas.icon(icon, middle - 5.0, 19.6, 4.0)
        canvas.text(number, Box(middle - 0.5, 19.4, 6.0, 5.0), NUMBER, (), colour=ink)
    return canvas
