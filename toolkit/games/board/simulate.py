"""Batch play of board game chapters with bots: the balance report behind `huntkit simulate`.

Every game gets its own seed derived from (seed, chapter, hunters, game number), so a report depends
only on its options: the same seed gives the same report, with any number of worker processes.
"""

from __future__ import annotations

import json
import math
import statistics
import sys
from collections import Counter
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from multiprocessing import get_context
from pathlib import Path
from typing import Any, TextIO

from toolkit.core.files import OutputError, output_problem, write_output
from toolkit.core.index import ContentIndex, Pack
from toolkit.core.model import text_in
from toolkit.core.vocabulary import uses_in
from toolkit.games.board.bots.base import BOTS, make_bot, play_out
from toolkit.games.board.engine.rules import Rules, RulesError, load_rules
from toolkit.games.board.engine.state import BoardState, mix
from toolkit.games.board.mission import conditions as mcond
from toolkit.games.board.mission import effects as meff
from toolkit.games.board.mission import triggers as mtrig
from toolkit.games.board.mission.documents import Chapter, NarrativeRule
from toolkit.games.board.vocabulary import VOCABULARIES

Z95 = 1.959963984540054
"""The normal quantile of a two-sided 95 % interval."""

CHUNK = 25
"""Games per task sent to a worker process."""


@dataclass(slots=True)
class GameResult:
    """What one game contributes to the report."""

    won: bool
    rounds: int
    deaths: int
    dream_trips: int
    resets: int
    revealed: list[int] = field(default_factory=list)
    completed: list[int] = field(default_factory=list)
    not_simulated: list[str] = field(default_factory=list)


def game_seed(seed: int, chapter: int, hunters: int, game: int) -> int:
    """The seed of one game, independent of how games are split among workers."""
    return int(mix(seed, chapter * 1_000_003 + hunters * 10_007 + game) * (1 << 53))


def play_game(rules: Rules, hunters: int, seed: int, bot: str) -> GameResult:
    """Play one chapter to its end with one bot for the team."""
    state = play_out(BoardState(rules, hunters, seed), make_bot(bot, seed))
    g = state.game
    machine = getattr(g.missions, "machine", None)
    completed = list(machine.chapter.completed) if machine is not None else []
    return GameResult(
        won=g.world.outcome == "won",
        rounds=g.world.round,
        deaths=sum(h.deaths for h in g.world.hunters),
        dream_trips=sum(h.dream_trips for h in g.world.hunters),
        resets=g.world.resets,
        revealed=g.missions.revealed(),
        completed=completed,
        not_simulated=sorted(set(g.missions.not_simulated()) | set(g.stats.narrative)),
    )


# --- worker processes ------------------------------------------------------------------------------

_RULES: dict[int, Rules] = {}
"""Rules by chapter, set before the worker pool forks so every worker inherits them."""


def _play_chunk(task: tuple[int, int, int, int, int, str]) -> list[GameResult]:
    chapter, hunters, seed, first, count, bot = task
    rules = _RULES[chapter]
    return [
        play_game(rules, hunters, game_seed(seed, chapter, hunters, i), bot)
        for i in range(first, first + count)
    ]


# --- the report ------------------------------------------------------------------------------------


def wilson(wins: int, games: int) -> tuple[float, float]:
    """The Wilson score interval of a win rate at 95 %."""
    if games == 0:
        return (0.0, 0.0)
    p = wins / games
    denominator = 1 + Z95**2 / games
    centre = (p + Z95**2 / (2 * games)) / denominator
    spread = Z95 * math.sqrt(p * (1 - p) / games + Z95**2 / (4 * games**2)) / denominator
    return (round(max(0.0, centre - spread), 4), round(min(1.0, centre + spread), 4))


def _mean(values: Sequence[int]) -> float:
    return round(statistics.fmean(values), 3) if values else 0.0


