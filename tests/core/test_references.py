"""The marker walker finds references and texts wherever a model puts them."""

from __future__ import annotations

from typing import Annotated

from pydantic import Field

from toolkit.core.model import ContentModel, QualifiedId, RefTo, Text
from toolkit.core.references import walk_marked


class Inner(ContentModel):
    boss: Annotated[QualifiedId, RefTo("boss")] | None = None
    """An optional reference."""


class Outer(ContentModel):
    enemy: Annotated[QualifiedId, RefTo("enemy")]
    """A plain reference."""
    story: Text | None = None
    """An optional text."""
    allies: list[Annotated[QualifiedId, RefTo("npc-enemy")]] | None = None
    """An optional list of references."""
    inner: list[Inner] = Field(default_factory=list)
    """Nested models."""


def test_references_and_texts_are_found_in_optional_fields_lists_and_nested_models() -> None:
    model = Outer.model_validate(
        {
            "enemy": "scourge-beast",
            "story": {"en": "A tale"},
            "allies": ["rogue-hunter"],
            "inner": [{"boss": "cleric-beast"}],
        }
    )
    found = {(m.path, m.value if not m.is_text else "text", m.kinds) for m in walk_marked(model)}
    assert found == {
        (("enemy",), "scourge-beast", ("enemy",)),
        (("story",), "text", ()),
        (("allies", 0), "rogue-hunter", ("npc-enemy",)),
        (("inner", 0, "boss"), "cleric-beast", ("boss",)),
    }
