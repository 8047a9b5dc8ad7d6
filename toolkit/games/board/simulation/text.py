"""The report for a terminal or a file: tables drawn by rich, every rate as a percentage with one
decimal, every average with one decimal, and `—` where a figure has no games behind it."""

from __future__ import annotations

import io
from typing import Any

from rich import box
from rich.console import Console
from rich.table import Table

WIDTH = 120
HISTOGRAM_BAR = 30
"""Characters of the longest bar of a histogram."""


def pct(value: float | None) -> str:
    return "—" if value is None else f"{value:.1%}"


def num(value: float | None) -> str:
    return "—" if value is None else f"{value:.1f}"


def _render(table: Table) -> str:
    buffer = io.StringIO()
    Console(file=buffer, width=WIDTH, color_system=None, force_terminal=False, highlight=False).print(table)
    return buffer.getvalue().rstrip("\n")


def summary_table(cells: list[dict[str, Any]], several_bots: bool) -> str:
    table = Table(box=box.SIMPLE_HEAD, pad_edge=False)
    for name in ("chapter", "hunters", *(["bot"] if several_bots else [])):
        table.add_column(name, justify="right" if name != "bot" else "left")
    for name in ("win rate", "95% CI", "rounds to win", "deaths", "Dream trips", "resets"):
        table.add_column(name, justify="right")
    for cell in cells:
        low, high = cell["win_rate_ci95"]
        row = [str(cell["chapter"]), str(cell["hunters"]), *([cell["bot"]] if several_bots else [])]
        row += [
            pct(cell["win_rate"]),
            f"[{pct(low)}, {pct(high)}]",
            num(cell["rounds_to_win"]["mean"]),
            num(cell["deaths_per_game"]),
            num(cell["dream_trips_per_game"]),
            num(cell["resets_per_game"]),
        ]
        table.add_row(*row)
    return _render(table)


def ladder_table(rows: list[dict[str, Any]], bots: list[str]) -> str:
    table = Table(
        box=box.SIMPLE_HEAD, pad_edge=False, title="skill ladder: win rate of each bot on the same deals"
    )
    table.add_column("chapter", justify="right")
    table.add_column("hunters", justify="right")
    for bot in bots:
        table.add_column(bot, justify="right")
    table.add_column("best − worst", justify="right")
    for row in rows:
        rates = []
        for bot in bots:
            entry = row["bots"][bot]
            low, high = entry["win_rate_ci95"]
            rates.append(f"{pct(entry['win_rate'])} [{pct(low)}, {pct(high)}]")
        table.add_row(str(row["chapter"]), str(row["hunters"]), *rates, f"{row['spread'] * 100:.1f} pts")
    return _render(table)


def histogram(counts: dict[str, int], unit: str) -> list[str]:
    """One line per value: the value, a bar, and how many games."""
    if not counts:
        return []
    most = max(counts.values())
    lines = []
    for value, count in counts.items():
        bar = "#" * max(1, round(HISTOGRAM_BAR * count / most))
        lines.append(f"    {value:>3} {unit} {bar} {count}")
    return lines


def _counted(mapping: dict[str, int]) -> str:
    return ", ".join(f"{name} {count}" for name, count in mapping.items()) or "none"


def cell_details(cell: dict[str, Any]) -> list[str]:
    games = cell["games"]
    lines = [f"chapter {cell['chapter']}, {cell['hunters']} hunter(s), bot {cell['bot']} — {games} games:"]
    ends = ", ".join(f"{end} {info['games']} ({pct(info['rate'])})" for end, info in cell["ends"].items())
    lines.append(f"  how games ended: {ends}")
    if cell["lost_in_round"]:
        rounds = ", ".join(f"round {r}: {n}" for r, n in cell["lost_in_round"].items())
        lines.append(f"  the final round ran out in {rounds}")
    spread = cell["rounds"]
    lines.append(
        f"  rounds per game: mean {num(spread['mean'])}, median {num(spread['median'])},"
        f" {spread['min']}–{spread['max']}"
    )
    lines.extend(histogram(spread["histogram"], "rounds"))
    falls = cell["falls"]
    lines.append(
        f"  hunters fell {falls['total']} time(s) ({num(falls['total'] / games if games else None)} a game)"
    )
    if falls["total"]:
        lines.append(f"    slain by: {_counted(falls['by_cause'])}")
        lines.append(f"    on tiles: {_counted(falls['by_tile'])}")
    lines.append(f"  Dream trips by cause: {_counted(cell['dream_trips_by_cause'])}")
    revealed = ", ".join(f"{n}: {c}" for n, c in cell["cards_revealed"].items())
    lines.append(f"  cards revealed (games): {revealed}")
    met = ", ".join(f"{n}: {c}" for n, c in cell["goals_met"].items() if c)
    lines.append(f"  steps completed (games): {met or 'none'}")
    if cell["never_revealed"]:
        lines.append(f"  never revealed: {', '.join(map(str, cell['never_revealed']))}")
    for stall in cell["stalls"]:
        lines.append(
            f"  stall: card {stall['card']} was revealed in {stall['revealed_in']} game(s) and completed in"
            f" {stall['completed_in']}; it was in play when {stall['in_play_at_end']} game(s) ended:"
        )
        for goal in stall["goals"]:
            lines.append(f"    goal: {goal['goal']}")
            for fact, count in goal["facts"].items():
                lines.append(f"      in {count} game(s): {fact}")
    for line in cell["not_simulated"]:
        lines.append(f"  not simulated: {line}")
    return lines


def render_text(report: dict[str, Any]) -> str:
    bots = report.get("bots") or [report["bot"]]
    lines = [
        f"{report['campaign']} ({report['pack']}), bot {', '.join(bots)}, seed {report['seed']}, "
        f"{report['games_per_cell']} games per chapter and hunter count",
        "",
        summary_table(report["cells"], len(bots) > 1),
    ]
    if "ladder" in report:
        lines += ["", ladder_table(report["ladder"], bots)]
    for cell in report["cells"]:
        lines.append("")
        lines.extend(cell_details(cell))
    for chapter, rules in report["narrative_rules"].items():
        for line in rules:
            lines.append(f"chapter {chapter}, narrative (not simulated): {line}")
    gaps = report.get("not_simulated")
    if gaps:
        lines.append("")
        lines.append("not simulated by the engine and interpreter (declared):")
        lines.extend(f"  {line}" for line in gaps["declared"])
        lines.append(f"written in the simulated content: {len(gaps['used'])}")
        lines.extend(f"  {line}" for line in gaps["used"])
    return "\n".join(lines) + "\n"
