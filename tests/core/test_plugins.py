"""Games are found through the ``huntkit.games`` entry points, and a plug-in that cannot be used is a
warning naming it: never a traceback, never the end of the other games."""

from __future__ import annotations

import logging
import sys
import tomllib
from collections.abc import Iterator
from importlib.metadata import EntryPoint
from pathlib import Path

import pytest

from tests.conftest import FIXTURES, REPO
from toolkit.__main__ import main
from toolkit.core import registry as registry_module
from toolkit.core.pipeline import validate_paths
from toolkit.core.plugin import HOOKS, GamePlugin
from toolkit.core.registry import ENTRY_POINT_GROUP, all_games, discover, registry

BUILT_IN = ["blood-hunt", "bloodborne-board", "bloodborne-card"]
CLEAN_BOARD_PACK = FIXTURES / "codes" / "BB0204" / "positive"


@pytest.fixture
def installed(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[EntryPoint]]:
    """Entry points added to those of this installation, as if more packages were installed."""
    extra: list[EntryPoint] = []
    real = registry_module.entry_points

    def entry_points(*, group: str) -> list[EntryPoint]:
        return [*real(group=group), *extra]

    monkeypatch.setattr(registry_module, "entry_points", entry_points)
    registry.cache_clear()
    yield extra
    registry.cache_clear()


def _point(name: str, value: str) -> EntryPoint:
    return EntryPoint(name, value, ENTRY_POINT_GROUP)


def _module(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, name: str, source: str) -> None:
    (tmp_path / f"{name}.py").write_text(source, encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.delitem(sys.modules, name, raising=False)


def test_the_built_in_games_are_the_entry_points_pyproject_declares() -> None:
    declared = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))["project"][
        "entry-points"
    ][ENTRY_POINT_GROUP]
    found = registry()
    assert found.problems == ()
    assert list(found.games) == BUILT_IN == sorted(declared)
    for game_id, value in declared.items():
        module, _, attribute = value.partition(":")
        assert found.modules[game_id] == module and attribute == "PLUGIN"
        assert found.games[game_id].id == game_id


def test_each_built_in_game_names_its_hooks() -> None:
    offered = {
        game.id: [hook for hook in HOOKS if getattr(game, hook) is not None] for game in all_games().values()
    }
    assert offered == {
        "blood-hunt": ["play", "test", "simulate"],
        "bloodborne-board": ["play", "play_web", "test", "simulate", "tune"],
        "bloodborne-card": ["test"],
    }


def test_a_plugin_that_fails_to_import_is_a_warning_and_the_other_games_load(
    installed: list[EntryPoint], caplog: pytest.LogCaptureFixture
) -> None:
    installed.append(_point("broken-game", "no_such_module_for_huntkit:PLUGIN"))
    with caplog.at_level(logging.WARNING, logger="huntkit.plugins"):
        found = registry()
    assert list(found.games) == BUILT_IN
    (problem,) = found.problems
    assert problem.name == "broken-game"
    assert "ModuleNotFoundError: No module named 'no_such_module_for_huntkit'" in problem.reason
    assert caplog.messages == [problem.describe()]
    assert (
        "the game plug-in 'broken-game' (no_such_module_for_huntkit:PLUGIN) is not loaded"
        in problem.describe()
    )


