"""Run `rule-scenario` documents on the board engine: set the table, answer the engine's
questions step by step, check the expectations.

The engine is driven through its own rules generator from the start of the active hunter's turn,
exactly as a game is: every action a step takes must be among the options the engine offers at
that point, and every draw comes from a deck the table stacked or from a `draws` step.
"""

from __future__ import annotations

from collections.abc import Callable, Generator
from dataclasses import dataclass, field

from toolkit.core.document import LoadedDocument, PathKey
from toolkit.core.index import ContentIndex
from toolkit.core.model import text_in
from toolkit.core.scenario.results import Failure, ScenarioResult
from toolkit.games.board.engine.core import CHANCE, ChapterOver, Decision
from toolkit.games.board.engine.rules import RulesError, strip_pack
from toolkit.games.board.engine.turn import finish_round, hunter_turn, play_round
from toolkit.games.board.scenarios.rule_expect import check_expectations
from toolkit.games.board.scenarios.rule_model import (
    AttackStep,
    Choose,
    Counter,
    Dodge,
    Draws,
    EndRound,
    EndTurn,
    ExploreStep,
    Fire,
    GoToDream,
    Interact,
    Move,
    RuleExpect,
    RuleScenario,
    RuleStep,
    Transform,
    Use,
    UseReward,
)
from toolkit.games.board.scenarios.table import StackedGame, TableError, set_table

MAX_ANSWERS_PER_STEP = 2_000
"""Answers one step may give before the runner calls it a runaway (an `end_round` in a loop)."""


class StepFailed(Exception):
    """A step could not be taken as written."""

    def __init__(self, failure: Failure) -> None:
        super().__init__(failure.message)
        self.failure = failure


@dataclass(slots=True)
class Intent:
    """One answer a step gives to the engine: to which questions, and how it picks the option."""

    topics: frozenset[str]
    """The questions it answers (`action`, `step`, …); empty for any."""
    wanted: str
    """What the step asks for, in words (shown as `expected`)."""
    pick: Callable[[list[str]], str | None]
    """The option it takes among those offered, or None when none fits."""
    path: PathKey
    """Where the step (or the part of it) is written."""
    optional: bool = False
    """Skipped when the engine does not ask this question (a forced choice is never asked)."""
    on_skip: Callable[[], str | None] | None = None
    """For an optional answer: what went otherwise than written when the engine chose alone."""


def _exact(text: str) -> Callable[[list[str]], str | None]:
    return lambda options: text if text in options else None


def _prefix(text: str, suffix: str = "") -> Callable[[list[str]], str | None]:
    def pick(options: list[str]) -> str | None:
        found = [o for o in options if o.startswith(text) and o.endswith(suffix)]
        return found[0] if len(found) == 1 else None

    return pick


