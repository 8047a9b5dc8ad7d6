"""What each happening can possibly set off, worked out once per chapter and card.

A chapter trigger or a standing rule only matches happenings of one kind (a move, a slay, the start
of a round …), and a goal that needs an event (`end_move_on`, `interact`) only holds on events of
that kind. Sorting them by kind once lets the interpreter look, for each happening, only at what can
react to it, in the same order as the cards list them, and so with exactly the same outcomes as
checking everything. The tables are built from the (frozen) card models on first use and kept in
the :class:`CampaignBook`, so every game of a rules bundle shares them.

They also say what could change a goal pass's answer, so the interpreter can leave out a pass
that would meet nothing (``machine.MissionInterpreter._handle``): the parts of the state each
goal, protection and state trigger reads (``reads``: bits the interpreter sets where it changes
those parts), and the events a goal that reads the event may hold on, down to the tile or token
they name (``event_names``). The goals and event triggers are kept made into functions
(``compiled``) for each hunter count.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from pydantic import BaseModel

from toolkit.games.board.interpreter.book import CampaignBook
from toolkit.games.board.interpreter.compiled import Kind, Match, Test, condition_test, trigger_match
from toolkit.games.board.interpreter.events import (
    ChooseEvent,
    EndMove,
    EndRound,
    InteractEvent,
    Slain,
    TileRevealedEvent,
)
from toolkit.games.board.interpreter.matching import Happening, uses_event
from toolkit.games.board.interpreter.paths import value_at
from toolkit.games.board.mission import conditions as c
from toolkit.games.board.mission import triggers as t
from toolkit.games.board.mission.common import SlotPlace, SpacePlace, TilePlace, TokenPlace
from toolkit.games.board.mission.deck import Entry, local_id
from toolkit.games.board.mission.documents import Chapter, Goal, Rule

EVENT_KINDS: tuple[type[BaseModel], ...] = (EndMove, TileRevealedEvent, Slain, InteractEvent)
"""The events a trigger or a condition can name."""

# What of the state a condition reads (``reads``), as bits: the interpreter sets a bit whenever it
# changes that part of the state, and a goal pass whose goals read none of the bits set since the
# last pass that met nothing cannot meet anything either (``machine._settle``).
TRACK = 1
"""The Hunt Track's space."""
INSIGHT = 2
"""The insight cards held."""
SLAIN = 4
"""The enemies slain while each card is in play."""
TOKENS = 8
"""The named tokens on the map and where they stand."""
COUNTERS = 16
"""The named counters."""
TILES = 32
"""The tiles revealed."""
CARDS = 64
"""The cards in play and the changes to enemies in force: new goals and protections to look at,
so a full pass."""
EVERYTHING = TRACK | INSIGHT | SLAIN | TOKENS | COUNTERS | TILES | CARDS
"""Every part (a state the interpreter did not see change: a new one, or one replaced)."""


def kind_of(happening: Happening) -> Kind:
    """The kind a trigger must be made for to match this happening (the end of a round, reported
    as an event, is the `round_end` tick)."""
    if isinstance(happening, str):
        return happening
    return event_kind(happening)


def event_kind(event: BaseModel) -> Kind:
    """The kind of an event (``kind_of``); a choice answered is of the kind ``ChooseEvent``."""
    found = _KINDS.get(type(event))
    if found is None:
        found = _KINDS[type(event)] = _kind_of_model(event)
    return found


def _kind_of_model(happening: BaseModel) -> Kind:
    if isinstance(happening, EndRound):
        return "round_end"
    if isinstance(happening, ChooseEvent):
        return ChooseEvent
    for model in EVENT_KINDS:
        if isinstance(happening, model):
            return model
    return type(happening)


_KINDS: dict[type[BaseModel], Kind] = {}
"""The kind of each event class met so far."""


