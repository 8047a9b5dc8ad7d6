"""Find the packs, and let each pack's game run its scenario documents."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from toolkit.core.diagnostics import Location
from toolkit.core.pipeline import validate_paths
from toolkit.core.registry import all_games
from toolkit.core.scenario.results import ScenarioResult, TestRun


def run_tests(paths: Sequence[Path] | None = None) -> TestRun:
    """Validate the packs at ``paths`` (default: the built-in content) and run their scenarios.

    Raises :class:`toolkit.core.pipeline.UsageError` for a path that does not exist.
    """
    validation = validate_paths(list(paths) if paths else None)
    run = TestRun(
        diagnostics=validation.sorted_diagnostics(),
        sources=dict(validation.sources),
        files_checked=validation.files_checked,
        documents_checked=validation.documents_checked,
    )
    for pack in validation.packs:
        game = all_games().get(pack.game)
        runner = game.test if game is not None else None
        if runner is None:
            continue  # a game without scenarios (`huntkit test` finds none and says so)
        try:
            run.results.extend(runner(validation.index, pack))
        except Exception as error:  # a runner's bug must not hide the other packs' results
            run.results.append(
                ScenarioResult(
                    id=pack.id,
                    name=f"scenarios of {pack.id}",
                    location=Location(pack.root),
                    error=f"the scenario runner failed: {type(error).__name__}: {error}",
                )
            )
    return run
