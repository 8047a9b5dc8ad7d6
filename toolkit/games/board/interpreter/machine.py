"""The mission interpreter: events in, outcomes out, for one campaign's chapters.

One module for both the table companion and the rules engine. It never draws at random: the same
state and the same events always give the same outcomes. Each outcome carries a :class:`Why` naming
the instruction (chapter trigger, goal, rule, effect) and the file and line it is written at.

Processing one happening (an event, or a tick such as the start of a round) goes in phases:
record what it changes, fire the chapter triggers it matches, run the standing rules it matches,
then settle the goals (meet every goal that holds, repeatedly, until nothing changes). A `choose`
effect stops everything until the players answer; where processing stood is kept in the state, so a
pending choice survives a save.

Most happenings (the Hunt Track's ticks above all) have nothing to react to them: the chapter's
tables (``lookup``) say so for the triggers and rules, and the goal pass is left out when nothing
the goals, protections and state triggers in force read changed since the last pass that met
nothing, and the happening is no event a goal in force waits for. So such a happening costs its
recording and a few lookups; the outcomes are the same as with every pass made (tested in
``tests/board/test_interpreter_passes.py``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Protocol

from pydantic import BaseModel, TypeAdapter, ValidationError

from toolkit.core.document import LoadedDocument, PathKey
from toolkit.core.model import text_in
from toolkit.core.strings.catalogue import _
from toolkit.core.validation import did_you_mean
from toolkit.games.board.interpreter.book import CampaignBook
from toolkit.games.board.interpreter.compiled import Kind
from toolkit.games.board.interpreter.events import (
    ChooseEvent,
    Dream,
    EndMove,
    EndRound,
    Event,
    InteractEvent,
    Slain,
    TileRevealedEvent,
    TokenMoved,
    describe_event,
    event_data,
)
from toolkit.games.board.interpreter.lookup import (
    CARDS,
    COUNTERS,
    EVERYTHING,
    INSIGHT,
    SLAIN,
    TILES,
    TOKENS,
    TRACK,
    ChapterLookup,
    EventNames,
    event_kind,
    event_name,
    kind_of,
    lookup_of,
)
from toolkit.games.board.interpreter.matching import (
    Happening,
    holds,
    slain_keys,
    state_trigger,
)
from toolkit.games.board.interpreter.outcomes import Outcome, OutcomeKind, Why
from toolkit.games.board.interpreter.paths import value_at as value_at  # the companion's saves use it
from toolkit.games.board.interpreter.state import (
    CampaignState,
    CardInPlay,
    ChapterState,
    EnemyGroup,
    Frame,
    MissionState,
    Modifier,
    PendingChoice,
    RewardRecord,
    Run,
    TokenState,
)
from toolkit.games.board.interpreter.wording import clause as say_clause
from toolkit.games.board.interpreter.wording import condition as say_condition
from toolkit.games.board.interpreter.wording import effect as say_effect
from toolkit.games.board.interpreter.wording import (
    goal_line,
    modifier_text,
    number,
    place,
    reward_text,
    selector,
    trigger,
)
from toolkit.games.board.mission import effects as fx
from toolkit.games.board.mission.common import EventPlace, Keeps, SlotPlace, SpacePlace, TilePlace, TokenPlace
from toolkit.games.board.mission.deck import local_id
from toolkit.games.board.mission.documents import MissionCard, Rule
from toolkit.games.board.mission.handover import Handover

MAX_CASCADE = 200
"""Goals met in a row by one happening before the interpreter gives up (a loop in the content)."""

UNEXPLAINED = Why("not explained")
"""The reason given to effects while the interpreter does not explain (``explain`` off)."""

EVENT_ADAPTER: TypeAdapter[Any] = TypeAdapter(Event)


class EventRejected(ValueError):
    """A reported event that cannot be applied now; the state is unchanged."""

    def __init__(self, message: str, hint: str | Callable[[], str | None] | None = None) -> None:
        super().__init__(message)
        self.message = message
        self._hint = hint

    @property
    def hint(self) -> str | None:
        """What to do instead (`did you mean …?`); worked out when first read, since callers that
        only try events (the exploration) never read it and the closest name is costly to find."""
        if callable(self._hint):
            self._hint = self._hint()
        return self._hint

    def __reduce__(self) -> tuple[type[EventRejected], tuple[str, str | None]]:
        return (EventRejected, (self.message, self.hint))  # the hint worked out: a thunk won't pickle


class CascadeOverflow(RuntimeError):
    """Goals kept being met without end while processing one happening (a loop in the content)."""


class Listener(Protocol):
    """What a rules engine implements to carry out the table's side of the missions."""

    def on_effect(self, owner: int | None, effect: BaseModel) -> None:
        """An effect of a card (or a reward, with no owner) was carried out by the interpreter."""

    def on_card_ended(self, number: int, keeps: Keeps | None) -> None:
        """A card left play; what it created goes, except what ``keeps`` names."""


def parse_event(data: object) -> BaseModel:
    """An event from its written form (`{end_move: oedon-chapel}`); raises :class:`EventRejected`."""
    try:
        event: BaseModel = EVENT_ADAPTER.validate_python(data)
    except ValidationError as error:
        first = error.errors()[0]
        raise EventRejected(_("not an event: {reason}").format(reason=first["msg"])) from None
    return event


def new_state(book: CampaignBook, hunters: int, chapter: int = 1) -> MissionState:
    """The state before a campaign's chapter begins (call :meth:`MissionInterpreter.begin_chapter`)."""
    if not 1 <= hunters <= 4:
        raise EventRejected(
            _("{hunters} hunters: the board game is for 1 to 4 hunters").format(hunters=hunters)
        )
    book.chapter(chapter)  # raises CampaignNotFound for a missing chapter
    return MissionState(
        campaign=CampaignState(campaign=book.campaign_id, hunters=hunters),
        chapter=ChapterState(number=chapter),
    )


