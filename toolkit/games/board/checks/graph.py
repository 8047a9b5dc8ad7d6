"""Mission-graph checks of the board game (networkx): can every card be reached, can every goal
move play on, and can the hunt be completed — exploring every choice and branch."""

from __future__ import annotations

from collections.abc import Iterator

import networkx as nx

from toolkit.core.diagnostics import Diagnostic, Related
from toolkit.core.index import ContentIndex, Pack
from toolkit.core.model import text_in
from toolkit.core.plugin import Check
from toolkit.games.board import codes_mission as mc
from toolkit.games.board.checks.insight_budget import EarnedBefore, InsightTiming
from toolkit.games.board.checks.mission_common import at, least, most, pack_decks, related
from toolkit.games.board.checks.mission_counts import check_enemy_counts
from toolkit.games.board.checks.mission_deck import check_campaign_decks, check_narrative_rules
from toolkit.games.board.checks.mission_keeps import check_keeps
from toolkit.games.board.checks.mission_places import check_places, check_tile_supply
from toolkit.games.board.checks.mission_scope import check_chapter_scope
from toolkit.games.board.mission.common import HUNT_TRACK_SPACES
from toolkit.games.board.mission.conditions import AllOf, CollectedInsight, Condition, HoldsInsight
from toolkit.games.board.mission.deck import CampaignDeck, Entry
from toolkit.games.board.mission.documents import MissionCard
from toolkit.games.board.mission.effects import CompleteHunt, CompleteMission, Reveal, UntoldEffect
from toolkit.games.board.mission.graph import (
    HUNT,
    MISSION,
    START,
    UNTOLD,
    ChapterGraph,
    build_chapter_graph,
    card_node,
    node_number,
)
from toolkit.games.board.mission.triggers import InsightCollectedTrigger
from toolkit.games.board.mission.walk import outcomes

ENDING_EFFECTS = (Reveal, CompleteMission, CompleteHunt, UntoldEffect)


def check_mission_graphs(index: ContentIndex, pack: Pack) -> Iterator[Diagnostic]:
    """Reachability, loops, dead ends, hunt completion and insight timing, chapter by chapter."""
    for deck in pack_decks(index, pack).values():
        yield from deck_graph_diagnostics(deck)


def deck_graph_diagnostics(deck: CampaignDeck) -> Iterator[Diagnostic]:
    """Every graph diagnostic of one campaign."""
    graphs = {n: build_chapter_graph(deck, n) for n in deck.chapter_numbers()}
    earned_before: set[int] = set()
    for _, built in sorted(graphs.items()):
        yield from orphans_and_unreachable(built)
        causes = [*dead_ends(built), *reveal_loops(built), *cross_chapter(built)]
        yield from causes
        if not causes:
            # A dead end, a loop or a reveal into another chapter is what keeps the hunt from
            # ending; "no path reaches complete_hunt" on the chapter would only repeat it, further off.
            yield from hunt_completion(built)
        timing = InsightTiming(built, earned_before)
        yield from insight_requirements(built, earned_before, timing)
        yield from hunt_track_length(built, earned_before)
        earned_before |= timing.everything


def _card(built: ChapterGraph, node: str) -> Entry[MissionCard] | None:
    number = node_number(node)
    return built.deck.card(number) if number is not None and node.startswith("card:") else None


def orphans_and_unreachable(built: ChapterGraph) -> Iterator[Diagnostic]:
    reachable = built.reachable()
    chapter = built.deck.chapter(built.chapter)
    for entry in built.deck.cards_of(built.chapter):
        node = card_node(entry.model.number)
        if node in reachable:
            continue
        incoming = [d["edge"] for s, _, d in built.graph.in_edges(node, data=True) if s != node]
        if not incoming:
            hint_related = (
                (related(chapter.document, ("triggers",), "the chapter's triggers"),) if chapter else ()
            )
            yield mc.ORPHAN_CARD.at(
                at(entry.document, ("number",)),
                f"nothing in chapter {built.chapter} reveals card {entry.model.number}",
                hint=f"reveal it from a trigger or another card's goal: `reveal: {entry.model.number}`",
                related=hint_related,
            )
        else:
            yield mc.UNREACHABLE_CARD.at(
                at(entry.document, ("number",)),
                f"card {entry.model.number} is revealed only by cards that never come into play",
                hint="make one of the revealing cards reachable from a chapter trigger",
                related=tuple(
                    related(
                        e.document, e.path, f"revealed here by card {node_number(e.source)}, never in play"
                    )
                    for e in incoming[:5]
                ),
            )


