"""Building blocks shared by every game's content models.

Every content document is a :class:`Document` subclass with a ``kind`` literal. Models are closed to
unknown keys (a typo is an error with a did-you-mean, not a silently ignored field) and every field's
docstring becomes its description in the exported JSON Schema and in the reference site.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, Any, ClassVar, Literal

from pydantic import BaseModel, ConfigDict, Field, GetJsonSchemaHandler
from pydantic.json_schema import JsonSchemaValue
from pydantic_core import core_schema

ID_PATTERN = r"^[a-z0-9]+(?:-[a-z0-9]+)*$"
QUALIFIED_ID_PATTERN = r"^(?:[a-z0-9]+(?:-[a-z0-9]+)*:)?[a-z0-9]+(?:-[a-z0-9]+)*$"
LANGUAGE_PATTERN = r"^[a-z]{2}(?:-[A-Z]{2})?$"

Id = Annotated[
    str,
    Field(pattern=ID_PATTERN, min_length=1, max_length=80, description="A kebab-case id."),
]
"""A kebab-case identifier, unique per kind within a pack (``scourge-beast``)."""

QualifiedId = Annotated[
    str,
    Field(
        pattern=QUALIFIED_ID_PATTERN,
        min_length=1,
        max_length=161,
        description="An id, optionally qualified by its pack (`core:scourge-beast`).",
    ),
]

LanguageCode = Annotated[str, Field(pattern=LANGUAGE_PATTERN)]

MAX_SCENARIO_STEPS = 1_000
"""Steps in one scenario test (the longest built-in one has 28). Each step replays the table, so a
test of 60,000 steps took 2 s and 194 MB; split a long story into several tests."""


@dataclass(frozen=True, slots=True)
class IsText:
    """Marks a field as prose, so the language check can find every text of a document."""


Text = Annotated[
    str
    | Annotated[
        dict[LanguageCode, str],
        # pydantic emits patternProperties for the keys; closing the object makes editors agree.
        Field(min_length=1, json_schema_extra={"additionalProperties": False}),
    ],
    IsText(),
]
"""Prose: a plain string, or one string per language (``{en: ..., pl: ...}``)."""

Provenance = Literal["rulebook", "secondary", "house"]
"""Where a number comes from: the rulebook, a public secondary source, or our own design."""


@dataclass(frozen=True, slots=True)
class UniqueItems:
    """Marks a list whose entries name things there is one of (a tile, a reset space, a card), so
    that an entry listed twice is a warning (BB0316) rather than a silent double.

    ``tiles: Annotated[list[TileRef], UniqueItems()]``. It adds nothing to the JSON Schema: the
    schema would make a repeat an error, where huntkit warns.
    """


@dataclass(frozen=True, slots=True)
class RefTo:
    """Marks a string field as a reference to a document of ``kinds`` (by id or ``pack:id``).

    The reference checker finds these markers in the models, so a new kind gets reference checking
    by annotating its fields: ``enemy: Annotated[QualifiedId, RefTo("enemy")]``.
    """

    kinds: tuple[str, ...]

    def __init__(self, *kinds: str) -> None:
        object.__setattr__(self, "kinds", kinds)

    def __get_pydantic_json_schema__(
        self, schema: core_schema.CoreSchema, handler: GetJsonSchemaHandler
    ) -> JsonSchemaValue:
        result = handler(schema)
        result["x-huntkit-ref"] = list(self.kinds)
        return result


def text_in(text: Text | None, language: str = "en") -> str:
    """The text in ``language``, falling back to English, then to any language given."""
    if text is None:
        return ""
    if isinstance(text, str):
        return text
    return text.get(language) or text.get("en") or next(iter(text.values()), "")


class ContentModel(BaseModel):
    """Base of every model: closed to unknown keys, immutable, documented by field docstrings."""

    model_config = ConfigDict(
        extra="forbid",
        # Strict: "4" is not a number and true is not 1, exactly as the JSON Schema says.
        strict=True,
        frozen=True,
        use_attribute_docstrings=True,
        hide_input_in_errors=True,
        validate_default=False,
        # Build validators on first use: a run that checks board content never pays for the
        # models of the other games.
        defer_build=True,
    )


class Document(ContentModel):
    """A top-level content document. Subclasses narrow ``kind`` to a literal."""

    kind_name: ClassVar[str] = ""
    """The ``kind`` value of this document class; set by subclasses."""

    reports_own_duplicates: ClassVar[bool] = False
    """True when the game's checks report duplicate keys of this kind more precisely than the
    generic duplicate-id check (numbered cards, say), which then stays quiet."""

    kind: str
    """What this document is; decides which keys it may have."""

    source: Provenance = "house"
    """Where this document's numbers come from, unless `sources` says otherwise for a field."""

    sources: dict[str, Provenance] = Field(default_factory=dict)
    """Provenance of single fields, by dotted path (`hp`, `sides.a.basic.damage`)."""

    def document_key(self) -> str | None:
        """The key this document is indexed by within its kind and pack (usually its id)."""
        return getattr(self, "id", None)

    def display_name(self) -> str:
        name: Any = getattr(self, "name", None) or getattr(self, "title", None)
        return text_in(name) if name is not None else (self.document_key() or self.kind)


ArtPath = Annotated[
    str,
    Field(
        min_length=1,
        max_length=255,
        description="A PNG, JPEG or SVG file, relative to the pack's folder (`art/bell-warden.png`).",
    ),
]
"""A card's art: a file inside the pack (checked by ``toolkit.core.art``)."""


class Illustrated(ContentModel):
    """A physical card or token: it gets a face (``toolkit.publish.faces``) and may carry art.

    Every kind that mixes this in must have a face renderer; a test fails when one has none."""

    art: ArtPath | None = None
    """Art for the card's face: a PNG, JPEG or SVG file in the pack, by a path relative to the
    pack's folder. At most 2 MiB and 4096 pixels across and down; an SVG may hold no script,
    event handler or reference to another file."""


class NamedDocument(Document):
    """A document with an id and a name, the common case."""

    id: Id
    """Unique among documents of this kind in the pack; other documents refer to it by this id."""

    name: Text
    """The component's name as printed, or a name of our own for house content."""


def single_key_verb(value: Any) -> str | None:
    """The discriminator of the single-key verb unions (``- damage: 1``): a mapping's only key,
    returned even when unknown so pydantic reports ``union_tag_invalid`` with the known verbs (the
    pipeline's did-you-mean); a mapping with no key or several keys has no tag
    (``union_tag_not_found``). A built model gives its ``verb`` class attribute, or its only field.
    """
    if isinstance(value, dict):
        return str(next(iter(value))) if len(value) == 1 else None
    verb = getattr(value, "verb", None)
    if isinstance(verb, str) and verb:
        return verb
    if isinstance(value, BaseModel):
        fields = type(value).model_fields
        return next(iter(fields)) if len(fields) == 1 else None
    return None
