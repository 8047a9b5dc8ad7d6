"""The web companion (`huntkit play PACK --web`) in-process: a whole campaign of The Pale Bell played
by taps on its pages, no card's words sent before the card is revealed, and the terminal's saves."""

from __future__ import annotations

import shlex
from functools import cache
from html import escape
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from tests.board.web_forms import forms_of, tap
from tests.board.web_play import SpoilerWatch, as_tapped, campaign_script
from toolkit.core.index import ContentIndex, Pack
from toolkit.core.pipeline import validate_paths
from toolkit.games.board.companion.saves import load_game
from toolkit.games.board.interpreter.book import CampaignBook, book_from_index
from toolkit.games.board.web.actions import ActionError, line_of
from toolkit.games.board.web.hub import GameHub
from toolkit.games.board.web.server import build_app

REPO = Path(__file__).resolve().parents[2]
PALE_BELL = REPO / "content" / "campaigns" / "the-pale-bell"


@cache
def loaded() -> tuple[ContentIndex, Pack]:
    result = validate_paths([PALE_BELL])
    return result.index, result.packs[0]


def book() -> CampaignBook:
    index, pack = loaded()
    return book_from_index(index, pack.id, None)


def client_for(hub: GameHub) -> TestClient:
    return TestClient(build_app(hub), follow_redirects=True)


def new_hub(save: Path | None) -> GameHub:
    index, pack = loaded()
    return GameHub(index, pack, save)


def test_a_campaign_is_played_by_taps_and_no_card_text_is_sent_before_its_reveal(tmp_path: Path) -> None:
    save = tmp_path / "pale-bell.json"
    hub = new_hub(save)
    client = client_for(hub)
    watch = SpoilerWatch(hub, book())
    page = client.get("/")
    watch.check(page.text, "the start page")
    assert "Hunters at the table" in page.text and hub.session is None
    page = client.post("/start", data={"campaign": "the-pale-bell", "chapter": "1", "hunters": "2"})
    watch.check(page.text, "start")
    assert "The First Toll" in page.text
    script = campaign_script()
    for line in script:
        if line == "next" and hub.session is not None and hub.session.state.campaign.complete:
            assert not any("next" in form.actions for form in forms_of(page.text))
            continue  # the terminal script tries `next` once more; the page offers no such button
        line = as_tapped(hub, line)
        form = tap(page.text, line)
        fragment = client.post("/report", data=form, headers={"X-Requested-With": "fetch"})
        assert fragment.status_code == 200, line
        watch.check(fragment.text, line)
        page = client.get("/")
        watch.check(page.text, line)
        watch.check(client.get("/fragment").text, line)
        assert hub.log[0].said == line_of(form)
    assert hub.session is not None and hub.session.state.campaign.complete
    assert "The campaign is won. Well hunted." in page.text
    assert watch.bodies == 2 + 3 * (len(script) - 1)
    saved = load_game(save)
    assert saved.state == hub.session.state


def test_the_watch_catches_a_card_text_sent_early() -> None:
    hub = new_hub(None)
    client = client_for(hub)
    client.post("/start", data={"campaign": "the-pale-bell", "chapter": "1", "hunters": "2"})
    watch = SpoilerWatch(hub, book())
    later = watch.secrets["card 3"][0]
    with pytest.raises(AssertionError, match="card 3"):
        watch.check(client.get("/").text + escape(later), "a leak")


def test_a_slain_named_enemy_is_reported_by_a_tap_on_its_name_and_meets_its_tag_goal(tmp_path: Path) -> None:
    hub = new_hub(None)
    client = client_for(hub)
    client.post("/start", data={"campaign": "the-pale-bell", "chapter": "1", "hunters": "1"})
    page = client.post("/report", data={"action": "move", "tile": "graveyard"})
    slay = next(form for form in forms_of(page.text) if "slay" in form.actions)
    assert "graveyard-mob" in slay.selects["target"]
    assert "Hunter Mob (graveyard-mob)" in page.text
    page = client.post("/report", data={"action": "slay", "target": "graveyard-mob"})
    assert "Goal met on card 7" in page.text
    assert "because: goal of card 7 (" in page.text and "chapter-1.yaml:" in page.text  # and why


def test_the_hunter_count_is_asked_and_never_defaulted() -> None:
    hub = new_hub(None)
    client = client_for(hub)
    page = client.post("/start", data={"campaign": "the-pale-bell", "chapter": "1"})
    assert page.status_code == 400 and "how many hunters" in page.text and hub.session is None
    assert 'name="hunters" value="2" required>' in client.get("/").text  # none checked


def test_a_game_saved_by_the_web_page_continues_in_the_terminal_and_back(tmp_path: Path) -> None:
    from toolkit.cli import run

    save = tmp_path / "game.json"
    hub = new_hub(save)
    client = client_for(hub)
    client.post("/start", data={"campaign": "the-pale-bell", "chapter": "1", "hunters": "2"})
    client.post("/report", data={"action": "move", "tile": "ransacked-house"})
    script = tmp_path / "more.txt"
    script.write_text("end\n", encoding="utf-8")
    assert run(["play", str(PALE_BELL), "--resume", str(save), "--script", str(script)]) == 0
    resumed = load_game(save)
    assert resumed.state.chapter.round == 2 and "widow" in resumed.state.chapter.tokens
    from toolkit.games.board.web.entry import resumed_hub

    again = resumed_hub(*loaded(), save)
    page = client_for(again).get("/")
    assert "round 2" in page.text and "widow" in page.text