def dead_ends(built: ChapterGraph) -> Iterator[Diagnostic]:
    for entry in built.deck.cards_of(built.chapter):
        for g, goal in enumerate(entry.model.goals):
            for outcome in outcomes(goal.then, ("goals", g, "then")):
                if any(isinstance(effect, ENDING_EFFECTS) for effect, _ in outcome.effects):
                    continue
                way = f" when the players {', '.join(outcome.decisions)}" if outcome.decisions else ""
                yield mc.DEAD_END.at(
                    at(entry.document, outcome.end_path),
                    f"goal {g + 1} of card {entry.model.number} leads nowhere{way}: it neither reveals "
                    "a card, completes the mission, nor completes the hunt",
                    hint="end it with `reveal: N`, `complete_mission: {insight: N}` or `complete_hunt: true`",
                    related=(related(entry.document, ("goals", g, "goal"), "the goal"),),
                )


def reveal_loops(built: ChapterGraph) -> Iterator[Diagnostic]:
    """Cards whose goals only ever reveal each other: play can never leave the loop."""
    steps = built.step_graph()
    ends = {HUNT, MISSION, UNTOLD} | {n for n in steps.nodes if n.startswith("insight:")}
    for component in nx.strongly_connected_components(steps):
        cards = sorted((n for n in component if n.startswith("card:")), key=lambda n: node_number(n) or 0)
        if not cards or (len(cards) == 1 and not steps.has_edge(cards[0], cards[0])):
            continue
        leaves = set().union(*(nx.descendants(steps, n) for n in cards)) - component
        if leaves & ends:
            continue
        first = _card(built, cards[0])
        if first is None:
            continue
        loop_edges = [
            e for e in built.edges() if e.ends_step and e.source in component and e.target in component
        ]
        shown = " → ".join(str(node_number(n)) for n in cards[:MAX_LISTED])
        if len(cards) > MAX_LISTED:  # a loop of 999 cards is named by its first few and its size
            shown += f" → … ({len(cards):,} cards)"
        numbers = f"{shown} → {node_number(cards[0])}"
        closing = [e for e in loop_edges if (node_number(e.source) or 0) >= (node_number(e.target) or 0)]
        message = (
            f"cards {numbers} only reveal each other; no goal leads out of the loop"
            if len(cards) > 1
            else f"card {node_number(cards[0])} only reveals itself; no goal leads anywhere else"
        )
        # The reveal back to an earlier card closes the loop: that is the one to change.
        where = at(closing[-1].document, closing[-1].path) if closing else at(first.document, ("number",))
        yield mc.REVEAL_LOOP.at(
            where,
            message,
            hint="give one of these cards a goal that reveals a card outside the loop or completes a mission",
            related=tuple(
                related(
                    e.document, e.path, f"card {node_number(e.source)} reveals card {node_number(e.target)}"
                )
                for e in loop_edges[:6]
            ),
        )


