"""Mission-graph checks: what they find in hand-built campaigns, that random well-formed graphs never
crash them, and that removing any single reveal from the example campaign is caught."""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from toolkit.core.diagnostics import Diagnostic, Severity
from toolkit.core.document import LoadedDocument
from toolkit.core.index import ContentIndex, Pack
from toolkit.core.model import Document
from toolkit.core.pipeline import validate_paths
from toolkit.games.board.checks.graph import GRAPH_CHECKS
from toolkit.games.board.mission import MISSION_KINDS
from toolkit.games.board.mission.deck import document_for, gather_decks
from toolkit.games.board.mission.graph import HUNT, build_chapter_graph, campaign_graphs
from toolkit.games.board.mission.render import RENDERERS

REPO = Path(__file__).resolve().parents[2]
PALE_BELL = REPO / "content" / "campaigns" / "the-pale-bell"


def model_of(data: dict[str, Any]) -> Document:
    return MISSION_KINDS[data["kind"]].model_validate(data)


def run_checks(documents: list[LoadedDocument]) -> list[Diagnostic]:
    pack = Pack("test", "bloodborne-board", Path("."), None, None, documents=documents)
    index = ContentIndex()
    found: list[Diagnostic] = []
    for check in GRAPH_CHECKS:
        found.extend(check(index, pack))
    return found


def codes_of(found: list[Diagnostic]) -> set[str]:
    return {d.code for d in found}


def campaign(*chapters: int) -> list[dict[str, Any]]:
    docs: list[dict[str, Any]] = [
        {"kind": "campaign", "id": "mini", "name": "Mini", "introduction": "A test."}
    ]
    for number in chapters:
        docs.append(
            {
                "kind": "chapter",
                "campaign": "mini",
                "number": number,
                "title": f"Chapter {number}",
                "setup": {"enemies": ["scourge-beast", "hunter-mob", "church-servant"], "random_tiles": 2},
                "triggers": [{"when": {"start_of_hunt": True}, "reveal": number * 10}],
            }
        )
    return docs


def card(
    number: int, then: list[Any], *, type: str = "hunt", chapter: int = 1, **extra: Any
) -> dict[str, Any]:
    return {
        "kind": "mission-card",
        "campaign": "mini",
        "chapter": chapter,
        "number": number,
        "type": type,
        "title": f"Card {number}",
        "goals": [{"goal": {"end_move_on": "central-lamp"}, "then": then}],
        **extra,
    }


def documents(data: list[dict[str, Any]]) -> list[LoadedDocument]:
    return [document_for(model_of(d), f"doc-{i}.yaml", i) for i, d in enumerate(data)]


def test_a_sound_campaign_has_no_findings() -> None:
    data = [
        *campaign(1, 2, 3),
        card(10, [{"reveal": 11}]),
        card(11, [{"complete_hunt": True}]),
        card(20, [{"complete_hunt": True}], chapter=2),
        card(30, [{"complete_hunt": True}], chapter=3),
    ]
    assert run_checks(documents(data)) == []


def test_a_reveal_of_a_missing_card_is_reported_on_that_card() -> None:
    data = [*campaign(1, 2, 3), card(10, [{"reveal": 99}]), card(20, [{"complete_hunt": True}], chapter=2)]
    data.append(card(30, [{"complete_hunt": True}], chapter=3))
    found = run_checks(documents(data))
    unknown = [d for d in found if d.code == "BB0501"]
    assert len(unknown) == 1
    assert unknown[0].file == Path("doc-4.yaml")
    assert "BB0507" in codes_of(found)


def test_every_side_of_a_choice_is_explored() -> None:
    choice = {
        "choose": {
            "prompt": "?",
            "options": [
                {"label": "Win", "then": [{"complete_hunt": True}]},
                {"label": "Wander", "then": [{"advance_hunt_track": 1}]},
            ],
        }
    }
    data = [*campaign(1, 2, 3), card(10, [choice])]
    data += [card(20, [{"complete_hunt": True}], chapter=2), card(30, [{"complete_hunt": True}], chapter=3)]
    found = run_checks(documents(data))
    dead = [d for d in found if d.code == "BB0506"]
    assert len(dead) == 1
    assert "Wander" in dead[0].message


