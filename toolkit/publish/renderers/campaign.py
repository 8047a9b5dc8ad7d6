"""Specific pages of the board game's campaigns: campaign, chapter (setup by hunter count, triggers,
mission graph), mission and insight cards (their secrets behind collapsed spoiler blocks).

Written defensively against a campaign language that is still growing: attributes are read with
``getattr``, and the mission graph is skipped (not the page) if it cannot be built.
"""

from __future__ import annotations

import posixpath
from typing import Any

from toolkit.core.document import LoadedDocument
from toolkit.core.expressions import Scaling
from toolkit.publish import escape
from toolkit.publish.context import RenderContext, document_page, model_of
from toolkit.publish.documents import generic_body, renders
from toolkit.publish.fields import ValueRenderer
from toolkit.publish.language import localized
from toolkit.publish.markdown import admonition, code_block
from toolkit.publish.renderers.common import table, text
from toolkit.publish.renderers.mission_text import insight_card_text, mission_card_text, trigger_text

HUNTER_COUNTS = (1, 2, 3, 4)
SECRET_NOTE = "*This build leaves mission-card secrets out (`--no-spoilers`).*"


def page_url(path: str) -> str:
    """The URL folder MkDocs gives a page with directory URLs (``a/b.md`` → ``a/b/``)."""
    stem = path.removesuffix(".md")
    if stem == "index" or stem.endswith("/index"):
        return stem.removesuffix("index")
    return stem + "/"


def url_from(page: str, target: str) -> str:
    """A relative URL from one page to another, for links that MkDocs does not rewrite (Mermaid)."""
    here, there = page_url(page), page_url(target)
    return posixpath.relpath(there or ".", here or ".") + "/"


def _campaign_documents(ctx: RenderContext, document: LoadedDocument, kind: str) -> list[LoadedDocument]:
    campaign = getattr(model_of(document), "campaign", None) or getattr(model_of(document), "id", None)
    found = []
    for other in ctx.index.documents_of(kind, [document.pack_id]):
        if getattr(other.model, "campaign", None) == campaign:
            found.append(other)
    return sorted(found, key=lambda d: getattr(d.model, "number", 0) or 0)


def _find_campaign(ctx: RenderContext, document: LoadedDocument) -> LoadedDocument | None:
    reference = getattr(model_of(document), "campaign", None)
    return ctx.resolve(("campaign",), reference, document.pack_id) if reference else None


def _breadcrumb(ctx: RenderContext, document: LoadedDocument) -> str:
    campaign = _find_campaign(ctx, document)
    parts = [f"Campaign {ctx.link_document(campaign)}" if campaign else ""]
    chapter_number = getattr(model_of(document), "chapter", None)
    if chapter_number is not None:
        for chapter in _campaign_documents(ctx, document, "chapter"):
            if getattr(chapter.model, "number", None) == chapter_number:
                parts.append(ctx.link_document(chapter))
    return " · ".join(p for p in parts if p)


@renders("campaign")
def campaign(ctx: RenderContext, document: LoadedDocument) -> str:
    model = model_of(document)
    parts = []
    introduction = getattr(model, "introduction", None)
    if introduction:
        parts += ["## Introduction", escape.block(_text_of(introduction))]
    description = getattr(model, "description", None)
    if description:
        parts += ["## About", escape.block(_text_of(description))]
    chapters = _campaign_documents(ctx, document, "chapter")
    if chapters:
        parts.append("## Chapters")
        parts.append("\n".join(f"1. {ctx.link_document(c)}" for c in chapters))
    cards = _campaign_documents(ctx, document, "mission-card")
    if cards:
        parts.append(ctx.heading("Mission deck", secret=True))
        parts.append(f"{len(cards)} mission cards. Reveal them only when the game says so.")
        parts.append(", ".join(ctx.link_document(c) for c in cards))
    insights = _campaign_documents(ctx, document, "insight-card")
    if insights:
        parts.append(ctx.heading("Insight cards", secret=True))
        parts.append(", ".join(ctx.link_document(c) for c in insights))
    return "\n\n".join(parts)


def _text_of(value: Any) -> str:
    return localized(value) if isinstance(value, str | dict) else str(value)


def _setup_table(ctx: RenderContext, document: LoadedDocument, setup: Any) -> str:
    named = list(getattr(setup, "tiles", None) or [])
    random_tiles = getattr(setup, "random_tiles", None)
    rows = []
    for count in HUNTER_COUNTS:
        try:
            extra = random_tiles.evaluate(hunters=count) if isinstance(random_tiles, Scaling) else 0
        except (KeyError, ValueError, ZeroDivisionError):
            extra = 0
        rows.append([str(count), str(len(named)), str(extra), str(len(named) + extra + 1)])
    return table(("Hunters", "Named tiles", "Random tiles", "Tiles in play (with the starting tile)"), rows)