@dataclass
class Driver:
    """The engine's rules generator and the question it asks now."""

    game: StackedGame
    document: LoadedDocument
    labels: dict[str, int]
    script: Generator[Decision, str, None]
    decision: Decision | None = None
    draws: list[tuple[str, PathKey]] = field(default_factory=list)
    """Chance outcomes named by `draws` steps and not drawn yet."""
    answers: int = 0

    def start(self) -> None:
        self._advance(None)

    def _advance(self, answer: str | None) -> None:
        try:
            self.decision = next(self.script) if answer is None else self.script.send(answer)
        except StopIteration:
            self.decision = None
        except TableError as error:
            self.decision = None
            raise StepFailed(
                Failure(f"the table cannot be set: {error.message}", self.document.locate(error.path))
            ) from None

    def answer(self, option: str, path: PathKey) -> None:
        self.answers += 1
        if self.answers > MAX_ANSWERS_PER_STEP:
            raise StepFailed(
                Failure(
                    f"the step gave more than {MAX_ANSWERS_PER_STEP} answers without stopping",
                    self.document.locate(path),
                )
            )
        self.game.history.append(option)
        self._advance(option)

    def fail(self, path: PathKey, message: str, expected: str = "", actual: str = "") -> StepFailed:
        return StepFailed(Failure(message, self.document.locate(path), expected, actual))

    # --- feeding answers ------------------------------------------------------------------------

    def draw_named(self) -> bool:
        """At a chance node with a named outcome waiting, draw it; False when none waits."""
        decision = self.decision
        if decision is None or decision.player != CHANCE or not self.draws:
            return False
        outcome, path = self.draws.pop(0)
        if outcome not in decision.options:
            raise self.fail(
                path,
                f"`{outcome}` cannot be drawn from the {decision.topic} here",
                outcome,
                "one of " + ", ".join(decision.options),
            )
        self.answer(outcome, path)
        return True

    def feed(self, intents: list[Intent]) -> None:
        """Give the step's answers in turn; then run on while the answers are known."""
        queue = list(intents)
        while True:
            decision = self.decision
            if decision is None:
                while queue and queue[0].optional:
                    self.skip(queue.pop(0))
                if queue:
                    outcome = self.game.world.outcome or "over"
                    raise self.fail(queue[0].path, "the chapter is over", queue[0].wanted, outcome)
                return
            if decision.player == CHANCE:
                if self.draw_named():
                    continue
                while queue and queue[0].optional:
                    self.skip(queue.pop(0))
                if not queue:
                    return
                raise self.fail(
                    queue[0].path,
                    f"the engine draws from the {decision.topic} first; name the outcome with a "
                    "`draws` step before this one, or stack that deck in the table",
                    queue[0].wanted,
                    "a draw of one of " + ", ".join(decision.options),
                )
            if not queue:
                return
            intent = queue[0]
            if intent.topics and decision.topic not in intent.topics:
                if intent.optional:
                    self.skip(queue.pop(0))
                    continue
                raise self.fail(
                    intent.path,
                    f"the engine asks for `{decision.topic}` here",
                    intent.wanted,
                    "offered: " + ", ".join(decision.options),
                )
            chosen = intent.pick(decision.options)
            if chosen is None:
                raise self.fail(
                    intent.path,
                    f"not among the options the engine offers ({decision.topic})",
                    intent.wanted,
                    "offered: " + ", ".join(decision.options),
                )
            queue.pop(0)
            self.answer(chosen, intent.path)

    def skip(self, intent: Intent) -> None:
        """An answer the engine never asked for: fine, unless what it did alone contradicts it."""
        problem = intent.on_skip() if intent.on_skip is not None else None
        if problem is not None:
            raise self.fail(intent.path, problem, intent.wanted, "the engine did not ask")

    def end_round(self, path: PathKey) -> None:
        """End every remaining turn of this round, then play the next round's start (hands kept
        and drawn up) to its first action; stop early at any other question or an unnamed draw."""
        world = self.game.world
        start = world.round
        while self.decision is not None:
            decision = self.decision
            ended = world.round != start
            if decision.player == CHANCE:
                if not self.draw_named():
                    return
            elif decision.topic == "action" and not ended:
                self.answer("end turn", path)
            elif decision.topic == "order":
                self.answer(decision.options[0], path)
            elif decision.topic == "refresh" and ended:
                self.answer("keep hand", path)
            else:
                return

    # --- steps into answers ---------------------------------------------------------------------

    def enemy_uid(self, name: str) -> int | None:
        """The enemy a step or expectation names: a table label, else the only enemy of that type
        on the map now (one a card or a spawn point brought in, too)."""
        uid = self.labels.get(name)
        if uid is not None:
            return uid
        found = [e.uid for e in self.game.world.enemies if e.type == strip_pack(name)]
        return found[0] if len(found) == 1 else None

    def enemy_suffix(self, name: str | None, path: PathKey) -> str:
        if name is None:
            return ""
        uid = self.enemy_uid(name)
        if uid is None:
            on_map = ", ".join(sorted({*self.labels, *(e.type for e in self.game.world.enemies)})) or "none"
            raise self.fail(path, f"no enemy `{name}` (or more than one of that type)", name, on_map)
        enemy = self.game.find_enemy(uid)
        if enemy is None:
            raise self.fail(path, f"`{name}` is no longer on the map", name, "slain or removed")
        return f" vs {self.game.enemy_name(enemy)}"

    def place_label(self, written: str, path: PathKey) -> str:
        tile_id, _, space = written.partition("/")
        tile_id = strip_pack(tile_id)
        if self.game.map.find_tile(tile_id) is None:
            raise self.fail(path, f"tile `{tile_id}` is not on the map", written, "not revealed")
        spaces = [s.id for s in self.game.rules.tiles[tile_id].spaces]
        if not space:
            space = tile_id if tile_id in spaces else (spaces[0] if len(spaces) == 1 else tile_id)
        return f"{tile_id}/{space}"

    def intents(self, step: RuleStep, path: PathKey) -> list[Intent]:
        action = frozenset({"action"})
        if isinstance(step, Move):
            card = strip_pack(step.move.card)
            found = [Intent(action, f"move [{card}]", _exact(f"move [{card}]"), (*path, "move", "card"))]
            for position, item in enumerate(step.move.path):
                where: PathKey = (*path, "move", "path", position)
                found += self._path_item(item, where)
            found.append(Intent(frozenset({"step"}), "stop", _exact("stop"), path, optional=True))
            return found
        if isinstance(step, AttackStep):
            params = step.attack
            card = strip_pack(params.card)
            suffix = self.enemy_suffix(params.enemy, (*path, "attack", "enemy"))
            text = f"attack {card} in slot {params.slot} ("
            return [Intent(action, text + "…)" + suffix, _prefix(text, suffix), (*path, "attack"))]
        if isinstance(step, Counter | Dodge):
            verb = step.verb
            answer = step.counter if isinstance(step, Counter) else step.dodge
            text = f"{verb} {strip_pack(answer.card)} in slot {answer.slot} ("
            return [Intent(frozenset({verb}), text + "…)", _prefix(text), (*path, verb))]
        if isinstance(step, Interact | Transform | GoToDream):
            params = getattr(step, step.verb)
            text = f"{step.verb} [{strip_pack(params.card)}]"
            return [Intent(action, text, _exact(text), (*path, step.verb))]
        if isinstance(step, Use):
            text = f"use {strip_pack(step.use)}"
            return [Intent(frozenset({"action", "boost"}), text, _exact(text), (*path, "use"))]
        if isinstance(step, UseReward):
            text = f"use reward {strip_pack(step.use_reward)}"
            return [Intent(frozenset({"action", "boost"}), text, _exact(text), (*path, "use_reward"))]
        if isinstance(step, Fire):
            return [Intent(frozenset({"action", "boost"}), "fire …", _prefix("fire "), (*path, "fire"))]
        if isinstance(step, EndTurn):
            return [Intent(action, "end turn", _exact("end turn"), (*path, "end_turn"))]
        if isinstance(step, Choose):
            texts = [step.choose] if isinstance(step.choose, str) else step.choose
            return [
                Intent(
                    frozenset(),
                    text,
                    _chooser(text),
                    (*path, "choose", position) if not isinstance(step.choose, str) else (*path, "choose"),
                )
                for position, text in enumerate(texts)
            ]
        return []

    def _joined_by(self, edge: str) -> Callable[[], str | None]:
        """After a join the engine made alone (a tile with one exit): did it use ``edge``?"""

        def check() -> str | None:
            newest = self.game.world.tiles[-1]
            if len(self.game.world.tiles) > 1 and edge not in newest.links:
                used = ", ".join(newest.links) or "none"
                return f"tile `{newest.tile}` joined by its only exit {used}, not {edge}"
            return None

        return check

    def _path_item(self, item: str | ExploreStep, path: PathKey) -> list[Intent]:
        if isinstance(item, ExploreStep):
            found = [
                Intent(
                    frozenset({"step"}), f"explore {item.explore}", _exact(f"explore {item.explore}"), path
                )
            ]
            if item.join is not None:
                text = f"join by {item.join} ("
                joined = self._joined_by(item.join)
                found.append(
                    Intent(frozenset({"join"}), text + "…)", _prefix(text), (*path, "join"), True, joined)
                )
            return found
        driver = self

        def pick(options: list[str]) -> str | None:
            label = driver.place_label(item, path)
            return _exact(f"step {label}")(options)

        return [Intent(frozenset({"step"}), f"step {item}", pick, path)]


