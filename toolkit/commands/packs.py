"""What `play`, `simulate` and the like share: load one pack, refuse it with errors, find its hook."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import typer

from toolkit.core.index import ContentIndex, Pack
from toolkit.core.pipeline import UsageError, validate_paths
from toolkit.core.reporters import Report, TextReporter
from toolkit.games import all_games


@dataclass(frozen=True, slots=True)
class GameHook:
    """A validated pack and the function its game offers for a command."""

    index: ContentIndex
    pack: Pack
    run: Callable[..., Any]


def load_pack_hook(folder: Path, hook: str, doing: str) -> GameHook | int:
    """Validate ``folder`` (one pack) and return its game's ``extras[hook]``, or an exit code after
    telling the user why not: 1 when the content has errors, 2 for a usage problem."""
    try:
        result = validate_paths([folder])
    except UsageError as error:
        typer.echo(f"error: {error}", err=True)
        return 2
    if result.error_count:
        errors = [d for d in result.sorted_diagnostics() if d.severity.value == "error"]
        typer.echo(TextReporter().render(Report(errors, result.sources, 0, 0)), err=True)
        typer.echo(f"error: the pack has errors; fix them before {doing} (see `huntkit validate`)", err=True)
        return 1
    if len(result.packs) != 1:
        typer.echo(f"error: {folder} holds {len(result.packs)} packs; name one pack folder", err=True)
        return 2
    target = result.packs[0]
    game = all_games().get(target.game)
    runner = game.extras.get(hook) if game is not None else None
    if game is None or not callable(runner):
        typer.echo(f"error: huntkit cannot {hook} {target.game or 'this'} packs", err=True)
        return 2
    return GameHook(result.index, target, runner)