def _card_link(ctx: RenderContext, document: LoadedDocument, number: object) -> str:
    for card in _campaign_documents(ctx, document, "mission-card"):
        if getattr(card.model, "number", None) == number:
            return ctx.link_document(card)
    return f"card {escape.inline(str(number))}"


@renders("chapter")
def chapter(ctx: RenderContext, document: LoadedDocument) -> str:
    model = model_of(document)
    values = ValueRenderer(ctx, model, document.pack_id)
    parts = [_breadcrumb(ctx, document)]
    title = getattr(model, "title", None)
    if title:
        parts.append(f"## {text(title)}")
    story = getattr(model, "story", None)
    if story:
        parts.append(escape.block(_text_of(story)))
    setup = getattr(model, "setup", None)
    if setup is not None:
        parts.append("## Setup")
        starting = getattr(setup, "starting_tile", None)
        tiles = [values.scalar(t, ("tile",), "setup.tiles") for t in getattr(setup, "tiles", None) or []]
        enemies = [
            f"{i + 1}. {values.scalar(e, ('enemy',), 'setup.enemies')}"
            for i, e in enumerate(getattr(setup, "enemies", None) or [])
        ]
        brought = [
            values.scalar(e, ("enemy",), "setup.mission_enemies")
            for e in getattr(setup, "mission_enemies", None) or []
        ]
        special = [_card_link(ctx, document, n) for n in getattr(setup, "special_rules", None) or []]
        lines = []
        if starting:
            lines.append(f"- **Starting tile:** {values.scalar(starting, ('tile',), 'setup.starting_tile')}")
        if special:
            lines.append(f"- **Special-rule cards, face up from the start:** {', '.join(special)}")
        if tiles:
            lines.append(f"- **Named tiles:** {', '.join(tiles)}")
        random_tiles = getattr(setup, "random_tiles", None)
        if random_tiles is not None:
            lines.append(f"- **Random tiles:** {values.scalar(random_tiles, None, 'setup.random_tiles')}")
        parts.append("\n".join(lines))
        if enemies:
            parts.append(
                "**Enemies** (shuffled into the three slots of the hunt board at random):\n\n"
                + "\n".join(enemies)
            )
        if brought:
            parts.append(
                "**Enemies the missions bring in** (set out their cards and miniatures too; they "
                f"activate after the slot enemies): {', '.join(brought)}"
            )
        parts.append("### By number of hunters")
        parts.append(_setup_table(ctx, document, setup))
    triggers = list(getattr(model, "triggers", None) or [])
    if triggers:
        parts.append("## Triggers")
        rows = []
        for trigger in triggers:
            when = getattr(trigger, "when", None)
            when_text = trigger_text(ctx, document, when) if when is not None else ""
            rows.append([when_text, _card_link(ctx, document, getattr(trigger, "reveal", None))])
        parts.append(table(("When", "Reveal"), rows))
    graph = mission_graph(ctx, document)
    if graph:
        # Goal labels are spoilers: the section stays out of the search index unless asked for.
        parts.append(ctx.heading("Mission graph", secret=True))
        note = "Each box is a mission card; click one to open its page. " + graph_legend()
        if not ctx.options.search_spoilers:
            note += " Cards show their number and type only; build with `--spoilers` for titles."
        parts += [note, graph, mission_graph_list(ctx, document)]
    simulated = simulation_results(ctx, document)
    if simulated:
        parts += ["## Simulation results", simulated]
    notes = getattr(model, "notes", None)
    if notes:
        parts += ["## Designer's notes", escape.block(_text_of(notes))]
    cards = [
        c
        for c in _campaign_documents(ctx, document, "mission-card")
        if getattr(c.model, "chapter", None) == getattr(model, "number", None)
    ]
    if cards:
        parts.append(ctx.heading("Mission cards", secret=True))
        parts.append(
            "\n".join(f"- {ctx.link_document(c)} — {text(getattr(c.model, 'type', ''))}" for c in cards)
        )
    return "\n\n".join(p for p in parts if p)


GRAPH_CLASSES = (
    "classDef hunt fill:#5c1f1f,stroke:#e57373",
    "classDef insight fill:#1f3350,stroke:#90caf9",
    "classDef special_rules fill:#333,stroke:#aaa,stroke-dasharray: 4 3",
    "classDef insight_card fill:#24401f,stroke:#a5d6a7",
    "classDef hunt_end fill:#b71c1c,stroke:#b71c1c",
)
"""The colours of `huntkit graph` (``mission.render``): hunt cards red, insight cards blue, special
rules dashed grey, insight rewards green, the end of the hunt dark red; darker fills than the
command's, since the site's dark theme writes the labels in a light colour."""

