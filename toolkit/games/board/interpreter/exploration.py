"""Exhaustive, bounded exploration of a chapter's mission flow.

From the chapter's start, try every event that could matter to its cards (moves onto the tiles its
triggers and goals name, slaying the enemies they name, interacting with the tokens on the map,
bringing tokens where an escort wants them, every option of every choice; the end of a round only
when something in the chapter depends on time), in every order, breadth first, until no new state
appears or the bound is hit. States are compared with slain counts and counters capped, so repeating
an event that no goal needs any more does not make new states.

The result lists the reachable end states (won, lost, untold) and the soft locks: states from which
no sequence of events ever completes the hunt again.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from pydantic import BaseModel

from toolkit.games.board.interpreter.book import CampaignBook
from toolkit.games.board.interpreter.events import (
    ChooseEvent,
    EndMove,
    EndRound,
    InteractEvent,
    MovePlace,
    Slain,
    SlainTarget,
    TileRevealedEvent,
    TokenMoved,
    TokenMovedParams,
    describe_event,
)
from toolkit.games.board.interpreter.machine import (
    CascadeOverflow,
    EventRejected,
    MissionInterpreter,
    new_state,
)
from toolkit.games.board.interpreter.matching import holds, selector_key, trigger_matches
from toolkit.games.board.interpreter.state import MissionState
from toolkit.games.board.interpreter.wording import number
from toolkit.games.board.mission import conditions as c
from toolkit.games.board.mission import effects as fx
from toolkit.games.board.mission import triggers as t
from toolkit.games.board.mission.common import SlotPlace, SpacePlace, TilePlace
from toolkit.games.board.mission.deck import local_id
from toolkit.games.board.mission.walk import walk_models

DEFAULT_BOUND = 2000
"""States explored per chapter start before giving up (and saying so)."""

CAP = 6
"""Slain counts, counters and token counts above this are the same for comparing states."""

TIME_EFFECTS = (
    fx.Reveal,
    fx.AddCounter,
    fx.SetCounter,
    fx.CompleteMission,
    fx.CompleteHunt,
    fx.SpecialRules,
    fx.EndSpecialRules,
    fx.LockCard,
    fx.DiscardCard,
    fx.AdvanceHuntTrack,
    fx.Choose,
    fx.Branch,
)
"""Effects through which a rule fired by time can change how the missions go."""


@dataclass(frozen=True, slots=True)
class Path:
    """How a state was reached: the events, in words, from the chapter's start."""

    events: tuple[str, ...]

    def describe(self) -> str:
        return " → ".join(self.events) if self.events else "the start of the chapter"


@dataclass(slots=True)
class ChapterExploration:
    """What exploring one chapter from one starting state found."""

    chapter: int
    hunters: int
    insight: tuple[int, ...]
    """The insight cards held at the start."""

    states: int = 0
    bound_hit: bool = False
    ends: dict[str, Path] = field(default_factory=dict)
    """Each distinct end (`won with insight 24, 26`) and a shortest way to it."""

    end_insight: list[tuple[int, ...]] = field(default_factory=list)
    """The insight held at each distinct winning end (the starts of the next chapter)."""

    soft_locks: list[tuple[Path, list[int]]] = field(default_factory=list)
    """Where the hunt can no longer be completed: the way there and the cards then in play."""

    overflows: list[tuple[Path, str]] = field(default_factory=list)
    """Events after which goals were met without end."""


def explore_chapter(
    book: CampaignBook,
    chapter: int,
    hunters: int = 2,
    insight: tuple[int, ...] = (),
    bound: int = DEFAULT_BOUND,
) -> ChapterExploration:
    """Explore ``chapter`` breadth first from its start with ``insight`` already held."""
    result = ChapterExploration(chapter, hunters, insight)
    state = new_state(book, hunters, chapter)
    state.campaign.insight = list(insight)
    start = MissionInterpreter(book, state)
    try:
        start.begin_chapter()
    except CascadeOverflow as error:
        result.overflows.append((Path(()), str(error)))
        return result
    vocabulary = _Vocabulary.of(book, chapter, hunters)
    first = _key(start.state, vocabulary.needs)
    seen: dict[str, tuple[MissionState, Path]] = {first: (start.state, Path(()))}
    edges: dict[str, set[str]] = {first: set()}
    queue: deque[str] = deque([first])
    good: set[str] = set()
    while queue:
        key = queue.popleft()
        state, path = seen[key]
        if state.chapter.status != "playing":
            _record_end(result, state, path, key, good)
            continue
        here = MissionInterpreter(book, state)
        for event in vocabulary.events(state):
            try:
                here.check(event)  # before copying: most rejected events are found here
            except EventRejected:
                continue
            if _inert(book, state, event):
                continue
            successor = MissionInterpreter(book, state.copy_deep())
            try:
                successor.apply(event, atomic=False)
            except EventRejected:
                continue
            except CascadeOverflow as error:
                result.overflows.append((Path((*path.events, describe_event(event))), str(error)))
                continue
            next_key = _key(successor.state, vocabulary.needs)
            edges[key].add(next_key)
            if next_key in seen:
                continue
            if len(seen) >= bound:
                result.bound_hit = True
                continue
            seen[next_key] = (successor.state, Path((*path.events, describe_event(event))))
            edges[next_key] = set()
            queue.append(next_key)
    result.states = len(seen)
    if not result.bound_hit:
        result.soft_locks = _soft_locks(seen, edges, good)
    return result


