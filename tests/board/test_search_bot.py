"""The search bot: takes the mission choice that wins where the heuristic's random pick loses,
refuses an endgame move that loses the chapter, keeps the heuristic's pick unless a candidate wins
more rollouts by the margin, never spends more than its move budget, and plays the same game for
the same seed however the position was reached."""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterator

import pytest

from toolkit.games.board.bots.base import play_out
from toolkit.games.board.bots.heuristic import HeuristicBot
from toolkit.games.board.bots.search import ACTION_COPY_MOVES, WIN, SearchBot, SearchSettings
from toolkit.games.board.engine.core import Decision, Game
from toolkit.games.board.engine.enemies import max_hp
from toolkit.games.board.engine.scenario import builtin_rules
from toolkit.games.board.engine.state import BoardState, deserialize

CHEAP = SearchSettings(choice_rollouts=2, rollouts=2, max_candidates=3, budget=4_000)
"""Few rollouts: the tests pin behaviour, not strength."""

LANTERN = "choose 1: Take the lantern"
SEE_HER_HOME = "choose 2: Let her keep it and see her home"


class DreamerBot(HeuristicBot):
    """A heuristic team that goes to the Dream whenever it may: a bad default to overrule."""

    def on_action(self, g: Game, index: int, options: list[str]) -> str:
        super().on_action(g, index, options)
        return self.cheapest(g, options, "dream") or "end turn"


def _play_until(
    state: BoardState, bot: HeuristicBot | SearchBot, stop: Callable[[Decision], bool]
) -> BoardState | None:
    """Play ``bot`` from ``state`` until ``stop`` holds at a decision (that state), or to the end
    of the game (None)."""
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_chance()
            continue
        decision = state.decision()
        assert decision is not None
        if stop(decision):
            return state
        state.apply_action(bot.act(state))
    return None


def _at_action(chapter: int, hunters: int, seed: int, decisions: int) -> BoardState:
    """A game played by the heuristic team up to its ``decisions``-th action decision."""
    seen = itertools.count(1)
    state = BoardState(builtin_rules("the-pale-bell", chapter), hunters, seed)
    found = _play_until(state, HeuristicBot(seed), lambda d: d.topic == "action" and next(seen) == decisions)
    if found is None:
        raise AssertionError("the game ended first")
    return found


def _in_the_endgame(chapter: int, seed: int) -> BoardState:
    """A game played by the heuristic team up to its first action decision with the Hunt Track
    on one of its last two spaces (where the search bot searches actions)."""
    state = BoardState(builtin_rules("the-pale-bell", chapter), 2, seed)
    track = state.game.rules.track

    def endgame(d: Decision) -> bool:
        return d.topic == "action" and len(d.options) > 1 and state.game.world.track >= track.length - 1

    found = _play_until(state, HeuristicBot(seed), endgame)
    if found is None:
        raise AssertionError("the game ended first")
    return found


def _beside_the_cleric_beast() -> BoardState:
    """A hunter's action decision of chapter 1 with the Cleric Beast on the hunter's space."""
    for seed in range(20):
        state = BoardState(builtin_rules("the-pale-bell", 1), 2, seed)
        found = _play_until(
            state,
            HeuristicBot(seed),
            lambda d: d.topic == "action" and any("cleric-beast#" in o for o in d.options),
        )
        if found is not None:
            return found
    raise AssertionError("no seed brings a hunter to the Cleric Beast")


def _is_choice(decision: Decision) -> bool:
    return decision.topic == "mission-choice"