def narrative_rules(rules: Rules) -> list[str]:
    """Rules of the chapter's cards written in prose, which no engine can apply."""
    found: list[str] = []
    for trigger in rules.chapter.triggers:
        if isinstance(trigger.when, mtrig.NarrativeTrigger):
            found.append(f"chapter trigger: {text_in(trigger.when.narrative)}")
        elif isinstance(trigger.when, mtrig.UntoldTrigger):
            found.append(
                f"chapter trigger revealing card {trigger.reveal} is untold: {text_in(trigger.when.untold)}"
            )
    for number, card in sorted(rules.mission_cards.items()):
        if card.chapter != rules.chapter.number:
            continue
        for rule in card.rules:
            if isinstance(rule, NarrativeRule):
                found.append(f"card {number} rule: {text_in(rule.narrative)}")
        effects = list(card.on_reveal) + [e for goal in card.goals for e in goal.then]
        for effect in effects:
            if isinstance(effect, meff.NarrativeEffect):
                found.append(f"card {number} effect: {text_in(effect.narrative)}")
            elif isinstance(effect, meff.UntoldEffect):
                found.append(f"card {number} effect is untold: {text_in(effect.untold)}")
        for goal in card.goals:
            if isinstance(goal.goal, mcond.NarrativeCondition):
                found.append(f"card {number} goal: {text_in(goal.goal.narrative)}")
    return found


def summarize(rules: Rules, hunters: int, results: list[GameResult]) -> dict[str, Any]:
    """One (chapter, hunters) cell of the report."""
    wins = [r for r in results if r.won]
    revealed = Counter(card for r in results for card in set(r.revealed))
    completed = Counter(card for r in results for card in set(r.completed))
    cards = sorted(n for n, c in rules.mission_cards.items() if c.chapter == rules.chapter.number)
    rounds = [r.rounds for r in wins]
    return {
        "chapter": rules.chapter.number,
        "hunters": hunters,
        "games": len(results),
        "wins": len(wins),
        "win_rate": round(len(wins) / len(results), 4) if results else 0.0,
        "win_rate_ci95": list(wilson(len(wins), len(results))),
        "rounds_to_win": {
            "mean": _mean(rounds),
            "median": statistics.median(rounds) if rounds else None,
            "min": min(rounds) if rounds else None,
            "max": max(rounds) if rounds else None,
        },
        "rounds_mean": _mean([r.rounds for r in results]),
        "deaths_per_game": _mean([r.deaths for r in results]),
        "dream_trips_per_game": _mean([r.dream_trips for r in results]),
        "resets_per_game": _mean([r.resets for r in results]),
        "cards_revealed": {str(n): revealed.get(n, 0) for n in cards},
        "goals_met": {str(n): completed.get(n, 0) for n in cards},
        "never_revealed": [n for n in cards if not revealed.get(n)],
        "not_simulated": sorted({line for r in results for line in r.not_simulated}),
    }


@dataclass(slots=True)
class SimulateOptions:
    """What `huntkit simulate` asks for."""

    campaign: str | None = None
    chapters: list[int] = field(default_factory=list)
    """Chapters to play; empty for every chapter of the campaign."""
    hunters: list[int] = field(default_factory=lambda: [2])
    games: int = 100
    seed: int = 0
    bot: str = "heuristic"
    workers: int = 1


def campaign_chapters(index: ContentIndex, pack: Pack, campaign: str | None) -> tuple[str, list[int]]:
    """The campaign to play (the pack's only one when not named) and its chapter numbers."""
    chapters = [
        doc.model for doc in index.documents_of("chapter", [pack.id]) if isinstance(doc.model, Chapter)
    ]
    campaigns = sorted({c.campaign.split(":")[-1] for c in chapters})
    if not campaigns:
        raise RulesError(f"pack `{pack.id}` has no campaign with chapters to simulate")
    if campaign is None:
        if len(campaigns) != 1:
            raise RulesError(
                f"name a campaign with --campaign (the pack has: {', '.join(campaigns) or 'none'})"
            )
        campaign = campaigns[0]
    numbers = sorted(int(c.number) for c in chapters if c.campaign.split(":")[-1] == campaign)
    if not numbers:
        raise RulesError(f"no chapters of campaign `{campaign}` in pack `{pack.id}`")
    return campaign, numbers


