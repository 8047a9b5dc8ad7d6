"""Check BB0317: a ruling's `helper` names a rule function that exists.

The pattern only lets a ruling name ``toolkit.games.card.rules.<module>:<function>``; this check
looks the name up among the rule modules shipped with huntkit (their names are listed, and only a
listed one is imported), so a renamed function or a typo no longer points the reference at nothing.
"""

from __future__ import annotations

import importlib
import inspect
import pkgutil
from collections.abc import Iterator
from functools import cache

from toolkit.core.diagnostics import Diagnostic
from toolkit.core.index import ContentIndex, Pack
from toolkit.core.validation import did_you_mean
from toolkit.games.card import rules
from toolkit.games.card.codes import UNKNOWN_HELPER
from toolkit.games.card.model.rulings import CardRuling

RULES_PACKAGE = rules.__name__


@cache
def rule_functions() -> dict[str, frozenset[str]]:
    """The public functions of each rule module, by module name."""
    found: dict[str, frozenset[str]] = {}
    for module_info in pkgutil.iter_modules(rules.__path__):
        module = importlib.import_module(f"{RULES_PACKAGE}.{module_info.name}")
        found[module_info.name] = frozenset(
            name
            for name, value in vars(module).items()
            if inspect.isfunction(value) and value.__module__ == module.__name__ and not name.startswith("_")
        )
    return found


def check_helpers(index: ContentIndex, pack: Pack) -> Iterator[Diagnostic]:
    """Every ruling's ``helper`` names a public function of a rule module."""
    for document in pack.documents:
        model = document.model
        if not isinstance(model, CardRuling) or model.helper is None:
            continue
        module_path, _, function = model.helper.partition(":")
        module = module_path.removeprefix(f"{RULES_PACKAGE}.")
        functions = rule_functions()
        if module not in functions:
            yield UNKNOWN_HELPER.at(
                document.locate(("helper",)),
                f"there is no rule module {module_path!r}",
                hint=did_you_mean(module, sorted(functions))
                or "rule modules: " + ", ".join(sorted(functions)),
            )
        elif function not in functions[module]:
            yield UNKNOWN_HELPER.at(
                document.locate(("helper",)),
                f"the rule module {module_path!r} has no function {function!r}",
                hint=did_you_mean(function, sorted(functions[module]))
                or "its functions: " + ", ".join(sorted(functions[module])),
            )