def test_search_takes_the_lantern_that_wins_where_the_heuristic_sees_the_widow_home_and_loses() -> None:
    # Chapter 1, seed 0: the widow reaches the central lamp in round 2 and offers her lantern.
    # The heuristic answers story choices at random (every branch gets played); here it lets her
    # keep it, card 6 sends the hunters on another escort, and the Hunt Track runs out.
    rules = builtin_rules("the-pale-bell", 1)
    heuristic = HeuristicBot(0)
    plain = _play_until(BoardState(rules, 2, 0), heuristic, _is_choice)
    search = SearchBot(0)
    searched = _play_until(BoardState(rules, 2, 0), search, _is_choice)
    assert plain is not None and searched is not None
    # Nothing was searched on the way (the endgame is rounds away): the same game so far.
    assert plain.history == searched.history and not search.searched
    heuristic_pick, search_pick = heuristic.act(plain), search.act(searched)

    assert (heuristic_pick, search_pick) == (SEE_HER_HOME, LANTERN)
    assert search.searched == {"mission-choice": 1} and search.overruled == {"mission-choice": 1}
    # The rest of both games is the heuristic team's, on the game's own luck: the lantern wins.
    plain.apply_action(heuristic_pick)
    searched.apply_action(search_pick)
    assert play_out(plain, heuristic).game.world.outcome == "lost"
    assert play_out(searched, search.heuristic).game.world.outcome == "won"


def test_search_refuses_a_dream_trip_that_loses_the_chapter_in_the_final_round() -> None:
    state = _beside_the_cleric_beast()
    g = state.game
    boss = next(e for e in g.world.enemies if e.type == "cleric-beast")
    # The beast on its last phase with 1 HP left, the Hunt Track on its last space: a Dream trip
    # now loses the chapter, while a blow (or letting the round play out) slays the beast.
    boss.phase = len(g.rules.bosses["cleric-beast"].phases)
    boss.damage = max_hp(g, boss) - 1
    g.world.track = g.rules.track.length
    g.world.final_round = True
    bot = SearchBot(7, SearchSettings(rollouts=4))
    bot.heuristic = DreamerBot(7)
    assert bot.heuristic.act(state).startswith("dream ")

    pick = bot.act(state)

    assert not pick.startswith("dream "), pick
    assert bot.overruled == {"action": 1}
    state.apply_action(pick)
    play_out(state, HeuristicBot(7))
    assert state.game.world.outcome == "won"


def test_action_decisions_before_the_endgame_are_the_heuristics() -> None:
    state = _at_action(chapter=1, hunters=2, seed=3, decisions=15)
    g = state.game
    assert g.world.track < g.rules.track.length - 1
    bot = SearchBot(5, CHEAP)

    assert bot.act(state) == HeuristicBot(5).act(state)
    assert (bot.spent, bot.rollouts_played, sum(bot.searched.values())) == (0, 0, 0)


def test_the_heuristic_pick_stands_unless_a_candidate_wins_more_rollouts_by_the_margin() -> None:
    default = "move [basic-skill]"
    won, lost = WIN, -WIN
    # As many wins as the default, a rollout cut off by the step cap scoring a little better:
    # with a margin of one won rollout, the default stands.
    level = {default: [won, lost, lost, -WIN / 2], "end turn": [lost, won, lost, 0.0]}
    assert SearchBot.choose(level, default, margin_wins=1) == default
    # One more won rollout: played with a margin of one, not with a margin of two.
    one_more = {default: [won, lost, lost, lost], "end turn": [won, won, lost, lost]}
    assert SearchBot.choose(one_more, default, margin_wins=1) == "end turn"
    assert SearchBot.choose(one_more, default, margin_wins=2) == default
    # Without a margin (a mission choice) the best total wins; a tie keeps the default.
    assert SearchBot.choose(level, default, margin_wins=0) == "end turn"
    tie = {default: [won, lost], "end turn": [lost, won]}
    assert SearchBot.choose(tie, default, margin_wins=0) == default
    # Among candidates past the bar, the best total is played.
    best = {**one_more, "dream [basic-skill]": [won, won, won, lost]}
    assert SearchBot.choose(best, default, margin_wins=1) == "dream [basic-skill]"


