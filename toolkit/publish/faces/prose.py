"""Effects as short sentences for a card face, with names where the content holds ids.

The words follow the companion's phrases (``mission.walk.describe``: the verb's words, then its
options), with the numbers of the common combat verbs put the way a card prints them (``+1
damage``, ``Block 2``) and every referenced document named by its display name, not its id.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from pydantic import BaseModel

from toolkit.core.expressions import Scaling
from toolkit.core.model import text_in
from toolkit.publish.fields import ref_kinds

NameOf = Callable[[tuple[str, ...], str], str]
"""Resolves a reference (the kinds it may name, the id written) to the name to print."""


def _signed(value: object, noun: str) -> str:
    return f"{value:+d} {noun}" if isinstance(value, int) else f"+{value} {noun}"


def _plural(value: object, one: str, many: str) -> str:
    return f"{value} {one if value == 1 else many}"


_WORDS: dict[str, Callable[[Any], str]] = {
    "damage": lambda v: _signed(v, "damage"),
    "speed": lambda v: _signed(v, "speed"),
    "block": lambda v: f"Block {v}",
    "draw": lambda v: "Draw " + _plural(v, "card", "cards"),
    "discard": lambda v: "Discard " + _plural(v, "card", "cards"),
    "clear_slot": lambda v: f"Clear slot {v}",
    "draw_consumable": lambda v: "Draw " + _plural(v, "consumable", "consumables"),
    "draw_consumables": lambda v: "Draw " + _plural(v, "consumable", "consumables"),
    "gain_blood_echo": lambda v: "Gain " + _plural(v, "Blood Echo", "Blood Echoes"),
    "gain_echoes": lambda v: "Gain " + _plural(v, "Blood Echo", "Blood Echoes"),
    "reveal": lambda v: f"Reveal mission card {v}",
    "advance_hunt_track": lambda v: "Advance the hunt track " + _plural(v, "space", "spaces"),
    "cancel_attack": lambda v: "Cancel the attack",
    "return_to_hand": lambda v: "Return this card to your hand",
}
"""Verbs whose value reads better in a card's own phrasing than as ``verb value``."""

_TARGETS = {
    "self": "",
    "opponent": " to the opponent",
    "ally": " to an ally",
    "hunters-on-space": " to each hunter on the space",
    "hunters-on-tile": " to each hunter on the tile",
    "hunters-within": " to each hunter within {within}",
    "all-hunters": " to every hunter",
    "enemies-on-space": " to each enemy on the space",
    "enemies-on-tile": " to each enemy on the tile",
    "enemies-within": " to each enemy within {within}",
}


def _targeted(noun: str) -> Callable[[Any], str]:
    def words(options: Any) -> str:
        target = _TARGETS.get(str(getattr(options, "target", "self")), "")
        within = getattr(options, "within", None)
        return f"{noun} {options.amount}" + target.format(within=within if within is not None else "range")

    return words


def _move(options: Any) -> str:
    spaces = _plural(options.spaces, "space", "spaces")
    return f"Move {spaces}" if options.who == "self" else f"Move the opponent {spaces}"


def _cure(options: Any) -> str:
    return "Cure every condition" if options.condition == "all" else f"Cure {options.condition}"


def _refresh(options: Any) -> str:
    what = {"firearm": "an exhausted firearm", "reward": "an exhausted reward"}
    return "Refresh " + what.get(options.what, "an exhausted card")


def _teleport(options: Any) -> str:
    where = {"lamp": "a lamp", "ally": "an ally's space"}
    if options.to == "space-within":
        return f"Teleport to a space within {options.within}"
    return "Teleport to " + where.get(options.to, str(options.to))


_OPTION_WORDS: dict[str, Callable[[Any], str]] = {
    "heal": _targeted("Heal"),
    "deal_damage": _targeted("Deal damage"),
    "move": _move,
    "cure": _cure,
    "refresh": _refresh,
    "teleport": _teleport,
}
"""Verbs with options of their own model, in a card's phrasing (board game verbs)."""

_JOINED = {"all": " and ", "any": " or "}
"""Conditions that join their parts."""

_UNNAMED = frozenset({"branch", "choose"})
"""Verbs whose options say it all (``If …, then …``)."""

_FIELD_FORMS = {
    "condition": "if {}:",
    "then": "{}",
    "otherwise": "otherwise {}",
    "label": "“{}”",
    "prompt": "{}",
    "token": "{}",
    "to": "to {}",
    "count": "×{}",
    "at_least": "≥ {}",
    "enemy_slot": "slot {}",
    "amount": "{}",
    "value": "= {}",
    "at": "at {}",
    "within": "within {}",
    "target": "({})",
    "enemy": "{}",
    "boss": "{}",
    "tile": "{}",
}
"""How a few options read after their verb (``spawn Hair-Rope Warden at graveyard ×2``)."""