class MissionInterpreter:
    """Plays a campaign's mission flow over a :class:`MissionState` it owns and changes."""

    def __init__(self, book: CampaignBook, state: MissionState, listener: Listener | None = None) -> None:
        self.book = book
        self.state = state
        self._lookup = lookup_of(book)
        """What the book's triggers, rules and goals react to (``interpreter.lookup``)."""
        self.listener = listener
        """Told of every effect on the table and every card leaving play (the rules engine listens)."""
        self._out: list[Outcome] = []
        self._runs: list[Run] = []
        self._carry: tuple[int, list[int]] | None = None
        """Standing rules the next revealed card keeps (`keeps: {rules: true}`): (card, from cards)."""
        self._path: tuple[int, list[str | int]] | None = None
        """The card and path of the effect being carried out (for conditions it holds)."""
        self._changed = EVERYTHING
        """What goals, protections and state triggers read that changed since the last goal pass
        that met nothing (``lookup.reads`` bits), for ``_clean``'s state: a pass that nothing it
        looks at changed for is left out (``_settle``)."""
        self._clean: tuple[MissionState, ChapterState] | None = None
        """The state and chapter ``_changed`` is about; another (the state or its chapter replaced,
        a rollback) has everything changed. The state is changed in place only by this class: a
        caller that changes it otherwise calls :meth:`reveal` or replaces it, or calls
        :meth:`forget_passes`."""
        self._moves = 0
        """How many times a card came into play or left it (to tell that none did for a while)."""
        self._chapter_tables: ChapterLookup | None = None
        """The trigger tables of the chapter being played (``lookup.chapter``), at hand."""
        self._watched = EVERYTHING
        """What the goals, protections and state triggers in force at the last pass that met
        nothing read, and the cards in play (``lookup.reads`` bits)."""
        self._events: EventNames = None
        """The events on which a goal in force that reads the event may hold
        (``lookup.event_names``)."""
        self.explain = True
        """Whether to say what happened and why: the outcomes the public calls return, with their
        texts, reasons and source locations. The rules engine listens to the effects instead and
        never reads an outcome, so its interpreter switches this off and the calls return none
        (simulated games skip all that wording); the state changes exactly as with it on."""

    # --- public API -----------------------------------------------------------------------------

    @property
    def chapter(self) -> ChapterState:
        return self.state.chapter

    @property
    def hunters(self) -> int:
        return self.state.campaign.hunters

    def forget_passes(self) -> None:
        """Look at every goal at the next happening (after a change to the state made outside the
        interpreter in place)."""
        self._changed = EVERYTHING

    def is_over(self) -> bool:
        """Whether the current chapter has ended (won, lost or untold)."""
        return self.state.chapter.status != "playing"

    def begin_chapter(self) -> list[Outcome]:
        """Put the setup's special rules in play and fire the start-of-hunt triggers."""
        if self.state.chapter.started:
            raise EventRejected(
                _("chapter {number} has already begun").format(number=self.state.chapter.number)
            )
        self._out = []
        self._changed = EVERYTHING
        self.state.chapter.started = True
        entry = self.book.chapter(self.state.chapter.number)
        for position, card in enumerate(entry.model.setup.special_rules):
            why = self._why(entry.document, ("setup", "special_rules", position), "the chapter's setup")
            self._enter_special(card, why)
            self._execute()
        self.state.chapter.queue.append({"tick": "start"})
        self._drain()
        return self._out

    def apply(self, event: BaseModel | dict[str, Any], *, atomic: bool = True) -> list[Outcome]:
        """Apply one reported event; raise :class:`EventRejected` if it cannot be.

        With ``atomic`` (the default) a rejected event leaves the state as it was; callers that throw
        the state away on rejection (the exploration) pass ``atomic=False`` to skip any copy.
        """
        happening = parse_event(event) if isinstance(event, dict) else event
        kind = event_kind(happening)
        self._check(happening, kind)
        # Everything that can reject an event is checked before the state changes, except that a
        # happening stored in the state (an event a choice interrupted, kept in a save) is parsed
        # again when processed: only then is there something to roll back to.
        chapter = self.state.chapter
        stored = (chapter.queue or chapter.pending is not None) and self._stored_events(happening)
        before = self.state.copy_deep() if atomic and stored else None
        self._out = []
        try:
            if kind is ChooseEvent:
                assert isinstance(happening, ChooseEvent)
                self._resume(happening)
                self._drain()
            else:
                # Processed first, as if queued in front (nothing is queued: no choice is pending);
                # its written form is made only if a choice interrupts it and keeps it in the state.
                self._handle(None, None, happening, kind)
                chapter = self.state.chapter
                if chapter.queue or chapter.status != "playing":
                    self._drain()
        except EventRejected:
            if before is not None:
                self.state = before
            raise
        return self._out

    def _stored_events(self, happening: BaseModel) -> bool:
        """Whether processing this event parses events stored in the state (which may not parse)."""
        chapter = self.state.chapter
        pending = chapter.pending
        if isinstance(happening, ChooseEvent) and pending is not None and pending.event is not None:
            return True
        queue = chapter.queue
        return bool(queue) and any("event" in item for item in queue)

    def reveal(self, number_: int, reason: str = "revealed by hand") -> list[Outcome]:
        """Reveal a card of the current chapter outside the flow (to test a card on its own, or when
        the players are told to by something the interpreter does not know)."""
        entry = self.book.card(number_)
        if entry is None or entry.model.chapter != self.state.chapter.number:
            raise EventRejected(
                _("chapter {number} has no mission card {card}").format(
                    number=self.state.chapter.number, card=number_
                )
            )
        self._check_open()
        if self.state.chapter.pending is not None:
            raise EventRejected(
                _("first answer the choice: {prompt}").format(prompt=self.state.chapter.pending.prompt)
            )
        self._out = []
        self._changed = EVERYTHING  # the caller may have set the table in place (a scenario's table)
        self._reveal(number_, Why(reason))
        self._execute()
        if not self._interrupted():
            self._settle(None, ({}, self.state.chapter.in_play_numbers(), [], None))
        self._drain()
        return self._out

    def next_chapter(self) -> list[Outcome]:
        """After a chapter ends: the next chapter (won), or chapter 1 again (lost), and begin it."""
        status = self.state.chapter.status
        campaign = self.state.campaign
        if status == "playing":
            raise EventRejected(
                _("chapter {number} is still being played").format(number=self.state.chapter.number)
            )
        if status == "untold":
            raise EventRejected(_("the campaign stops here: its source does not describe what follows"))
        if status == "won":
            if campaign.complete:
                raise EventRejected(_("the campaign is complete; there is no next chapter"))
            following = self.state.chapter.number + 1
        else:
            campaign.defeats += 1
            campaign.insight.clear()
            campaign.rewards.clear()
            campaign.chapters_won.clear()
            following = 1
        self.book.chapter(following)
        self.state.chapter = ChapterState(number=following)
        return self.begin_chapter()

    def open_goals(self) -> list[tuple[int, str]]:
        """The goals of the cards in play, as (card number, `condition → effects`)."""
        lines: list[tuple[int, str]] = []
        for card in self.state.chapter.in_play:
            entry = self.book.card(card.number)
            if entry is None:
                continue
            for goal in entry.model.goals:
                lines.append((card.number, goal_line(goal, self.state.campaign.hunters, self.book.tag_names)))
        return lines

    # --- processing happenings ---------------------------------------------------------------------

    def check(self, event: BaseModel) -> None:
        """Raise :class:`EventRejected` if the event cannot be applied now; changes nothing."""
        self._check(event, event_kind(event))

    def _check(self, event: BaseModel, kind: Kind) -> None:
        chapter = self.state.chapter
        if not chapter.started or chapter.status != "playing":
            self._check_open()
        pending = chapter.pending
        choosing = kind is ChooseEvent
        if pending is not None and not choosing:
            options = ", ".join(f"{i}. {label}" for i, label in enumerate(pending.options, 1))
            raise EventRejected(
                _("first answer the choice: {prompt} ({options})").format(
                    prompt=pending.prompt, options=options
                )
            )
        if pending is None and choosing:
            raise EventRejected(_("there is no choice to make right now"))
        names = _NAME_CHECKS.get(type(event), MissionInterpreter._check_names)
        if names is not None:
            names(self, event)

    def _check_open(self) -> None:
        chapter = self.state.chapter
        if not chapter.started:
            raise EventRejected(_("the chapter has not begun yet"))
        if chapter.status != "playing":
            raise EventRejected(
                _("chapter {number} is over ({status})").format(
                    number=self.state.chapter.number, status=_(self.state.chapter.status)
                ),
                hint=_("go on with the next chapter"),
            )

    # What each kind of event names that must exist (``_NAME_CHECKS``; `_check_names` for an
    # event of a class the table does not list).

    def _check_names(self, event: BaseModel) -> None:
        if isinstance(event, Dream | EndRound):
            return  # nothing named
        if isinstance(event, InteractEvent):
            self._check_interact(event)
        if isinstance(event, TokenMoved):
            self._check_token_moved(event)
        if isinstance(event, Slain):
            self._check_slain(event)
        if isinstance(event, EndMove):
            self._check_end_move(event)
        if isinstance(event, TileRevealedEvent):
            self._check_tile_revealed(event)

    def _check_interact(self, event: InteractEvent) -> None:
        if event.interact not in self.state.chapter.tokens:
            word, tokens = event.interact, list(self.state.chapter.tokens)  # as they are now
            raise EventRejected(
                _("no token named {token} is on the map").format(token=repr(word)),
                hint=lambda: did_you_mean(word, tokens) or _known("tokens on the map", tokens),
            )

    def _check_token_moved(self, event: TokenMoved) -> None:
        if event.token_moved.token not in self.state.chapter.tokens:
            raise EventRejected(
                _("no token named {token} is on the map").format(token=repr(event.token_moved.token)),
                hint=_known("tokens on the map", self.state.chapter.tokens),
            )

    def _check_slain(self, event: Slain) -> None:
        target = local_id(event.slain.target)
        book = self.book
        chapter = self.state.chapter
        if target in book.enemies or target in book.bosses or target in chapter.enemies:
            known: set[str] = {target}  # found: the full set is only needed to say what is known
        else:
            known = set(book.enemies) | set(book.bosses) | set(chapter.enemies)
        if known and target not in known:
            raise EventRejected(
                _("no enemy, boss or tagged group is named {name}").format(name=repr(target)),
                hint=lambda: did_you_mean(target, known),
            )
        if target in book.bosses and all(
            group.enemy != target or not group.boss for group in chapter.enemies.values()
        ):
            raise EventRejected(
                _("the boss {boss} is not on the map; only a mission card brings a boss in").format(
                    boss=repr(target)
                )
            )

    def _check_tile(self, tile: str) -> None:
        tiles = self.book.tiles
        # A tile id the book has is its own local id (the book's ids are unqualified).
        if tiles and tile != "random" and tile not in tiles and local_id(tile) not in tiles:
            name, names = local_id(tile), list(tiles)
            raise EventRejected(
                _("no tile is named {tile}").format(tile=repr(tile)), hint=lambda: did_you_mean(name, names)
            )

    def _check_end_move(self, event: EndMove) -> None:
        self._check_tile(event.end_move.tile)

    def _check_tile_revealed(self, event: TileRevealedEvent) -> None:
        self._check_tile(event.tile_revealed)
        revealed = local_id(event.tile_revealed)
        if revealed != "random" and revealed in self.state.chapter.tiles_revealed:
            raise EventRejected(_("the tile {tile} has already been revealed").format(tile=repr(revealed)))

    def _drain(self) -> None:
        """Process queued happenings until the queue is empty, a choice is pending or play ends."""
        chapter = self.state.chapter  # the same chapter throughout: only next_chapter replaces it
        queue = chapter.queue
        while queue and chapter.pending is None and chapter.status == "playing":
            self._handle(queue.pop(0), None)
        if chapter.status != "playing":
            queue.clear()

    def _handle(
        self,
        item: dict[str, Any] | None,
        resumed: PendingChoice | None,
        event: BaseModel | None = None,
        event_kind: Kind | None = None,
    ) -> None:
        """Process one happening: a queue item (a tick, or an event kept in the state), or the
        ``event`` being applied (``item`` None: its written form is made only if it is kept), of
        kind ``event_kind``."""
        if event is not None:
            happening: Happening = event
            kind = event_kind if event_kind is not None else kind_of(event)
        else:
            assert item is not None
            tick = item.get("tick")
            if tick == "reached":
                happening = kind = f"reached:{item.get('space')}"
            elif isinstance(tick, str):
                happening = kind = tick
            else:
                happening = parse_event(item.get("event"))
                kind = kind_of(happening)
        chapter = self.state.chapter
        cards_before: list[int] | list[CardInPlay]
        if resumed is None:
            if kind in _RECORDS:
                _RECORDS[kind](self, happening, item)
            phase = "triggers"
            cards_before = chapter.in_play[:]  # their numbers are made only if needed (_numbers)
            rules_fired: list[str] = []
        else:
            phase = resumed.phase
            cards_before = resumed.cards_before
            rules_fired = list(resumed.rules_fired)
        context = (item, cards_before, rules_fired, happening)
        lookup = self._lookup
        # Most happenings (ticks above all) have no trigger and no rule made for them: the tables
        # say so without a call. Recording never stops play, so a phase left out cannot either.
        if phase == "triggers":
            tables = self._chapter_tables
            if tables is None or tables.entry.model.number != chapter.number:
                tables = self._chapter_tables = lookup.chapter(chapter.number)
            if kind in tables.triggers:
                self._fire_triggers(happening, kind, context, tables)
                if chapter.pending is not None or chapter.status != "playing":
                    return
        if phase != "goals" and kind in lookup.rule_kinds:
            self._fire_rules(happening, kind, context)
            if chapter.pending is not None or chapter.status != "playing":
                return
        # The goal pass, unless it cannot meet anything: no goal, protection or state trigger in
        # force reads what changed since the last pass that met nothing (nor are other cards in
        # play), and no goal in force that reads the event may hold on this kind of happening.
        clean = self._clean
        events = self._events
        if (
            clean is not None
            and clean[0] is self.state
            and clean[1] is chapter
            and not self._changed & self._watched
            and events is not None
            and (kind not in events or _names_other(events[kind], happening))
        ):
            self._changed = 0  # all it looks at is as it was when nothing held
        else:
            self._settle(happening, context, kind)
            if chapter.pending is not None or chapter.status != "playing":
                return
        if kind == "round_end" and isinstance(happening, EndRound):
            self._after(happening)

    def _interrupted(self) -> bool:
        return self.state.chapter.pending is not None or self.is_over()

    # What a happening changes before any trigger, rule or goal looks at it, by its kind
    # (``_RECORDS``; a happening of another kind changes nothing by itself).

    def _record_advance(self, happening: Happening, item: dict[str, Any] | None) -> None:
        round_start = item is not None and item.get("reason") == "round"
        self.state.chapter.queue[0:0] = self._advance_track(round_start)

    def _record_reset(self, happening: Happening, item: dict[str, Any] | None) -> None:
        self._reset()

    def _record_round_start(self, happening: Happening, item: dict[str, Any] | None) -> None:
        if not self.explain:
            return
        chapter = self.state.chapter
        self._emit("round", _("Round {number} begins.").format(number=chapter.round))
        if chapter.final_round:
            self._emit(
                "final-round",
                _("FINAL ROUND: complete the hunt before this round ends, or the campaign is lost."),
            )

    def _record_slain(self, happening: Slain, item: dict[str, Any] | None) -> None:
        chapter = self.state.chapter
        keys = slain_keys(happening, self.state, self.book)
        amount = happening.slain.count
        for card in chapter.in_play:
            for key in keys:
                card.slain[key] = card.slain.get(key, 0) + amount
        self._changed |= SLAIN
        group = chapter.enemies.get(local_id(happening.slain.target))
        if group is not None:
            group.alive = max(group.alive - amount, 0)
        for key in keys:
            if key.startswith("boss:") and key[5:] not in chapter.slain_bosses:
                chapter.slain_bosses.append(key[5:])

    def _record_tile(self, happening: TileRevealedEvent, item: dict[str, Any] | None) -> None:
        self.state.chapter.tiles_revealed.append(local_id(happening.tile_revealed))
        self._changed |= TILES

    def _record_token_moved(self, happening: TokenMoved, item: dict[str, Any] | None) -> None:
        token = self.state.chapter.tokens[happening.token_moved.token]
        token.tile = local_id(happening.token_moved.to.tile)
        token.space = happening.token_moved.to.space
        self._changed |= TOKENS

    def _record_dream(self, happening: Happening, item: dict[str, Any] | None) -> None:
        if self.explain:
            self._emit("hunt-track", _("A hunter goes to the Hunter's Dream: the Hunt Track advances 1."))
        self.state.chapter.queue.insert(0, {"tick": "advance", "reason": "dream"})

    def _after(self, happening: Happening) -> None:
        """What comes after a happening's triggers, rules and goals (the end of a round)."""
        if not isinstance(happening, EndRound):
            return
        chapter = self.state.chapter
        if chapter.final_round:
            chapter.status = "lost"
            self._emit(
                "hunt-lost",
                _(
                    "The final round is over and the hunt is not complete: the campaign is lost. "
                    "It starts again from chapter 1."
                ),
            )
            return
        chapter.round += 1
        chapter.queue[0:0] = [{"tick": "advance", "reason": "round"}, {"tick": "round_start"}]

    def _advance_track(self, round_start: bool) -> list[dict[str, Any]]:
        """Move the Hunt Track token one space; return what that sets off, to process next."""
        chapter = self.state.chapter
        track = self.book.track
        follow: list[dict[str, Any]] = []
        if chapter.hunt_track >= track.length:
            if track.final_space_resets:
                if self.explain:
                    self._emit(
                        "reset", _("The Hunt Track is on its final space: instead of advancing, reset.")
                    )
                follow.append({"tick": "reset"})
        else:
            chapter.hunt_track += 1
            self._changed |= TRACK
            if self.explain:
                self._emit(
                    "hunt-track",
                    _("Hunt Track: space {space} of {length}.").format(
                        space=chapter.hunt_track, length=track.length
                    ),
                )
            follow.append({"tick": "reached", "space": chapter.hunt_track})
            if chapter.hunt_track in track.reset_spaces:
                follow.append({"tick": "reset"})
        if round_start and chapter.hunt_track >= track.length:
            chapter.final_round = True
        return follow

    def _reset(self) -> None:
        chapter = self.state.chapter
        respawned = []
        in_play: list[int] | None = None
        for tag, group in chapter.enemies.items():
            if group.respawn and not group.boss:
                if in_play is None:
                    in_play = [card.number for card in chapter.in_play]
                if group.owner in in_play:
                    group.alive = group.count
                    if self.explain:
                        respawned.append(f"{group.count} × {self.book.name_of(group.enemy)} ({tag})")
        if not self.explain:
            return
        lines = [
            "Remove all non-boss enemies, replenish consumables, respawn enemies at spawn points, "
            "heal bosses."
        ]
        if respawned:
            lines.append("Mission enemies respawn: " + "; ".join(respawned) + ".")
        self._emit("reset", _("The map resets."), detail=tuple(lines))

    # --- chapter triggers and standing rules --------------------------------------------------------

    def _fire_triggers(
        self, happening: Happening, kind: Kind, context: tuple[Any, ...], lookup: ChapterLookup
    ) -> None:
        chapter = self.state.chapter
        positions = lookup.triggers.get(kind)
        if not positions:
            return
        matches = lookup.matches
        for position in positions:
            if position in chapter.fired_triggers:
                continue
            match = matches[position]  # ``trigger_matches``, as a function
            if match is not None and not match(happening, self.state):
                continue
            self._fire_trigger(position)
            self._execute()
            if self._pause(context, "triggers"):
                return

    def _fire_trigger(self, position: int) -> None:
        entry = self.book.chapter(self.state.chapter.number)
        chapter_trigger = entry.model.triggers[position]
        self.state.chapter.fired_triggers.append(position)
        why = self._why(
            entry.document,
            ("triggers", position, "when"),
            lambda: f"chapter {self.state.chapter.number} trigger “{trigger(chapter_trigger.when)}”",
        )
        self._reveal(chapter_trigger.reveal, why)

    def _fire_rules(self, happening: Happening, kind: Kind, context: tuple[Any, ...]) -> None:
        lookup = self._lookup
        sources = lookup.rule_cards.get(kind)
        if not sources:
            return
        rules_fired = context[2]
        chapter = self.state.chapter
        moves = self._moves
        for card in list(chapter.in_play):
            for source in [card.number, *card.carries_rules_of]:
                if source not in sources:
                    continue
                if self._moves != moves and card.number not in chapter.in_play_numbers():
                    continue  # it left play by an earlier rule's effects
                source_tables = lookup.cards.get(source) or lookup.card(source)
                entry = self.book.card(source)
                assert entry is not None
                for position, rule in source_tables.rules[kind]:
                    key = f"{card.number}:{source}:{position}"
                    if key in rules_fired:
                        continue
                    match = source_tables.matches[position]  # ``trigger_matches``, as a function
                    if match is not None and not match(happening, self.state):
                        continue
                    if rule.only_if is not None and not source_tables.only_if(
                        position, rule, self.book, self.state.campaign.hunters
                    )(self.state, card, happening, kind):
                        continue
                    rules_fired.append(key)
                    if self.explain:
                        why = self._why(
                            entry.document,
                            ("rules", position, "when"),
                            f"standing rule of card {source} “{trigger(rule.when)}”",
                        )
                        self._emit(
                            "rule",
                            _("Card {card}'s rule applies: {trigger}.").format(
                                card=source, trigger=trigger(rule.when)
                            ),
                            source,
                            why,
                        )
                    self._runs.append(
                        Run(card=source, owner=card.number, frames=[Frame(path=["rules", position, "do"])])
                    )
                    self._execute(happening)
                    if self._pause(context, "rules"):
                        return

    def _pause(self, context: tuple[Any, ...], phase: str) -> bool:
        """If a choice came up, remember where this happening's processing stands."""
        pending = self.state.chapter.pending
        if pending is None:
            return self.is_over()
        item, cards_before, rules_fired, happening = context
        if item is None:  # the event being applied: kept in the state in its written form
            item = {"event": event_data(happening)}
        pending.event = item
        pending.phase = phase  # type: ignore[assignment]
        pending.cards_before = _numbers(cards_before)
        pending.rules_fired = list(rules_fired)
        return True

    # --- goals ------------------------------------------------------------------------------------

    def _settle(
        self, happening: Happening | None, context: tuple[Any, ...], kind: Kind | None = None
    ) -> None:
        """Meet every goal that holds, and fire state triggers, until nothing more changes.

        ``kind`` is the happening's kind (``lookup.kind_of``), None when there is no happening."""
        cards_before = _numbers(context[1])
        state = self.state
        chapter = state.chapter
        tables = self._chapter_tables
        if tables is None or tables.entry.model.number != chapter.number:
            tables = self._chapter_tables = self._lookup.chapter(chapter.number)
        state_triggers = tables.state_triggers
        met: set[tuple[int, int]] = set()
        for _attempt in range(MAX_CASCADE):
            if chapter.pending is not None or chapter.status != "playing":
                self._pause(context, "goals")
                return
            if (state_triggers and self._fire_state_trigger()) or (
                chapter.modifiers and self._end_protections()
            ):
                continue
            found = self._goal_met(happening, kind, cards_before, met)
            if found is None:
                if met:  # a goal met on the way may hold still (its card stays): look again
                    self._changed = EVERYTHING
                else:
                    self._changed = 0
                    self._clean = (state, chapter)
                    self._watch()
                return
            met.add(found)
            self._meet(*found)
        raise CascadeOverflow(
            f"goals were met {MAX_CASCADE} times in a row after {_describe(happening)}; "
            "the cards reveal each other without end"
        )

    def _watch(self) -> None:
        """Note what the goals, protections and state triggers in force read, and on which kinds
        of happening the goals that read the event may hold (``_watched``, ``_events``)."""
        chapter = self.state.chapter
        lookup = self._lookup
        watched, events = lookup.watch(chapter.number, [card.number for card in chapter.in_play])
        for modifier in chapter.modifiers:
            if modifier.until is not None and modifier.card is not None:
                watched |= lookup.until_reads(modifier.card, modifier.until)
        self._watched = CARDS | watched
        self._events = events

    def _fire_state_trigger(self) -> bool:
        chapter = self.state.chapter
        lookup = self._lookup.chapter(chapter.number)
        triggers = lookup.entry.model.triggers
        for position in lookup.state_triggers:
            if position not in chapter.fired_triggers and state_trigger(triggers[position].when, self.state):
                self._fire_trigger(position)
                self._execute()
                return True
        return False

    def _end_protections(self) -> bool:
        """Lift a `make_invulnerable` whose `until` condition now holds."""
        for modifier in self.state.chapter.modifiers:
            if modifier.until is None or modifier.card is None:
                continue
            entry = self.book.card(modifier.card)
            if entry is None:
                continue
            until = value_at(entry.model, modifier.until)
            owner = self.state.chapter.card(modifier.owner) if modifier.owner is not None else None
            if isinstance(until, BaseModel) and holds(until, self.state, self.book, owner, None):
                self.state.chapter.modifiers.remove(modifier)
                self._changed |= CARDS
                why = self._why(entry.document, tuple(modifier.until), f"card {modifier.card}'s protection")
                target = selector(value_at(entry.model, modifier.until[:-1]).target)
                self._emit(
                    "enemy",
                    _("Protection ends: {who} can suffer damage again.").format(who=target),
                    modifier.owner,
                    why,
                )
                return True
        return False

    def _goal_met(
        self,
        happening: Happening | None,
        kind: Kind | None,
        cards_before: Sequence[int],
        met: set[tuple[int, int]],
    ) -> tuple[int, int] | None:
        lookup = self._lookup
        tables = lookup.cards
        state = self.state
        hunters = state.campaign.hunters
        for card in state.chapter.in_play:
            number = card.number
            card_tables = tables.get(number) or lookup.card(number)
            if not card_tables.goals:
                continue  # a special-rules card
            # Only cards in play before the event may use it. Left out: goals needing another kind
            # of event, or an event when this one may not count.
            if number in cards_before:
                key, seen = kind, happening
            else:
                key, seen = None, None
            goals = card_tables.by_kind.get(key)
            if goals is None:
                goals = card_tables.goals_for(key)
            if not goals:
                continue
            tests = card_tables.tests.get(hunters) or card_tables.goal_tests(self.book, hunters)
            for goal in goals:
                position = goal.position
                if (number, position) in met:
                    continue
                if tests[position](state, card, seen, key):  # ``holds``, made into a function
                    return number, position
        return None

    def _meet(self, number_: int, position: int) -> None:
        entry = self.book.card(number_)
        assert entry is not None
        goal = entry.model.goals[position]
        why = self._why(entry.document, ("goals", position, "goal"), f"goal of card {number_}")
        if self.explain:
            self._emit(
                "goal-met",
                _("Goal met on card {card}: {goal}.").format(
                    card=number_,
                    goal=say_condition(goal.goal, self.state.campaign.hunters, self.book.tag_names),
                ),
                number_,
                why,
            )
        self._runs.append(Run(card=number_, frames=[Frame(path=["goals", position, "then"])]))
        self._execute()

    # --- effects ------------------------------------------------------------------------------------

    def _execute(self, happening: Happening | None = None) -> None:
        """Run the effect runs on the stack until they are done or a choice stops them."""
        while self._runs:
            if self.state.chapter.status != "playing":
                self._runs.clear()
                return
            if self.state.chapter.pending is not None:
                self.state.chapter.pending.runs = [run.model_copy(deep=True) for run in self._runs]
                self._runs.clear()
                return
            run = self._runs[-1]
            if not run.frames:
                self._runs.pop()
                continue
            frame = run.frames[-1]
            effects: Sequence[BaseModel] | None = self._lookup.effect_lists.get((run.card, *frame.path))
            if effects is None:
                effects = self._effect_list(run.card, frame.path)
            if frame.next >= len(effects):
                run.frames.pop()
                continue
            effect = effects[frame.next]
            path = [*frame.path, frame.next]
            frame.next += 1
            self._effect(run, effect, path, happening)

    def _effect_list(self, card: int, path: Sequence[str | int]) -> Sequence[BaseModel]:
        """The effects at a path of a card, kept in the tables (card models are frozen)."""
        entry = self.book.card(card)
        assert entry is not None
        found = self._lookup.effect_lists[(card, *path)] = tuple(value_at(entry.model, path))
        return found

    def _effect(
        self, run: Run, effect: BaseModel, path: list[str | int], happening: Happening | None
    ) -> None:
        card = run.card
        owner = run.owner if run.owner is not None else card
        ending = path[0] == "goals"
        if self.explain:
            entry = self.book.card(card)
            assert entry is not None
            why = self._why(
                entry.document,
                tuple(path),
                lambda: f"card {card}: {say_effect(effect, self.state.campaign.hunters)}",
            )
        else:
            why = UNEXPLAINED
        if type(effect) in _TABLE_EFFECTS:  # most effects: none of the card flow's below
            self._path = (card, path)
            self._simple_effect(effect, owner, why, happening)
            self._path = None
            if self.listener is not None:
                self.listener.on_effect(owner, effect)
        elif isinstance(effect, fx.Choose):
            self._offer(run, effect, path, why)
        elif isinstance(effect, fx.Branch):
            taken = holds(effect.branch.condition, self.state, self.book, self.state.chapter.card(card), None)
            side = "then" if taken else "else"
            if self.explain:
                self._emit(
                    "note",
                    _("Card {card}: {condition}? {answer}.").format(
                        card=card,
                        condition=say_clause(effect.branch.condition, self.state.campaign.hunters),
                        answer=_("yes") if taken else _("no"),
                    ),
                    card,
                    why,
                )
            run.frames.append(Frame(path=[*path, "branch", side]))
        elif isinstance(effect, fx.Reveal):
            if ending:
                self._end_step(card, effect.reveal, why)
            self._reveal(effect.reveal, why)
        elif isinstance(effect, fx.CompleteMission):
            self._complete_mission(card, effect.complete_mission.insight, why)
        elif isinstance(effect, fx.CompleteHunt):
            self._end_step(card, None, why)
            self._complete_hunt(why)
        elif isinstance(effect, fx.UntoldEffect):
            self._end_step(card, None, why)
            self.state.chapter.status = "untold"
            self._emit(
                "untold", _("The source stops here: {text}.").format(text=text_in(effect.untold)), card, why
            )
        else:
            self._path = (card, path)
            self._simple_effect(effect, owner, why, happening)
            self._path = None
            if self.listener is not None:
                self.listener.on_effect(owner, effect)

    def _simple_effect(self, effect: BaseModel, owner: int, why: Why, happening: Happening | None) -> None:
        chapter = self.state.chapter
        hunters = self.state.campaign.hunters
        if isinstance(effect, fx.LockCard):
            if effect.lock_card not in chapter.locked:
                chapter.locked.append(effect.lock_card)
            self._emit(
                "lock",
                _("Card {card} is locked: it can no longer be revealed.").format(card=effect.lock_card),
                owner,
                why,
            )
        elif isinstance(effect, fx.DiscardCard):
            self._discard(effect.discard_card, why)
        elif isinstance(effect, fx.PlaceToken):
            self._place_token(effect.place_token, owner, why, happening)
        elif isinstance(effect, fx.RemoveToken):
            self._changed |= TOKENS
            if chapter.tokens.pop(effect.remove_token, None) is not None:
                self._emit(
                    "token", _("Remove the {token} token(s).").format(token=effect.remove_token), owner, why
                )
        elif isinstance(effect, fx.MoveToken):
            if self.explain:
                move = say_effect(effect, hunters)
                self._emit(
                    "token",
                    _("{move} (then report where it is: `token_moved`).").format(
                        move=f"{move[0].upper()}{move[1:]}"
                    ),
                    owner,
                    why,
                )
        elif isinstance(effect, fx.Spawn):
            self._spawn(effect.spawn, owner, why)
        elif isinstance(effect, fx.SpawnBoss):
            params = effect.spawn_boss
            boss = local_id(params.boss)
            tag = params.tag or boss
            chapter.enemies[tag] = EnemyGroup(enemy=boss, boss=True, owner=owner)
            self._emit(
                "spawn",
                _(
                    "Spawn the boss {boss} at {place}: take its Boss HP card and both Boss Action decks."
                ).format(boss=self.book.name_of(boss), place=place(params.at)),
                owner,
                why,
            )
        elif isinstance(effect, fx.ChangeHp | fx.ChangeAttack | fx.MakeInvulnerable):
            text = modifier_text(effect, hunters)
            modifier = Modifier(text=text, owner=owner)
            if isinstance(effect, fx.MakeInvulnerable) and self._path is not None:
                modifier.card, modifier.until = self._path[0], [*self._path[1], "make_invulnerable", "until"]
            chapter.modifiers.append(modifier)
            self._changed |= CARDS
            self._emit("enemy", text, owner, why)
        elif isinstance(effect, fx.FogGates):
            tile = local_id(effect.fog_gates)
            chapter.fog_gates[tile] = owner
            self._emit(
                "fog-gates",
                _("Surround {tile} with fog gates (break its lamp; remove other enemies from it).").format(
                    tile=self.book.tiles.get(tile, tile)
                ),
                owner,
                why,
            )
        elif isinstance(effect, fx.RemoveFogGates):
            tile = local_id(effect.remove_fog_gates)
            if chapter.fog_gates.pop(tile, "absent") != "absent":
                self._emit(
                    "fog-gates", _("Remove the fog gates around {tile}.").format(tile=tile), owner, why
                )
        elif isinstance(effect, fx.AdvanceHuntTrack):
            # The token moves at once; what the new spaces set off (resets, rules) comes after.
            follow: list[dict[str, Any]] = []
            for _step in range(effect.advance_hunt_track):
                follow.extend(self._advance_track(round_start=False))
            chapter.queue[0:0] = follow
        elif isinstance(effect, fx.SpecialRules):
            self._enter_special(effect.special_rules, why)
        elif isinstance(effect, fx.EndSpecialRules):
            self._discard(effect.end_special_rules, why)
        elif isinstance(effect, fx.SetCounter | fx.AddCounter):
            self._counter(effect, owner, why)
        elif isinstance(effect, fx.NarrativeEffect):
            self._emit("narrative", f"{text_in(effect.narrative)} (not simulated)", owner, why)
        elif getattr(type(effect), "verb", "") in fx.REWARD_VERBS:
            self._reward(effect, why)
        else:  # a verb newer than this interpreter: say so rather than drop it silently
            self._emit(
                "narrative",
                _("{effect} (not simulated by the companion)").format(effect=say_effect(effect, hunters)),
                owner,
                why,
            )

    def _offer(self, run: Run, effect: fx.Choose, path: list[str | int], why: Why) -> None:
        labels = [text_in(option.label) for option in effect.choose.options]
        self.state.chapter.pending = PendingChoice(
            card=run.card, path=list(path), prompt=text_in(effect.choose.prompt), options=labels, runs=[]
        )
        detail = tuple(f"{i}. {label}" for i, label in enumerate(labels, 1))
        self._emit(
            "choice",
            _("Choose: {prompt}").format(prompt=text_in(effect.choose.prompt)),
            run.card,
            why,
            detail,
        )

    def _resume(self, event: ChooseEvent) -> None:
        pending = self.state.chapter.pending
        assert pending is not None
        index = _option_index(event.choose, pending.options)
        if index is None:
            options = ", ".join(f"{i}. {label}" for i, label in enumerate(pending.options, 1))
            raise EventRejected(
                _("no option {choice}; the options are {options}").format(
                    choice=repr(event.choose), options=options
                )
            )
        self.state.chapter.pending = None
        self._emit("note", _("Chosen: {option}.").format(option=pending.options[index]), pending.card)
        self._runs = [run.model_copy(deep=True) for run in pending.runs]
        top = self._runs[-1] if self._runs else Run(card=pending.card)
        if not self._runs:
            self._runs.append(top)
        top.frames.append(Frame(path=[*pending.path, "choose", "options", index, "then"]))
        self._execute()
        if self._interrupted():
            if self.state.chapter.pending is not None and pending.event is not None:
                self.state.chapter.pending.event = pending.event
                self.state.chapter.pending.phase = pending.phase
                self.state.chapter.pending.cards_before = pending.cards_before
                self.state.chapter.pending.rules_fired = pending.rules_fired
            return
        if pending.event is not None:
            self._handle(pending.event, pending)

    # --- what effects do ----------------------------------------------------------------------------

    def _reveal(self, number_: int, why: Why) -> None:
        chapter = self.state.chapter
        entry = self.book.card(number_)
        if entry is None:
            self._emit(
                "note",
                _("Card {card} does not exist in this campaign; nothing is revealed.").format(card=number_),
                None,
                why,
            )
            return
        if number_ in chapter.locked:
            self._emit(
                "note", _("Card {card} is locked and is not revealed.").format(card=number_), number_, why
            )
            return
        if number_ in chapter.in_play_numbers() or number_ in chapter.completed:
            self._emit("note", _("Card {card} has already been revealed.").format(card=number_), number_, why)
            return
        card = entry.model
        chapter.revealed.append(number_)
        in_play = CardInPlay(number=number_)
        if self._carry is not None and self._carry[0] == number_:
            in_play.carries_rules_of = list(self._carry[1])
            self._carry = None
        chapter.in_play.append(in_play)
        self._changed |= CARDS
        self._moves += 1
        if self.explain:
            self._emit(
                "reveal",
                _("Reveal card {card}: {title} ({type}).").format(
                    card=number_, title=text_in(card.title), type=_(card.type)
                ),
                number_,
                why,
                self._card_detail(card),
            )
        self._runs.append(Run(card=number_, frames=[Frame(path=["on_reveal"])]))

    def _enter_special(self, number_: int, why: Why) -> None:
        entry = self.book.card(number_)
        if entry is not None and entry.model.type != "special-rules":
            self._reveal(number_, why)
            return
        if entry is not None and number_ not in self.state.chapter.in_play_numbers():
            self._reveal(number_, why)

    def _card_detail(self, card: MissionCard) -> tuple[str, ...]:
        lines: list[str] = []
        if card.story is not None:
            lines.append(text_in(card.story))
        for rule in card.rules:
            if isinstance(rule, Rule):
                effects = ", ".join(say_effect(item, self.state.campaign.hunters) for item in rule.do)
                lines.append(
                    _("Rule: each time {trigger}: {effects}.").format(
                        trigger=trigger(rule.when), effects=effects
                    )
                )
            else:
                lines.append(_("Rule: {text} (not simulated).").format(text=text_in(rule.narrative)))
        for goal in card.goals:
            lines.append(
                _("Goal: {goal}.").format(
                    goal=goal_line(goal, self.state.campaign.hunters, self.book.tag_names)
                )
            )
        return tuple(lines)

    def _end_step(self, number_: int, successor: int | None, why: Why) -> None:
        """The card's step is done: it leaves play, and what it created goes unless the next keeps it."""
        chapter = self.state.chapter
        card = chapter.card(number_)
        if card is None:
            return
        chapter.in_play.remove(card)
        self._changed |= CARDS
        self._moves += 1
        chapter.completed.append(number_)
        keeps = None
        if successor is not None:
            next_entry = self.book.card(successor)
            keeps = next_entry.model.keeps if next_entry is not None else None
        removed = self._drop_owned(number_, successor, keeps)
        if keeps is not None and keeps.rules and successor is not None:
            self._carry = (successor, [number_, *card.carries_rules_of])
        if not self.explain:
            return
        detail = (_("Discard: {things}.").format(things=", ".join(removed)),) if removed else ()
        self._emit(
            "step-complete", _("Card {card}'s step is complete.").format(card=number_), number_, why, detail
        )

    def _drop_owned(self, number_: int, successor: int | None, keeps: Any) -> list[str]:
        handover = Handover(number_, successor, keeps)
        self._changed |= TOKENS | COUNTERS | CARDS
        if self.listener is not None:
            self.listener.on_card_ended(number_, keeps)
        chapter = self.state.chapter
        removed: list[str] = []
        for name, token in list(chapter.tokens.items()):
            if token.owner == number_:
                if handover.is_kept("tokens", name):
                    token.owner = successor
                else:
                    del chapter.tokens[name]
                    removed.append(f"the {name} token(s)")
        for tag, group in list(chapter.enemies.items()):
            if group.owner == number_:
                if handover.is_kept("enemies", tag):
                    group.owner = successor
                else:
                    del chapter.enemies[tag]
                    if group.alive and not group.boss:
                        removed.append(f"the {tag} enemies")
        for tile, owner in list(chapter.fog_gates.items()):
            if owner == number_:
                if handover.is_kept("fog_gates", tile):
                    chapter.fog_gates[tile] = successor
                else:
                    del chapter.fog_gates[tile]
                    removed.append(f"the fog gates around {tile}")
        for name, owner in list(chapter.counter_owners.items()):
            if owner == number_:
                if handover.is_kept("counters", name):
                    chapter.counter_owners[name] = successor
                else:
                    del chapter.counter_owners[name]
                    chapter.counters.pop(name, None)
        kept_modifiers = [m for m in chapter.modifiers if m.owner != number_]
        if len(kept_modifiers) != len(chapter.modifiers):
            removed.append("its changes to enemies")
            chapter.modifiers = kept_modifiers
        return removed

    def _complete_mission(self, number_: int, insight: int | None, why: Why) -> None:
        chapter = self.state.chapter
        self._end_step(number_, None, why)
        if number_ not in chapter.missions_completed:
            chapter.missions_completed.append(number_)
        self._emit(
            "mission-complete", _("Mission of card {card} complete.").format(card=number_), number_, why
        )
        if insight is not None:
            self._gain_insight(insight, why)

    def _gain_insight(self, number_: int, why: Why) -> None:
        campaign = self.state.campaign
        if number_ in campaign.insight:
            self._emit("note", _("Insight card {card} is already held.").format(card=number_), None, why)
            return
        campaign.insight.append(number_)
        self._changed |= INSIGHT
        entry = self.book.insight(number_)
        title = text_in(entry.model.title) if entry else "?"
        detail = (text_in(entry.model.story),) if entry and entry.model.story else ()
        self._emit(
            "insight",
            _("Take insight card {card}: {title}. Collected insight: {count}.").format(
                card=number_, title=title, count=len(campaign.insight)
            ),
            None,
            why,
            detail,
        )
        if entry is None:
            return
        for position, reward in enumerate(entry.model.rewards):
            reward_why = self._why(entry.document, ("rewards", position), f"insight card {number_}'s rewards")
            self._reward(reward, reward_why)
            if self.listener is not None:
                self.listener.on_effect(None, reward)

    def _reward(self, effect: BaseModel, why: Why) -> None:
        text = reward_text(effect, self.state.campaign.hunters, self.book)
        card = getattr(getattr(effect, str(getattr(type(effect), "verb", "")), None), "card", None)
        self.state.campaign.rewards.append(
            RewardRecord(
                chapter=self.state.chapter.number,
                text=text,
                verb=str(getattr(type(effect), "verb", "")),
                card=local_id(card) if isinstance(card, str) else None,
            )
        )
        self._emit("reward", _("Reward: {reward}.").format(reward=text), None, why)

    def _complete_hunt(self, why: Why) -> None:
        chapter = self.state.chapter
        campaign = self.state.campaign
        chapter.status = "won"
        if chapter.number not in campaign.chapters_won:
            campaign.chapters_won.append(chapter.number)
        last = chapter.number >= self.book.last_chapter()
        campaign.complete = last
        ending = (
            _("The campaign is complete!")
            if last
            else _("Chapter {number} awaits.").format(number=chapter.number + 1)
        )
        won = _("The hunt is complete: chapter {number} won. {ending}").format(
            number=chapter.number, ending=ending
        )
        self._emit("hunt-complete", won, None, why)

    def _discard(self, number_: int, why: Why) -> None:
        chapter = self.state.chapter
        card = chapter.card(number_)
        if card is None:
            return
        chapter.in_play.remove(card)
        self._changed |= CARDS
        self._moves += 1
        chapter.discarded.append(number_)
        removed = self._drop_owned(number_, None, None)
        detail = (_("Discard: {things}.").format(things=", ".join(removed)),) if removed else ()
        self._emit("discard", _("Card {card} leaves play.").format(card=number_), number_, why, detail)

    def _place_token(
        self, params: fx.PlaceTokenParams, owner: int, why: Why, happening: Happening | None
    ) -> None:
        count = number(params.count, self.state.campaign.hunters)
        tile, space = self._position(params.at, happening)
        label = text_in(params.label) if params.label is not None else ""
        existing = self.state.chapter.tokens.get(params.token)
        self._changed |= TOKENS
        if existing is not None and params.at is not None and isinstance(params.at, EventPlace):
            existing.count += count
        else:
            self.state.chapter.tokens[params.token] = TokenState(
                type=params.type, label=label, count=count, tile=tile, space=space, owner=owner
            )
        if not self.explain:
            return
        what = (
            _("{count} {type} token").format(count=count, type=_(params.type))
            if count == 1
            else _("{count} {type} tokens").format(count=count, type=_(params.type))
        )
        what += f" ({params.token}: {label})" if label else f" ({params.token})"
        self._emit(
            "token", _("Place {what} on {place}.").format(what=what, place=place(params.at)), owner, why
        )

    def _position(self, at: object, happening: Happening | None) -> tuple[str | None, str | None]:
        if isinstance(at, TilePlace | SlotPlace):
            return local_id(at.tile), None
        if isinstance(at, SpacePlace):
            return local_id(at.space), at.space_id
        if isinstance(at, TokenPlace):
            token = self.state.chapter.tokens.get(at.token)
            return (token.tile, token.space) if token else (None, None)
        if isinstance(happening, EndMove):
            return local_id(happening.end_move.tile), happening.end_move.space
        return None, None

    def _spawn(self, params: fx.SpawnParams, owner: int, why: Why) -> None:
        enemy = local_id(params.enemy)
        count = number(params.count, self.state.campaign.hunters)
        tag = params.tag or f"{enemy}-{owner}"
        self.state.chapter.enemies[tag] = EnemyGroup(
            enemy=enemy, count=count, alive=count, respawn=params.respawn, owner=owner
        )
        if not self.explain:
            return
        respawn = _(" (they respawn at each reset)") if params.respawn else ""
        self._emit(
            "spawn",
            _("Spawn {count} × {enemy} at {place}{respawn}.").format(
                count=count, enemy=self.book.name_of(enemy), place=place(params.at), respawn=respawn
            ),
            owner,
            why,
        )

    def _counter(self, effect: fx.SetCounter | fx.AddCounter, owner: int, why: Why) -> None:
        chapter = self.state.chapter
        if isinstance(effect, fx.SetCounter):
            name = effect.set_counter.counter
            chapter.counters[name] = number(effect.set_counter.value, self.state.campaign.hunters)
        else:
            name = effect.add_counter.counter
            chapter.counters[name] = chapter.counters.get(name, 0) + number(
                effect.add_counter.amount, self.state.campaign.hunters
            )
        chapter.counter_owners.setdefault(name, owner)
        self._changed |= COUNTERS
        self._emit(
            "counter",
            _("Counter {name}: {value}.").format(name=name, value=chapter.counters[name]),
            owner,
            why,
        )

    # --- helpers ---------------------------------------------------------------------------------

    def _emit(
        self,
        kind: OutcomeKind,
        text: str,
        card: int | None = None,
        why: Why | None = None,
        detail: tuple[str, ...] = (),
    ) -> None:
        if self.explain:
            self._out.append(Outcome(kind, text, card, why, detail))

    def _why(self, document: LoadedDocument, path: PathKey, reason: str | Callable[[], str]) -> Why:
        """Why the next outcomes happen; ``reason`` may be a function, called only when explaining."""
        if not self.explain:
            return UNEXPLAINED
        return Why(reason if isinstance(reason, str) else reason(), document.locate(path))


