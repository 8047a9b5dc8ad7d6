"""Mission-graph drawings escape content text: a title cannot break out of its label."""

from __future__ import annotations

import json
import re

from toolkit.games.board.mission import MISSION_KINDS
from toolkit.games.board.mission.deck import document_for, gather_decks
from toolkit.games.board.mission.graph import ChapterGraph, campaign_graphs
from toolkit.games.board.mission.render import render_dot, render_json, render_mermaid

HOSTILE = 'Evil"]) --> x[<script>alert(1)</script>] | end'


def _graphs() -> list[ChapterGraph]:
    data = [
        {"kind": "campaign", "id": "mini", "name": "Mini", "introduction": "A test."},
        {
            "kind": "chapter",
            "campaign": "mini",
            "number": 1,
            "title": "One",
            "setup": {"enemies": ["a", "b", "c"], "random_tiles": 2},
            "triggers": [{"when": {"start_of_hunt": True}, "reveal": 1}],
        },
        {
            "kind": "mission-card",
            "campaign": "mini",
            "chapter": 1,
            "number": 1,
            "type": "hunt",
            "title": HOSTILE,
            "goals": [{"goal": {"end_move_on": "central-lamp"}, "then": [{"complete_hunt": True}]}],
        },
    ]
    documents = [document_for(MISSION_KINDS[d["kind"]].model_validate(d)) for d in data]
    return campaign_graphs(gather_decks(documents)["mini"])


def test_mermaid_labels_cannot_close_their_quotes_or_carry_html() -> None:
    out = render_mermaid(_graphs())
    (line,) = [line for line in out.splitlines() if "c1_card_1[" in line]
    label = line.split('["', 1)[1].rsplit('"]', 1)[0]
    assert '"' not in label and "<" not in label and ">" not in label and "|" not in label


def test_dot_labels_escape_quotes() -> None:
    out = render_dot(_graphs())
    (line,) = [line for line in out.splitlines() if line.strip().startswith('"c1_card:1" [')]
    assert re.search(r'label="1 · hunt · Evil\\"\]\)', line)


def test_json_keeps_the_title_verbatim() -> None:
    data = json.loads(render_json(_graphs()))
    titles = [n["title"] for n in data["chapters"][0]["nodes"] if n["id"] == "card:1"]
    assert titles == [HOSTILE]
