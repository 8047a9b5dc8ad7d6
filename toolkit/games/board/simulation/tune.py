"""`huntkit tune`: the value of one knob, per hunter count, that brings the win rate nearest a target.

For each hunter count the knob is set to one whole number at a time and the chapter is played with
the same seeded deals for every value (common random numbers), so the win rate moves with the value,
not with the luck of the draw. The search assumes the win rate moves one way as the value grows
(more boss HP, fewer wins): it plays both ends of the range, then halves the range toward the target.
The value kept is the one whose measured win rate is nearest the target; the report says whether
the target lies within its 95 % interval, which is as close as that many games can tell.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from toolkit.core.index import ContentIndex, Pack
from toolkit.games.board.engine.rules import RulesError, load_rules
from toolkit.games.board.simulation.knobs import Knob, locate, with_value
from toolkit.games.board.simulation.report import wilson
from toolkit.games.board.simulation.runner import campaign_chapters, play_tasks, tasks_for

MAX_SPAN = 10_000
"""The widest range of values a search may cover (about 14 halvings)."""


@dataclass(slots=True)
class TuneOptions:
    """What `huntkit tune` asks for."""

    knob: str
    target: float
    """The wanted win rate, 0-1."""
    chapter: int
    campaign: str | None = None
    hunters: list[int] = field(default_factory=lambda: [1, 2, 3, 4])
    games: int = 100
    seed: int = 0
    bot: str = "heuristic"
    workers: int = 1
    low: int | None = None
    high: int | None = None
    cluster: str | None = None


def default_range(knob: Knob, hunters: int) -> tuple[int, int]:
    """Values worth trying when the user gives none: from the least the field allows (1 for HP, 0
    for tiles, 1 for a plain number; around the value if it is negative) up to twice the content's
    value and at least 10 more, within the field's declared range."""
    current = knob.value_at(hunters)
    allowed = knob.allowed
    floor = allowed.minimum if allowed is not None else 1  # the field's own range (BB0211)
    ceiling = allowed.maximum if allowed is not None else None
    low, high = (current - 20, current + 20) if current <= 0 else (floor, max(2 * current, current + 10))
    low = max(low, floor) if allowed is not None else low
    return low, min(high, ceiling) if ceiling is not None else high


def tune(
    index: ContentIndex, pack: Pack, options: TuneOptions, progress: Callable[[str], None] | None = None
) -> dict[str, Any]:
    """Search each hunter count and return the report."""
    campaign, chapters = campaign_chapters(index, pack, options.campaign)
    if options.chapter not in chapters:
        raise RulesError(f"campaign `{campaign}` has no chapter {options.chapter}")
    knob = locate(index, pack.id, campaign, options.chapter, options.knob)
    counts = [_search(index, pack, campaign, knob, hunters, options, progress) for hunters in options.hunters]
    location = knob.document.locate(knob.keys)
    table = {str(c["hunters"]): c["value"] for c in counts}
    return {
        "pack": pack.id,
        "campaign": campaign,
        "chapter": options.chapter,
        "knob": options.knob,
        "where": location.describe(),
        "target": options.target,
        "games": options.games,
        "seed": options.seed,
        "bot": options.bot,
        "counts": counts,
        "table": table,
        "yaml": "{" + ", ".join(f"{h}: {v}" for h, v in table.items()) + "}",
    }


def _search(
    index: ContentIndex,
    pack: Pack,
    campaign: str,
    knob: Knob,
    hunters: int,
    options: TuneOptions,
    progress: Callable[[str], None] | None,
) -> dict[str, Any]:
    low, high = default_range(knob, hunters)
    low = options.low if options.low is not None else low
    high = options.high if options.high is not None else high
    if high <= low or high - low > MAX_SPAN:
        raise RulesError(f"--min {low} and --max {high}: give a range of 2 to {MAX_SPAN:,} values")
    allowed = knob.allowed
    if allowed is not None and (low < allowed.minimum or high > allowed.maximum):
        raise RulesError(
            f"--min {low} and --max {high}: {allowed.what} must be between {allowed.minimum:,} and "
            f"{allowed.maximum:,}, so the content could not hold every value tried"
        )
    tried: dict[int, int] = {}

    def rate(value: int) -> float:
        if value not in tried:
            if progress:
                progress(f"{hunters} hunter(s): trying {value}")
            patched = with_value(index, knob, value)
            rules = load_rules(patched, pack.id, campaign, options.chapter)
            tasks = tasks_for(options.chapter, hunters, options.bot, options.seed, options.games)
            chunks = play_tasks({options.chapter: rules}, tasks, options.workers, cluster=options.cluster)
            tried[value] = sum(result.won for chunk in chunks for result in chunk)
        return tried[value] / options.games

    target = options.target
    at_low, at_high = rate(low), rate(high)
    rising = at_high > at_low
    if min(at_low, at_high) <= target <= max(at_low, at_high) and at_low != at_high:
        while high - low > 1:
            middle = (low + high) // 2
            if (rate(middle) < target) == rising:
                low = middle
            else:
                high = middle
    content = knob.value_at(hunters)
    best = min(tried, key=lambda v: (abs(tried[v] / options.games - target), abs(v - content), v))
    interval = wilson(tried[best], options.games)
    return {
        "hunters": hunters,
        "value": best,
        "content_value": content,
        "wins": tried[best],
        "win_rate": round(tried[best] / options.games, 4),
        "win_rate_ci95": list(interval),
        "target_in_interval": interval[0] <= target <= interval[1],
        "tried": [
            {
                "value": value,
                "wins": wins,
                "win_rate": round(wins / options.games, 4),
                "win_rate_ci95": list(wilson(wins, options.games)),
            }
            for value, wins in sorted(tried.items())
        ],
    }


def render_text(report: dict[str, Any]) -> str:
    lines = [
        f"tune {report['knob']} ({report['where']}) on {report['campaign']} chapter {report['chapter']}"
        f" toward a {report['target']:.1%} win rate — {report['games']} games per value,"
        f" bot {report['bot']}, seed {report['seed']}",
        "",
    ]
    for count in report["counts"]:
        low, high = count["win_rate_ci95"]
        verdict = (
            "the target is inside its interval"
            if count["target_in_interval"]
            else "the target is outside its 95 % interval: the range or the knob cannot reach it"
        )
        lines.append(
            f"{count['hunters']} hunter(s): {count['value']} → {count['win_rate']:.1%}"
            f" [{low:.1%}, {high:.1%}] (the content has {count['content_value']}); {verdict}"
        )
        tried = ", ".join(f"{t['value']}: {t['win_rate']:.1%}" for t in count["tried"])
        lines.append(f"  tried (value: win rate): {tried}")
    lines += ["", f"the table, ready to paste at {report['where']}:", f"  {report['yaml']}"]
    return "\n".join(lines) + "\n"
