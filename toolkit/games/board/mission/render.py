"""Drawing mission graphs: Mermaid (for the reference site), Graphviz DOT, and JSON.

Each renderer takes the graphs of one or more chapters of a campaign. Cards are labelled with their
number, type and title; the shortest path from the start to completing the hunt is highlighted.
Text from content is escaped for each format (content comes from third parties).
"""

from __future__ import annotations

import itertools
import json
from collections.abc import Callable, Sequence

from toolkit.games.board.mission.graph import HUNT, START, ChapterGraph, RevealEdge, node_number

EDGE_STYLE = {"trigger": "-->", "setup": "-.->", "goal": "==>", "on_reveal": "-.->", "rule": "-.->"}
"""Mermaid arrows: goals thick, triggers plain, things that happen along the way dotted."""


def node_label(built: ChapterGraph, node: str) -> str:
    """`3 · hunt · Ropes of Hair`, `Insight 24 · The Widow's Lantern`, `Start`."""
    data = built.graph.nodes[node]
    number = node_number(node)
    if node.startswith("card:"):
        return f"{number} · {data.get('type', '?')} · {data.get('label', '')}"
    if node.startswith("insight:"):
        return f"Insight {number} · {data.get('label', '')}"
    return str(data.get("label", node))


def edge_label(edge: RevealEdge) -> str:
    if edge.kind == "goal":
        goal = f"goal {edge.goal + 1}" if edge.goal is not None else "goal"
        return f"{goal}: {edge.label}" if edge.label else goal
    if edge.kind == "trigger":
        return edge.label
    return edge.kind.replace("_", " ")


def hunt_edges(built: ChapterGraph) -> set[tuple[str, str]]:
    """The (source, target) pairs along a shortest path to completing the hunt."""
    path = built.hunt_path() or []
    return set(itertools.pairwise(path))


def _visible_nodes(built: ChapterGraph) -> list[str]:
    """Every node except ends nothing leads to."""
    return [
        n
        for n in built.graph.nodes
        if n.startswith(("card:", "insight:")) or n == START or built.graph.in_degree(n)
    ]


# --- Mermaid -----------------------------------------------------------------------------------------


def _mermaid_text(text: str) -> str:
    for raw, entity in (("&", "#amp;"), ('"', "#quot;"), ("<", "#lt;"), (">", "#gt;"), ("|", "#124;")):
        text = text.replace(raw, entity)
    return " ".join(text.split())


def render_mermaid(graphs: Sequence[ChapterGraph]) -> str:
    """One Mermaid flowchart, a subgraph per chapter."""
    lines = ["flowchart TD"]
    styles: list[str] = []
    hunt_links: list[str] = []
    link = 0
    for built in graphs:
        prefix = f"c{built.chapter}_"
        ids = {n: prefix + n.replace(":", "_") for n in built.graph.nodes}
        lines.append(f'  subgraph {prefix}chapter["Chapter {built.chapter}"]')
        for node in _visible_nodes(built):
            label = _mermaid_text(node_label(built, node))
            kind = built.graph.nodes[node].get("type", "")
            shape = _mermaid_shape(node, kind)
            lines.append(f'    {ids[node]}{shape[0]}"{label}"{shape[1]}')
            if kind in ("hunt", "insight", "special-rules", "insight-card") or node == HUNT:
                css = "hunt_end" if node == HUNT else kind.replace("-", "_")
                styles.append(f"  class {ids[node]} {css}")
        highlighted = hunt_edges(built)
        for edge in built.edges():
            arrow = EDGE_STYLE[edge.kind]
            label = _mermaid_text(edge_label(edge))
            text = f'|"{label}"|' if label else ""
            lines.append(f"    {ids[edge.source]} {arrow}{text} {ids[edge.target]}")
            if (edge.source, edge.target) in highlighted:
                hunt_links.append(str(link))
            link += 1
        lines.append("  end")
    lines += [
        "  classDef hunt fill:#f6d5d5,stroke:#8a1c1c",
        "  classDef insight fill:#dde6f6,stroke:#2c4a7a",
        "  classDef special_rules fill:#eee,stroke:#666,stroke-dasharray: 4 3",
        "  classDef insight_card fill:#e6f2e0,stroke:#3d6b2c",
        "  classDef hunt_end fill:#8a1c1c,color:#fff",
    ]
    if hunt_links:
        styles.append(f"  linkStyle {','.join(hunt_links)} stroke:#b00000,stroke-width:3px")
    return "\n".join(lines + styles) + "\n"