def _chooser(text: str) -> Callable[[list[str]], str | None]:
    """The option written out, else the only one beginning with the text, else the only one
    containing it (a mission choice is offered as `choose 2: <its label>`)."""

    def pick(options: list[str]) -> str | None:
        if text in options:
            return text
        for found in ([o for o in options if o.startswith(text)], [o for o in options if text in o]):
            if found:
                return found[0] if len(found) == 1 else None
        return None

    return pick


def _reveal_in_play(game: StackedGame, numbers: list[int]) -> Generator[Decision, str, None]:
    """Put the table's mission cards in play: the interpreter reveals each, the engine carries out
    what it did to the table. The interpreter is told of the table's named tokens first, as if
    the cards that own them had placed them."""
    from toolkit.games.board.engine.interpreter_adapter import InterpreterPort
    from toolkit.games.board.engine.mission_effects import run_mission
    from toolkit.games.board.interpreter.machine import EventRejected
    from toolkit.games.board.interpreter.state import TokenState

    port = game.missions
    if not isinstance(port, InterpreterPort):
        if numbers:
            raise TableError("`in_play` needs `missions: true`", ("table", "in_play"))
        return
    chapter = port.machine.chapter
    for token in game.world.tokens:
        known = chapter.tokens.get(token.name)
        if known is not None:
            known.count += 1
            continue
        tile = game.world.tiles[token.place[0]].tile
        chapter.tokens[token.name] = TokenState(
            type=token.type, tile=tile, space=token.place[1], owner=token.owner
        )
    if not numbers:
        return
    # The table is mid-chapter: only the listed cards are in play, not the chapter's first ones.
    chapter.started = True
    for position, number in enumerate(numbers):
        port.machine.heard = []
        try:
            port.machine.reveal(number, "in play at the scenario's table")
        except EventRejected as error:
            raise TableError(error.message, ("table", "in_play", position)) from None
        yield from run_mission(game, list(port.machine.heard))


