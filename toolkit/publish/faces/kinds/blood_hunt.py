"""Faces of Blood Hunt: every card of the deck (one per suit and value) and the citizen tokens
(the citizen on the front, the vampire on the back)."""

from __future__ import annotations

from toolkit.core.document import LoadedDocument
from toolkit.games.blood_hunt.model.documents import BhCitizen, BhDeck, CardLine
from toolkit.publish.faces.backs import plain_back
from toolkit.publish.faces.canvas import Box
from toolkit.publish.faces.context import FaceContext, typed
from toolkit.publish.faces.face import POKER, Drawn
from toolkit.publish.faces.frame import Frame, Section
from toolkit.publish.faces.layout import Style
from toolkit.publish.faces.prose import first_sentence, verb_of
from toolkit.publish.faces.token import token

GAME = "Blood Hunt"
SUIT_COLOURS = ("#7a1f2b", "#4d4d4d", "#2f3f6b", "#8a7a55", "#2f5a3b", "#5a3b6b")
VALUE = Style(size=9.0, min_size=6.0, bold=True, max_lines=1)


def _effect_text(line: CardLine) -> str:
    """What discarding the card does: the effect's own description, first sentence."""
    if line.effect is None:
        return "No effect when discarded."
    verb, _ = verb_of(line.effect)
    words = first_sentence(type(line.effect).__doc__)
    return words or verb.replace("_", " ").capitalize()


def deck(document: LoadedDocument, ctx: FaceContext) -> list[Drawn]:
    """One face per card of the deck: every value in each suit it is printed in."""
    model = typed(document, BhDeck)
    colours = {suit.id: SUIT_COLOURS[i % len(SUIT_COLOURS)] for i, suit in enumerate(model.suits)}
    names = {suit.id: ctx.text(suit.name) for suit in model.suits}
    back = plain_back(POKER, GAME, ctx.text(model.name), "#2b1a1a", label_path=("name",))
    suit_paths = {suit.id: ("suits", j, "name") for j, suit in enumerate(model.suits)}
    faces: list[Drawn] = []
    for i, line in enumerate(model.cards):
        for suit in line.suits or list(colours):
            title = f"{line.value} of {names.get(suit, suit)}"
            frame = Frame.card(POKER.width, POKER.height, colours.get(suit, SUIT_COLOURS[0]))
            frame.title(title, suit_paths.get(suit, ("cards", i, "value")))
            frame.canvas.text(
                str(line.value),
                Box(0, frame.y, POKER.width, 12.0),
                VALUE,
                (),
                align="middle",
                colour=frame.colour,
            )
            frame.y += 12.0
            frame.art(ctx.art_uri(document), share=0.25)
            frame.section(Section(_effect_text(line), ("cards", i, "effect"), header="When discarded"))
            faces.append(
                Drawn(f"{model.id}:{suit}-{line.value}", title, frame.finish(names.get(suit, suit)), back)
            )
    return faces


def citizen(document: LoadedDocument, ctx: FaceContext) -> list[Drawn]:
    """A citizen token: the citizen and its points on the front, the vampire and its points on the back."""
    model = typed(document, BhCitizen)
    title = ctx.text(model.name)
    front = token(title, ("name",), "#3d5a6b", icon="points", number=str(model.points))
    back = token("Vampire", ("vampire_points",), "#5b1f1f", icon="points", number=str(model.vampire_points))
    return [Drawn(model.id, title, front, back)]