def _record_end(
    result: ChapterExploration, state: MissionState, path: Path, key: str, good: set[str]
) -> None:
    status = state.chapter.status
    held = tuple(sorted(state.campaign.insight))
    label = f"{status} holding insight {', '.join(map(str, held)) or 'none'}"
    if label not in result.ends:
        result.ends[label] = path
    if status in ("won", "untold"):
        good.add(key)
    if status == "won" and held not in result.end_insight:
        result.end_insight.append(held)


def _soft_locks(
    seen: dict[str, tuple[MissionState, Path]], edges: dict[str, set[str]], good: set[str]
) -> list[tuple[Path, list[int]]]:
    """States that cannot reach a good end, reported where play first enters them."""
    parents: dict[str, set[str]] = {key: set() for key in seen}
    for source, targets in edges.items():
        for target in targets:
            parents[target].add(source)
    alive = set(good)
    frontier = deque(good)
    while frontier:
        key = frontier.popleft()
        for parent in parents[key]:
            if parent not in alive:
                alive.add(parent)
                frontier.append(parent)
    locked = [key for key in seen if key not in alive and seen[key][0].chapter.status == "playing"]
    entries = [key for key in locked if not parents[key] or any(p in alive for p in parents[key])]
    entries.sort(key=lambda key: len(seen[key][1].events))
    return [(seen[key][1], seen[key][0].chapter.in_play_numbers()) for key in entries]


def _key(state: MissionState, needs: dict[int, dict[str, int]]) -> str:
    """What tells states apart for exploring: not the order things happened in, not rewards or token
    counts, and slain counts only as far as the card's own goals need them."""
    data = state.model_dump(mode="json")
    chapter = data["chapter"]
    for card in chapter["in_play"]:
        need = needs.get(card["number"], {})
        card["slain"] = {k: min(v, need[k]) for k, v in card["slain"].items() if k in need}
    chapter["in_play"].sort(key=lambda card: card["number"])
    for name in ("revealed", "completed", "missions_completed", "fired_triggers", "discarded", "locked"):
        chapter[name] = sorted(chapter[name])
    data["campaign"]["insight"] = sorted(data["campaign"]["insight"])
    chapter["counters"] = {k: min(v, CAP) for k, v in chapter["counters"].items()}
    for token in chapter["tokens"].values():
        token["count"] = 1
    for group in chapter["enemies"].values():
        group["alive"] = min(group["alive"], CAP)
    chapter["tiles_revealed"] = sorted(chapter["tiles_revealed"])[: CAP * 4]
    chapter["slain_bosses"] = sorted(chapter["slain_bosses"])
    data["campaign"]["rewards"] = []
    if chapter["pending"] is not None:
        chapter["pending"]["cards_before"] = sorted(chapter["pending"]["cards_before"])
    chapter["tokens"] = sorted(chapter["tokens"].items())
    chapter["enemies"] = sorted(chapter["enemies"].items())
    chapter["fog_gates"] = sorted(chapter["fog_gates"].items())
    chapter["counters"] = sorted(chapter["counters"].items())
    chapter["counter_owners"] = sorted(chapter["counter_owners"].items())
    return repr(data)  # the remaining dicts are built in a fixed order, so repr is a faithful key


