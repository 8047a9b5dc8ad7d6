"""No test of tests/board/ (or tests/fuzz/) sets up a rules situation by hand (issue 13's done-when).

A rules situation — a table with hunters and enemies placed, a mission state at some point of a
chapter — is written as a YAML scenario (`rule-scenario` for the engine's rules, `scenario` for
the missions' flow), run by `huntkit test` and shown on the reference's rules pages. This test
reads every module of tests/board/ and fails on a function that builds such a state in Python:
it constructs the engine's or the interpreter's state objects (or drives a fresh interpreter),
or it assigns to their fields. The functions allowed to do so are listed below, each with why
it is machinery rather than a rule.
"""

from __future__ import annotations

import ast
import dataclasses
from collections.abc import Iterator
from pathlib import Path

import pytest

from toolkit.games.board.engine import world
from toolkit.games.board.interpreter import state

TESTS = Path(__file__).resolve().parents[1]
SCANNED = ("board", "fuzz")
"""The folders read: the board game's tests, and the fuzzer's (which must not grow rule tests either)."""

BUILDERS = frozenset(
    {
        # The engine's table and its pieces.
        "Game",
        "StackedGame",
        "new_game",
        "TableBuilder",
        "set_table",
        "World",
        "HunterState",
        "EnemyState",
        "Token",
        "SpawnGroup",
        "PlacedTile",
        # The interpreter, and the mission state it plays.
        "MissionInterpreter",
        "new_state",
        "MissionState",
        "ChapterState",
        "CampaignState",
        "EnemyGroup",
        "TokenState",
        "CardInPlay",
    }
)
"""Constructors that set up a table or a mission state (a seeded `BoardState` deals a whole chapter
as the game does, and is not one)."""

SCENARIO_HELPERS = "toolkit.games.board.engine.scenario"
"""The module that once held `table()` and `put_enemy()`; only `builtin_rules` may come from it."""

MUTATORS = frozenset({"append", "extend", "insert", "update", "setdefault", "clear", "pop", "remove"})


def _state_fields() -> frozenset[str]:
    names: set[str] = set()
    for cls in (world.HunterState, world.EnemyState, world.World, world.Token, world.SpawnGroup):
        names.update(f.name for f in dataclasses.fields(cls))
    for model in (state.ChapterState, state.CampaignState, state.EnemyGroup, state.TokenState):
        names.update(model.model_fields)
    return frozenset(names)


STATE_FIELDS = _state_fields()
"""Fields of the engine's world and pieces and of the interpreter's chapter and campaign state."""

INTERPRETER = "board/test_interpreter.py"
COMPANION = "board/test_companion.py"
STUMBLES = "board/test_companion_stumbles.py"

