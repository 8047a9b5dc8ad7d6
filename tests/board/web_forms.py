"""Reading the web companion's pages as a player's browser would: its forms and what they offer."""

from __future__ import annotations

import shlex
from dataclasses import dataclass, field
from html.parser import HTMLParser

from toolkit.games.board.web.actions import ACTIONS


@dataclass
class Form:
    """One form: its buttons' actions, its hidden fields and the choices of each select."""

    actions: list[str] = field(default_factory=list)
    hidden: dict[str, str] = field(default_factory=dict)
    selects: dict[str, list[str]] = field(default_factory=dict)
    inputs: list[str] = field(default_factory=list)


class _Forms(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.forms: list[Form] = []
        self.current: Form | None = None
        self.select: str | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = {k: v or "" for k, v in attrs}
        if tag == "form":
            self.current = Form()
            self.forms.append(self.current)
        elif self.current is None:
            return
        elif tag == "button" and found.get("name") == "action":
            self.current.actions.append(found.get("value", ""))
        elif tag == "input" and found.get("type") == "hidden":
            self.current.hidden[found["name"]] = found.get("value", "")
        elif tag == "input":
            self.current.inputs.append(found.get("name", ""))
        elif tag == "select":
            self.select = found["name"]
            self.current.selects[self.select] = []
        elif tag == "option" and self.select is not None:
            self.current.selects[self.select].append(found.get("value", ""))

    def handle_endtag(self, tag: str) -> None:
        if tag == "form":
            self.current = None
        elif tag == "select":
            self.select = None


def forms_of(html: str) -> list[Form]:
    parser = _Forms()
    parser.feed(html)
    return parser.forms


def tap(html: str, line: str) -> dict[str, str]:
    """The form a player fills and submits to report ``line``, using only what the page offers.

    Raises AssertionError when the page has no form for it or does not offer a value it needs: a
    report the table could only type is not a report made by taps.
    """
    words = shlex.split(line)
    action, args = words[0], words[1:]
    if action.isdigit():
        action, args = "choose", [action]
    fields = ACTIONS[action]
    if action == "choose" and args and not args[0].isdigit():
        args = [" ".join(args)]
    wanted = dict(zip(fields, args, strict=False))
    for form in forms_of(html):
        if action not in form.actions:
            continue
        if any(wanted.get(k, v) != v for k, v in form.hidden.items()):
            continue
        for name, value in wanted.items():
            if name in form.selects:
                assert value in form.selects[name], f"{line!r}: the page offers no {value!r} for {name}"
            elif name not in form.hidden:
                assert name in form.inputs, f"{line!r}: the page's {action} form has no field {name}"
        return {"action": action, **form.hidden, **wanted}
    raise AssertionError(f"{line!r}: the page has no {action} form (or no button for {args})")
