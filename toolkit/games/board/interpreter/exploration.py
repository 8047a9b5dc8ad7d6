"""Exhaustive, bounded exploration of a chapter's mission flow.

From the chapter's start, try every event that could matter to its cards (moves onto the tiles its
triggers and goals name, slaying the enemies they name, interacting with the tokens on the map,
bringing tokens where an escort wants them, every option of every choice; the end of a round only
when something in the chapter depends on time), in every order, breadth first, until no new state
appears or the bound is hit. States are compared on what outcomes depend on (cards, counters, held
insight, pending choices; not the order things happened in), with slain counts, counters and held
insight reduced to what the goals can tell apart (`relevance`), so repeating an event that no goal
needs any more does not make new states. The insight held at the start is fixed for a search, so
states are told apart by the insight earned since, as far as this and the later chapters read it.

The result lists the reachable end states (won, lost, untold) and the soft locks (`soft_locks`):
reachable states, the start included, from which no sequence of events completes the hunt.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterator, Sequence
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
from toolkit.games.board.interpreter.relevance import InsightRelevance, counter_caps
from toolkit.games.board.interpreter.soft_locks import StateGraph
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
    """How a state was reached: the insight held at the chapter's start, then the events in words."""

    events: tuple[str, ...]
    start: tuple[int, ...] = ()
    """The insight cards held when the chapter began."""

    def describe(self) -> str:
        return " → ".join(self.events) if self.events else "the start of the chapter"


@dataclass(frozen=True, slots=True)
class SoftLock:
    """A reachable state from which no order of play completes the hunt."""

    path: Path
    """A shortest way in: where play first enters the locked states."""

    in_play: tuple[int, ...]
    """The cards in play there."""

    stuck: int | None
    """The card play cannot get past: the last hunt card (else the last card with goals) in play
    where the locked states stop changing; None when no card with goals is in play there."""

    stuck_path: Path
    """A shortest way to where play stops getting anywhere."""


@dataclass(slots=True)
class ChapterExploration:
    """What exploring one chapter from its starting states found."""

    chapter: int
    hunters: int
    insight: tuple[int, ...] = ()
    """The insight cards held at the start (one way the earlier chapters can end)."""

    states: int = 0
    bound_hit: bool = False
    unexpanded: int = 0
    """States found whose events were not all tried because the bound was reached."""

    ends: dict[str, Path] = field(default_factory=dict)
    """Each distinct end (`won with insight 24, 26`) and a shortest way to it."""

    end_insight: list[tuple[int, ...]] = field(default_factory=list)
    """The insight held at each distinct winning end (the starts of the next chapter)."""

    soft_locks: list[SoftLock] = field(default_factory=list)
    """Where the hunt can no longer be completed. With the bound reached, only states all of whose
    continuations were explored are judged, so every soft lock listed is real."""

    overflows: list[tuple[Path, str]] = field(default_factory=list)
    """Events after which goals were met without end."""


def explore_chapter(
    book: CampaignBook,
    chapter: int,
    hunters: int = 2,
    insight: tuple[int, ...] = (),
    bound: int = DEFAULT_BOUND,
) -> ChapterExploration:
    """Explore ``chapter`` breadth first with ``insight`` already held, then judge every explored
    state: can the hunt still be completed from it?"""
    held = tuple(insight)
    result = ChapterExploration(chapter, hunters, held)
    search = _Search(book, _Vocabulary.of(book, chapter, hunters, held), bound, result)
    search.start(held)
    search.run()
    result.states = len(search.seen)
    result.unexpanded = len(search.frontier)
    nodes = {
        key: (state.chapter.status, state.chapter.in_play_numbers())
        for key, (state, _) in search.seen.items()
    }
    graph = StateGraph(nodes, search.edges, search.good, search.frontier | search.open, search.firsts)
    result.soft_locks = [
        SoftLock(
            search.seen[lock.entry][1],
            lock.in_play,
            _stuck_card(book, lock.stuck_in_play),
            search.seen[lock.stuck][1],
        )
        for lock in graph.soft_locks()
    ]
    return result