ALLOWED: dict[tuple[str, str], str] = {
    # --- the mission interpreter's machinery ---
    (INTERPRETER, "started"): "starts a chapter (with insight held) for the machinery tests below",
    (INTERPRETER, "test_start_of_hunt_reveals_the_first_card_and_says_which_trigger_at_which_line"): (
        "pins the explanation's source file and line, which scenarios do not expose"
    ),
    (INTERPRETER, "test_a_goal_met_explains_the_goal_and_the_reveal_it_makes"): (
        "pins the explanation's order and source line"
    ),
    (INTERPRETER, "test_state_with_a_pending_choice_round_trips_through_json_exactly"): "serialisation",
    (INTERPRETER, "test_the_same_events_always_give_the_same_outcomes_and_state"): "determinism",
    (INTERPRETER, "test_a_rejected_event_leaves_the_state_unchanged"): "atomicity of a rejected event",
    (INTERPRETER, "test_a_rejected_event_hints_at_the_closest_name_even_after_the_state_moved_on"): (
        "the did-you-mean of a rejection, and the rejection pickled across processes"
    ),
    (
        INTERPRETER,
        "test_a_rejected_choice_leaves_the_state_exactly_unchanged",
    ): "atomicity of a rejected choice",
    (INTERPRETER, "test_a_choice_resuming_a_saved_event_that_no_longer_parses_is_rolled_back"): (
        "the rollback of a save edited by hand (serialisation)"
    ),
    (INTERPRETER, "test_any_sequence_of_reports_is_applied_or_rejected_and_the_state_round_trips"): (
        "property test: any events, then the state round-trips"
    ),
    (INTERPRETER, "test_a_pending_choice_resumes_after_a_save_in_a_new_interpreter"): (
        "a save restored into a new interpreter (serialisation)"
    ),
    (INTERPRETER, "test_a_listener_hears_each_table_effect_and_each_card_leaving_play"): (
        "the listener port the engine's adapter plugs into"
    ),
    # --- the interpreter's trigger lookup tables: an index, checked against matching every trigger ---
    ("board/test_interpreter_lookup.py", "state"): "a state where every trigger of the comparison can hold",
    (
        "board/test_interpreter_lookup.py",
        "test_a_trigger_matches_only_happenings_of_the_kind_it_is_filed_under",
    ): ("the trigger index against full matching"),
    ("board/test_interpreter_lookup.py", "test_a_goal_filed_under_event_kinds_holds_on_no_other_happening"): (
        "the goal index against full matching"
    ),
    ("board/test_interpreter_lookup.py", "card"): "a card in play for the same comparison",
    ("board/test_interpreter_lookup.py", "test_a_condition_made_into_a_test_holds_as_the_condition_does"): (
        "the goals' compiled tests against full matching"
    ),
    ("board/test_interpreter_lookup.py", "test_a_trigger_made_into_a_match_matches_as_the_trigger_does"): (
        "the triggers' compiled matches against full matching"
    ),
    ("board/test_interpreter_lookup.py", "_without"): (
        "the same state with one part a condition reads changed, for the goal-pass index"
    ),
    (
        "board/test_interpreter_lookup.py",
        "test_a_condition_holds_the_same_whatever_changes_outside_what_it_reads",
    ): ("what a goal reads (the goal-pass index) against full matching"),
    ("board/test_interpreter_lookup.py", "test_a_goal_reading_the_event_holds_only_on_the_events_it_names"): (
        "the goal index by what an event names against full matching"
    ),
    # --- the companions (`huntkit play`, terminal and web): user interfaces over the interpreter ---
    (COMPANION, "session"): "a companion session for the tests of its prompts, undo and saves",
    (COMPANION, "test_bad_input_gets_a_message_and_never_loses_the_session"): "the companion's input errors",
    (COMPANION, "test_a_mistyped_command_gets_a_did_you_mean"): "the companion's command parser",
    (COMPANION, "test_undo_takes_back_the_last_report"): "the companion's undo",
    (COMPANION, "test_a_bare_number_answers_the_pending_choice"): "the companion's command parser",
    (COMPANION, "test_status_shows_track_insight_cards_in_play_and_goals"): "the companion's status screen",
    (COMPANION, "test_why_names_the_trigger_and_its_file_and_line"): "the companion's `why` command",
    (COMPANION, "test_any_typed_lines_get_answers_and_leave_a_valid_state"): (
        "property test: any typed lines get an answer"
    ),
    (COMPANION, "test_the_opening_lists_the_setup_for_the_number_of_hunters"): (
        "the companion's opening text for 3 hunters"
    ),
    (COMPANION, "test_a_named_save_point_brings_the_table_back_before_the_boss"): (
        "the companion's save points; the insight only lets the boss appear"
    ),
    (COMPANION, "test_killing_the_process_mid_save_leaves_the_previous_save_readable"): (
        "the companion's atomic save file"
    ),
    (STUMBLES, "test_an_enemy_type_with_two_standing_groups_or_in_a_slot_is_not_guessed"): (
        "how the companion resolves a typed enemy name to a group: its parser, not a rule"
    ),
    (STUMBLES, "test_a_slain_enemy_named_by_its_type_meets_the_goal_waiting_for_its_tag"): (
        "how the companion turns a typed enemy type into the report of its group's tag"
    ),
    (STUMBLES, "test_a_branch_on_held_insight_reads_as_a_sentence"): "the companion's wording of a goal",
    (STUMBLES, "test_completion_offers_what_fits_after_the_words_typed"): "the companion's tab completion",
    (STUMBLES, "test_completion_offers_the_tokens_on_the_map_then_tiles"): "the companion's tab completion",
    (STUMBLES, "test_the_campaign_introduction_and_the_chapter_story_open_a_new_campaign"): (
        "the companion's opening text of chapters 1 and 2"
    ),
    ("board/test_web_companion.py", "test_the_won_campaign_offers_no_next_chapter"): (
        "the web page's buttons for a won chapter and a won campaign"
    ),
    # --- invariants: a state broken on purpose so the checker names what is broken ---
    ("board/test_engine_playouts.py", "test_the_invariant_checker_names_what_is_broken"): (
        "breaks a state on purpose to test the invariant checker"
    ),
    # --- the search bot: its rollouts clone and play out a dealt BoardState, which a scenario's
    # stacked table is not ---
    (
        "board/test_search_bot.py",
        "test_search_refuses_a_dream_trip_that_loses_the_chapter_in_the_final_round",
    ): ("pins the search's rollouts overruling the heuristic"),
}
"""(module, function) → why it is machinery. Keep it short: a new entry needs a reason a reviewer
accepts, and a rules situation belongs in a YAML scenario instead."""