HUNT_PATH_STYLE = "stroke:#e53935,stroke-width:3px"


def mission_graph(ctx: RenderContext, document: LoadedDocument) -> str:
    """The chapter's mission graph as a Mermaid flowchart whose card nodes link to their pages:
    the colours, arrows and highlighted hunt path of `huntkit graph`. Card titles and goal labels
    are spoilers: only a `--spoilers` build shows them (every build shows numbers and types)."""
    from toolkit.games.board.mission.graph import HUNT, START
    from toolkit.games.board.mission.render import EDGE_STYLE, hunt_edges

    found = _chapter_graph(ctx, document)
    if found is None:
        return ""
    built, deck = found
    graph = built.graph
    secrets = ctx.options.search_spoilers
    names = {node: f"n{i}" for i, node in enumerate(graph.nodes)}
    lines = ["flowchart TD"]
    styles: list[str] = []
    for node, data in graph.nodes(data=True):
        if not node.startswith(("card:", "insight:")) and node != START and graph.in_degree(node) == 0:
            continue
        lines.append(f"    {names[node]}{_shape(node, data, secrets)}")
        kind = str(data.get("type", ""))
        if node == HUNT:
            styles.append(f"    class {names[node]} hunt_end")
        elif kind in ("hunt", "insight", "special-rules", "insight-card"):
            styles.append(f"    class {names[node]} {kind.replace('-', '_')}")
    on_path = hunt_edges(built)
    path_links = []
    for position, edge in enumerate(built.edges()):
        label = _edge_text(edge, secrets)
        arrow = EDGE_STYLE.get(edge.kind, "-->")
        shown = f'|"{escape.mermaid_label(label)}"|' if label else ""
        lines.append(f"    {names[edge.source]} {arrow}{shown} {names[edge.target]}")
        if (edge.source, edge.target) in on_path:
            path_links.append(str(position))
    for node in graph.nodes:
        target = _node_page(ctx, deck, node)
        if target is not None:
            lines.append(f'    click {names[node]} href "{url_from(ctx.page, target)}"')
    lines += [f"    {line}" for line in GRAPH_CLASSES] + styles
    if path_links:
        lines.append(f"    linkStyle {','.join(path_links)} {HUNT_PATH_STYLE}")
    return code_block("\n".join(lines), "mermaid")


def graph_legend() -> str:
    """What the colours and arrows of a mission graph mean."""
    return (
        "Red boxes are hunt cards, blue boxes insight cards, dashed boxes special rules and green "
        "slanted boxes the insight cards a mission gives. Thick arrows are goals, plain arrows "
        "triggers, dotted arrows what happens along the way; the bright red path is the shortest "
        "way to complete the hunt."
    )


def _node_text(node: str, data: dict[str, Any], secrets: bool) -> str:
    """A node's label: `Card 3 · hunt`, with the title only when secrets may be searched."""
    kind, _, number = node.partition(":")
    label = str(data.get("label", node))
    card_type = str(data.get("type", "?")).replace("-", " ")
    if kind == "card":
        return f"{number} · {card_type} · {label}" if secrets else f"Card {number} · {card_type}"
    if kind == "insight":
        return f"Insight {number} · {label}" if secrets else f"Insight {number}"
    return label


def _shape(node: str, data: dict[str, Any], secrets: bool) -> str:
    shown = escape.mermaid_label(_node_text(node, data, secrets))
    if node.startswith("card:"):
        opening, closing = ("[[", "]]") if data.get("type") == "special-rules" else ("[", "]")
        return f'{opening}"{shown}"{closing}'
    if node.startswith("insight:"):
        return f'[/"{shown}"/]'
    return f'(["{shown}"])'


def _edge_text(edge: Any, secrets: bool) -> str:
    from toolkit.games.board.mission.render import edge_label

    if edge.kind == "goal" and not secrets:
        return f"goal {edge.goal + 1}" if edge.goal is not None else "goal"
    return edge_label(edge)


