"""Batch play with bots and the balance report: win rates by seat and bot, how games end, scores,
length and effect usage.

Each game's seed is derived from (base seed, player count, game number), and bots are seated by
rotating the bot list by the game number, so every bot sits in every seat equally often. Games run
in worker processes in chunks and are merged in game order, so the report is byte-identical for
any number of workers.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from typing import Any

from toolkit.games.blood_hunt.bots.registry import make_bot
from toolkit.games.blood_hunt.engine.actions import decode
from toolkit.games.blood_hunt.engine.invariants import violations
from toolkit.games.blood_hunt.engine.rng import derive_seed
from toolkit.games.blood_hunt.engine.rules import Rules
from toolkit.games.blood_hunt.engine.state import new_initial_state
from toolkit.games.blood_hunt.vocabulary import VOCABULARIES

Z95 = 1.959963984540054
MAX_DECISIONS = 5000
"""A game that needs more decisions than this is a bug in the rules or the content."""


@dataclass(frozen=True, slots=True)
class GameJob:
    """One game to play."""

    players: int
    number: int
    seed: int
    bots: tuple[str, ...]


@dataclass(slots=True)
class GameRecord:
    """What one game produced."""

    players: int
    number: int
    bots: tuple[str, ...]
    returns: list[float]
    scores: list[int]
    end: str
    turns: int
    rounds: int
    effects_used: dict[str, int]
    effects_fizzled: dict[str, int]
    starter: int = 0
    """Who held the first-player token at set-up (so started the first round)."""
    problems: list[str] = field(default_factory=list)


def plan_games(counts: Sequence[int], games: int, seed: int, bots: Sequence[str]) -> list[GameJob]:
    """Every game of a run, in report order."""
    jobs = []
    for players in counts:
        for number in range(games):
            seats = tuple(bots[(seat + number) % len(bots)] for seat in range(players))
            jobs.append(GameJob(players, number, derive_seed(seed, players, number), seats))
    return jobs


def play_game(rules: Rules, job: GameJob, check_invariants: bool = False) -> GameRecord:
    """Play one game to the end with the job's bots."""
    state = new_initial_state(rules, job.players, job.seed)
    seats = [make_bot(spec, seat, derive_seed(job.seed, seat)) for seat, spec in enumerate(job.bots)]
    problems: list[str] = []
    decisions = 0
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(state.sample_chance())
        else:
            state.apply_action(seats[state.current_player()].step(state))
            decisions += 1
            if decisions > MAX_DECISIONS:
                problems.append(f"no end after {MAX_DECISIONS} decisions")
                break
        if check_invariants:
            found = violations(state)
            if found:
                problems.extend(found)
                break
    return GameRecord(
        players=job.players,
        number=job.number,
        bots=job.bots,
        returns=state.returns(),
        scores=[state.score(p) for p in range(job.players)],
        end=state.stats.end,
        turns=state.stats.turns,
        rounds=state.stats.rounds_played,
        effects_used=dict(state.stats.effects_used),
        effects_fizzled=dict(state.stats.effects_fizzled),
        starter=decode(state.history[0])[1] if state.history else 0,
        problems=problems,
    )


def _play_chunk(args: tuple[Rules, list[GameJob], bool]) -> list[GameRecord]:
    rules, jobs, check = args
    return [play_game(rules, job, check) for job in jobs]


def run_games(
    rules: Rules, jobs: list[GameJob], workers: int = 1, check_invariants: bool = False
) -> list[GameRecord]:
    """Play every job; with ``workers > 1`` in processes, results still in job order."""
    if workers <= 1 or len(jobs) < 2:
        return _play_chunk((rules, jobs, check_invariants))
    size = max(1, math.ceil(len(jobs) / (workers * 4)))
    chunks = [(rules, jobs[i : i + size], check_invariants) for i in range(0, len(jobs), size)]
    records: list[GameRecord] = []
    # No more processes than chunks: --workers 256 for two games would start 256 idle workers.
    with ProcessPoolExecutor(max_workers=min(workers, len(chunks))) as pool:
        for part in pool.map(_play_chunk, chunks):
            records.extend(part)
    return records