def trigger_kind(trigger: BaseModel) -> Kind | None:
    """The only kind of happening a trigger can match (see ``matching.trigger_matches``), or None
    for triggers no happening matches (state triggers, narrative ones)."""
    if isinstance(trigger, t.StartOfHunt):
        return "start"
    if isinstance(trigger, t.RoundStart):
        return "round_start"
    if isinstance(trigger, t.RoundEnd):
        return "round_end"
    if isinstance(trigger, t.MapReset):
        return "reset"
    if isinstance(trigger, t.HuntTrackReachesTrigger):
        return f"reached:{trigger.hunt_track_reaches}"
    if isinstance(trigger, t.EndMoveOnTrigger):
        return EndMove
    if isinstance(trigger, t.TileRevealed):
        return TileRevealedEvent
    if isinstance(trigger, t.EnemySlainTrigger):
        return Slain
    if isinstance(trigger, t.InteractTrigger):
        return InteractEvent
    return None


def condition_kinds(condition: BaseModel) -> frozenset[Kind] | None:
    """The kinds of event on which a condition can hold, or None if it can hold on any (or none).

    Mirrors ``matching.holds``: only `end_move_on` and `interact` look at the event."""
    if isinstance(condition, c.EndMoveOn):
        return frozenset({EndMove})
    if isinstance(condition, c.Interact):
        return frozenset({InteractEvent})
    if isinstance(condition, c.AllOf):
        narrowed: frozenset[Kind] | None = None
        for item in condition.all:
            kinds = condition_kinds(item)
            if kinds is not None:
                narrowed = kinds if narrowed is None else narrowed & kinds
        return narrowed
    if isinstance(condition, c.AnyOf):
        union: frozenset[Kind] = frozenset()
        for item in condition.any:
            kinds = condition_kinds(item)
            if kinds is None:
                return None
            union |= kinds
        return union
    return None  # `not` of an event condition holds on every other event


def reads(condition: BaseModel) -> int:
    """The parts of the state (bits above) a condition reads, besides the event; mirrors
    ``matching.holds`` (a place on a token reads the tokens)."""
    if isinstance(condition, c.EndMoveOn):
        return _place_reads(condition.end_move_on)
    if isinstance(condition, c.Interact):
        return TOKENS
    if isinstance(condition, c.CollectedInsight | c.HoldsInsight):
        return INSIGHT
    if isinstance(condition, c.Slay):
        return SLAIN
    if isinstance(condition, c.Escort):
        return TOKENS
    if isinstance(condition, c.CounterAtLeast):
        return COUNTERS
    if isinstance(condition, c.HuntTrackReaches):
        return TRACK
    if isinstance(condition, c.TilesRevealed):
        return TILES
    found = 0
    if isinstance(condition, c.AllOf):
        for item in condition.all:
            found |= reads(item)
    elif isinstance(condition, c.AnyOf):
        for item in condition.any:
            found |= reads(item)
    elif isinstance(condition, c.Not):
        found = reads(condition.not_)
    return found  # narrative conditions read nothing: they never hold


def _place_reads(place: object) -> int:
    return TOKENS if isinstance(place, TokenPlace) else 0


def state_trigger_reads(trigger: BaseModel) -> int:
    """The parts of the state a state trigger reads (``matching.state_trigger``)."""
    if isinstance(trigger, t.HuntTrackReachesTrigger):
        return TRACK
    if isinstance(trigger, t.InsightCollectedTrigger):
        return INSIGHT
    return 0


EventNames = dict[Kind, frozenset[str] | None] | None
"""The events on which a condition may hold, by kind: the names they must give (an `end_move`'s
tile, an `interact`'s token; None: any); None for every happening (a `not` of an event condition)."""