def _mermaid_shape(node: str, kind: str) -> tuple[str, str]:
    if node == START:
        return "([", "])"
    if node.startswith("card:"):
        return ("[[", "]]") if kind == "special-rules" else ("[", "]")
    if node.startswith("insight:"):
        return "[/", "/]"
    return "((", "))"


# --- DOT ---------------------------------------------------------------------------------------------


def _dot_text(text: str) -> str:
    return '"' + " ".join(text.split()).replace("\\", "\\\\").replace('"', '\\"') + '"'


def render_dot(graphs: Sequence[ChapterGraph]) -> str:
    """One Graphviz digraph, a cluster per chapter."""
    lines = [
        "digraph mission_graph {",
        "  rankdir=TB;",
        '  node [fontname="Helvetica", shape=box];',
        '  edge [fontname="Helvetica", fontsize=10];',
    ]
    for built in graphs:
        prefix = f"c{built.chapter}_"
        lines.append(f"  subgraph cluster_{built.chapter} {{")
        lines.append(f"    label={_dot_text(f'Chapter {built.chapter}')};")
        for node in _visible_nodes(built):
            kind = built.graph.nodes[node].get("type", "")
            attributes = [f"label={_dot_text(node_label(built, node))}"]
            attributes.append(f"shape={_dot_shape(node, kind)}")
            if kind == "hunt" or node == HUNT:
                attributes.append('style=filled, fillcolor="#f6d5d5"')
            lines.append(f"    {_dot_text(prefix + node)} [{', '.join(attributes)}];")
        highlighted = hunt_edges(built)
        for edge in built.edges():
            attributes = [f"label={_dot_text(edge_label(edge))}"]
            if edge.kind != "goal" and edge.kind != "trigger":
                attributes.append("style=dashed")
            if (edge.source, edge.target) in highlighted:
                attributes.append('color="#b00000", penwidth=3')
            source, target = _dot_text(prefix + edge.source), _dot_text(prefix + edge.target)
            lines.append(f"    {source} -> {target} [{', '.join(attributes)}];")
        lines.append("  }")
    lines.append("}")
    return "\n".join(lines) + "\n"


def _dot_shape(node: str, kind: str) -> str:
    if node == START:
        return "oval"
    if node.startswith("card:"):
        return "box3d" if kind == "special-rules" else "box"
    if node.startswith("insight:"):
        return "note"
    return "doublecircle"


# --- JSON --------------------------------------------------------------------------------------------


def graph_data(built: ChapterGraph) -> dict[str, object]:
    """A chapter's graph as plain data (what the JSON renderer writes)."""
    highlighted = hunt_edges(built)
    return {
        "chapter": built.chapter,
        "partial": built.is_partial,
        "hunt_path": built.hunt_path(),
        "nodes": [
            {
                "id": node,
                "type": built.graph.nodes[node].get("type"),
                "number": node_number(node),
                "title": built.graph.nodes[node].get("label"),
                "label": node_label(built, node),
            }
            for node in _visible_nodes(built)
        ],
        "edges": [
            {
                "source": edge.source,
                "target": edge.target,
                "kind": edge.kind,
                "goal": edge.goal,
                "decisions": list(edge.decisions),
                "label": edge_label(edge),
                "ends_step": edge.ends_step,
                "on_hunt_path": (edge.source, edge.target) in highlighted,
                "file": str(edge.document.path),
                "line": edge.document.locate(edge.path).line,
            }
            for edge in built.edges()
        ],
    }


def render_json(graphs: Sequence[ChapterGraph]) -> str:
    campaign = graphs[0].deck.campaign_id if graphs else None
    return json.dumps({"campaign": campaign, "chapters": [graph_data(g) for g in graphs]}, indent=2) + "\n"


RENDERERS: dict[str, Callable[[Sequence[ChapterGraph]], str]] = {
    "mermaid": render_mermaid,
    "dot": render_dot,
    "json": render_json,
}
"""Renderers by `--format` name."""