_FLOW_EFFECTS = (fx.Choose, fx.Branch, fx.Reveal, fx.CompleteMission, fx.CompleteHunt, fx.UntoldEffect)
"""The effects that steer the card flow (``_effect``)."""

_TABLE_EFFECTS = frozenset(
    model
    for model in vars(fx).values()
    if isinstance(model, type)
    and issubclass(model, BaseModel)
    and isinstance(getattr(model, "verb", None), str)
    and not issubclass(model, _FLOW_EFFECTS)
)
"""The other effect classes (those with a verb), carried out by ``_simple_effect``."""

# Each function takes an event of the class it is filed under (so it is typed with that class).
_NAME_CHECKS: dict[type[BaseModel], Callable[[MissionInterpreter, Any], None] | None] = {
    Dream: None,
    EndRound: None,
    ChooseEvent: None,
    InteractEvent: MissionInterpreter._check_interact,
    TokenMoved: MissionInterpreter._check_token_moved,
    Slain: MissionInterpreter._check_slain,
    EndMove: MissionInterpreter._check_end_move,
    TileRevealedEvent: MissionInterpreter._check_tile_revealed,
}
"""What checks the names an event of each class gives (None: it names nothing)."""

_RECORDS: dict[Kind, Callable[[MissionInterpreter, Any, dict[str, Any] | None], None]] = {
    "advance": MissionInterpreter._record_advance,
    "reset": MissionInterpreter._record_reset,
    "round_start": MissionInterpreter._record_round_start,
    Slain: MissionInterpreter._record_slain,
    TileRevealedEvent: MissionInterpreter._record_tile,
    TokenMoved: MissionInterpreter._record_token_moved,
    Dream: MissionInterpreter._record_dream,
}
"""What records each kind of happening that changes the state by itself (``lookup.kind_of``)."""