def simulate(
    index: ContentIndex,
    pack: Pack,
    options: SimulateOptions,
    progress: Callable[[int, int], None] | None = None,
) -> dict[str, Any]:
    """Play every requested (chapter, hunters) cell and build the report."""
    if options.bot not in BOTS:
        raise RulesError(f"unknown bot `{options.bot}` (known: {', '.join(sorted(BOTS))})")
    campaign, numbers = campaign_chapters(index, pack, options.campaign)
    chapters = options.chapters or numbers
    for number in chapters:
        _RULES[number] = load_rules(index, pack.id, campaign, number)
    tasks = [
        (chapter, hunters, options.seed, first, min(CHUNK, options.games - first), options.bot)
        for chapter in chapters
        for hunters in options.hunters
        for first in range(0, options.games, CHUNK)
    ]
    total, done = len(chapters) * len(options.hunters) * options.games, 0
    chunks: list[list[GameResult]] = []
    if options.workers > 1:
        # No more processes than tasks: --workers 256 for two games would fork 256 idle workers.
        workers = min(options.workers, len(tasks))
        with ProcessPoolExecutor(workers, mp_context=get_context("fork")) as pool:
            for chunk in pool.map(_play_chunk, tasks):
                chunks.append(chunk)
                done += len(chunk)
                if progress:
                    progress(done, total)
    else:
        for task in tasks:
            chunks.append(_play_chunk(task))
            done += len(chunks[-1])
            if progress:
                progress(done, total)
    cells = []
    position = 0
    for chapter in chapters:
        for hunters in options.hunters:
            results: list[GameResult] = []
            while position < len(tasks) and tasks[position][:2] == (chapter, hunters):
                results.extend(chunks[position])
                position += 1
            cells.append(summarize(_RULES[chapter], hunters, results))
    return {
        "pack": pack.id,
        "campaign": campaign,
        "bot": options.bot,
        "seed": options.seed,
        "games_per_cell": options.games,
        "narrative_rules": {str(c): narrative_rules(_RULES[c]) for c in chapters},
        "not_simulated": not_simulated_report(index, pack),
        "cells": cells,
    }


def not_simulated_report(index: ContentIndex, pack: Pack) -> dict[str, list[str]]:
    """What the engine and interpreter do not play: the board game's declared list, and where the
    simulated content (the pack and the packs it requires) writes any of it."""
    documents = [d for pack_id in index.visible_packs(pack.id) for d in index.packs[pack_id].documents]
    return {
        "declared": [f"{e.key}: {e.reason}" for v in VOCABULARIES for e in v.not_simulated],
        "used": uses_in(documents, VOCABULARIES),
    }


# --- output ---------------------------------------------------------------------------------------


def render_json(report: dict[str, Any]) -> str:
    return json.dumps(report, sort_keys=True, indent=2) + "\n"


def render_text(report: dict[str, Any]) -> str:
    lines = [
        f"{report['campaign']} ({report['pack']}), bot {report['bot']}, seed {report['seed']}, "
        f"{report['games_per_cell']} games per chapter and hunter count",
        "",
        "chapter hunters   win rate  95% CI          rounds to win  deaths  dreams  resets",
    ]
    for cell in report["cells"]:
        low, high = cell["win_rate_ci95"]
        rtw = cell["rounds_to_win"]["mean"] if cell["wins"] else "-"
        lines.append(
            f"{cell['chapter']:>7} {cell['hunters']:>7}   {cell['win_rate']:>7.1%}  "
            f"[{low:.1%}, {high:.1%}]  {rtw!s:>13}  {cell['deaths_per_game']:>6}  "
            f"{cell['dream_trips_per_game']:>6}  {cell['resets_per_game']:>6}"
        )
    for cell in report["cells"]:
        lines.append("")
        lines.append(f"chapter {cell['chapter']}, {cell['hunters']} hunters:")
        revealed = ", ".join(f"{n}: {c}" for n, c in cell["cards_revealed"].items())
        lines.append(f"  cards revealed (games): {revealed}")
        met = ", ".join(f"{n}: {c}" for n, c in cell["goals_met"].items() if c)
        lines.append(f"  steps completed (games): {met or 'none'}")
        if cell["never_revealed"]:
            lines.append(f"  never revealed: {', '.join(map(str, cell['never_revealed']))}")
        for line in cell["not_simulated"]:
            lines.append(f"  not simulated: {line}")
    for chapter, rules in report["narrative_rules"].items():
        for line in rules:
            lines.append(f"chapter {chapter}, narrative (not simulated): {line}")
    gaps = report.get("not_simulated", {})
    if gaps:
        lines.append("")
        lines.append("not simulated by the engine and interpreter (declared):")
        lines.extend(f"  {line}" for line in gaps["declared"])
        lines.append(f"written in the simulated content: {len(gaps['used'])}")
        lines.extend(f"  {line}" for line in gaps["used"])
    return "\n".join(lines) + "\n"