def test_branch_sides_each_reach_their_cards() -> None:
    branch = {"branch": {"if": {"holds_insight": 1}, "then": [{"reveal": 11}], "else": [{"reveal": 12}]}}
    data = [*campaign(1, 2, 3), card(10, [branch]), card(11, [{"complete_hunt": True}])]
    data += [
        card(12, [{"complete_hunt": True}]),
        {"kind": "insight-card", "campaign": "mini", "number": 1, "title": "I"},
    ]
    data += [card(13, [{"complete_mission": {"insight": 1}}], type="insight")]
    data[1]["triggers"].append({"when": {"end_move_on": "central-lamp"}, "reveal": 13})
    data += [card(20, [{"complete_hunt": True}], chapter=2), card(30, [{"complete_hunt": True}], chapter=3)]
    found = run_checks(documents(data))
    assert not [d for d in found if d.severity is Severity.ERROR], found
    deck = gather_decks(documents(data))["mini"]
    graph = build_chapter_graph(deck, 1)
    assert {"card:11", "card:12", HUNT} <= graph.reachable()


# --- property: random well-formed mission graphs never crash the checks ---------------------------

NUMBERS = st.integers(min_value=1, max_value=9)


def _effects(depth: int) -> st.SearchStrategy[list[Any]]:
    leaf = st.one_of(
        NUMBERS.map(lambda n: {"reveal": n}),
        st.just({"complete_hunt": True}),
        st.one_of(st.none(), NUMBERS).map(lambda n: {"complete_mission": {"insight": n}}),
        NUMBERS.map(lambda n: {"special_rules": n}),
        st.just({"advance_hunt_track": 1}),
        st.just({"fog_gates": "oedon-chapel"}),
        st.just({"place_token": {"token": "t", "type": "corpse", "at": "central-lamp"}}),
    )
    if depth <= 0:
        return st.lists(leaf, min_size=1, max_size=3)
    inner = _effects(depth - 1)
    flow = st.one_of(
        st.tuples(inner, inner).map(
            lambda sides: {
                "choose": {
                    "prompt": "?",
                    "options": [{"label": "a", "then": sides[0]}, {"label": "b", "then": sides[1]}],
                }
            }
        ),
        st.tuples(NUMBERS, inner, inner).map(
            lambda b: {"branch": {"if": {"holds_insight": b[0]}, "then": b[1], "else": b[2]}}
        ),
    )
    return st.lists(st.one_of(leaf, flow), min_size=1, max_size=3)


def _goal() -> st.SearchStrategy[dict[str, Any]]:
    condition = st.one_of(
        st.just({"end_move_on": "central-lamp"}),
        st.integers(min_value=1, max_value=5).map(lambda n: {"collected_insight": n}),
        NUMBERS.map(lambda n: {"holds_insight": n}),
        st.just({"all": [{"collected_insight": 1}, {"interact": "t"}]}),
        st.just({"slay": {"tag": "x"}}),
    )
    return st.fixed_dictionaries({"goal": condition, "then": _effects(2)})


@st.composite
def random_campaigns(draw: st.DrawFn) -> list[dict[str, Any]]:
    data = campaign(*sorted(draw(st.sets(st.integers(1, 3), min_size=1))))
    for chapter in data[1:]:
        when = st.sampled_from(
            [{"start_of_hunt": True}, {"insight_collected": 3}, {"untold": "?"}, {"interact": "t"}]
        )
        chapter["triggers"] = [
            {"when": draw(when), "reveal": n} for n in draw(st.lists(NUMBERS, min_size=1, max_size=3))
        ]
        chapter["setup"]["special_rules"] = draw(st.lists(NUMBERS, max_size=2))
    for number in draw(st.lists(NUMBERS, min_size=1, max_size=9)):
        kind = draw(st.sampled_from(["hunt", "insight", "special-rules"]))
        goals = [] if kind == "special-rules" else draw(st.lists(_goal(), min_size=1, max_size=2))
        data.append(
            {
                "kind": "mission-card",
                "campaign": "mini",
                "chapter": draw(st.integers(1, 3)),
                "number": number,
                "type": kind,
                "title": "random",
                "on_reveal": draw(_effects(0)) if draw(st.booleans()) else [],
                "goals": goals,
                "keeps": {"tokens": ["t"], "fog_gates": ["oedon-chapel"]} if draw(st.booleans()) else None,
            }
        )
    for number in draw(st.lists(NUMBERS, max_size=4)):
        data.append({"kind": "insight-card", "campaign": "mini", "number": number, "title": "i"})
    return data


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(random_campaigns())
def test_random_well_formed_mission_graphs_never_crash_the_checks(data: list[dict[str, Any]]) -> None:
    docs = documents(data)
    found = run_checks(docs)
    assert all(d.code.startswith("BB0") for d in found)
    deck = gather_decks(docs)["mini"]
    graphs = campaign_graphs(deck)
    for render in RENDERERS.values():
        assert render(graphs)


