"""The report for a terminal or a file: tables drawn by rich, every rate as a percentage with one
decimal, every average with one decimal, and `—` where a figure has no games behind it."""

from __future__ import annotations

import io
from typing import TYPE_CHECKING, Any

from toolkit.core.strings.catalogue import N_, _

if TYPE_CHECKING:
    from rich.table import Table

# rich is imported where a table is drawn: a JSON report never loads it (about 20 ms).

WIDTH = 120
HISTOGRAM_BAR = 30
"""Characters of the longest bar of a histogram."""


def pct(value: float | None) -> str:
    return "—" if value is None else f"{value:.1%}"


def num(value: float | None) -> str:
    return "—" if value is None else f"{value:.1f}"


def _render(table: Table) -> str:
    from rich.console import Console

    buffer = io.StringIO()
    Console(file=buffer, width=WIDTH, color_system=None, force_terminal=False, highlight=False).print(table)
    return buffer.getvalue().rstrip("\n")


def summary_table(cells: list[dict[str, Any]], several_bots: bool) -> str:
    from rich import box
    from rich.table import Table

    table = Table(box=box.SIMPLE_HEAD, pad_edge=False)
    for name in (N_("chapter"), N_("hunters"), *([N_("bot")] if several_bots else [])):
        table.add_column(_(name), justify="right" if name != "bot" else "left")
    for name in (
        N_("win rate"),
        N_("95% CI"),
        N_("rounds to win"),
        N_("deaths"),
        N_("Dream trips"),
        N_("resets"),
    ):
        table.add_column(_(name), justify="right")
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
    from rich import box
    from rich.table import Table

    table = Table(
        box=box.SIMPLE_HEAD, pad_edge=False, title=_("skill ladder: win rate of each bot on the same deals")
    )
    table.add_column(_("chapter"), justify="right")
    table.add_column(_("hunters"), justify="right")
    for bot in bots:
        table.add_column(bot, justify="right")
    table.add_column(_("best − worst"), justify="right")
    for row in rows:
        rates = []
        for bot in bots:
            entry = row["bots"][bot]
            low, high = entry["win_rate_ci95"]
            rates.append(f"{pct(entry['win_rate'])} [{pct(low)}, {pct(high)}]")
        points = _("{points} pts").format(points=f"{row['spread'] * 100:.1f}")
        table.add_row(str(row["chapter"]), str(row["hunters"]), *rates, points)
    return _render(table)


def histogram(counts: dict[str, int], unit: str) -> list[str]:
    """One line per value: the value, a bar, and how many games."""
    if not counts:
        return []
    most = max(counts.values())
    lines = []
    for value, count in counts.items():
        bar = "#" * max(1, round(HISTOGRAM_BAR * count / most))
        lines.append(f"    {value:>3} {_(unit)} {bar} {count}")
    return lines


def _counted(mapping: dict[str, int]) -> str:
    return ", ".join(f"{name} {count}" for name, count in mapping.items()) or _("none")


def cell_details(cell: dict[str, Any]) -> list[str]:
    games = cell["games"]
    lines = [
        _("chapter {chapter}, {hunters} hunter(s), bot {bot} — {games} games:").format(
            chapter=cell["chapter"], hunters=cell["hunters"], bot=cell["bot"], games=games
        )
    ]
    ends = ", ".join(f"{_(end)} {info['games']} ({pct(info['rate'])})" for end, info in cell["ends"].items())
    lines.append(_("  how games ended: {ends}").format(ends=ends))
    if cell["lost_in_round"]:
        rounds = ", ".join(
            _("round {round}: {games}").format(round=r, games=n) for r, n in cell["lost_in_round"].items()
        )
        lines.append(_("  the final round ran out in {rounds}").format(rounds=rounds))
    spread = cell["rounds"]
    lines.append(
        _("  rounds per game: mean {mean}, median {median}, {low}–{high}").format(
            mean=num(spread["mean"]), median=num(spread["median"]), low=spread["min"], high=spread["max"]
        )
    )
    lines.extend(histogram(spread["histogram"], N_("rounds")))
    falls = cell["falls"]
    lines.append(
        _("  hunters fell {count} time(s) ({per_game} a game)").format(
            count=falls["total"], per_game=num(falls["total"] / games if games else None)
        )
    )
    if falls["total"]:
        lines.append(_("    slain by: {causes}").format(causes=_counted(falls["by_cause"])))
        lines.append(_("    on tiles: {tiles}").format(tiles=_counted(falls["by_tile"])))
    lines.append(_("  Dream trips by cause: {causes}").format(causes=_counted(cell["dream_trips_by_cause"])))
    revealed = ", ".join(f"{n}: {c}" for n, c in cell["cards_revealed"].items())
    lines.append(_("  cards revealed (games): {cards}").format(cards=revealed))
    met = ", ".join(f"{n}: {c}" for n, c in cell["goals_met"].items() if c)
    lines.append(_("  steps completed (games): {cards}").format(cards=met or _("none")))
    if cell["never_revealed"]:
        never = ", ".join(map(str, cell["never_revealed"]))
        lines.append(_("  never revealed: {cards}").format(cards=never))
    for stall in cell["stalls"]:
        lines.append(
            _(
                "  stall: card {card} was revealed in {revealed} game(s) and completed in {completed}; "
                "it was in play when {in_play} game(s) ended:"
            ).format(
                card=stall["card"],
                revealed=stall["revealed_in"],
                completed=stall["completed_in"],
                in_play=stall["in_play_at_end"],
            )
        )
        for goal in stall["goals"]:
            lines.append(_("    goal: {goal}").format(goal=goal["goal"]))
            for fact, count in goal["facts"].items():
                lines.append(_("      in {count} game(s): {fact}").format(count=count, fact=fact))
    for line in cell["not_simulated"]:
        lines.append(_("  not simulated: {what}").format(what=line))
    return lines


def render_text(report: dict[str, Any]) -> str:
    bots = report.get("bots") or [report["bot"]]
    lines = [
        _("{campaign} ({pack}), bot {bots}, seed {seed}, {games} games per chapter and hunter count").format(
            campaign=report["campaign"],
            pack=report["pack"],
            bots=", ".join(bots),
            seed=report["seed"],
            games=report["games_per_cell"],
        ),
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
            lines.append(
                _("chapter {chapter}, narrative (not simulated): {text}").format(chapter=chapter, text=line)
            )
    gaps = report.get("not_simulated")
    if gaps:
        lines.append("")
        lines.append(_("not simulated by the engine and interpreter (declared):"))
        lines.extend(f"  {line}" for line in gaps["declared"])
        lines.append(_("written in the simulated content: {count}").format(count=len(gaps["used"])))
        lines.extend(f"  {line}" for line in gaps["used"])
    return "\n".join(lines) + "\n"