@dataclass(slots=True)
class _Vocabulary:
    """The events worth trying in a chapter, read from its triggers and cards."""

    moves: list[MovePlace] = field(default_factory=list)
    tiles: list[str] = field(default_factory=list)
    targets: list[str] = field(default_factory=list)
    interactions: set[str] = field(default_factory=set)
    escorts: list[tuple[str, MovePlace]] = field(default_factory=list)
    rounds: bool = False
    needs: dict[int, dict[str, int]] = field(default_factory=dict)
    """For each card, the slain counts its goals need (`tag:mob` → 2)."""

    @classmethod
    def of(cls, book: CampaignBook, chapter: int, hunters: int) -> _Vocabulary:
        vocabulary = cls()
        for card in book.deck.cards_of(chapter):
            need = vocabulary.needs.setdefault(card.model.number, {})
            for model, _ in walk_models(card.model):
                if isinstance(model, c.Slay):
                    key = selector_key(model.slay)
                    count = getattr(model.slay, "count", None)
                    wanted = number(count, hunters) if count is not None else 1
                    need[key] = max(need.get(key, 0), wanted, 1)
        entry = book.chapter(chapter)
        models: list[BaseModel] = [entry.model]
        models.extend(card.model for card in book.deck.cards_of(chapter))
        for root in models:
            for model, _ in walk_models(root):
                vocabulary._learn(model)
        vocabulary.rounds = _time_matters(book, chapter)
        return vocabulary

    def _learn(self, model: BaseModel) -> None:
        if isinstance(model, c.EndMoveOn | t.EndMoveOnTrigger):
            self._move(model.end_move_on)
        elif isinstance(model, t.TileRevealed):
            self._add(self.tiles, local_id(model.tile_revealed))
        elif isinstance(model, c.TilesRevealed):
            self._add(self.tiles, "random")
        elif isinstance(model, c.Slay):
            self._add(self.targets, _target(model.slay))
        elif isinstance(model, t.EnemySlainTrigger):
            self._add(self.targets, _target(model.enemy_slain))
        elif isinstance(model, c.Interact | t.InteractTrigger):
            self.interactions.add(model.interact)
        elif isinstance(model, c.Escort):
            destination = _move_place(model.escort.to)
            if destination is not None:
                pair = (model.escort.token, destination)
                if pair not in self.escorts:
                    self.escorts.append(pair)

    def _move(self, place: object) -> None:
        destination = _move_place(place)
        if destination is not None and destination not in self.moves:
            self.moves.append(destination)

    @staticmethod
    def _add(items: list[str], item: str) -> None:
        if item and item not in items:
            items.append(item)

    def events(self, state: MissionState) -> Iterator[BaseModel]:
        pending = state.chapter.pending
        if pending is not None:
            for index in range(len(pending.options)):
                yield ChooseEvent(choose=index + 1)
            return
        for move in self.moves:
            yield EndMove(end_move=move)
        for tile in self.tiles:
            yield TileRevealedEvent(tile_revealed=tile)
        for target in self.targets:
            yield Slain(slain=SlainTarget(target=target))
        tokens = state.chapter.tokens
        for token in sorted(self.interactions & set(tokens)):
            yield InteractEvent(interact=token)
        for token, destination in self.escorts:
            if token in tokens:
                yield TokenMoved(token_moved=TokenMovedParams(token=token, to=destination))
        if self.rounds:
            yield EndRound(end_round=True)


def _inert(book: CampaignBook, state: MissionState, event: BaseModel) -> bool:
    """Whether a move or an interaction would change nothing: no trigger, rule or goal notices it.

    Such events record nothing in the state, so skipping them saves a copy and a pass.
    """
    if not isinstance(event, EndMove | InteractEvent):
        return False
    chapter = state.chapter
    entry = book.chapter(chapter.number)
    for position, chapter_trigger in enumerate(entry.model.triggers):
        if position not in chapter.fired_triggers and trigger_matches(
            chapter_trigger.when, event, state, book
        ):
            return False
    for card in chapter.in_play:
        for source in (card.number, *card.carries_rules_of):
            found = book.card(source)
            if found is None:
                continue
            for rule in found.model.rules:
                when = getattr(rule, "when", None)
                if isinstance(when, BaseModel) and trigger_matches(when, event, state, book):
                    return False
        found = book.card(card.number)
        if found is not None and any(holds(g.goal, state, book, card, event) for g in found.model.goals):
            return False
    return True


def _move_place(place: object) -> MovePlace | None:
    if isinstance(place, TilePlace | SlotPlace):
        return MovePlace(tile=local_id(place.tile))
    if isinstance(place, SpacePlace):
        return MovePlace(tile=local_id(place.space), space=place.space_id)
    return None


def _target(selector: object) -> str:
    for key in ("tag", "boss", "enemy"):
        value = getattr(selector, key, None)
        if isinstance(value, str):
            return local_id(value)
    return ""


def _time_matters(book: CampaignBook, chapter: int) -> bool:
    """Whether the end of a round can change how the chapter's missions go."""
    time_triggers = (t.RoundStart, t.RoundEnd, t.MapReset, t.HuntTrackReachesTrigger)
    for trigger in book.chapter(chapter).model.triggers:
        if isinstance(trigger.when, time_triggers):
            return True
    for entry in book.deck.cards_of(chapter):
        for model, _ in walk_models(entry.model):
            if isinstance(model, c.HuntTrackReaches):
                return True
        for rule in entry.model.rules:
            when: Any = getattr(rule, "when", None)
            if isinstance(when, time_triggers) and any(
                isinstance(effect, TIME_EFFECTS) for effect in getattr(rule, "do", [])
            ):
                return True
    return False