def event_names(condition: BaseModel) -> EventNames:
    """The events on which a condition that reads the event (``uses_event``) may hold; mirrors
    ``matching.holds`` as ``condition_kinds`` does, and narrows each kind by what it names."""
    if isinstance(condition, c.EndMoveOn):
        tile = _place_tile(condition.end_move_on)
        return {EndMove: None if tile is None else frozenset({tile})}
    if isinstance(condition, c.Interact):
        return {InteractEvent: frozenset({condition.interact})}
    if isinstance(condition, c.AllOf):  # each item that reads the event narrows the rest
        narrowed: EventNames = None
        for item in condition.all:
            if uses_event(item):
                names = event_names(item)
                narrowed = names if narrowed is None else _both(narrowed, names)
        return narrowed
    if isinstance(condition, c.AnyOf):  # any item may hold: on what one of them may hold on
        union: dict[Kind, frozenset[str] | None] = {}
        for item in condition.any:
            names = event_names(item) if uses_event(item) else None
            if names is None:
                return None
            for kind, named in names.items():
                if kind in union:
                    known = union[kind]
                    union[kind] = None if known is None or named is None else known | named
                else:
                    union[kind] = named
        return union
    return None  # `not` of an event condition holds on every other event


def _both(first: EventNames, second: EventNames) -> EventNames:
    """The events on which both conditions may hold."""
    if first is None:
        return second
    if second is None:
        return first
    both: dict[Kind, frozenset[str] | None] = {}
    for kind in first.keys() & second.keys():
        one, other = first[kind], second[kind]
        both[kind] = other if one is None else one if other is None else one & other
    return both


def _place_tile(place: object) -> str | None:
    """The tile an `end_move` must name to end on the place (None: the place moves, a token's)."""
    if isinstance(place, TilePlace | SlotPlace):
        return local_id(place.tile)
    if isinstance(place, SpacePlace):
        return local_id(place.space)
    return None


def either(first: EventNames, second: EventNames) -> EventNames:
    """The events on which one of two conditions (of goals in force) may hold."""
    if first is None or second is None:
        return None
    union = dict(first)
    for kind, named in second.items():
        if kind in union:
            known = union[kind]
            union[kind] = None if known is None or named is None else known | named
        else:
            union[kind] = named
    return union


def event_name(happening: Happening) -> str | None:
    """What an event names that ``event_names`` narrows by (an `end_move`'s tile, as a local id;
    an `interact`'s token); None for other happenings."""
    if isinstance(happening, EndMove):
        tile = happening.end_move.tile
        return local_id(tile) if ":" in tile else tile
    if isinstance(happening, InteractEvent):
        return happening.interact
    return None


@dataclass(frozen=True, slots=True)
class GoalLookup:
    """A goal of a card, with what decides cheaply whether it can hold."""

    position: int
    goal: Goal
    uses_event: bool
    """Whether it can only be met by the event being processed."""

    kinds: frozenset[Kind] | None
    """The kinds of event it can hold on (None: any)."""

    reads: int
    """The parts of the state it reads (``reads``)."""