# --- mutation: deleting any single reveal of the example campaign is caught -----------------------


@pytest.fixture(scope="module")
def pale_bell() -> list[LoadedDocument]:
    result = validate_paths([PALE_BELL])
    assert result.error_count == 0
    return [d for p in result.packs for d in p.documents if d.model is not None]


def _reveal_sites(docs: list[LoadedDocument]) -> list[tuple[int, tuple[str | int, ...]]]:
    """(document index, path of the list item holding a reveal) for every edge into a card."""
    deck = gather_decks(docs)["the-pale-bell"]
    position = {id(d): i for i, d in enumerate(docs)}
    sites: set[tuple[int, tuple[str | int, ...]]] = set()
    for graph in campaign_graphs(deck):
        for edge in graph.edges():
            if edge.target.startswith("card:"):
                item = {"trigger": edge.path[:2], "setup": edge.path}.get(edge.kind, edge.path[:-1])
                sites.add((position[id(edge.document)], item))
    return sorted(sites, key=str)


def _delete(data: Any, path: tuple[str | int, ...]) -> Any:
    """Remove the item at ``path``; an effect becomes a harmless one so its list stays valid."""
    data = copy.deepcopy(data)
    holder = data
    for key in path[:-1]:
        holder = holder[key]
    if path[0] in ("goals", "on_reveal", "rules"):
        holder[path[-1]] = {"advance_hunt_track": 1}
    else:
        del holder[path[-1]]
    return data


def test_the_example_campaign_has_reveals_to_delete(pale_bell: list[LoadedDocument]) -> None:
    assert len(_reveal_sites(pale_bell)) >= 20


def test_deleting_any_single_reveal_of_the_example_campaign_is_caught(
    pale_bell: list[LoadedDocument],
) -> None:
    missed = []
    for doc_index, path in _reveal_sites(pale_bell):
        original = pale_bell[doc_index]
        assert original.model is not None
        dumped = original.model.model_dump(mode="json", by_alias=True, exclude_unset=True)
        mutated_model = type(original.model).model_validate(_delete(dumped, path))
        mutated = [*pale_bell]
        mutated[doc_index] = document_for(mutated_model, str(original.path), original.index)
        errors = [d for d in run_checks(mutated) if d.severity is Severity.ERROR]
        if not errors:
            missed.append((original.path.name, path))
    assert not missed


def test_insight_a_card_opens_on_reveal_counts_before_its_own_goal() -> None:
    data = [
        *campaign(1, 2, 3),
        card(10, [{"complete_hunt": True}], on_reveal=[{"reveal": 11}]),
        card(11, [{"complete_mission": {"insight": 1}}], type="insight"),
        {"kind": "insight-card", "campaign": "mini", "number": 1, "title": "I"},
        card(20, [{"complete_hunt": True}], chapter=2),
        card(30, [{"complete_hunt": True}], chapter=3),
    ]
    data[4]["goals"][0]["goal"] = {"collected_insight": 1}
    assert run_checks(documents(data)) == []


def test_insight_opened_only_by_a_card_s_own_goal_comes_too_late() -> None:
    data = [
        *campaign(1, 2, 3),
        card(10, [{"reveal": 12}]),
        card(12, [{"complete_hunt": True}], on_reveal=[{"reveal": 11}]),
        card(11, [{"complete_mission": {"insight": 1}}], type="insight"),
        {"kind": "insight-card", "campaign": "mini", "number": 1, "title": "I"},
        card(20, [{"complete_hunt": True}], chapter=2),
        card(30, [{"complete_hunt": True}], chapter=3),
    ]
    data[4]["goals"][0]["goal"] = {"collected_insight": 1}
    found = run_checks(documents(data))
    assert [(d.code, d.file) for d in found] == [("BB0509", Path("doc-4.yaml"))]