def _names_other(names: frozenset[str] | None, happening: Happening) -> bool:
    """Whether the happening names something other than ``names`` (None: anything)."""
    return names is not None and event_name(happening) not in names


def _numbers(cards: Sequence[int] | Sequence[CardInPlay]) -> list[int]:
    """The numbers of cards given as cards in play (or already as numbers: a list is one or the
    other)."""
    if not cards or isinstance(cards[0], int):
        return list(cards)  # type: ignore[arg-type]
    return [card.number for card in cards]  # type: ignore[union-attr]


def _describe(happening: Happening | None) -> str:
    if happening is None:
        return "a card revealed by hand"
    return happening if isinstance(happening, str) else describe_event(happening)


def _option_index(choice: int | str, options: Sequence[str]) -> int | None:
    if isinstance(choice, int):
        return choice - 1 if 1 <= choice <= len(options) else None
    wanted = choice.strip().casefold()
    if wanted.isdigit():
        return _option_index(int(wanted), options)
    for index, label in enumerate(options):
        if label.casefold() == wanted:
            return index
    matches = [i for i, label in enumerate(options) if label.casefold().startswith(wanted)]
    return matches[0] if len(matches) == 1 else None


def _known(what: str, names: Any) -> str:
    found = sorted(names)
    return f"{what}: {', '.join(found)}" if found else f"there are no {what}"