def render_svg(report: dict[str, Any]) -> str:
    """A bar chart of win rate by hunter count, one group per chapter, as SVG."""
    cells = report["cells"]
    width, height, bar, gap = 120 + 60 * len(cells), 260, 40, 20
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        'font-family="sans-serif" font-size="11">',
        f'<text x="10" y="16">Win rate by hunter count — {report["campaign"]} ({report["bot"]})</text>',
        f'<line x1="40" y1="220" x2="{width - 10}" y2="220" stroke="black"/>',
    ]
    for i, cell in enumerate(cells):
        x = 50 + i * (bar + gap)
        h = 180 * cell["win_rate"]
        low, high = cell["win_rate_ci95"]
        parts.append(f'<rect x="{x}" y="{220 - h:.1f}" width="{bar}" height="{h:.1f}" fill="#7a1f1f"/>')
        parts.append(
            f'<line x1="{x + bar / 2}" y1="{220 - 180 * high:.1f}" x2="{x + bar / 2}" '
            f'y2="{220 - 180 * low:.1f}" stroke="black"/>'
        )
        parts.append(f'<text x="{x}" y="235">ch{cell["chapter"]} ×{cell["hunters"]}</text>')
        parts.append(f'<text x="{x}" y="{215 - h:.1f}">{cell["win_rate"]:.0%}</text>')
    parts.append("</svg>")
    return "\n".join(parts) + "\n"


def check_plot_path(path: Path) -> None:
    """Refuse a plot file huntkit cannot write, before the games are played rather than after."""
    if path.suffix.lower() != ".svg":
        raise RulesError("--plot writes SVG; give a file name ending in .svg")
    problem = output_problem(path)
    if problem is not None:
        raise RulesError(f"--plot: {problem}")


def write_plot(report: dict[str, Any], path: Path) -> None:
    check_plot_path(path)
    try:
        write_output(path, render_svg(report))
    except OutputError as error:
        raise RulesError(f"--plot: {error}") from None


def terminal_progress(stream: TextIO) -> Callable[[int, int], None] | None:
    """A one-line progress bar when ``stream`` is a terminal."""
    if not stream.isatty():
        return None

    def show(done: int, total: int) -> None:
        filled = int(30 * done / total) if total else 30
        stream.write(f"\r[{'#' * filled}{'.' * (30 - filled)}] {done}/{total} games")
        if done == total:
            stream.write("\n")
        stream.flush()

    return show


def run(
    index: ContentIndex,
    pack: Pack,
    *,
    campaign: str | None = None,
    chapter: int | None = None,
    counts: Sequence[int] = (2,),
    games: int = 100,
    seed: int = 0,
    bot: str = "heuristic",
    workers: int = 1,
    format: str = "text",
    plot: Path | None = None,
    out: TextIO | None = None,
) -> int:
    """The `simulate` hook of the board game plug-in: play, print the report, return the exit code."""
    out = out or sys.stdout
    if any(not 1 <= n <= 4 for n in counts) or games < 1 or workers < 1:
        sys.stderr.write("error: hunters must be 1-4, games and workers at least 1\n")
        return 2
    # One bot plays the whole team; `heuristic,,` is still that one bot, but a list of several is not.
    bots = [name.strip() for name in bot.split(",") if name.strip()]
    if len(bots) != 1:
        known = ", ".join(sorted(BOTS))
        sys.stderr.write(f"error: one bot plays the board game's whole team ({known}), not {bot!r}\n")
        return 2
    bot = bots[0]
    options = SimulateOptions(
        campaign, [] if chapter is None else [chapter], list(counts), games, seed, bot, workers
    )
    try:
        if plot is not None:
            check_plot_path(plot)
        report = simulate(index, pack, options, terminal_progress(sys.stderr))
        if plot is not None:
            write_plot(report, plot)
    except RulesError as error:
        sys.stderr.write(f"error: {error}\n")
        return 2
    out.write(render_json(report) if format == "json" else render_text(report))
    return 0