@dataclass(slots=True)
class _Search:
    """The breadth-first search of one chapter: the states found, the edges between them, the good
    ends, and the states left with events untried at the bound."""

    book: CampaignBook
    vocabulary: _Vocabulary
    bound: int
    result: ChapterExploration
    seen: dict[str, tuple[MissionState, Path]] = field(default_factory=dict)
    edges: dict[str, set[str]] = field(default_factory=dict)
    queue: deque[str] = field(default_factory=deque)
    good: set[str] = field(default_factory=set)
    frontier: set[str] = field(default_factory=set)
    """States some of whose successors were not explored (the bound): they may still lead to a win."""

    open: set[str] = field(default_factory=set)
    """States whose next steps the source leaves out (`_Vocabulary.is_open`): never soft locks."""

    firsts: list[str] = field(default_factory=list)
    """The starting states' keys."""

    def start(self, held: tuple[int, ...]) -> None:
        state = new_state(self.book, self.result.hunters, self.result.chapter)
        state.campaign.insight = list(held)
        here = MissionInterpreter(self.book, state)
        here.explain = False
        try:
            here.begin_chapter()
        except CascadeOverflow as error:
            self.result.overflows.append((Path((), held), str(error)))
            return
        key = self.vocabulary.key(here.state)
        if key not in self.seen:
            self.seen[key] = (here.state, Path((), held))
            self.edges[key] = set()
            self.queue.append(key)
        self.firsts.append(key)

    def run(self) -> None:
        while self.queue:
            key = self.queue.popleft()
            state, path = self.seen[key]
            if state.chapter.status != "playing":
                _record_end(self.result, state, path, key, self.good)
                continue
            if self.vocabulary.is_open(state):
                self.open.add(key)
            self._expand(key, state, path)

    def _expand(self, key: str, state: MissionState, path: Path) -> None:
        book, result = self.book, self.result
        here = MissionInterpreter(book, state)
        for event in self.vocabulary.events(state):
            try:
                here.check(event)  # before copying: most rejected events are found here
            except EventRejected:
                continue
            if _inert(book, state, event):
                continue
            successor = MissionInterpreter(book, state.copy_deep())
            successor.explain = False  # only the state is read: no outcome texts to build
            way = Path((*path.events, describe_event(event)), path.start)
            try:
                successor.apply(event, atomic=False)
            except EventRejected:
                continue
            except CascadeOverflow as error:
                result.overflows.append((way, str(error)))
                continue
            next_key = self.vocabulary.key(successor.state)
            if next_key not in self.seen:
                if len(self.seen) >= self.bound:
                    result.bound_hit = True
                    self.frontier.add(key)  # a successor left out: it may still lead to a win
                    continue
                self.seen[next_key] = (successor.state, way)
                self.edges[next_key] = set()
                self.queue.append(next_key)
            self.edges[key].add(next_key)


def _stuck_card(book: CampaignBook, in_play: Sequence[int]) -> int | None:
    """The card play cannot get past: the last hunt card in play, else the last card with goals."""
    with_goals = [n for n in in_play if (entry := book.card(n)) is not None and entry.model.goals]
    hunts = [n for n in with_goals if (entry := book.card(n)) is not None and entry.model.type == "hunt"]
    chosen = hunts or with_goals
    return chosen[-1] if chosen else None


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