@dataclass(frozen=True, slots=True)
class CardLookup:
    """A mission card's standing rules by the kind of happening they react to, and its goals."""

    rules: dict[Kind, tuple[tuple[int, Rule], ...]]
    """(position, rule) by kind, in the card's order; narrative rules are left out."""

    goals: tuple[GoalLookup, ...]
    reads: int = 0
    """The parts of the state its goals read."""

    events: EventNames = field(default_factory=dict)
    """The events on which a goal of the card that reads the event may hold (``event_names``):
    on them its goals are looked at whatever changed."""

    by_kind: dict[Kind | None, tuple[GoalLookup, ...]] = field(default_factory=dict)
    """The goals that can hold on each kind of happening, as found so far (``goals_for``)."""

    matches: dict[int, Match | None] = field(default_factory=dict)
    """What matches each standing rule's trigger (``compiled.trigger_match``), by position."""

    tests: dict[int, tuple[Test, ...]] = field(default_factory=dict)
    """The goals' tests by hunter count, in the goals' order, as made so far (``goal_tests``)."""

    only_ifs: dict[tuple[int, int], Test] = field(default_factory=dict)
    """Each standing rule's `only_if` test by position and hunter count, as made so far."""

    def goal_tests(self, book: CampaignBook, hunters: int) -> tuple[Test, ...]:
        """The goals' tests for this many hunters (``compiled.condition_test``)."""
        found = self.tests.get(hunters)
        if found is None:
            found = self.tests[hunters] = tuple(
                condition_test(goal.goal.goal, book, hunters) for goal in self.goals
            )
        return found

    def only_if(self, position: int, rule: Rule, book: CampaignBook, hunters: int) -> Test:
        """The test of the `only_if` of the standing rule at ``position``."""
        found = self.only_ifs.get((position, hunters))
        if found is None:
            assert rule.only_if is not None
            found = self.only_ifs[(position, hunters)] = condition_test(rule.only_if, book, hunters)
        return found

    def goals_for(self, kind: Kind | None) -> tuple[GoalLookup, ...]:
        """The goals, in order, that can hold on a happening of this kind (None: when the event
        may not count), leaving out those that need another event or an event at all."""
        found = self.by_kind.get(kind)
        if found is None:
            if kind is None:
                found = tuple(goal for goal in self.goals if not goal.uses_event)
            else:
                found = tuple(goal for goal in self.goals if goal.kinds is None or kind in goal.kinds)
            self.by_kind[kind] = found
        return found


@dataclass(frozen=True, slots=True)
class ChapterLookup:
    """A chapter card's triggers by the kind of happening they react to."""

    entry: Entry[Chapter]
    triggers: dict[Kind, tuple[int, ...]]
    """Positions of the triggers matching each kind, in the card's order."""

    state_triggers: tuple[int, ...]
    """Positions of the triggers that fire on a state being reached (track space, insight)."""

    reads: int = 0
    """The parts of the state its state triggers read."""

    matches: dict[int, Match | None] = field(default_factory=dict)
    """What matches each trigger (``compiled.trigger_match``), by position."""


NO_CARD = CardLookup({}, (), 0, {})
"""The tables of a card number the campaign does not have."""


@dataclass(slots=True)
class BookLookup:
    """The tables of a campaign's chapters and cards, each made on first use."""

    book: CampaignBook
    chapters: dict[int, ChapterLookup] = field(default_factory=dict)
    cards: dict[int, CardLookup] = field(default_factory=dict)
    rule_kinds: frozenset[Kind] = frozenset()
    """Every kind of happening some standing rule of the campaign reacts to."""
    rule_cards: dict[Kind, frozenset[int]] = field(default_factory=dict)
    """The cards with a standing rule reacting to each kind of happening."""
    watches: dict[tuple[int, ...], tuple[int, EventNames]] = field(default_factory=dict)
    """What the goals in force read (``watch``), by chapter and cards in play, as found so far."""
    effect_lists: dict[tuple[int | str, ...], tuple[BaseModel, ...]] = field(default_factory=dict)
    """The effects at each path of each card, by card and path, as found so far."""
    untils: dict[tuple[int | str, ...], int] = field(default_factory=dict)
    """What each protection's `until` condition reads, by card and path, as found so far."""

    def __deepcopy__(self, memo: dict[int, object]) -> BookLookup:
        # Tables of the book, which copies of a game share: a copied interpreter keeps them.
        return self

    def chapter(self, number: int) -> ChapterLookup:
        """The trigger tables of a chapter (raises ``CampaignNotFound`` like ``book.chapter``)."""
        found = self.chapters.get(number)
        if found is None:
            found = self.chapters[number] = _chapter(self.book, number)
        return found

    def card(self, number: int) -> CardLookup:
        """The rule and goal tables of a mission card (empty for a number the campaign lacks)."""
        found = self.cards.get(number)
        if found is None:
            found = self.cards[number] = _card(self.book, number)
        return found

    def watch(self, chapter: int, in_play: Sequence[int]) -> tuple[int, EventNames]:
        """What the state triggers of a chapter and the goals of the cards in play read, and the
        events on which those goals that read the event may hold (kept by chapter and cards)."""
        key = (chapter, *in_play)
        found = self.watches.get(key)
        if found is None:
            watched = self.chapter(chapter).reads
            events: EventNames = {}
            for number in in_play:
                tables = self.card(number)
                watched |= tables.reads
                events = either(events, tables.events)
            found = self.watches[key] = (watched, events)
        return found

    def until_reads(self, number: int, path: Sequence[str | int]) -> int:
        """The parts of the state the `until` condition of a protection, at ``path`` in card
        ``number``, reads (everything if it is not a condition there)."""
        key = (number, *path)
        found = self.untils.get(key)
        if found is None:
            entry = self.book.card(number)
            until = value_at(entry.model, path) if entry is not None else None
            found = self.untils[key] = reads(until) if isinstance(until, BaseModel) else EVERYTHING
        return found


