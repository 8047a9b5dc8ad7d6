"""The catalogue of diagnostic codes.

Codes are stable: once released, a code keeps its meaning. They are grouped by the layer that finds
them. Each game registers its own codes in its own module with :func:`register`; this module holds the
game-agnostic ones. Every code has a fixture folder under ``tests/fixtures/codes/<CODE>/`` with a
``negative`` case that yields it and a ``positive`` case that does not; the reference site shows both.

| range   | layer                                   |
|---------|-----------------------------------------|
| BB01xx  | reading files and YAML                  |
| BB02xx  | schema: keys, types, values             |
| BB03xx  | packs and references                    |
| BB04xx  | board game component rules              |
| BB05xx  | board game campaigns and mission graphs |
| BB06xx  | board game mission flow and scenarios   |
| BB07xx  | Blood Hunt                              |
| BB08xx  | card game (The Hunter's Nightmare)      |
| BB09xx  | authoring tools (scenario tests, fmt)   |
| BB0901-19 | card art and card faces               |
"""

from __future__ import annotations

from dataclasses import dataclass

from toolkit.core.diagnostics import Diagnostic, Location, Related, Severity

MAX_RELATED = 10
"""Related locations (notes) one diagnostic shows."""


@dataclass(frozen=True, slots=True)
class Code:
    """A diagnostic code: its id, default severity, a short name and what it means."""

    id: str
    name: str
    severity: Severity
    summary: str

    def at(
        self,
        location: Location,
        message: str,
        *,
        hint: str | None = None,
        related: tuple[Related, ...] = (),
        severity: Severity | None = None,
    ) -> Diagnostic:
        """Make a diagnostic of this code at ``location``.

        At most :data:`MAX_RELATED` related locations are kept; the message counts the others (a
        goal short of enemies once carried a note for each of 960 spawns).
        """
        if len(related) > MAX_RELATED:
            message = f"{message} ({len(related) - MAX_RELATED:,} more related places are not listed)"
            related = related[:MAX_RELATED]
        return Diagnostic(
            code=self.id,
            severity=severity or self.severity,
            message=message,
            location=location,
            hint=hint,
            related=related,
        )


CODES: dict[str, Code] = {}


def register(id: str, name: str, severity: Severity, summary: str) -> Code:
    """Add a code to the catalogue. Registering the same id twice is a programming error."""
    if id in CODES:
        raise ValueError(f"diagnostic code {id} registered twice")
    code = Code(id, name, severity, summary)
    CODES[id] = code
    return code


E = Severity.ERROR
W = Severity.WARNING

# --- BB01xx: reading files and YAML -------------------------------------------------------------
FILE_UNREADABLE = register("BB0100", "file-unreadable", E, "The file could not be read.")
YAML_SYNTAX = register("BB0101", "yaml-syntax", E, "The file is not valid YAML.")
YAML_TAB = register("BB0102", "yaml-tab", E, "A tab is used for indentation; YAML needs spaces.")
YAML_DUPLICATE_KEY = register(
    "BB0103", "duplicate-key", E, "A mapping has the same key twice; the first would be lost."
)
FILE_NOT_UTF8 = register("BB0104", "not-utf8", E, "The file is not UTF-8 text.")
YAML_CONTROL_CHAR = register(
    "BB0105", "control-character", E, "The file holds a control character YAML does not allow."
)
YAML_BAD_KEY = register(
    "BB0106", "bad-key", E, "A mapping key is not a plain string (a list, map, null or float)."
)
YAML_TAG = register(
    "BB0107", "yaml-tag", E, "A YAML tag is used; content may not construct objects or retype."
)
FILE_TOO_LARGE = register("BB0108", "file-too-large", E, "The file is larger than the limit.")
YAML_TOO_DEEP = register("BB0109", "too-deep", E, "Values are nested deeper than the limit.")
YAML_ALIAS_LIMIT = register(
    "BB0110", "alias-limit", E, "Aliases are too many, expand too far, or refer to themselves."
)
DOCUMENT_NOT_MAPPING = register(
    "BB0111", "not-a-mapping", E, "A content document must be a mapping with a `kind`."
)
MISSING_KIND = register("BB0112", "missing-kind", E, "A content document has no `kind`.")
UNKNOWN_KIND = register("BB0113", "unknown-kind", E, "The `kind` is not one huntkit knows.")
TOO_MANY_DOCUMENTS = register(
    "BB0114", "too-many-documents", E, "A file holds more documents than the limit."
)
LINK_OUTSIDE_PACK = register(
    "BB0120",
    "link-outside-pack",
    E,
    "A file of the pack is a symbolic link to a file outside the pack; it is not read.",
)