def wilson(successes: float, trials: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval for a proportion (shared wins count as fractions)."""
    if trials == 0:
        return (0.0, 1.0)
    p = successes / trials
    denominator = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denominator
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denominator
    return (max(0.0, centre - half), min(1.0, centre + half))


def _rate(successes: float, trials: int) -> dict[str, Any]:
    low, high = wilson(successes, trials)
    return {
        "wins": round(successes, 4),
        "games": trials,
        "rate": round(successes / trials, 4) if trials else 0.0,
        "ci95": [round(low, 4), round(high, 4)],
    }


def summarize(records: Sequence[GameRecord], rules: Rules) -> dict[str, Any]:
    """The balance report as plain data, grouped by player count."""
    by_count: dict[int, list[GameRecord]] = {}
    for record in records:
        by_count.setdefault(record.players, []).append(record)
    return {
        "setup": rules.setup_id,
        "games": len(records),
        "by_players": {str(n): _summarize_count(group) for n, group in sorted(by_count.items())},
        # The vocabulary's declared gaps (`vocabulary.py`): none today, every field and verb is played.
        "not_simulated": [f"{e.key}: {e.reason}" for v in VOCABULARIES for e in v.not_simulated],
    }


def _summarize_count(group: Sequence[GameRecord]) -> dict[str, Any]:
    games = len(group)
    players = group[0].players
    seat_wins = [sum(r.returns[s] for r in group) for s in range(players)]
    order_wins = [sum(r.returns[(r.starter + k) % players] for r in group) for k in range(players)]
    bot_wins: dict[str, float] = {}
    bot_seats: dict[str, int] = {}
    for record in group:
        for seat, bot in enumerate(record.bots):
            bot_wins[bot] = bot_wins.get(bot, 0.0) + record.returns[seat]
            bot_seats[bot] = bot_seats.get(bot, 0) + 1
    ends: dict[str, int] = {}
    for record in group:
        ends[record.end] = ends.get(record.end, 0) + 1
    verbs = sorted({v for r in group for v in (*r.effects_used, *r.effects_fizzled)})
    all_scores = [s for r in group for s in r.scores]
    winner_scores = [max(r.scores) for r in group]
    return {
        "games": games,
        "win_rate_by_seat": {f"P{s + 1}": _rate(seat_wins[s], games) for s in range(players)},
        "win_rate_by_turn_order": {_ordinal(k + 1): _rate(order_wins[k], games) for k in range(players)},
        "win_rate_by_bot": {b: _rate(bot_wins[b], bot_seats[b]) for b in sorted(bot_wins)},
        # One bot at every seat: its win rate is 1/n by construction (every game has a winner's
        # share), so it measures nothing and gets no interval.
        "mirror_match": len(bot_wins) == 1,
        "ends": {end: {"games": n, "rate": round(n / games, 4)} for end, n in sorted(ends.items())},
        "instant_win_rate": round(sum(n for e, n in ends.items() if e.startswith("set:")) / games, 4),
        "average_score_per_player": round(sum(all_scores) / len(all_scores), 3),
        "average_winning_score": round(sum(winner_scores) / games, 3),
        "average_turns": round(sum(r.turns for r in group) / games, 3),
        "turns_range": [min(r.turns for r in group), max(r.turns for r in group)],
        "average_rounds": round(sum(r.rounds for r in group) / games, 3),
        "effects_per_game": {
            verb: {
                "used": round(sum(r.effects_used.get(verb, 0) for r in group) / games, 3),
                "fizzled": round(sum(r.effects_fizzled.get(verb, 0) for r in group) / games, 3),
            }
            for verb in verbs
        },
        "problems": [f"game {r.number}: {p}" for r in group for p in r.problems],
    }


def _ordinal(n: int) -> str:
    return {1: "1st", 2: "2nd", 3: "3rd"}.get(n, f"{n}th")


def render_text(report: dict[str, Any]) -> str:
    """The report for a terminal: rates as percentages with one decimal, averages with one."""
    lines = [f"Blood Hunt simulation · set-up {report['setup']} · {report['games']} games"]
    for players, data in report["by_players"].items():
        lines.append("")
        lines.append(f"{players} players · {data['games']} games")
        lines.append("  win rate by seat (95% CI):")
        for seat, rate in data["win_rate_by_seat"].items():
            lines.append(f"    {seat}: {_pct(rate)}")
        lines.append("  win rate by turn order in round 1 (95% CI):")
        for place, rate in data["win_rate_by_turn_order"].items():
            lines.append(f"    {place}: {_pct(rate)}")
        if data["mirror_match"]:
            (bot,) = data["win_rate_by_bot"]
            lines.append(f"  one bot at every seat ({bot}): win rate 1/{players} by construction")
        else:
            lines.append("  win rate by bot (95% CI):")
            for bot, rate in data["win_rate_by_bot"].items():
                lines.append(f"    {bot}: {_pct(rate)}")
        lines.append("  how games ended:")
        ends = data["ends"]
        instant = {end: info for end, info in ends.items() if end.startswith("set:")}
        if "score" in ends:
            lines.append(f"    final count after the last round: {_share(ends['score'])}")
        lines.append(f"    instant wins: {data['instant_win_rate']:.1%} of games")
        for end, info in instant.items():
            lines.append(f"      {end.removeprefix('set:')} set: {_share(info)}")
        lines.append(
            f"  average score per player {data['average_score_per_player']:.1f},"
            f" average winning score {data['average_winning_score']:.1f}"
        )
        lines.append(
            f"  turns per game {data['average_turns']:.1f} (range {data['turns_range'][0]}-"
            f"{data['turns_range'][1]}), rounds per game {data['average_rounds']:.1f}"
        )
        lines.append("  effects per game (used / fizzled):")
        for verb, info in data["effects_per_game"].items():
            lines.append(f"    {verb}: {info['used']:.1f} / {info['fizzled']:.1f}")
        for problem in data["problems"]:
            lines.append(f"  PROBLEM {problem}")
    gaps = report.get("not_simulated", [])
    lines.append(f"not simulated: {'; '.join(gaps) if gaps else 'nothing (every field and verb is played)'}")
    return "\n".join(lines) + "\n"


def _share(info: dict[str, Any]) -> str:
    return f"{info['games']} ({info['rate']:.1%})"


def _pct(rate: dict[str, Any]) -> str:
    low, high = rate["ci95"]
    return f"{rate['rate']:.1%} [{low:.1%}, {high:.1%}] of {rate['games']}"