def test_a_syntax_error_in_a_plugin_names_its_file_and_line(
    installed: list[EntryPoint], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    _module(tmp_path, monkeypatch, "typo_game", "from toolkit.core.plugin import GamePlugin\nPLUGIN = (\n")
    installed.append(_point("typo-game", "typo_game:PLUGIN"))
    (problem,) = registry().problems
    assert problem.reason.startswith("SyntaxError:")
    assert f"at {tmp_path / 'typo_game.py'}:2:" in problem.reason


def test_an_error_raised_while_importing_names_the_plugins_line(
    installed: list[EntryPoint], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    _module(tmp_path, monkeypatch, "raising_game", "x = 1\nraise RuntimeError('no table')\n")
    installed.append(_point("raising-game", "raising_game:PLUGIN"))
    (problem,) = registry().problems
    assert problem.reason == f"RuntimeError: no table at {tmp_path / 'raising_game.py'}:2"


@pytest.mark.parametrize(
    ("value", "reason"),
    [
        ("os:sep", "it names a str, not a toolkit.core.plugin.GamePlugin"),
        (
            "toolkit.core.plugin:GamePlugin",
            "it names the class GamePlugin, not a toolkit.core.plugin.GamePlugin",
        ),
        ("toolkit.games.card.plugin:NO_SUCH_NAME", "AttributeError"),
    ],
)
def test_an_entry_point_that_names_no_plugin_is_refused(
    installed: list[EntryPoint], value: str, reason: str
) -> None:
    installed.append(_point("odd-game", value))
    found = registry()
    assert list(found.games) == BUILT_IN
    (problem,) = found.problems
    assert reason in problem.reason


@pytest.mark.parametrize(
    ("name", "plugin", "reason"),
    [
        (
            "bloodborne-board",
            "GamePlugin(id='bloodborne-board', title='Copy', kinds={})",
            "another installed package already declares a game 'bloodborne-board'",
        ),
        (
            "my-game",
            "GamePlugin(id='their-game', title='Mine', kinds={})",
            "the entry point is named 'my-game' but the plug-in's id is 'their-game'",
        ),
        (
            "clash-game",
            "GamePlugin(id='clash-game', title='Clash', kinds={'enemy': Document})",
            "its kinds 'enemy' are already declared by bloodborne-board",
        ),
        (
            "shapeless-game",
            "GamePlugin(id='shapeless-game', title='S', kinds={'x': int}, checks=(1,), simulate='no')",
            "its kind 'x' maps to <class 'int'>, not a Document class; its checks hold something that "
            "cannot be called; its simulate hook cannot be called",
        ),
        (
            "Bad_Id",
            "GamePlugin(id='Bad_Id', title='B', kinds={})",
            "its id 'Bad_Id' is not a kebab-case id",
        ),
    ],
)
def test_a_plugin_that_breaks_the_contract_is_refused_and_the_game_it_would_take_stays(
    installed: list[EntryPoint],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    name: str,
    plugin: str,
    reason: str,
) -> None:
    module = "contract_" + name.replace("-", "_")
    _module(
        tmp_path,
        monkeypatch,
        module,
        "from toolkit.core.model import Document\nfrom toolkit.core.plugin import GamePlugin\n"
        f"PLUGIN = {plugin}\n",
    )
    installed.append(_point(name, f"{module}:PLUGIN"))
    found = registry()
    assert list(found.games) == BUILT_IN
    assert found.games["bloodborne-board"].title == "Bloodborne: The Board Game"
    (problem,) = found.problems
    assert problem.reason == reason


def test_a_working_third_party_game_loads_beside_a_broken_one(
    installed: list[EntryPoint], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    _module(
        tmp_path,
        monkeypatch,
        "plain_game",
        "from toolkit.core.plugin import GamePlugin\n"
        "PLUGIN = GamePlugin(id='plain-game', title='P', kinds={})\n",
    )
    installed.extend(
        [
            _point("broken-game", "no_such_module_for_huntkit:PLUGIN"),
            _point("plain-game", "plain_game:PLUGIN"),
        ]
    )
    found = registry()
    assert list(found.games) == [*BUILT_IN, "plain-game"]
    assert isinstance(found.games["plain-game"], GamePlugin)
    assert [p.name for p in found.problems] == ["broken-game"]


def test_discovery_orders_games_by_name_whatever_the_metadata_order() -> None:
    points = [
        _point(game, f"toolkit.games.{module}.plugin:PLUGIN")
        for game, module in [
            ("bloodborne-card", "card"),
            ("blood-hunt", "blood_hunt"),
            ("bloodborne-board", "board"),
        ]
    ]
    assert list(discover(points).games) == BUILT_IN


def test_a_pack_of_a_game_whose_plugin_is_broken_says_why_at_its_game(
    installed: list[EntryPoint], tmp_path: Path
) -> None:
    installed.append(_point("broken-game", "no_such_module_for_huntkit:PLUGIN"))
    (tmp_path / "pack.yaml").write_text('id: mine\ngame: broken-game\nname: Mine\nversion: "0.1"\n')
    result = validate_paths([tmp_path])
    (diagnostic,) = result.diagnostics
    assert (diagnostic.code, diagnostic.file, diagnostic.line, diagnostic.column) == (
        "BB0204",
        tmp_path / "pack.yaml",
        2,
        7,
    )
    assert "the game plug-in 'broken-game'" in diagnostic.message
    assert "ModuleNotFoundError" in diagnostic.message


def test_a_pack_of_a_game_nobody_installed_names_the_installed_ones(tmp_path: Path) -> None:
    (tmp_path / "pack.yaml").write_text('id: mine\ngame: chess\nname: Mine\nversion: "0.1"\n')
    (diagnostic,) = validate_paths([tmp_path]).diagnostics
    assert (diagnostic.code, diagnostic.line, diagnostic.column) == ("BB0204", 2, 7)
    assert diagnostic.message == "game: no installed game is called 'chess'"
    assert diagnostic.hint is not None and "blood-hunt, bloodborne-board, bloodborne-card" in diagnostic.hint


def test_the_command_line_warns_of_a_broken_plugin_and_still_validates(
    installed: list[EntryPoint], capsys: pytest.CaptureFixture[str]
) -> None:
    installed.append(_point("broken-game", "no_such_module_for_huntkit:PLUGIN"))
    assert main(["validate", str(CLEAN_BOARD_PACK)]) == 0
    captured = capsys.readouterr()
    assert (
        "warning: the game plug-in 'broken-game' (no_such_module_for_huntkit:PLUGIN) is not loaded:"
        in captured.err
    )
    assert "Traceback" not in captured.err + captured.out


@pytest.mark.parametrize(
    ("command", "pack", "game"),
    [
        ("simulate", "hunters-nightmare", "bloodborne-card"),
        ("play", "hunters-nightmare", "bloodborne-card"),
        ("tune", "blood-hunt", "blood-hunt"),
    ],
)
def test_a_command_a_game_does_not_offer_says_so_with_exit_2(
    capsys: pytest.CaptureFixture[str], command: str, pack: str, game: str
) -> None:
    extra = ["--knob", "random-tiles", "--chapter", "1"] if command == "tune" else []
    assert main([command, str(REPO / "content" / pack), *extra]) == 2
    err = capsys.readouterr().err
    assert f"error: huntkit cannot {command} {game} packs: the game offers no `{command}`" in err


def test_an_install_whose_metadata_has_no_games_says_to_reinstall(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture, tmp_path: Path
) -> None:
    monkeypatch.setattr(registry_module, "entry_points", lambda *, group: [])
    registry.cache_clear()
    try:
        with caplog.at_level(logging.WARNING, logger="huntkit.plugins"):
            assert dict(all_games()) == {}
        assert caplog.messages == [registry_module.STALE_INSTALL]
        (tmp_path / "pack.yaml").write_text('id: mine\ngame: blood-hunt\nname: Mine\nversion: "0.1"\n')
        (diagnostic,) = validate_paths([tmp_path]).diagnostics
        assert diagnostic.code == "BB0204" and diagnostic.hint == registry_module.STALE_INSTALL
    finally:
        registry.cache_clear()
