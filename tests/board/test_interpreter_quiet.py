"""The engine's interpreter does not explain (no outcome texts, reasons or source locations are
worked out in simulated games); its state must change exactly as an explaining one's does."""

from __future__ import annotations

import pytest

from toolkit.games.board.bots.base import make_bot, play_out
from toolkit.games.board.engine.interpreter_adapter import InterpreterPort
from toolkit.games.board.engine.missions import MissionPort
from toolkit.games.board.engine.rules import Rules
from toolkit.games.board.engine.scenario import builtin_rules
from toolkit.games.board.engine.state import BoardState


def _explaining(rules: Rules, hunters: int) -> MissionPort:
    port = InterpreterPort(rules, hunters)
    port.machine.explain = True
    return port


@pytest.mark.parametrize(("chapter", "hunters", "seed", "bot"), [(1, 2, 1, "random"), (2, 3, 2, "heuristic")])
def test_a_quiet_interpreter_plays_the_same_game_as_an_explaining_one(
    chapter: int, hunters: int, seed: int, bot: str
) -> None:
    rules = builtin_rules("the-pale-bell", chapter)
    quiet = play_out(BoardState(rules, hunters, seed), make_bot(bot, seed))
    told = play_out(BoardState(rules, hunters, seed, _explaining), make_bot(bot, seed))
    assert quiet.history == told.history
    assert quiet.game.world.log == told.game.world.log
    assert quiet.snapshot() == told.snapshot()
    assert quiet.game.missions.revealed() == told.game.missions.revealed()
    assert quiet.game.missions.not_simulated() == told.game.missions.not_simulated()


def test_the_engines_interpreter_returns_no_outcomes_and_an_explaining_one_does() -> None:
    rules = builtin_rules("the-pale-bell", 1)
    quiet, told = InterpreterPort(rules, 2), _explaining(rules, 2)
    assert isinstance(told, InterpreterPort)
    assert quiet.machine.begin_chapter() == []
    outcomes = told.machine.begin_chapter()
    assert outcomes and all(o.text for o in outcomes)
    reveal = next(o for o in outcomes if o.kind == "reveal")
    assert reveal.why is not None and reveal.why.location is not None and reveal.detail
    assert quiet.machine.state.model_dump() == told.machine.state.model_dump()
