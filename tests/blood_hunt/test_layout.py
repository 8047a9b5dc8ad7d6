"""Blood Hunt is laid out like the board game (model, checks, engine, bots, play as sub-packages),
and none of its modules imports another that imports it back, even from inside a function."""

from __future__ import annotations

import ast
from pathlib import Path

from tests.import_cycles import import_cycles, runtime_imports

PACKAGE = Path(__file__).resolve().parents[2] / "toolkit" / "games" / "blood_hunt"


def test_blood_hunt_has_the_sub_packages_of_a_game() -> None:
    for package in ("model", "checks", "engine", "bots", "play"):
        assert (PACKAGE / package / "__init__.py").is_file(), package
    flat = sorted(p.name for p in PACKAGE.glob("*.py"))
    assert len(flat) <= 8, flat


def test_blood_hunt_modules_import_no_cycle() -> None:
    assert import_cycles(PACKAGE) == []


def test_the_cycle_check_sees_an_import_made_inside_a_function() -> None:
    tree = ast.parse(
        "from typing import TYPE_CHECKING\n"
        "if TYPE_CHECKING:\n    from toolkit.games.blood_hunt.a import X\n"
        "def f():\n    from toolkit.games.blood_hunt.b import Y\n"
    )
    assert runtime_imports(tree) == {"typing", "toolkit.games.blood_hunt.b"}
