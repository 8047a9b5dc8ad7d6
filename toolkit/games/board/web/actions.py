"""A tap on the page, as the companion line the terminal would have typed.

The web app reports through :meth:`Session.handle`, exactly as the prompt does, so the two share
every check, undo step and save point. Values are quoted with :func:`shlex.join`: a label with
spaces or quotes is one word, never a second command.
"""

from __future__ import annotations

import shlex
from collections.abc import Mapping

ACTIONS: dict[str, tuple[str, ...]] = {
    "move": ("tile", "space"),
    "tile": ("tile",),
    "slay": ("target", "count"),
    "interact": ("token",),
    "token": ("token", "tile", "space"),
    "dream": (),
    "end": (),
    "choose": ("option",),
    "undo": (),
    "save": ("name",),
    "back": ("name",),
    "next": (),
}
"""Each action and the form fields it reads, in order; trailing empty fields are left out."""

REQUIRED: dict[str, int] = {"move": 1, "tile": 1, "slay": 1, "interact": 1, "token": 2, "choose": 1}
"""How many leading fields an action cannot do without (save and back: see below)."""

MAX_FIELD = 200
"""Longest value a field may hold (names and labels are short; anything longer is a mistake)."""


class ActionError(ValueError):
    """A form the companion cannot turn into a line."""


def line_of(form: Mapping[str, str]) -> str:
    """The companion line for a submitted form; raises :class:`ActionError` saying what is wrong."""
    action = form.get("action", "")
    fields = ACTIONS.get(action)
    if fields is None:
        raise ActionError(f"unknown action {action[:40]!r}")
    values = [" ".join(form.get(name, "").split()) for name in fields]
    if any(len(value) > MAX_FIELD for value in values):
        raise ActionError(f"a field is longer than {MAX_FIELD} characters")
    while values and not values[-1]:
        values.pop()
    if "" in values:
        missing = fields[values.index("")]
        raise ActionError(f"{action}: choose the {missing} first")
    if action in ("save", "back") and not values:
        raise ActionError(f"{action}: give the save point a name")
    if len(values) < REQUIRED.get(action, 0):
        raise ActionError(f"{action}: choose the {fields[len(values)]} first")
    return shlex.join([action, *values])