@dataclasses.dataclass(frozen=True)
class Offence:
    module: str
    function: str
    line: int
    what: str

    def __str__(self) -> str:
        return f"tests/{self.module}:{self.line} in {self.function}: {self.what}"


def _chain(node: ast.expr) -> list[str]:
    """The attribute and subscript names of a target, innermost last: `g.world.track` → [g, world, track]."""
    names: list[str] = []
    while True:
        if isinstance(node, ast.Attribute):
            names.append(node.attr)
            node = node.value
        elif isinstance(node, ast.Subscript):
            node = node.value
        elif isinstance(node, ast.Name):
            names.append(node.id)
            return names[::-1]
        else:
            return names[::-1]


def _called(func: ast.expr) -> str:
    if isinstance(func, ast.Name):
        return func.id
    return func.attr if isinstance(func, ast.Attribute) else ""


def _by_hand(chain: list[str]) -> bool:
    """Whether assigning to this target changes the engine's or the interpreter's state."""
    if chain[:1] == ["self"] or len(chain) < 2:
        return False  # a helper class's own attributes, or a plain variable
    return chain[-1] in STATE_FIELDS or bool({"world", "chapter", "campaign"} & set(chain))


def _targets(node: ast.AST) -> list[ast.expr]:
    if isinstance(node, ast.Assign):
        return list(node.targets)
    if isinstance(node, ast.AugAssign | ast.AnnAssign):
        return [node.target]
    return []


def _offences_in(body: ast.AST, module: str, function: str) -> Iterator[Offence]:
    for node in ast.walk(body):
        if isinstance(node, ast.Call):
            func = node.func
            name = _called(func)
            if name in BUILDERS:
                yield Offence(module, function, node.lineno, f"builds `{name}(…)` by hand")
            elif isinstance(func, ast.Attribute) and name in MUTATORS:
                chain = _chain(func.value)
                if len(chain) > 1 and chain[-1] in STATE_FIELDS:
                    yield Offence(module, function, node.lineno, f"changes `{'.'.join(chain)}` by hand")
        for target in _targets(node):
            chain = _chain(target)
            if _by_hand(chain):
                yield Offence(module, function, target.lineno, f"sets `{'.'.join(chain)}` by hand")
        if isinstance(node, ast.ImportFrom) and node.module == SCENARIO_HELPERS:
            for alias in node.names:
                if alias.name != "builtin_rules":
                    what = f"imports `{alias.name}` from {SCENARIO_HELPERS}"
                    yield Offence(module, function, node.lineno, what)


def _functions(tree: ast.Module) -> Iterator[tuple[str, ast.AST]]:
    """The module's functions and methods by name, then its top level as `<module>`."""
    top: list[ast.stmt] = []
    for statement in tree.body:
        if isinstance(statement, ast.FunctionDef | ast.AsyncFunctionDef):
            yield statement.name, statement
        elif isinstance(statement, ast.ClassDef):
            for item in statement.body:
                if isinstance(item, ast.FunctionDef | ast.AsyncFunctionDef):
                    yield f"{statement.name}.{item.name}", item
        else:
            top.append(statement)
    yield "<module>", ast.Module(body=top, type_ignores=[])


def offences(source: str, module: str) -> list[Offence]:
    """Every place a module's functions (and its top level) set up a rules situation by hand."""
    found: list[Offence] = []
    for name, body in _functions(ast.parse(source)):
        found += _offences_in(body, module, name)
    return found