def hunt_completion(built: ChapterGraph) -> Iterator[Diagnostic]:
    chapter = built.deck.chapter(built.chapter)
    if chapter is None or HUNT in built.reachable():
        return
    if built.is_partial:
        yield mc.PARTIAL_CHAPTER.at(
            at(chapter.document, ("number",)),
            f"chapter {built.chapter} is encoded only as far as its source describes it; the hunt "
            "cannot be completed here, and insight it may earn off the page is not counted against it",
        )
        return
    hunt_cards = [e for e in built.deck.cards_of(built.chapter) if e.model.type == "hunt"]
    yield mc.HUNT_NOT_COMPLETABLE.at(
        at(chapter.document, ("triggers",), key=True),
        f"no path from the start of chapter {built.chapter} reaches `complete_hunt`",
        hint="reveal the hunt mission's first card from a trigger, and end its last step with "
        "`complete_hunt: true`",
        related=tuple(
            related(e.document, ("number",), f"hunt card {e.model.number}") for e in hunt_cards[:5]
        ),
    )


def cross_chapter(built: ChapterGraph) -> Iterator[Diagnostic]:
    for edge in built.cross_chapter:
        target = _card(built, edge.target)
        if target is None or target.model.type == "special-rules":
            continue
        yield mc.CROSS_CHAPTER_REVEAL.at(
            at(edge.document, edge.path),
            f"card {target.model.number} is a {target.model.type} card of chapter {target.model.chapter}, "
            f"but it is revealed in chapter {built.chapter}",
            hint="each chapter is a separate game; reveal only cards of the same chapter",
            related=(related(target.document, ("chapter",), f"card {target.model.number}'s chapter"),),
        )


def earned_insight(built: ChapterGraph, reachable: set[str]) -> set[int]:
    """Insight the chapter's reachable missions can earn: insight card numbers, and for a mission
    completed without a named insight card, minus the completing card's number."""
    found: set[int] = set()
    for edge in built.edges():
        number = node_number(edge.target)
        if edge.source not in reachable or edge.target not in reachable:
            continue
        if edge.target.startswith("insight:") and number is not None:
            found.add(number)
        elif edge.target == MISSION:
            found.add(-(node_number(edge.source) or 0))
    return found


def required(condition: Condition) -> Iterator[Condition]:
    """The conditions a goal needs in any case (its own, and those under `all`)."""
    if isinstance(condition, AllOf):
        for part in condition.all:
            yield from required(part)
    else:
        yield condition


MAX_LISTED = 20
"""Card numbers a message lists before it gives only their count."""


def insight_requirements(
    built: ChapterGraph, earned_before: set[int], timing: InsightTiming | None = None
) -> Iterator[Diagnostic]:
    """Collected insight and held insight cards a goal needs must be earnable before that card.

    What can be earned before each card comes from one dominator tree of the chapter's graph
    (`insight_budget.InsightTiming`), not a search per card. Every insight card named counts here;
    that the options of one choice earn one between them is `mission_insight_cap`'s to report.
    """
    timing = timing or InsightTiming(built, earned_before)
    everything = timing.everything
    budget = len(everything)
    for entry in built.deck.cards_of(built.chapter):
        without = timing.before(entry.model.number)
        for g, goal in enumerate(entry.model.goals):
            for condition in required(goal.goal):
                yield from _insight_need(built, entry, g, condition, everything, without, budget)
    yield from _insight_triggers(built, budget)


def _insight_triggers(built: ChapterGraph, budget: int) -> Iterator[Diagnostic]:
    """A chapter trigger waiting for more insight than can ever be held never fires."""
    chapter = built.deck.chapter(built.chapter)
    if chapter is None or built.is_partial:
        return
    for i, trigger in enumerate(chapter.model.triggers):
        if isinstance(trigger.when, InsightCollectedTrigger) and trigger.when.insight_collected > budget:
            yield mc.INSIGHT_SHORTFALL.at(
                at(chapter.document, ("triggers", i, "when")),
                f"this trigger waits for {trigger.when.insight_collected} collected insight, but the "
                f"campaign's missions can earn only {budget} by the end of chapter {built.chapter}",
                hint="add insight missions, or lower the number",
            )