class _Counted:
    """Counts the engine's moves and copies made while a bot decides (not the game's own moves)."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.applied = 0
        self.action_copies = 0
        self.replayed = 0
        self.deciding = False
        self._in_clone = False
        apply, clone = BoardState.apply_action, BoardState.clone
        counter = self

        def counted_apply(state: BoardState, action: str) -> None:
            if counter.deciding and not counter._in_clone:
                counter.applied += 1
            apply(state, action)

        def counted_clone(state: BoardState) -> BoardState:
            decision = state.decision()
            assert decision is not None
            if decision.topic == "action":
                counter.action_copies += 1
            else:
                counter.replayed += len(state.history)
            counter._in_clone = True
            try:
                return clone(state)
            finally:
                counter._in_clone = False

        monkeypatch.setattr(BoardState, "apply_action", counted_apply)
        monkeypatch.setattr(BoardState, "clone", counted_clone)

    def wrap(self, bot: SearchBot) -> None:
        act = bot.act

        def counted_act(state: BoardState) -> str:
            self.deciding = True
            try:
                return act(state)
            finally:
                self.deciding = False

        bot.act = counted_act  # type: ignore[method-assign]

    def moves(self) -> int:
        return self.applied + self.replayed + ACTION_COPY_MOVES * self.action_copies


@pytest.mark.parametrize("budget", [1_500, 6_000])
def test_a_game_never_spends_more_engine_moves_on_search_than_its_budget(
    monkeypatch: pytest.MonkeyPatch, budget: int
) -> None:
    counted = _Counted(monkeypatch)
    bot = SearchBot(4, SearchSettings(choice_rollouts=4, rollouts=3, budget=budget))
    counted.wrap(bot)

    play_out(BoardState(builtin_rules("the-pale-bell", 3), 2, 4), bot)

    # The bot's counter is the moves actually played and replayed for it, and stays in budget;
    # the budget ran out (a search was dropped) and searches were made before it did.
    assert counted.moves() == bot.spent <= budget
    assert bot.dropped >= 1 and sum(bot.searched.values()) >= 1


def test_search_leaves_the_searched_state_as_it_was() -> None:
    state = _in_the_endgame(chapter=1, seed=3)
    before = (state.snapshot(), list(state.history))

    bot = SearchBot(5, CHEAP)
    bot.act(state)

    assert bot.rollouts_played > 0
    assert (state.snapshot(), state.history) == before


@pytest.mark.parametrize(("chapter", "seed"), [(1, 3), (3, 8)])
def test_the_same_seed_picks_the_same_action_on_a_clone_and_on_a_deserialized_copy(
    chapter: int, seed: int
) -> None:
    state = _in_the_endgame(chapter, seed)

    def copies() -> Iterator[BoardState]:
        yield from (state, state.clone(), state.replay(), deserialize(state.rules, state.serialize()))

    picks = set()
    for copy in copies():
        bot = SearchBot(11, CHEAP)
        picks.add(bot.act(copy))
        assert bot.rollouts_played > 0
    assert len(picks) == 1


def test_the_same_seed_plays_the_same_game() -> None:
    rules = builtin_rules("the-pale-bell", 2)
    first_bot, second_bot = SearchBot(4, CHEAP), SearchBot(4, CHEAP)
    first = play_out(BoardState(rules, 2, 4), first_bot)
    second = play_out(BoardState(rules, 2, 4), second_bot)
    assert sum(first_bot.searched.values()) > 0
    assert first.history == second.history
    assert (first_bot.spent, first_bot.searched) == (second_bot.spent, second_bot.searched)


def test_the_same_seed_gives_the_same_simulate_report_with_one_and_two_workers() -> None:
    from toolkit.core.packs import builtin_content_root
    from toolkit.core.pipeline import validate_paths
    from toolkit.games.board.simulate import SimulateOptions, render_json, simulate

    loaded = validate_paths([builtin_content_root() / "campaigns" / "the-pale-bell"])
    reports = {
        workers: render_json(
            simulate(
                loaded.index,
                loaded.packs[0],
                SimulateOptions("the-pale-bell", [1], [2], 3, 5, ("search",), workers),
            )
        )
        for workers in (1, 2)
    }
    assert reports[1] == reports[2]
    assert '"bot": "search"' in reports[1]
