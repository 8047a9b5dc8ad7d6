"""`huntkit play`: the table companion (board game) or a game against bots (Blood Hunt).

The command validates the pack, then calls its game's :class:`~toolkit.core.plugin.PlayHook` with a
:class:`~toolkit.core.plugin.PlayOptions` (``count`` is ``--hunters`` or ``--players``).
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from toolkit.commands.packs import load_pack_in, not_offered
from toolkit.core.arguments import text_value
from toolkit.core.files import content_problem, output_problem, same_file
from toolkit.core.plugin import PlayOptions, PlayWebOptions
from toolkit.core.strings.catalogue import speaking

EXAMPLES = """
Examples:

\b
  huntkit play content/campaigns/the-pale-bell --hunters 2 --save pale-bell.json
  huntkit play content/campaigns/the-pale-bell --resume pale-bell.json
  huntkit play my-campaign/ --campaign my-campaign --hunters 3 --script session.txt
  huntkit play content/blood-hunt --players 3 --bot search,heuristic --seed 7
  huntkit play content/campaigns/the-pale-bell --web --save pale-bell.json
  huntkit play content/campaigns/the-pale-bell --hunters 2 --lang pl
"""


def play(
    pack: Annotated[Path, typer.Argument(help="The pack folder to play.", show_default=False)],
    campaign: Annotated[
        str | None,
        typer.Option("--campaign", "-c", help="The campaign's id (board game).", parser=text_value),
    ] = None,
    hunters: Annotated[int | None, typer.Option(help="Hunters at the table, 1-4 (board game).")] = None,
    players: Annotated[int | None, typer.Option(help="Players (Blood Hunt).")] = None,
    save: Annotated[
        Path | None,
        typer.Option(help="Save here after every change (atomically); a new game needs a new file."),
    ] = None,
    resume: Annotated[Path | None, typer.Option(help="Continue from this save.")] = None,
    script: Annotated[
        Path | None, typer.Option(help="Read the reports from this file instead of the keyboard.")
    ] = None,
    seed: Annotated[int | None, typer.Option(help="Seed of the game (Blood Hunt).")] = None,
    bot: Annotated[
        str | None,
        typer.Option(help="Opponent bots, comma-separated (Blood Hunt).", parser=text_value),
    ] = None,
    web: Annotated[
        bool, typer.Option("--web", help="Serve the companion as a web page for the table (board game).")
    ] = False,
    host: Annotated[
        str,
        typer.Option(
            help="With --web: the address to listen on; another than 127.0.0.1 opens it to the network."
        ),
    ] = "127.0.0.1",
    port: Annotated[int, typer.Option(help="With --web: the port to listen on.", min=1, max=65535)] = 8765,
    lang: Annotated[
        str | None,
        typer.Option(
            "--lang",
            help="Show the cards and huntkit's words in this language (one the pack declares).",
            parser=text_value,
        ),
    ] = None,
) -> int:
    """Play a pack: run a campaign at the table with the companion, or play against bots."""
    if hunters is not None and players is not None:
        typer.echo("error: give --hunters or --players, not both", err=True)
        return 2
    problem = _save_problem(pack, save, resume, script)
    if problem is not None:
        typer.echo(f"error: --save: {problem}", err=True)
        return 2
    # Every game saves after each move: refuse a file that cannot be written before the first move,
    # rather than a game played through with a warning after every line.
    target = save or resume
    problem = output_problem(target) if target is not None else None
    if problem is not None:
        typer.echo(f"error: {'--save' if save else '--resume'}: {problem}", err=True)
        return 2
    if web:
        return _play_web(pack, campaign, hunters, save, resume, script, host, port, lang)
    loaded = load_pack_in(pack, "play", "playing", lang)
    if isinstance(loaded, int):
        return loaded
    if loaded.game.play is None:
        return not_offered(loaded.game.id, "play")
    options = PlayOptions(
        campaign=campaign,
        count=hunters if hunters is not None else players,
        save=save,
        resume=resume,
        script=script,
        seed=seed,
        bot=bot,
    )
    with speaking(lang):
        return int(loaded.game.play(loaded.index, loaded.pack, options))


def _play_web(
    pack: Path,
    campaign: str | None,
    hunters: int | None,
    save: Path | None,
    resume: Path | None,
    script: Path | None,
    host: str,
    port: int,
    lang: str | None,
) -> int:
    """`--web`: the game's ``play_web`` hook serves the companion until Ctrl-C."""
    if script is not None:
        typer.echo("error: --script is for the terminal companion; the web page takes the reports", err=True)
        return 2
    loaded = load_pack_in(pack, "play --web", "playing", lang)
    if isinstance(loaded, int):
        return loaded
    if loaded.game.play_web is None:
        return not_offered(loaded.game.id, "play --web")
    options = PlayWebOptions(
        host=host, port=port, campaign=campaign, count=hunters, save=save, resume=resume, language=lang
    )
    with speaking(lang):
        return int(loaded.game.play_web(loaded.index, loaded.pack, options))


def _save_problem(pack: Path, save: Path | None, resume: Path | None, script: Path | None) -> str | None:
    """A save that would write over what the user wrote: the script being read, a content file, or
    an earlier save (a new game is saved at once, so `--save last-night.json` would lose it)."""
    if save is None or not save.exists():
        return None
    if script is not None and same_file(save, script):
        return f"{save} is the --script being read; save to another file"
    problem = content_problem(save, pack)
    if problem is None and save.is_file() and not (resume is not None and same_file(save, resume)):
        problem = (
            f"{save} already exists; continue that game with --resume {save}, "
            "or give another file name to start anew"
        )
    return problem


def register(app: typer.Typer) -> None:
    app.command(epilog=EXAMPLES)(play)
