"""The interpreter's short cuts give what the full work gives, in real play and in the exploration.

A goal pass it leaves out (nothing it looks at changed since the last pass that met nothing) would
have found nothing: at every happening, a copy made to look at everything ends in the same state,
with the same outcomes and the same effects heard. And the conditions and triggers it made into
functions (``interpreter.compiled``) give at every call what ``holds`` and ``trigger_matches``
give."""

from __future__ import annotations

import copy
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from toolkit.core.pipeline import validate_paths
from toolkit.games.board.bots.base import make_bot, play_out
from toolkit.games.board.engine.interpreter_adapter import InterpreterPort
from toolkit.games.board.engine.missions import MissionPort
from toolkit.games.board.engine.rules import Rules
from toolkit.games.board.engine.scenario import builtin_rules
from toolkit.games.board.engine.state import BoardState
from toolkit.games.board.interpreter import lookup
from toolkit.games.board.interpreter.book import book_from_index
from toolkit.games.board.interpreter.compiled import Match, Test, condition_test, trigger_match
from toolkit.games.board.interpreter.exploration import explore_chapter
from toolkit.games.board.interpreter.machine import MissionInterpreter
from toolkit.games.board.interpreter.matching import holds, trigger_matches

PALE_BELL = Path(__file__).resolve().parents[2] / "content" / "campaigns" / "the-pale-bell"


@pytest.fixture
def checked(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[bool]]:
    """Every happening also processed by a copy that makes the goal pass whatever changed; yields,
    per happening, whether the interpreter left its pass out."""
    handle = MissionInterpreter._handle
    settle = MissionInterpreter._settle
    passes: list[bool] = []
    settled: list[int] = []

    def counting(self: MissionInterpreter, *args: Any) -> None:
        settled.append(1)
        settle(self, *args)

    def checking(
        self: MissionInterpreter, item: Any, resumed: Any, event: Any = None, kind: Any = None
    ) -> None:
        memo: dict[int, Any] = {id(self.book): self.book, id(self._lookup): self._lookup, id(event): event}
        full, full_item, full_resumed = copy.deepcopy((self, item, resumed), memo)
        full._clean = None  # no pass to go by: it makes the pass
        before = len(settled)
        handle(self, item, resumed, event, kind)
        passes.append(len(settled) == before)
        handle(full, full_item, full_resumed, event, kind)
        assert full.state.model_dump() == self.state.model_dump()
        assert full._out == self._out
        assert getattr(full, "heard", None) == getattr(self, "heard", None)

    monkeypatch.setattr(MissionInterpreter, "_settle", counting)
    monkeypatch.setattr(MissionInterpreter, "_handle", checking)
    yield passes


def _explaining(rules: Rules, hunters: int) -> MissionPort:
    port = InterpreterPort(rules, hunters)
    port.machine.explain = True
    return port


@pytest.mark.parametrize("chapter", [1, 2, 3])
@pytest.mark.parametrize("bot", ["random", "heuristic"])
def test_a_pass_left_out_in_play_would_have_met_nothing(checked: list[bool], chapter: int, bot: str) -> None:
    rules = builtin_rules("the-pale-bell", chapter)
    for hunters, seed in ((1, 3), (2, 1), (4, 2)):
        play_out(BoardState(rules, hunters, seed), make_bot(bot, seed))
        play_out(BoardState(rules, hunters, seed, _explaining), make_bot(bot, seed))
    assert any(checked), "no pass was left out: the check proved nothing"
    assert not all(checked)


def test_a_pass_left_out_in_the_exploration_would_have_met_nothing(checked: list[bool]) -> None:
    result = validate_paths([PALE_BELL])
    book = book_from_index(result.index, result.packs[0].id, None)
    for chapter in (1, 2, 3):
        explore_chapter(book, chapter, 2, (), 300)
    assert any(checked) and not all(checked)


@pytest.fixture
def compared(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[int]]:
    """The goals' tests, `only_if` tests and trigger matches of the interpreter's tables each also
    checked against ``holds`` and ``trigger_matches`` at every call; yields the calls counted."""
    calls: list[int] = []

    def test_checked(condition: Any, book: Any, hunters: int) -> Test:
        test = condition_test(condition, book, hunters)

        def both(state: Any, card: Any, happening: Any, kind: Any) -> bool:
            found = test(state, card, happening, kind)
            assert state.campaign.hunters == hunters
            assert found == holds(condition, state, book, card, happening), condition
            calls.append(1)
            return found

        return both

    def match_checked(trigger: Any, book: Any) -> Match | None:
        match = trigger_match(trigger, book)

        def both(happening: Any, state: Any) -> bool:
            found = match is None or match(happening, state)
            assert found == trigger_matches(trigger, happening, state, book), trigger
            calls.append(1)
            return found

        return both

    monkeypatch.setattr(lookup, "condition_test", test_checked)
    monkeypatch.setattr(lookup, "trigger_match", match_checked)
    books = [builtin_rules("the-pale-bell", chapter).cache.get("book") for chapter in (1, 2, 3)]
    for book in books:
        if book is not None:
            book.lookup = None  # tables made again, with the checks
    yield calls
    for book in books:
        if book is not None:
            book.lookup = None


def test_the_compiled_tests_and_matches_agree_with_full_matching_in_play(compared: list[int]) -> None:
    for chapter in (1, 2, 3):
        rules = builtin_rules("the-pale-bell", chapter)
        for hunters, seed in ((1, 5), (3, 4)):
            for bot in ("random", "heuristic"):
                play_out(BoardState(rules, hunters, seed), make_bot(bot, seed))
    result = validate_paths([PALE_BELL])
    book = book_from_index(result.index, result.packs[0].id, None)
    for chapter in (1, 2, 3):
        explore_chapter(book, chapter, 2, (), 300)
    assert len(compared) > 1000
