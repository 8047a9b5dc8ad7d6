"""Scenario tests (`huntkit test`): results, the game-dispatching runner, and its reports.

A game runs its own scenario documents: its plug-in's ``test`` hook
(:class:`toolkit.core.plugin.ScenarioHook`). This package only finds the packs, asks each game to run
its scenarios, and reports the results pytest-style or as JSON.
"""

from toolkit.core.scenario.results import Failure, ScenarioResult, ScenarioRunner, TestRun
from toolkit.core.scenario.runner import run_tests

__all__ = ["Failure", "ScenarioResult", "ScenarioRunner", "TestRun", "run_tests"]
