"""`play --web --lang pl`: the web companion's own labels in Polish, rendered by the server with the
hub's language (the in-process test client, not a browser); the English page is unchanged."""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

from starlette.testclient import TestClient

from toolkit.core.index import ContentIndex, Pack
from toolkit.core.pipeline import validate_paths
from toolkit.core.strings.localise import localised_index
from toolkit.games.board.web.hub import GameHub
from toolkit.games.board.web.server import build_app

REPO = Path(__file__).resolve().parents[2]
PALE_BELL = REPO / "content" / "campaigns" / "the-pale-bell"


@cache
def polish() -> tuple[ContentIndex, Pack]:
    result = validate_paths([PALE_BELL])
    index = localised_index(result.index, "pl")
    return index, index.packs["the-pale-bell"]


def client(language: str | None) -> TestClient:
    index, pack = polish()
    return TestClient(build_app(GameHub(index, pack, None, language=language)), follow_redirects=True)


def text(page: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", page))


def test_the_start_page_asks_in_polish() -> None:
    page = client("pl").get("/").text
    assert '<html lang="pl"' in page and "<title>pomocnik huntkit</title>" in page
    assert all(
        word in text(page) for word in ("Kampania", "Rozdział", "Łowcy przy stole", "Zacznijcie polowanie")
    )
    assert "Begin the hunt" not in page


def test_a_start_without_hunters_is_refused_in_polish() -> None:
    page = client("pl").post("/start", data={"campaign": "the-pale-bell", "chapter": "1"})
    assert page.status_code == 400
    assert "Podajcie, ilu łowców siedzi przy stole (od 1 do 4)." in page.text


def test_the_game_page_labels_its_panels_and_reports_in_polish() -> None:
    page = client("pl").post("/start", data={"campaign": "the-pale-bell", "chapter": "1", "hunters": "2"})
    words = text(page.text)
    assert "Rozdział 1 · runda 1 · łowcy: 2 · wgląd: 0" in words
    for label in (
        "Tor polowania 1/",
        "Co się wydarzyło",
        "Karty w grze",
        "Zgłoszenie",
        "Koniec ruchu",
        "Kafelek lub pole",
        "Odkryty kafelek",
        "Wyprawa do Snu Łowcy",
        "Koniec rundy",
        "Cofnij",
        "Na stole",
        "Punkty zapisu",
        "Utwórzcie punkt zapisu",
        "Lista przygotowań",
    ):
        assert label in words, label
    assert 'aria-label="pole 1, tu stoi znacznik"' in page.text
    assert "Cards in play" not in words and "What happened" not in words and "Hunt Track" not in words
    # The buttons keep their ids and actions: the script and the reports do not depend on the words.
    assert 'id="do-end" name="action" value="end">Koniec rundy</button>' in page.text


def test_a_rejected_report_says_so_in_polish() -> None:
    web = client("pl")
    web.post("/start", data={"campaign": "the-pale-bell", "chapter": "1", "hunters": "2"})
    page = web.post("/report", data={"action": "slay", "target": "cleric-beast"})
    assert "Nie zastosowano: bossa &#x27;cleric-beast&#x27; nie ma na mapie" in page.text


def test_without_a_language_the_page_is_english_as_before() -> None:
    page = client(None).post("/start", data={"campaign": "the-pale-bell", "chapter": "1", "hunters": "2"})
    words = text(page.text)
    assert '<html lang="en"' in page.text
    assert "Chapter 1 · round 1 · 2 hunters · insight 0" in words
    assert "Cards in play" in words and "End of round" in words and "Hunt Track 1/" in words