def _helper_uses(sources: dict[str, str], direct: list[Offence]) -> list[Offence]:
    """Functions that call a helper building by hand (`started()`, `session()`), in its module or
    imported from it, transitively: a helper allowed for machinery does not admit a rule test."""
    builders = {(o.module, o.function) for o in direct}
    calls: dict[tuple[str, str], list[tuple[int, tuple[str, str]]]] = {}
    for module, source in sources.items():
        tree = ast.parse(source)
        local = {name: (module, name) for name, _ in _functions(tree)}
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("tests."):
                folder = node.module.split(".")[1:]  # tests.board.test_companion → board/test_companion.py
                for alias in node.names:
                    local[alias.asname or alias.name] = ("/".join(folder) + ".py", alias.name)
        for name, body in _functions(tree):
            calls[(module, name)] = [
                (node.lineno, local[node.func.id])
                for node in ast.walk(body)
                if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in local
            ]
    found: list[Offence] = []
    changed = True
    while changed:
        changed = False
        for caller, called in calls.items():
            hits = [(line, helper) for line, helper in called if helper in builders and helper != caller]
            if hits and caller not in builders:
                builders.add(caller)
                line, helper = hits[0]
                what = f"uses `{helper[1]}()`, which builds a table by hand"
                found.append(Offence(caller[0], caller[1], line, what))
                changed = True
    return found


def _all_offences() -> list[Offence]:
    sources = {
        f"{folder}/{path.name}": path.read_text(encoding="utf-8")
        for folder in SCANNED
        for path in sorted((TESTS / folder).glob("*.py"))
    }
    direct = [o for module, source in sources.items() for o in offences(source, module)]
    return direct + _helper_uses(sources, direct)


def test_no_test_of_tests_board_builds_a_rules_table_by_hand() -> None:
    found = [o for o in _all_offences() if (o.module, o.function) not in ALLOWED]
    assert not found, (
        "Write the rules situation as a YAML scenario (`rule-scenario` or `scenario`, see "
        "site/guides/scenario-tests.md), or, for machinery, add the function to ALLOWED with why:\n"
        + "\n".join(map(str, found))
    )


def test_every_allowed_function_still_needs_its_place() -> None:
    # An entry whose function no longer builds anything by hand (or is gone) only widens the door.
    needed = {(o.module, o.function) for o in _all_offences()}
    stale = sorted(set(ALLOWED) - needed)
    assert not stale, f"remove these from ALLOWED: {stale}"


@pytest.mark.parametrize(
    ("source", "what"),
    [
        ("def test_x():\n    g = Game(rules, 2, 0, NullMissions())\n", "builds `Game(…)`"),
        ("def test_x():\n    it = MissionInterpreter(book, s)\n", "builds `MissionInterpreter(…)`"),
        ("def test_x():\n    s = new_state(book, 2)\n", "builds `new_state(…)`"),
        ("def test_x():\n    g.world.track = 15\n", "sets `g.world.track`"),
        ("def test_x():\n    boss.damage = 3\n", "sets `boss.damage`"),
        ("def test_x():\n    first.rewards = ['beast-roar']\n", "sets `first.rewards`"),
        ("def test_x():\n    it.state.chapter.hunt_track += 1\n", "sets `it.state.chapter.hunt_track`"),
        ("def test_x():\n    chapter.enemies['mob'] = group\n", "sets `chapter.enemies`"),
        ("def test_x():\n    s.campaign.insight.append(24)\n", "changes `s.campaign.insight`"),
        ("from toolkit.games.board.engine.scenario import table\n", "imports `table`"),
        ("def test_x():\n    state = BoardState(rules, 2, 1)\n    state.apply_action(a)\n", None),
        ("def test_x():\n    result.index = 3\n    table = session()\n", None),
    ],
)
def test_the_scan_catches_a_table_built_by_hand(source: str, what: str | None) -> None:
    found = offences(source, "test_new.py")
    if what is None:
        assert not found, found
    else:
        assert any(what in str(o) for o in found), found


def test_a_test_using_a_helper_that_builds_by_hand_is_caught_too() -> None:
    helper = "def started():\n    return MissionInterpreter(book(), new_state(book(), 2))\n"
    uses = "from tests.board.test_helpers import started\n\ndef test_x():\n    started().apply(event)\n"
    sources = {"board/test_helpers.py": helper, "board/test_new.py": uses}
    direct = [o for module, source in sources.items() for o in offences(source, module)]
    found = _helper_uses(sources, direct)
    assert [(o.module, o.function, o.line) for o in found] == [("board/test_new.py", "test_x", 4)]
    assert "uses `started()`" in str(found[0])
