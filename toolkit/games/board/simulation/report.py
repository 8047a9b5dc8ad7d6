"""The balance report as plain data: one cell per (chapter, hunters, bot), and the skill ladder.

Every field is documented in docs/board-simulation.md ("Report fields"). Rates are fractions in
[0, 1] rounded to 4 places; averages are rounded to 3; a figure that has no games behind it (the
mean rounds to win of a cell with no win) is ``null``, never 0.
"""

from __future__ import annotations

import math
import statistics
from collections import Counter
from collections.abc import Sequence
from typing import Any

from toolkit.core.index import ContentIndex, Pack
from toolkit.core.model import text_in
from toolkit.core.vocabulary import uses_in
from toolkit.games.board.engine.rules import Rules
from toolkit.games.board.mission import conditions as mcond
from toolkit.games.board.mission import effects as meff
from toolkit.games.board.mission import triggers as mtrig
from toolkit.games.board.mission.documents import NarrativeRule
from toolkit.games.board.simulation.records import END_TRACK, ENDS, GameResult
from toolkit.games.board.vocabulary import VOCABULARIES

Z95 = 1.959963984540054
"""The normal quantile of a two-sided 95 % interval."""

STALL_SHARE = 0.2
"""A step is reported as stalling when it is completed in fewer than this share of the games that
revealed it."""


def wilson(wins: int, games: int) -> tuple[float, float]:
    """The Wilson score interval of a win rate at 95 %."""
    if games == 0:
        return (0.0, 0.0)
    p = wins / games
    denominator = 1 + Z95**2 / games
    centre = (p + Z95**2 / (2 * games)) / denominator
    spread = Z95 * math.sqrt(p * (1 - p) / games + Z95**2 / (4 * games**2)) / denominator
    return (round(max(0.0, centre - spread), 4), round(min(1.0, centre + spread), 4))


def _mean(values: Sequence[int]) -> float | None:
    return round(statistics.fmean(values), 3) if values else None


def _spread(values: Sequence[int]) -> dict[str, Any]:
    """Mean, median, extremes and a histogram (`{"12": 4}`: 4 games of 12 rounds)."""
    counts = Counter(values)
    return {
        "mean": _mean(values),
        "median": statistics.median(values) if values else None,
        "min": min(values) if values else None,
        "max": max(values) if values else None,
        "histogram": {str(r): counts[r] for r in sorted(counts)},
    }


def _share(count: int, games: int) -> dict[str, Any]:
    return {"games": count, "rate": round(count / games, 4) if games else 0.0}


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


def summarize(rules: Rules, hunters: int, bot: str, results: list[GameResult]) -> dict[str, Any]:
    """One (chapter, hunters, bot) cell of the report."""
    # List comprehensions and plain dictionaries rather than generators and Counter.update: the
    # same counts in the same first-seen order, without a function call per game and item.
    games = len(results)
    wins = [r for r in results if r.won]
    revealed = Counter([card for r in results for card in set(r.revealed)])
    completed = Counter([card for r in results for card in set(r.completed)])
    cards = sorted(n for n, c in rules.mission_cards.items() if c.chapter == rules.chapter.number)
    with_goals = {n for n in cards if rules.mission_cards[n].goals}
    ends = Counter([r.end for r in results])
    falls = [fall for r in results for fall in r.falls]
    dream_causes: dict[str, int] = {}
    for r in results:
        for cause, count in r.dream_causes.items():
            dream_causes[cause] = dream_causes.get(cause, 0) + count
    return {
        "chapter": rules.chapter.number,
        "hunters": hunters,
        "bot": bot,
        "games": games,
        "wins": len(wins),
        "win_rate": round(len(wins) / games, 4) if games else 0.0,
        "win_rate_ci95": list(wilson(len(wins), games)),
        "ends": {end: _share(ends[end], games) for end in ENDS if ends[end]},
        "lost_in_round": _spread([r.rounds for r in results if r.end == END_TRACK])["histogram"],
        "rounds": _spread([r.rounds for r in results]),
        "rounds_to_win": _spread([r.rounds for r in wins]),
        "deaths_per_game": _mean([r.deaths for r in results]),
        "dream_trips_per_game": _mean([r.dream_trips for r in results]),
        "resets_per_game": _mean([r.resets for r in results]),
        "falls": {
            "total": len(falls),
            "by_cause": dict(Counter([cause for cause, _ in falls]).most_common()),
            "by_tile": dict(Counter([tile for _, tile in falls]).most_common()),
        },
        "dream_trips_by_cause": dict(Counter(dream_causes).most_common()),
        "cards_revealed": {str(n): revealed.get(n, 0) for n in cards},
        "goals_met": {str(n): completed.get(n, 0) for n in cards},
        "never_revealed": [n for n in cards if not revealed.get(n)],
        "stalls": _stalls(results, cards, with_goals, revealed, completed),
        "not_simulated": sorted({line for r in results for line in r.not_simulated}),
    }


def _stalls(
    results: list[GameResult],
    cards: list[int],
    with_goals: set[int],
    revealed: Counter[int],
    completed: Counter[int],
) -> list[dict[str, Any]]:
    """Steps revealed but rarely completed, with what was true when games ended on them."""
    stalling = [
        card
        for card in cards
        if card in with_goals and revealed[card] and completed[card] < STALL_SHARE * revealed[card]
    ]
    if not stalling:
        return []
    # The games lost with a card in play, and the facts of its open goals, in one pass over them.
    at_end: dict[int, int] = dict.fromkeys(stalling, 0)
    facts: dict[int, dict[str, list[str]]] = {card: {} for card in stalling}
    for result in results:
        if result.won:
            continue
        for card in {goal.card for goal in result.open_goals if goal.card in at_end}:
            at_end[card] += 1
        for goal in result.open_goals:
            if goal.card in facts:
                facts[goal.card].setdefault(goal.goal, []).extend(goal.facts)
    return [
        {
            "card": card,
            "revealed_in": revealed[card],
            "completed_in": completed[card],
            "in_play_at_end": at_end[card],
            "goals": [
                {"goal": goal, "facts": dict(Counter(seen).most_common())}
                for goal, seen in facts[card].items()
            ],
        }
        for card in stalling
    ]


def ladder(cells: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The win rate of every bot side by side, per chapter and hunter count (on the same deals),
    and the spread between the best and the worst: how far the estimate depends on play."""
    rows: dict[tuple[int, int], dict[str, Any]] = {}
    for cell in cells:
        row = rows.setdefault((cell["chapter"], cell["hunters"]), {})
        row[cell["bot"]] = {
            "wins": cell["wins"],
            "games": cell["games"],
            "win_rate": cell["win_rate"],
            "win_rate_ci95": cell["win_rate_ci95"],
        }
    return [
        {
            "chapter": chapter,
            "hunters": hunters,
            "bots": bots,
            "spread": round(
                max(b["win_rate"] for b in bots.values()) - min(b["win_rate"] for b in bots.values()), 4
            ),
        }
        for (chapter, hunters), bots in sorted(rows.items())
    ]


def not_simulated_report(index: ContentIndex, pack: Pack) -> dict[str, list[str]]:
    """What the engine and interpreter do not play: the board game's declared list, and where the
    simulated content (the pack and the packs it requires) writes any of it."""
    documents = [d for pack_id in index.visible_packs(pack.id) for d in index.packs[pack_id].documents]
    return {
        "declared": [f"{e.key}: {e.reason}" for v in VOCABULARIES for e in v.not_simulated],
        "used": uses_in(documents, VOCABULARIES),
    }