def test_undo_and_save_points_are_buttons_and_shared(tmp_path: Path) -> None:
    hub = new_hub(None)
    client, other = client_for(hub), client_for(hub)
    client.post("/start", data={"campaign": "the-pale-bell", "chapter": "1", "hunters": "2"})
    client.post("/report", data={"action": "save", "name": "first night"})
    client.post("/report", data={"action": "end"})
    assert "round 2" in other.get("/").text
    page = other.get("/")
    back = tap(page.text, shlex.join(["back", "first night"]))
    assert "round 1" in other.post("/report", data=back).text
    client.post("/report", data={"action": "end"})
    assert "round 1" in client.post("/report", data=tap(client.get("/").text, "undo")).text


@pytest.mark.parametrize(
    "form",
    [
        {"action": "explode"},
        {"action": "move"},
        {"action": "token", "token": "", "tile": "alleyway"},
        {"action": "save", "name": "x" * 500},
    ],
)
def test_a_form_that_says_nothing_is_refused_with_a_reason(form: dict[str, str]) -> None:
    with pytest.raises(ActionError):
        line_of(form)


def test_a_report_value_is_one_word_never_a_second_command() -> None:
    assert line_of({"action": "save", "name": "a; undo"}) == "save 'a; undo'"
    assert shlex.split(line_of({"action": "choose", "option": "Take it # now"})) == [
        "choose",
        "Take it # now",
    ]


def test_content_text_is_escaped(tmp_path: Path) -> None:
    hub = new_hub(None)
    client = client_for(hub)
    client.post("/start", data={"campaign": "the-pale-bell", "chapter": "1", "hunters": "2"})
    page = client.post("/report", data={"action": "save", "name": "<script>alert(1)</script>"})
    assert "<script>alert(1)" not in page.text and "&lt;script&gt;alert(1)" in page.text
    assert "default-src 'self'" in page.headers["content-security-policy"]


def test_the_page_uses_only_its_own_assets() -> None:
    hub = new_hub(None)
    client = client_for(hub)
    client.post("/start", data={"campaign": "the-pale-bell", "chapter": "1", "hunters": "2"})
    page = client.get("/").text
    assert "http://" not in page and "https://" not in page
    assert client.get("/static/app.js").status_code == 200
    assert client.get("/static/app.css").status_code == 200


def test_play_web_listens_on_loopback_unless_told_otherwise(monkeypatch: pytest.MonkeyPatch) -> None:
    from toolkit.cli import run
    from toolkit.games.board.web import server

    calls: list[tuple[str, int, bool]] = []

    def serve(hub: GameHub, host: str, port: int) -> int:
        calls.append((host, port, hub.session is None))
        return 0

    monkeypatch.setattr(server, "serve", serve)
    assert run(["play", str(PALE_BELL), "--web"]) == 0
    assert (
        run(["play", str(PALE_BELL), "--web", "--host", "0.0.0.0", "--port", "9000", "--hunters", "3"]) == 0
    )
    assert calls == [("127.0.0.1", 8765, True), ("0.0.0.0", 9000, False)]


def test_play_web_refuses_a_script(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from toolkit.cli import run

    script = tmp_path / "s.txt"
    script.write_text("end\n", encoding="utf-8")
    assert run(["play", str(PALE_BELL), "--web", "--script", str(script)]) == 2
    assert "--script is for the terminal companion" in capsys.readouterr().err


def test_the_address_is_printed_and_a_qr_code_only_for_other_devices() -> None:
    import io

    from toolkit.games.board.web.server import announce

    local, network = io.StringIO(), io.StringIO()
    announce("127.0.0.1", 8765, local)
    announce("192.168.1.20", 8765, network)
    assert local.getvalue() == "The hunt is served at http://127.0.0.1:8765/ (Ctrl-C to stop).\n"
    assert "http://192.168.1.20:8765/" in network.getvalue() and "█" in network.getvalue()


def test_the_won_campaign_offers_no_next_chapter() -> None:
    hub = new_hub(None)
    client = client_for(hub)
    client.post("/start", data={"campaign": "the-pale-bell", "chapter": "1", "hunters": "2"})
    assert hub.session is not None
    hub.session.state.chapter.status = "won"
    assert "Next chapter" in client.get("/").text
    hub.session.state.campaign.complete = True
    page = client.get("/").text
    assert "Next chapter" not in page and "The campaign is won." in page


def test_a_report_posted_by_another_site_is_refused() -> None:
    hub = new_hub(None)
    client = client_for(hub)
    client.post("/start", data={"campaign": "the-pale-bell", "chapter": "1", "hunters": "2"})
    before = hub.version
    page = client.post("/report", data={"action": "end"}, headers={"Origin": "https://example.org"})
    assert page.status_code == 403 and hub.version == before
    same = client.post("/report", data={"action": "end"}, headers={"Origin": "http://testserver"})
    assert same.status_code == 200 and hub.version == before + 1
