"""`huntkit play` on Blood Hunt shows the table: every district's resolution step by step, the
cards of closed districts, the effect beside each keep-or-discard choice, cards 6 and 7 asked in
two steps, and holder slots on their district's line. Transcripts of scripted games are read
against an independent replay of the same game from its save."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from tests.blood_hunt.helpers import CONTENT, load_rules
from toolkit.cli import run
from toolkit.games.blood_hunt.engine.events import DistrictClosed, DistrictRevealed, TokenTaken
from toolkit.games.blood_hunt.engine.rules import Rules
from toolkit.games.blood_hunt.engine.state import BloodHuntState, new_initial_state
from toolkit.games.blood_hunt.model.effects import EFFECT_SUMMARIES, EFFECT_VERBS


@pytest.fixture(scope="module")
def rules() -> Rules:
    return load_rules()


def _play(
    tmp_path: Path, players: int, seed: int, capsys: pytest.CaptureFixture[str]
) -> tuple[str, list[int]]:
    script = tmp_path / "ones.txt"
    script.write_text("1\n" * 600)
    save = tmp_path / f"game-{players}-{seed}.json"
    args = ["play", str(CONTENT), "--players", str(players), "--seed", str(seed), "--bot", "heuristic"]
    assert run([*args, "--script", str(script), "--save", str(save)]) == 0
    out = capsys.readouterr().out
    assert "Game over by" in out
    return out, json.loads(save.read_text())["actions"]


def _replayed_events(rules: Rules, players: int, seed: int, actions: list[int]) -> list[object]:
    state = new_initial_state(rules, players, seed)
    state.events = []
    for action in actions:
        state.apply_action(action)
    return list(state.events)


@pytest.mark.parametrize(("players", "seed"), [(2, 11), (3, 3), (4, 5)])
def test_every_district_resolution_is_told_in_ranking_order(
    rules: Rules, players: int, seed: int, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out, actions = _play(tmp_path, players, seed, capsys)
    events = _replayed_events(rules, players, seed, actions)
    revealed = [e for e in events if isinstance(e, DistrictRevealed)]
    assert revealed, "a whole game closes districts"
    names = rules.district_names
    told = re.findall(r"── (.+?) closes\. Trump: (\w+)\.", out)
    assert told == [(names[e.district], rules.suit_names[e.trump]) for e in revealed]
    # Each resolution lists the revealed cards, strongest first, as the engine ranked them.
    blocks = out.split("── ")[1:]
    for block, event in zip(blocks, revealed, strict=True):
        ranked = re.findall(r"^\s+\d+\. (P\d)(?: \(you\))?: (\w+ \d)", block, re.M)
        assert ranked == [(f"P{p + 1}", rules.cards[c].label) for p, c in event.ranking]
    takes = [e for e in events if isinstance(e, TokenTaken)]
    told_takes = re.findall(r"pick: (P\d)(?: \(you\))? takes (.+?) — (chosen|the only kind left)", out)
    assert told_takes == [
        (f"P{e.player + 1}", rules.token_label(e.token), "chosen" if e.chosen else "the only kind left")
        for e in takes
    ]
    closed = [e for e in events if isinstance(e, DistrictClosed)]
    assert len(re.findall(r"is closed; face up on it: ", out)) == len(closed)


def test_a_closed_district_shows_its_cards_and_slots_sit_on_their_district(
    rules: Rules, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out, _ = _play(tmp_path, 3, 3, capsys)
    closed_lines = re.findall(r"^  (.+?) \[closed\] cards: (.+)$", out, re.M)
    assert closed_lines and all(cards != "-" for _, cards in closed_lines)
    assert all(len(cards.split(", ")) == 3 + 4 for _, cards in closed_lines)  # 3 holders, 4 discards
    open_lines = re.findall(r"^  (.+?) \[open\] .*\| (P1 \(you\): .+)$", out, re.M)
    assert open_lines and all(" · P2: " in slots and " · P3: " in slots for _, slots in open_lines)
    assert "discards: - | tokens: -" not in out


def test_keep_or_discard_choices_say_what_each_card_does(
    rules: Rules, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out, _ = _play(tmp_path, 2, 11, capsys)
    summaries = set(EFFECT_SUMMARIES.values())
    keep = re.findall(r"^  \d+\) keep the drawn card in the .+? slot, discarding \w+ \d \((.+)\)$", out, re.M)
    drop = re.findall(r"^  \d+\) discard the drawn card: \w+ \d \((.+)\)$", out, re.M)
    assert keep and drop and set(keep) | set(drop) <= summaries


def test_every_effect_verb_has_a_line_for_the_table() -> None:
    assert set(EFFECT_SUMMARIES) == set(EFFECT_VERBS)


def _largest_menu(out: str) -> int:
    sizes, current = [], 0
    for line in out.splitlines():
        if re.match(r"^  \d+\) ", line):
            current += 1
        elif current:
            sizes.append(current)
            current = 0
    return max(sizes)


def test_cards_6_and_7_are_asked_in_two_steps(
    rules: Rules, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out, _ = _play(tmp_path, 4, 5, capsys)
    assert re.search(r"^  1\) swap .+ of .+ with a token of another district …$", out, re.M)
    assert re.search(r"^  1\) with .+ of .+$", out, re.M)
    assert "choose a number (b to go back, q to quit):" in out
    assert _largest_menu(out) <= 20


def _swap_state(rules: Rules) -> BloodHuntState:
    """A 4-player game played to the first decision of card 6 (swap two tokens)."""
    from toolkit.games.blood_hunt.bots.registry import make_bot

    for seed in range(200):
        state = new_initial_state(rules, 4, seed)
        bot = make_bot("random", 0, seed)
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(state.sample_chance())
            elif state.effect_step == "swap_citizens" and len(state.legal_actions()) > 30:
                return state
            else:
                state.apply_action(bot.step(state))
    raise AssertionError("no game reached card 6 with a long menu")


def test_a_script_may_answer_by_number_in_two_steps_or_name_the_action(rules: Rules) -> None:
    import io

    from toolkit.games.blood_hunt.play.menus import menu
    from toolkit.games.blood_hunt.play.terminal import _ask

    state = _swap_state(rules)
    legal = state.legal_actions()
    first = menu(state, legal)
    assert len(first) < len(legal) and all(c.action is None for c in first)
    out = io.StringIO()
    picked = _ask(state, state.current_player(), iter(["2", "b", "1", "1"]), lambda t: out.write(t + "\n"))
    assert picked == first[0].then[0].action
    named = state.action_to_string(legal[-1])
    assert _ask(state, state.current_player(), iter([named]), lambda t: None) == legal[-1]
