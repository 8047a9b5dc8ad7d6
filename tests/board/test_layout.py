"""No module of the board game imports another that imports it back, even from inside a function
(the engine's rule modules call the procedures above them through ``core.Upcalls`` instead)."""

from __future__ import annotations

import ast
from pathlib import Path

from tests.import_cycles import import_cycles, runtime_imports

PACKAGE = Path(__file__).resolve().parents[2] / "toolkit" / "games" / "board"


def test_board_game_modules_import_no_cycle() -> None:
    assert import_cycles(PACKAGE) == []


def test_the_cycle_check_follows_a_module_imported_from_its_package() -> None:
    modules = {"toolkit.games.board.engine", "toolkit.games.board.engine.effects"}
    tree = ast.parse("def f():\n    from toolkit.games.board.engine import effects, CHANCE\n")
    assert runtime_imports(tree, modules) == {
        "toolkit.games.board.engine.effects",
        "toolkit.games.board.engine",
    }


def test_a_cycle_closed_by_an_import_inside_a_function_is_found(tmp_path: Path) -> None:
    # The shape the engine had: core imported mission_effects lazily, which imports core.
    package = tmp_path / "game"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "core.py").write_text("def event():\n    from game import mission_effects\n")
    (package / "mission_effects.py").write_text("from game.core import event\n")
    (package / "turn.py").write_text("from game import core, mission_effects\n")
    assert import_cycles(package, tmp_path) == [["core", "mission_effects"]]