# --- BB02xx: schema ---------------------------------------------------------------------------
UNKNOWN_KEY = register("BB0201", "unknown-key", E, "A key is not allowed here.")
MISSING_KEY = register("BB0202", "missing-key", E, "A required key is missing.")
WRONG_TYPE = register("BB0203", "wrong-type", E, "A value has the wrong type.")
UNKNOWN_VALUE = register("BB0204", "unknown-value", E, "A value is not one of those allowed.")
OUT_OF_RANGE = register("BB0205", "invalid-value", E, "A value breaks a constraint (range, length, pattern).")
BAD_EXPRESSION = register(
    "BB0206", "bad-expression", E, "A player-count expression does not parse or is out of range."
)
UNKNOWN_VERB = register(
    "BB0207", "unknown-verb", E, "An effect, trigger or condition names a verb huntkit lacks."
)
MISSING_TRANSLATION = register(
    "BB0208", "missing-translation", W, "A text lacks a language its pack declares."
)
KIND_WRONG_GAME = register(
    "BB0209", "kind-wrong-game", E, "A document's kind belongs to another game than its pack's."
)
NOT_SIMULATED = register(
    "BB0210",
    "not-simulated",
    W,
    "A rule is written as narrative text; the interpreter and simulator ignore it.",
)
SCALING_OUT_OF_RANGE = register(
    "BB0211",
    "scaling-out-of-range",
    E,
    "A player-count value leaves its field's range (or divides by zero) at some player count.",
)

FIELD_NOT_SIMULATED = register(
    "BB0620",
    "field-not-simulated",
    W,
    "A field or verb the game's rules do not play: the simulator plays as if it were not written.",
)
"""Issued for every game, from its declared vocabulary (``toolkit.core.vocabulary``); numbered in
the range of the work that introduced it (issue 13)."""

# --- BB03xx: packs and references --------------------------------------------------------------
PACK_MISSING_REQUIREMENT = register(
    "BB0301", "missing-requirement", E, "A pack requires a pack that cannot be found."
)
PACK_CYCLE = register("BB0302", "requires-cycle", E, "Packs require each other in a cycle.")
PACK_DUPLICATE = register("BB0303", "duplicate-pack", E, "Two packs have the same id.")
DUPLICATE_ID = register("BB0304", "duplicate-id", E, "Two documents of one kind share an id.")
UNKNOWN_REFERENCE = register("BB0305", "unknown-reference", E, "A reference names no known id.")
UNKNOWN_PACK_QUALIFIER = register(
    "BB0306", "unknown-pack", E, "A pack-qualified reference names a pack that is not required."
)
PACK_GAME_MISMATCH = register("BB0307", "game-mismatch", E, "A pack requires a pack of another game.")
NO_PACK_FILE = register(
    "BB0308", "no-pack", W, "A folder holds YAML content but no pack.yaml; nothing was checked."
)
PROVENANCE_PATH = register(
    "BB0309", "bad-provenance-path", E, "A `sources` entry names a field the document lacks."
)

CHECKS_SKIPPED = register(
    "BB0310",
    "checks-skipped",
    Severity.INFO,
    "Checks of a campaign (or of a whole pack) wait for the documents they need, or for earlier errors.",
)

BUILTIN_PACK_ID = register(
    "BB0315",
    "builtin-pack-id",
    E,
    "A pack takes the id of a pack built into huntkit, which it replaces (an error when a pack requires it).",
)
DUPLICATE_ENTRY = register(
    "BB0316",
    "duplicate-entry",
    W,
    "A list of things there is one of (tiles, reset spaces, cards) names one of them twice.",
)

# --- BB0901-BB0919: card art and card faces ----------------------------------------------------
ART_MISSING = register("BB0901", "art-missing", E, "The `art:` file does not exist.")
ART_OUTSIDE_PACK = register(
    "BB0902",
    "art-outside-pack",
    E,
    "The `art:` path leaves the pack (an absolute path, `..`, or a link to a file outside it).",
)
ART_UNREADABLE = register(
    "BB0903",
    "art-unreadable",
    E,
    "The `art:` file cannot be read as a PNG, JPEG or SVG image (wrong type, damaged, or not a file).",
)
ART_TOO_LARGE = register("BB0904", "art-too-large", E, "The `art:` file is larger than the limit.")
ART_DIMENSIONS = register(
    "BB0905", "art-dimensions", E, "The `art:` image has more pixels across or down than the limit."
)
ART_UNSAFE_SVG = register(
    "BB0906",
    "art-unsafe-svg",
    E,
    "The `art:` SVG holds a script, an event handler or a reference to another file or address.",
)
CARD_TEXT_OVERFLOW = register(
    "BB0910",
    "card-text-overflow",
    W,
    "A card's text does not fit on its face even at the smallest font size; the face cuts it.",
)

INTERNAL_ERROR = register("BB0999", "internal-error", E, "huntkit failed on this input; please report it.")