def verb_of(effect: BaseModel) -> tuple[str, object]:
    """The verb a single-key model stands for, and its value."""
    names = list(type(effect).model_fields)
    verb = str(getattr(type(effect), "verb", "") or (names[0] if len(names) == 1 else ""))
    if not verb:
        return type(effect).__name__, None
    return verb, getattr(effect, verb, None)


def phrase(effect: object, name_of: NameOf, language: str = "en") -> str:
    """One effect as a short phrase starting with a capital letter."""
    if not isinstance(effect, BaseModel):
        return _capital(_value(effect, (), name_of, language))
    verb, value = verb_of(effect)
    words = _WORDS.get(verb)
    if words is not None and not isinstance(value, BaseModel | list):
        return words(value)
    with_options = _OPTION_WORDS.get(verb)
    if with_options is not None and isinstance(value, BaseModel):
        try:
            return with_options(value)
        except AttributeError:  # a game's verb of the same name with other options
            pass
    head = verb.replace("_", " ")
    if verb in _JOINED and isinstance(value, list):
        return _JOINED[verb].join(phrase(v, name_of, language) for v in value)
    if verb == "not":
        return "Not " + phrase(value, name_of, language).lower()
    if _is_effect_list(value):
        assert isinstance(value, list)
        return f"{_capital(head)}: " + "; ".join(phrase(v, name_of, language) for v in value)
    if verb in _UNNAMED:
        head = ""
    if verb in ("narrative", "untold"):
        return text_in(value, language) if isinstance(value, str | dict) else _capital(head)
    rest = _options(effect, verb, value, name_of, language)
    return _capital(f"{head} {rest}".strip()) if head else _capital(rest)


def phrases(effects: Sequence[object], name_of: NameOf, language: str = "en") -> str:
    """Several effects as one sentence: ``Stagger; +1 damage.``"""
    parts = [phrase(effect, name_of, language) for effect in effects]
    return "; ".join(p for p in parts if p) + ("." if parts else "")


def _is_verb(value: object) -> bool:
    if not isinstance(value, BaseModel):
        return False
    return bool(getattr(type(value), "verb", "")) or len(type(value).model_fields) == 1


def _is_effect_list(value: object) -> bool:
    return isinstance(value, list) and bool(value) and all(_is_verb(v) for v in value)


def _options(owner: BaseModel, verb: str, value: object, name_of: NameOf, language: str) -> str:
    info = type(owner).model_fields.get(verb)
    kinds = ref_kinds(info.annotation, info.metadata) if info is not None else None
    return _value(value, kinds or (), name_of, language)


def _value(value: object, kinds: tuple[str, ...], name_of: NameOf, language: str) -> str:
    if value is None or value is True:
        return ""
    if isinstance(value, str) and kinds:
        return name_of(kinds, value)
    if isinstance(value, str | dict) and not isinstance(value, BaseModel):
        return text_in(value, language) if isinstance(value, dict) else value.replace("-", " ")
    if isinstance(value, Scaling):
        return str(value)
    if isinstance(value, list | tuple):
        if _is_effect_list(value):
            return "(" + "; ".join(phrase(v, name_of, language) for v in value) + ")"
        if all(isinstance(v, BaseModel) for v in value):
            return "; ".join(_model(v, name_of, language) for v in value if isinstance(v, BaseModel))
        return ", ".join(_value(v, kinds, name_of, language) for v in value)
    if isinstance(value, BaseModel):
        return _model(value, name_of, language)
    return str(value)


def _model(model: BaseModel, name_of: NameOf, language: str) -> str:
    fields = type(model).model_fields
    if len(fields) == 1 and getattr(type(model), "verb", None) is not None:
        return phrase(model, name_of, language)
    parts: list[str] = []
    for name, info in fields.items():
        item = getattr(model, name)
        if item is None or item is False or item == [] or (name == "count" and str(item) == "1"):
            continue
        kinds = ref_kinds(info.annotation, info.metadata) or ()
        text = _value(item, kinds, name_of, language)
        if not text:
            continue
        form = _FIELD_FORMS.get(name)
        parts.append(form.format(text) if form else f"{name.replace('_', ' ')} {text}")
    return " ".join(parts)


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def first_sentence(doc: str | None) -> str:
    """The first sentence of a docstring, on one line (Blood Hunt's effects explain themselves)."""
    if not doc:
        return ""
    flat = " ".join(doc.split())
    end = flat.find(". ")
    return flat if end < 0 else flat[: end + 1]