def _play(game: StackedGame, active: int, scenario: RuleScenario) -> Generator[Decision, str, None]:
    """The chapter from the start of the active hunter's turn, as the engine plays it."""
    try:
        if scenario.start_of_hunt:
            yield from game.event("start_of_hunt")
        yield from _reveal_in_play(game, scenario.table.in_play)
        yield from hunter_turn(game, active)
        yield from finish_round(game)
        while True:
            yield from play_round(game)
    except ChapterOver:
        return


def run_rule_scenario(index: ContentIndex, document: LoadedDocument) -> ScenarioResult:
    """Set the table and take the steps; stop at the first step that fails."""
    scenario = document.model
    assert isinstance(scenario, RuleScenario)
    result = ScenarioResult(scenario.id, text_in(scenario.name), document.locate(("id",)))
    try:
        game, labels = set_table(index, document.pack_id, scenario)
    except TableError as error:
        result.failures.append(
            Failure(f"the table cannot be set: {error.message}", document.locate(error.path))
        )
        return result
    except RulesError as error:
        result.error = str(error)
        return result
    except Exception as error:  # a table the builder did not foresee: located, never a traceback
        result.failures.append(
            Failure(f"the table cannot be set: {type(error).__name__}: {error}", document.locate(("table",)))
        )
        return result
    ids = [h.id for h in game.world.hunters]
    active = ids.index(strip_pack(scenario.table.active)) if scenario.table.active else 0
    if scenario.table.active and strip_pack(scenario.table.active) not in ids:
        result.failures.append(
            Failure("the active hunter is not at the table", document.locate(("table", "active")))
        )
        return result
    driver = Driver(game, document, labels, _play(game, active, scenario))
    log_start = len(game.world.log)
    try:
        driver.start()
        for position, step in enumerate(scenario.steps):
            result.steps = position + 1
            path: PathKey = ("steps", position)
            driver.answers = 0
            if isinstance(step, RuleExpect):
                failures = list(check_expectations(step.expect, driver, log_start, (*path, "expect")))
                if failures:
                    result.failures.extend(failures)
                    break
            elif isinstance(step, Draws):
                driver.draws += [(d, (*path, "draws", i)) for i, d in enumerate(step.draws)]
                driver.feed([])
            elif isinstance(step, EndRound):
                driver.end_round((*path, "end_round"))
            else:
                driver.feed(driver.intents(step, path))
    except StepFailed as failed:
        result.failures.append(failed.failure)
    except Exception as error:  # an engine bug must be reported at the step, never as a traceback
        where = document.locate(("steps", max(result.steps - 1, 0)))
        result.failures.append(
            Failure(f"the engine failed at this step: {type(error).__name__}: {error}", where)
        )
    return result
