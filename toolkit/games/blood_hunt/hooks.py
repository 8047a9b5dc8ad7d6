"""Blood Hunt's hooks for the shared `huntkit simulate` and `huntkit play` commands.

The commands validate the pack, refuse content with errors, and call these with the validated index
and the pack; the hooks compile the rules from the models and print their report. Exit codes: 0 done,
1 a game broke (crash, invariant, no end), 2 an option the content cannot honour.
"""

from __future__ import annotations

import json
import sys
import time
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, TextIO

from toolkit.core.files import MAX_SCRIPT_BYTES, InputTooLarge, read_text_bounded
from toolkit.core.index import ContentIndex, Pack
from toolkit.games.blood_hunt.engine.loading import rules_from_index
from toolkit.games.blood_hunt.engine.rules import Rules, RulesError

if TYPE_CHECKING:
    from toolkit.games.blood_hunt.engine.state import BloodHuntState
    from toolkit.games.blood_hunt.play.saves import TableSetup

DEFAULT_BOTS = "heuristic"


def simulate_hook(
    index: ContentIndex,
    pack: Pack,
    *,
    campaign: str | None = None,
    chapter: int | None = None,
    counts: Sequence[int] | None = None,
    games: int = 100,
    seed: int = 0,
    bot: str | None = None,
    workers: int = 1,
    format: str = "text",
    plot: Path | None = None,
    cluster: str | None = None,
    out: TextIO | None = None,
) -> int:
    """`huntkit simulate` for a Blood Hunt pack."""
    from toolkit.games.blood_hunt.simulate import plan_games, render_text, run_games, summarize

    out = out or sys.stdout
    if campaign is not None or chapter is not None or plot is not None:
        sys.stderr.write("error: Blood Hunt has no campaigns, chapters or plots\n")
        return 2
    if cluster is not None:
        sys.stderr.write("error: --cluster plays board-game chapters; Blood Hunt runs on --workers here\n")
        return 2
    try:
        rules = rules_from_index(index, pack.id)
    except RulesError as error:
        sys.stderr.write(f"error: {error}\n")
        return 2
    player_counts = list(counts) if counts else list(rules.players)
    unsupported = [n for n in player_counts if n not in rules.players]
    bots = [b.strip() for b in (bot or DEFAULT_BOTS).split(",") if b.strip()]
    problem = _option_problem(unsupported, rules.players, bots, games, workers)
    if problem:
        sys.stderr.write(f"error: {problem}\n")
        return 2
    records = run_games(rules, plan_games(player_counts, games, seed, bots), workers)
    report = summarize(records, rules)
    if format == "json":
        out.write(json.dumps(report, indent=2, sort_keys=True) + "\n")
    else:
        out.write(render_text(report))
    broken = any(data["problems"] for data in report["by_players"].values())
    return 1 if broken else 0


def _option_problem(
    unsupported: list[int],
    supported: Sequence[int],
    bots: list[str],
    games: int,
    workers: int,
) -> str | None:
    if unsupported:
        return (
            f"this set-up supports {', '.join(map(str, supported))} players, "
            f"not {', '.join(map(str, unsupported))}"
        )
    if not bots:
        return "--bot needs at least one bot name"
    from toolkit.games.blood_hunt.play.saves import check_bot

    for spec in bots:
        try:
            check_bot(spec)
        except ValueError as error:
            return str(error)
    if games < 1 or workers < 1:
        return "--games and --workers must be at least 1"
    return None


def play_hook(
    index: ContentIndex,
    pack: Pack,
    *,
    campaign: str | None = None,
    count: int | None = None,
    save: Path | None = None,
    resume: Path | None = None,
    script: Path | None = None,
    seed: int | None = None,
    bot: str | None = None,
    out: TextIO | None = None,
) -> int:
    """`huntkit play` for a Blood Hunt pack: you are P1, bots take the other seats."""
    from toolkit.games.blood_hunt.play.terminal import play_terminal

    out = out or sys.stdout
    if campaign is not None:
        sys.stderr.write("error: Blood Hunt has no campaigns\n")
        return 2
    target = save or resume
    try:
        rules = rules_from_index(index, pack.id)
        table, state = _table(rules, count, seed, bot, resume, script)
    except (RulesError, ValueError) as error:
        sys.stderr.write(f"error: {error}\n")
        return 2
    if script is not None:
        try:
            # utf-8-sig: a script saved by a Windows editor starts with a BOM, not with its first line.
            text = read_text_bounded(script, MAX_SCRIPT_BYTES, encoding="utf-8-sig")
            answers = iter(text.splitlines())
        except (OSError, UnicodeDecodeError, InputTooLarge) as error:
            sys.stderr.write(f"error: cannot read the script {script}: {error}\n")
            return 2
    else:
        answers = _keyboard()
    return play_terminal(rules, table, answers, out, state=state, save=target)


def _table(
    rules: Rules,
    count: int | None,
    seed: int | None,
    bot: str | None,
    resume: Path | None,
    script: Path | None,
) -> tuple[TableSetup, BloodHuntState | None]:
    """The table to play and, when resuming, the saved game's checked state; raises ``ValueError``."""
    from toolkit.games.blood_hunt.play.saves import TableSetup, check_table, load_save, resume_state

    if resume is not None:
        saved = load_save(resume)
        given = {"--players": count, "--seed": seed}
        for option, value in given.items():
            kept = saved.table.players if option == "--players" else saved.table.seed
            if value is not None and value != kept:
                raise ValueError(f"{resume} was saved with {option} {kept}, not {value}")
        if bot is not None and _bots(bot) != saved.table.bots:
            raise ValueError(f"{resume} was saved with --bot {','.join(saved.table.bots)}, not {bot}")
        return saved.table, resume_state(rules, resume, saved)
    players = count if count is not None else 2
    chosen = seed if seed is not None else (0 if script else time.time_ns() % 1_000_000)
    table = TableSetup(players, 0, _bots(bot or DEFAULT_BOTS), chosen)
    check_table(rules, table)
    return table, None


def _bots(text: str) -> tuple[str, ...]:
    bots = tuple(b.strip() for b in text.split(",") if b.strip())
    if not bots:
        raise ValueError("--bot needs at least one bot name")
    return bots


def _keyboard() -> Iterator[str]:
    while True:
        try:
            yield input()
        except EOFError:
            return