@dataclass(slots=True)
class _Vocabulary:
    """The events worth trying in a chapter, read from its triggers and cards."""

    moves: list[MovePlace] = field(default_factory=list)
    tiles: list[str] = field(default_factory=list)
    targets: list[str] = field(default_factory=list)
    tags: set[str] = field(default_factory=set)
    """Targets that are group tags: slaying one is tried only while its group is on the map."""
    interactions: set[str] = field(default_factory=set)
    escorts: list[tuple[str, MovePlace]] = field(default_factory=list)
    rounds: bool = False
    needs: dict[int, dict[str, int]] = field(default_factory=dict)
    """For each card, the slain counts its goals need (`tag:mob` → 2)."""

    tiles_cap: int = 0
    """The most revealed tiles any goal of the chapter counts."""

    counter_caps: dict[str, int] = field(default_factory=dict)
    """Counters that only grow, with the largest value a goal compares each with."""

    insight: InsightRelevance = field(default_factory=lambda: InsightRelevance(frozenset(), 0))
    """What of the insight earned this and the later chapters can tell apart."""

    held_at_start: frozenset[int] = frozenset()
    """The insight held when the search began (the same in every state of it)."""

    untold_triggers: frozenset[int] = frozenset()
    """Chapter triggers the source leaves out or states only in prose (they never fire here)."""

    untold_cards: frozenset[int] = frozenset()
    """Cards with a goal or rule in prose, which the interpreter never meets or fires."""

    revealers: dict[int, list[tuple[bool, int]]] = field(default_factory=dict)
    """For each card, what can reveal it: (True, trigger index) or (False, card number)."""

    def _revealable(self, number: int, fired: set[int], finished: set[int]) -> bool:
        """Whether card ``number`` can still be revealed: by an unfired trigger of the chapter, or
        by a card not yet completed (a completed card never comes into play again)."""
        return any(
            source not in fired if is_trigger else source not in finished
            for is_trigger, source in self.revealers.get(number, ())
        )

    def is_open(self, state: MissionState) -> bool:
        """Whether what happens next depends on something the language does not state: such a
        state is never called a soft lock (BB0210 and BB0518 say what is not simulated)."""
        chapter = state.chapter
        return any(i not in chapter.fired_triggers for i in self.untold_triggers) or any(
            card.number in self.untold_cards for card in chapter.in_play
        )

    @classmethod
    def of(cls, book: CampaignBook, chapter: int, hunters: int, held: tuple[int, ...] = ()) -> _Vocabulary:
        vocabulary = cls(
            counter_caps=counter_caps(book, chapter, hunters),
            insight=InsightRelevance.of(book, chapter, hunters),
            held_at_start=frozenset(held),
        )
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
        setup = entry.model.setup
        for root in models:
            for model, _ in walk_models(root):
                if isinstance(model, c.TilesRevealed):
                    wanted = (
                        len(setup.tiles) + number(setup.random_tiles, hunters)
                        if model.tiles_revealed == "all"
                        else number(model.tiles_revealed, hunters)
                    )
                    vocabulary.tiles_cap = max(vocabulary.tiles_cap, wanted)
        vocabulary.revealers = _revealers(book, chapter)
        prose = (t.UntoldTrigger, t.NarrativeTrigger)
        vocabulary.untold_triggers = frozenset(
            i for i, trigger in enumerate(entry.model.triggers) if isinstance(trigger.when, prose)
        )
        vocabulary.untold_cards = frozenset(
            card.model.number
            for card in book.deck.cards_of(chapter)
            if any(isinstance(m, (c.NarrativeCondition, *prose)) for m, _ in walk_models(card.model))
        )
        return vocabulary

    def key(self, state: MissionState) -> str:
        """What tells states apart for exploring: not the order things happened in, not rewards,
        token counts or insight nothing reads, and slain counts and counters only as far as the
        goals compare them."""
        data = state.model_dump(mode="json")
        chapter = data["chapter"]
        for card in chapter["in_play"]:
            need = self.needs.get(card["number"], {})
            card["slain"] = {k: min(v, need[k]) for k, v in card["slain"].items() if k in need}
        chapter["in_play"].sort(key=lambda card: card["number"])
        for name in ("revealed", "missions_completed", "discarded"):
            del chapter[name]  # history: the interpreter never reads it back
        fired = set(chapter["fired_triggers"])
        finished = set(chapter["completed"])
        for name in ("completed", "locked"):
            # Read only when a card is revealed: it matters while something can still reveal it.
            chapter[name] = sorted(n for n in chapter[name] if self._revealable(n, fired, finished))
        chapter["fired_triggers"] = sorted(fired)
        earned = [n for n in state.campaign.insight if n not in self.held_at_start]
        data["campaign"]["insight"] = self.insight.project(earned)
        caps = self.counter_caps
        chapter["counters"] = {k: min(v, caps[k]) if k in caps else v for k, v in chapter["counters"].items()}
        for token in chapter["tokens"].values():
            token["count"] = 1
        for group in chapter["enemies"].values():
            group["alive"] = min(group["alive"], CAP)
        tiles = chapter["tiles_revealed"]
        # Read as a count (`tiles_revealed: N`, up to the largest N) and, for named tiles, to
        # refuse revealing one twice; the round number only in words.
        chapter["tiles_revealed"] = [sorted(set(tiles) - {"random"}), min(len(tiles), self.tiles_cap)]
        del chapter["round"]
        chapter["slain_bosses"] = sorted(chapter["slain_bosses"])
        data["campaign"]["rewards"] = []
        if chapter["pending"] is not None:
            chapter["pending"]["cards_before"] = sorted(chapter["pending"]["cards_before"])
        for name in ("tokens", "enemies", "fog_gates", "counters", "counter_owners"):
            chapter[name] = sorted(chapter[name].items())
        return repr(data)  # the remaining dicts are built in a fixed order, so repr is a faithful key

    def _learn(self, model: BaseModel) -> None:
        if isinstance(model, c.EndMoveOn | t.EndMoveOnTrigger):
            self._move(model.end_move_on)
        elif isinstance(model, t.TileRevealed):
            self._add(self.tiles, local_id(model.tile_revealed))
        elif isinstance(model, c.TilesRevealed):
            self._add(self.tiles, "random")
        elif isinstance(model, c.Slay):
            self._add_target(model.slay)
        elif isinstance(model, t.EnemySlainTrigger):
            self._add_target(model.enemy_slain)
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

    def _add_target(self, selector: object) -> None:
        target = _target(selector)
        self._add(self.targets, target)
        if isinstance(getattr(selector, "tag", None), str):
            self.tags.add(target)

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
        enemies = state.chapter.enemies
        for target in self.targets:
            if target not in self.tags or target in enemies:  # an absent group's tag is rejected
                yield Slain(slain=SlainTarget(target=target))
        tokens = state.chapter.tokens
        for token in sorted(self.interactions & set(tokens)):
            yield InteractEvent(interact=token)
        for token, destination in self.escorts:
            if token in tokens:
                yield TokenMoved(token_moved=TokenMovedParams(token=token, to=destination))
        if self.rounds:
            yield EndRound(end_round=True)


def _revealers(book: CampaignBook, chapter: int) -> dict[int, list[tuple[bool, int]]]:
    """What can reveal each card: the chapter's triggers and every card the chapter can bring in
    (cards of other chapters included, followed as far as they reveal)."""
    found: dict[int, list[tuple[bool, int]]] = {}
    entry = book.chapter(chapter)
    for position, trigger in enumerate(entry.model.triggers):
        found.setdefault(trigger.reveal, []).append((True, position))
    pending = [card.model.number for card in book.deck.cards_of(chapter)]
    pending += [*found, *entry.model.setup.special_rules]
    done: set[int] = set()
    while pending:
        number = pending.pop()
        card = book.card(number)
        if number in done or card is None:
            continue
        done.add(number)
        for model, _ in walk_models(card.model):
            for target in _reveal_targets(model):
                found.setdefault(target, []).append((False, number))
                pending.append(target)
    return found


def _reveal_targets(model: BaseModel) -> list[int]:
    if isinstance(model, fx.Reveal):
        return [model.reveal]
    if isinstance(model, fx.SpecialRules):
        return [model.special_rules]
    return []


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
