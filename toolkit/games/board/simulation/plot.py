"""The chart of win rate by hunter count, drawn by matplotlib: one line per chapter (and per bot of a
ladder), the 95 % interval as error bars, labelled axes. SVG or PNG by the file's suffix; the SVG is
the same bytes for the same report (no date, fixed element ids)."""

from __future__ import annotations

import io
from typing import Any

PLOT_SUFFIXES = (".svg", ".png")


def render_plot(report: dict[str, Any], suffix: str) -> bytes:
    """The chart as the bytes of an SVG or PNG file."""
    import matplotlib

    matplotlib.use("Agg")
    from matplotlib import pyplot as plt

    matplotlib.rcParams["svg.hashsalt"] = "huntkit"
    matplotlib.rcParams["svg.fonttype"] = "none"  # text stays text: searchable, readable by tools
    figure, axes = plt.subplots(figsize=(7, 4.2), dpi=100)
    try:
        series: dict[tuple[int, str], list[dict[str, Any]]] = {}
        for cell in report["cells"]:
            series.setdefault((cell["chapter"], cell["bot"]), []).append(cell)
        several_bots = len({bot for _, bot in series}) > 1
        for (chapter, bot), cells in sorted(series.items()):
            cells.sort(key=lambda c: c["hunters"])
            x = [c["hunters"] for c in cells]
            y = [100 * c["win_rate"] for c in cells]
            low = [100 * (c["win_rate"] - c["win_rate_ci95"][0]) for c in cells]
            high = [100 * (c["win_rate_ci95"][1] - c["win_rate"]) for c in cells]
            label = f"chapter {chapter}" + (f" · {bot}" if several_bots else "")
            axes.errorbar(x, y, yerr=[low, high], marker="o", capsize=4, label=label)
        hunters = sorted({c["hunters"] for c in report["cells"]})
        axes.set_xticks(hunters)
        axes.set_xlabel("hunters")
        axes.set_ylabel("win rate (%), with 95 % interval")
        axes.set_ylim(0, 100)
        axes.set_title(
            f"{report['campaign']}: win rate by hunter count ({report['games_per_cell']} games each)"
        )
        axes.grid(alpha=0.3)
        axes.legend(loc="best", fontsize="small")
        figure.tight_layout()
        buffer = io.BytesIO()
        if suffix == ".svg":
            figure.savefig(buffer, format="svg", metadata={"Date": None})
        else:
            figure.savefig(buffer, format="png", metadata={"Software": None})
        return buffer.getvalue()
    finally:
        plt.close(figure)