def mission_graph_list(ctx: RenderContext, document: LoadedDocument) -> str:
    """The mission graph's arrows as a list, for readers who cannot see the drawing (and for
    search, which cannot read it either): `Card 2 · hunt → Card 3 · hunt (goal 1)`."""
    found = _chapter_graph(ctx, document)
    if found is None:
        return ""
    built, _ = found
    secrets = ctx.options.search_spoilers
    nodes = built.graph.nodes
    lines = []
    for edge in built.edges():
        source = _node_text(edge.source, nodes[edge.source], secrets)
        target = _node_text(edge.target, nodes[edge.target], secrets)
        label = _edge_text(edge, secrets)
        lines.append(f"- {escape.inline(f'{source} → {target}' + (f' ({label})' if label else ''))}")
    return admonition("abstract", "The graph as a list", "\n".join(lines), collapsed=True) if lines else ""


def _chapter_graph(ctx: RenderContext, document: LoadedDocument) -> tuple[Any, Any] | None:
    """The chapter's built mission graph and its campaign's deck, or ``None``."""
    try:
        from toolkit.games.board.mission.deck import gather_decks
        from toolkit.games.board.mission.graph import build_chapter_graph
    except ImportError:
        return None
    model = model_of(document)
    pack = ctx.index.packs.get(document.pack_id)
    campaign_id = str(getattr(model, "campaign", "")).rsplit(":", 1)[-1]
    if pack is None:
        return None
    deck = gather_decks(pack.documents).get(campaign_id)
    number = getattr(model, "number", None)
    if deck is None or not isinstance(number, int):
        return None
    return build_chapter_graph(deck, number), deck


def _node_page(ctx: RenderContext, deck: Any, node: str) -> str | None:
    kind, _, number = node.partition(":")
    if not number.isdigit():
        return None
    entry = (
        deck.card(int(number)) if kind == "card" else deck.insight(int(number)) if kind == "insight" else None
    )
    if entry is None:
        return None
    path = document_page(entry.document)
    return path if path in ctx.rendered else None


@renders("mission-card")
def mission_card(ctx: RenderContext, document: LoadedDocument) -> str:
    model = model_of(document)
    number = getattr(model, "number", "?")
    facts = [
        _breadcrumb(ctx, document),
        f"**Card {escape.inline(str(number))}** · {text(getattr(model, 'type', ''))} card",
    ]
    if not ctx.options.spoilers:
        return "\n\n".join([*facts, SECRET_NOTE])
    secret = mission_card_text(ctx, document)
    title = f"Story, goals and outcomes of card {number}"
    return "\n\n".join(
        [
            *facts,
            "Read this only when the card is revealed at the table.",
            admonition("spoiler", title, secret, collapsed=True),
        ]
    )


@renders("insight-card")
def insight_card(ctx: RenderContext, document: LoadedDocument) -> str:
    model = model_of(document)
    number = getattr(model, "number", "?")
    facts = [_breadcrumb(ctx, document), f"**Insight card {escape.inline(str(number))}**"]
    if not ctx.options.spoilers:
        return "\n\n".join([*facts, SECRET_NOTE])
    secret = insight_card_text(ctx, document)
    return "\n\n".join(
        [*facts, admonition("spoiler", f"Story and rewards of insight card {number}", secret, collapsed=True)]
    )


@renders("scenario")
def scenario(ctx: RenderContext, document: LoadedDocument) -> str:
    """Scenario tests script whole missions, so their steps are spoilers like the cards they test."""
    note = "A scenario test: scripted play with the events and state it must produce (`huntkit test`)."
    if not ctx.options.spoilers:
        return "\n\n".join([note, SECRET_NOTE])
    return "\n\n".join(
        [
            note,
            admonition(
                "spoiler", "Setup, steps and expectations", generic_body(ctx, document), collapsed=True
            ),
        ]
    )


def _number(value: object, digits: int = 1) -> str:
    return f"{value:.{digits}f}" if isinstance(value, int | float) and not isinstance(value, bool) else "—"


def _percent(value: object) -> str:
    return (
        _number(value * 100) + " %" if isinstance(value, int | float) and not isinstance(value, bool) else "—"
    )