def lookup_of(book: CampaignBook) -> BookLookup:
    """The tables of a campaign, kept in its book."""
    found = book.lookup
    if isinstance(found, BookLookup):
        return found
    lookup = BookLookup(book)
    cards: dict[Kind, set[int]] = {}
    for entry in book.deck.cards:
        number = entry.model.number
        for kind in lookup.card(number).rules:
            cards.setdefault(kind, set()).add(number)
    lookup.rule_kinds = frozenset(cards)
    lookup.rule_cards = {kind: frozenset(numbers) for kind, numbers in cards.items()}
    book.lookup = lookup
    return lookup


def chapter_lookup(book: CampaignBook, number: int) -> ChapterLookup:
    """The trigger tables of a chapter (raises ``CampaignNotFound`` like ``book.chapter``)."""
    return lookup_of(book).chapter(number)


def card_lookup(book: CampaignBook, number: int) -> CardLookup:
    """The rule and goal tables of a mission card (empty for a number the campaign lacks)."""
    return lookup_of(book).card(number)


def _chapter(book: CampaignBook, number: int) -> ChapterLookup:
    entry = book.chapter(number)
    by_kind: dict[Kind, list[int]] = {}
    state: list[int] = []
    read = 0
    matches: dict[int, Match | None] = {}
    for position, chapter_trigger in enumerate(entry.model.triggers):
        when = chapter_trigger.when
        kind = trigger_kind(when)
        if kind is not None:
            by_kind.setdefault(kind, []).append(position)
            matches[position] = trigger_match(when, book)
        if isinstance(when, t.HuntTrackReachesTrigger | t.InsightCollectedTrigger):
            state.append(position)
            read |= state_trigger_reads(when)
    return ChapterLookup(entry, {k: tuple(v) for k, v in by_kind.items()}, tuple(state), read, matches)


def _card(book: CampaignBook, number: int) -> CardLookup:
    entry = book.card(number)
    if entry is None:
        return NO_CARD
    rules: dict[Kind, list[tuple[int, Rule]]] = {}
    matches: dict[int, Match | None] = {}
    for position, rule in enumerate(entry.model.rules):
        if isinstance(rule, Rule):
            kind = trigger_kind(rule.when)
            if kind is not None:
                rules.setdefault(kind, []).append((position, rule))
                matches[position] = trigger_match(rule.when, book)
    goals = tuple(
        GoalLookup(position, goal, uses_event(goal.goal), condition_kinds(goal.goal), reads(goal.goal))
        for position, goal in enumerate(entry.model.goals)
    )
    read = 0
    events: EventNames = {}
    for goal in goals:
        read |= goal.reads
        if goal.uses_event:
            events = either(events, event_names(goal.goal.goal))
    return CardLookup({k: tuple(v) for k, v in rules.items()}, goals, read, events, matches=matches)