def _insight_need(
    built: ChapterGraph,
    entry: Entry[MissionCard],
    g: int,
    condition: Condition,
    everything: set[int],
    before: EarnedBefore,
    budget: int,
) -> Iterator[Diagnostic]:
    path = ("goals", g, "goal")
    number = entry.model.number
    if isinstance(condition, CollectedInsight):
        need = most(condition.collected_insight) or 0
        if need > budget:
            if built.is_partial:
                return
            yield mc.INSIGHT_SHORTFALL.at(
                at(entry.document, path),
                f"card {number} needs {need} collected insight, but the campaign's missions can earn "
                f"only {budget} by the end of chapter {built.chapter}",
                hint="add insight missions that earn insight cards, or lower the requirement",
            )
        elif need > len(before):
            yield mc.INSIGHT_TOO_LATE.at(
                at(entry.document, path),
                f"card {number} needs {need} collected insight, but only {len(before)} can be earned "
                "without first getting past this card",
                hint="reveal enough insight missions from the chapter's triggers or from earlier steps",
            )
    elif isinstance(condition, HoldsInsight):
        insight = condition.holds_insight
        if insight not in everything:
            if built.is_partial:
                return
            yield mc.INSIGHT_SHORTFALL.at(
                at(entry.document, path),
                f"card {number} needs insight card {insight}, which no mission earns by the end of "
                f"chapter {built.chapter}",
                hint=f"end a reachable insight mission with `complete_mission: {{insight: {insight}}}`",
            )
        elif insight not in before:
            yield mc.INSIGHT_TOO_LATE.at(
                at(entry.document, path),
                f"card {number} needs insight card {insight}, which can only be earned after this card",
                hint="let the mission that earns it start before this card",
            )


def hunt_track_length(built: ChapterGraph, earned_before: set[int]) -> Iterator[Diagnostic]:
    """Warn when, at one goal per round, the shortest win takes longer than the Hunt Track."""
    chapter = built.deck.chapter(built.chapter)
    path = built.hunt_path()
    if chapter is None or path is None:
        return
    steps = _step_distances(built)
    hunt_steps = steps.get(HUNT)
    if hunt_steps is None:
        return
    need = 0
    for node in path:
        entry = _card(built, node)
        if entry is None:
            continue
        for goal in entry.model.goals:
            for condition in required(goal.goal):
                if isinstance(condition, CollectedInsight):
                    need = max(need, least(condition.collected_insight) or 0)
    need = max(0, need - len(earned_before))
    costs = sorted(d for n, d in steps.items() if n.startswith("insight:"))
    rounds = hunt_steps + sum(costs[:need])
    if rounds > HUNT_TRACK_SPACES:
        yield mc.HUNT_TRACK_TOO_SHORT.at(
            at(chapter.document, ("number",)),
            f"the shortest win of chapter {built.chapter} takes about {rounds} goals; at one goal a "
            f"round that is more than the {HUNT_TRACK_SPACES} rounds the Hunt Track allows",
            hint="shorten the hunt mission or its insight requirement",
            related=tuple(
                Related(e.document.locate(("number",)), f"card {e.model.number}: {text_in(e.model.title)}")
                for e in (_card(built, n) for n in path)
                if e is not None
            )[:6],
        )


def _step_distances(built: ChapterGraph) -> dict[str, int]:
    """Goals needed to reach each node: entering play is free, each goal met costs one."""
    weighted = nx.DiGraph()
    for edge in built.edges():
        weight = 1 if edge.ends_step else 0
        if edge.kind in ("goal", "trigger", "setup", "on_reveal", "rule"):
            old = weighted.get_edge_data(edge.source, edge.target)
            if old is None or old["weight"] > weight:
                weighted.add_edge(edge.source, edge.target, weight=weight)
    if START not in weighted:
        return {}
    distances: dict[str, int] = nx.single_source_dijkstra_path_length(weighted, START)
    return distances


GRAPH_CHECKS: tuple[Check, ...] = (
    check_campaign_decks,
    check_mission_graphs,
    check_chapter_scope,
    check_places,
    check_tile_supply,
    check_keeps,
    check_enemy_counts,
    check_narrative_rules,
)
"""The campaign and mission-graph checks, in the order they report."""