def simulation_results(ctx: RenderContext, document: LoadedDocument) -> str:
    """Win rates and more from the simulation reports given to the build, for this chapter: the
    table of figures, then per cell how games ended, where hunters fell and where games stalled."""
    model = model_of(document)
    campaign_id = str(getattr(model, "campaign", "")).rsplit(":", 1)[-1]
    parts = []
    for report in ctx.options.reports:
        if report.get("pack") != document.pack_id or report.get("campaign") != campaign_id:
            continue
        cells = [
            cell
            for cell in report.get("cells", [])
            if isinstance(cell, dict) and cell.get("chapter") == getattr(model, "number", None)
        ]
        several_bots = len({str(cell.get("bot", report.get("bot", "?"))) for cell in cells}) > 1
        rows = []
        for cell in cells:
            interval = cell.get("win_rate_ci95")
            low, high = ([*interval, None, None] if isinstance(interval, list) else [None, None])[:2]
            rounds_value = cell.get("rounds_to_win")
            rounds: dict[str, Any] = rounds_value if isinstance(rounds_value, dict) else {}
            bot_column = [escape.inline(str(cell.get("bot", "?")))] if several_bots else []
            rows.append(
                [
                    escape.inline(str(cell.get("hunters", "?"))),
                    *bot_column,
                    escape.inline(str(cell.get("games", "?"))),
                    f"{_percent(cell.get('win_rate'))} ({_percent(low)}–{_percent(high)})",
                    _number(rounds.get("mean")),
                    _number(cell.get("deaths_per_game")),
                    _number(cell.get("dream_trips_per_game")),
                    _number(cell.get("resets_per_game")),
                ]
            )
        if rows:
            bot, seed = (
                escape.inline(str(report.get("bot", "?"))),
                escape.inline(str(report.get("seed", "?"))),
            )
            header = ("Hunters", *(("Bot",) if several_bots else ()), "Games", "Won (95 % interval)")
            parts.append(
                f"Games played by the {bot} bot (`huntkit simulate`, seed {seed}); "
                "the interval is a 95 % Wilson interval.\n\n"
                + table(
                    (*header, "Rounds to win", "Deaths", "Dream trips", "Resets"),
                    rows,
                )
            )
            parts += [explained for cell in cells if (explained := _explained_cell(cell, several_bots))]
    return "\n\n".join(parts)


def _counted(mapping: object, limit: int = 5) -> str:
    """`cleric-beast 23, hunter-mob 12` from a report's counts (the most frequent first)."""
    if not isinstance(mapping, dict) or not mapping:
        return "none"
    # Reports are written with sorted keys: the most frequent first again, then by name.
    pairs = ((str(k), v) for k, v in mapping.items() if isinstance(v, int))
    items = sorted(pairs, key=lambda item: (-item[1], item[0]))[:limit]
    return ", ".join(f"{escape.inline(name)} {count}" for name, count in items)


def _explained_cell(cell: dict[str, Any], several_bots: bool) -> str:
    """Why games of one cell ended as they did, as a collapsed block (absent in older reports)."""
    if "ends" not in cell:
        return ""
    lines = []
    ends_value = cell.get("ends")
    ends: dict[str, Any] = ends_value if isinstance(ends_value, dict) else {}
    ended = ", ".join(
        f"{escape.inline(str(end))}: {info.get('games', '?')}"
        for end, info in ends.items()
        if isinstance(info, dict)
    )
    lines.append(f"- **How games ended:** {ended or 'none'}")
    histogram = cell.get("rounds", {}).get("histogram") if isinstance(cell.get("rounds"), dict) else None
    if isinstance(histogram, dict) and histogram:
        ordered = sorted(histogram.items(), key=lambda item: int(item[0]) if str(item[0]).isdigit() else 0)
        spread = ", ".join(f"{escape.inline(str(r))}: {n}" for r, n in ordered)
        lines.append(f"- **Rounds played** (rounds: games): {spread}")
    falls = cell.get("falls") if isinstance(cell.get("falls"), dict) else {}
    if falls:
        lines.append(
            f"- **Hunters fell** {falls.get('total', 0)} times; slain by {_counted(falls.get('by_cause'))};"
            f" on {_counted(falls.get('by_tile'))}"
        )
    lines.append(f"- **Dream trips:** {_counted(cell.get('dream_trips_by_cause'))}")
    for stall in cell.get("stalls", []) if isinstance(cell.get("stalls"), list) else []:
        if not isinstance(stall, dict):
            continue
        lines.append(
            f"- **Card {escape.inline(str(stall.get('card', '?')))} stalls:** completed in"
            f" {stall.get('completed_in', '?')} of the {stall.get('revealed_in', '?')} games that"
            " revealed it;"
            f" in play when {stall.get('in_play_at_end', '?')} games ended."
        )
        for goal in stall.get("goals", []) if isinstance(stall.get("goals"), list) else []:
            facts = goal.get("facts") if isinstance(goal, dict) else None
            counted = facts.items() if isinstance(facts, dict) else []
            for fact, count in sorted(counted, key=lambda item: (-int(item[1]), str(item[0]))):
                lines.append(f"    - in {count} games: {escape.inline(str(fact))}")
    who = f", {escape.inline(str(cell.get('bot', '?')))} bot" if several_bots else ""
    title = f"Why games ended — {escape.inline(str(cell.get('hunters', '?')))} hunters{who}"
    return admonition("info", title, "\n".join(lines), collapsed=True)
