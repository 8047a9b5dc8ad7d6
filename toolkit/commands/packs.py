"""What `play`, `simulate` and the like share: load one pack, refuse it with errors, find its game."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import typer

from toolkit.core.index import ContentIndex, Pack
from toolkit.core.pipeline import UsageError, validate_paths
from toolkit.core.plugin import GamePlugin
from toolkit.core.registry import all_games
from toolkit.core.reporters import Report, TextReporter


@dataclass(frozen=True, slots=True)
class LoadedPack:
    """A validated pack and the game it is for."""

    index: ContentIndex
    pack: Pack
    game: GamePlugin


def load_pack(folder: Path, command: str, doing: str) -> LoadedPack | int:
    """Validate ``folder`` (one pack) and return it with its game, or an exit code after telling the
    user why not: 1 when the content has errors, 2 for a usage problem. The caller still checks that
    the game offers ``command`` (see :func:`not_offered`)."""
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
    if game is None:
        return not_offered(target.game or "this", command)
    return LoadedPack(result.index, target, game)


def not_offered(game: str, command: str) -> int:
    """Say that a game has no hook for a command; the usage exit code."""
    typer.echo(f"error: huntkit cannot {command} {game} packs: the game offers no `{command}`", err=True)
    return 2


def load_pack_in(folder: Path, command: str, doing: str, language: str | None) -> LoadedPack | int:
    """:func:`load_pack`, then :func:`in_language`: the pack with its texts in ``language``, or an
    exit code when either fails."""
    loaded = load_pack(folder, command, doing)
    return loaded if isinstance(loaded, int) else in_language(loaded, language)


def in_language(loaded: LoadedPack, language: str | None) -> LoadedPack | int:
    """``loaded`` with its content in ``language`` (``None``: as written), or the usage exit code
    after saying why the pack cannot be shown in it. huntkit's own words are set by the caller
    (:func:`toolkit.core.strings.catalogue.speaking`)."""
    if language is None:
        return loaded
    from toolkit.core.strings.languages import language_problem, program_words_note
    from toolkit.core.strings.localise import localised_index

    problem = language_problem(loaded.pack, language)
    if problem is not None:
        typer.echo(f"error: --lang: {problem}", err=True)
        return 2
    note = program_words_note(language)
    if note is not None:
        typer.echo(f"warning: {note}", err=True)
    index = localised_index(loaded.index, language)
    return LoadedPack(index, index.packs[loaded.pack.id], loaded.game)
