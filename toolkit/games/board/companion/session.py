"""A companion session: turns prompt lines into events or companion commands, and keeps history.

:meth:`Session.handle` never raises on bad input: every problem becomes a message, and the state is
unchanged. Undo returns to the state before the last report; save points are named copies of the
state the players can go back to.
"""

from __future__ import annotations

import shlex
from collections.abc import Callable
from dataclasses import dataclass, field

from pydantic import BaseModel

from toolkit.core.model import text_in
from toolkit.core.strings.catalogue import _
from toolkit.games.board.companion import render
from toolkit.games.board.interpreter.book import CampaignBook, CampaignNotFound
from toolkit.games.board.interpreter.events import (
    ChooseEvent,
    Dream,
    EndMove,
    EndRound,
    InteractEvent,
    MovePlace,
    Slain,
    SlainTarget,
    TileRevealedEvent,
    TokenMoved,
    TokenMovedParams,
)
from toolkit.games.board.interpreter.machine import (
    CascadeOverflow,
    EventRejected,
    MissionInterpreter,
)
from toolkit.games.board.interpreter.outcomes import Outcome
from toolkit.games.board.interpreter.state import MissionState
from toolkit.games.board.mission.deck import local_id

MAX_UNDO = 100
"""Reports that can be undone, most recent first."""

EVENT_WORDS = ("move", "tile", "slay", "interact", "token", "dream", "end", "choose")
META_WORDS = ("status", "goals", "setup", "why", "undo", "save", "back", "points", "next", "help", "quit")


class InputError(ValueError):
    """A prompt line that does not say anything the companion understands."""


@dataclass(slots=True)
class Reply:
    """What the companion answers to one line."""

    lines: list[str] = field(default_factory=list)
    changed: bool = False
    """Whether the state changed (so the caller saves)."""

    quit: bool = False


@dataclass(slots=True)
class Session:
    """One companion session over an interpreter."""

    interpreter: MissionInterpreter
    points: dict[str, MissionState] = field(default_factory=dict)
    history: list[MissionState] = field(default_factory=list)
    last: list[Outcome] = field(default_factory=list)

    @property
    def book(self) -> CampaignBook:
        return self.interpreter.book

    @property
    def state(self) -> MissionState:
        return self.interpreter.state

    def opening(self) -> list[str]:
        """The setup checklist and the chapter's start for a new campaign; the status on resuming."""
        if self.state.chapter.started:
            return [_("(resumed)"), *render.status_lines(self.interpreter), *self._afterword()]
        lines = [*self._introduction(), *self._setup()]
        self.last = self.interpreter.begin_chapter()
        lines.extend(render.outcome_lines(self.last))
        return lines

    def _introduction(self) -> list[str]:
        """The campaign's introduction, before its first chapter (not when a later one is chosen)."""
        campaign = self.book.campaign
        if self.state.chapter.number != 1 or campaign is None or campaign.introduction is None:
            return []
        return [f"=== {campaign.display_name()} ===", text_in(campaign.introduction)]

    def handle(self, line: str) -> Reply:
        """Answer one prompt line; whatever goes wrong, the session and its state survive."""
        before = self.state.copy_deep()
        try:
            return self._handle(line)
        except Exception as error:  # a bug must not cost the table its session
            self.interpreter.state = before
            return Reply(
                [
                    _("Internal error: {error}. The report was not applied.").format(
                        error=f"{type(error).__name__}: {error}"
                    ),
                    _("This is a bug in huntkit; please report it with the line you typed."),
                ]
            )

    def _handle(self, line: str) -> Reply:
        try:
            words = shlex.split(line, comments=True)
        except ValueError as error:
            return Reply([_("Cannot read that: {error}. Type `help` for the commands.").format(error=error)])
        if not words:
            return Reply()
        word, args = words[0].lower(), words[1:]
        if word.isdigit() and not args:
            word, args = "choose", [word]
        try:
            meta = self._meta(word)
            if meta is not None:
                return meta(args)
            event = parse_command(word, args, self.book)
        except InputError as error:
            return Reply([str(error)])
        return self._report(event)

    # --- events ---------------------------------------------------------------------------------

    def _report(self, event: BaseModel) -> Reply:
        unknown = self._unknown_tile(event)
        if unknown is not None:
            return Reply(unknown)
        event = self._slain_by_name(event)
        before = self.state.copy_deep()
        try:
            outcomes = self.interpreter.apply(event)
        except EventRejected as error:
            lines = [_("Not applied: {reason}.").format(reason=error.message)]
            if error.hint:
                lines.append(_("  hint: {hint}").format(hint=error.hint))
            return Reply(lines)
        except CascadeOverflow as error:
            self.interpreter.state = before
            return Reply(
                [_("Not applied: {reason}. This is a problem in the campaign's cards.").format(reason=error)]
            )
        self.history.append(before)
        del self.history[:-MAX_UNDO]
        self.last = outcomes
        lines = render.outcome_lines(outcomes) or [_("Noted. Nothing is revealed.")]
        lines.extend(self._afterword())
        return Reply(lines, changed=True)

    def _slain_by_name(self, event: BaseModel) -> BaseModel:
        """A slay report naming the enemy the table sees, read as its group's tag when that is whom.

        Players say `slay sister-marta`; the card waits for her tag. The report is about the group
        when exactly one standing group is of that enemy and none of that enemy stands in the
        chapter's enemy slots (then the miniature could be either, and the report counts for the
        type only). Done here, for what the table types, not in the interpreter the engine drives:
        the engine always knows which miniature fell.
        """
        if not isinstance(event, Slain):
            return event
        return (
            Slain(slain=event.slain.model_copy(update={"target": tag}))
            if (tag := self.group_of(event))
            else event
        )

    def group_of(self, event: Slain) -> str | None:
        """The tag a slay report naming an enemy type stands for (see :meth:`_slain_by_name`)."""
        target = local_id(event.slain.target)
        chapter = self.state.chapter
        if target in chapter.enemies:
            return None
        try:
            slots = {local_id(enemy) for enemy in self.book.chapter(chapter.number).model.setup.enemies}
        except CampaignNotFound:
            return None
        if target in slots:
            return None
        standing = [
            tag for tag, group in chapter.enemies.items() if group.enemy == target and group.alive > 0
        ]
        return standing[0] if len(standing) == 1 else None

    def _unknown_tile(self, event: BaseModel) -> list[str] | None:
        """A token reported onto a tile the campaign has not (a typo would move it off the map).

        Checked here rather than in the interpreter, which the simulation engine also drives.
        """
        if not isinstance(event, TokenMoved) or not self.book.tiles:
            return None
        tile = local_id(event.token_moved.to.tile)
        if tile in self.book.tiles:
            return None
        from toolkit.core.validation import did_you_mean

        hint = did_you_mean(tile, list(self.book.tiles))
        lines = [_("Not applied: no tile is named {tile}.").format(tile=repr(tile))]
        return lines + ([_("  hint: {hint}").format(hint=hint)] if hint else [])

    def _afterword(self) -> list[str]:
        chapter = self.state.chapter
        if chapter.status == "won":
            if self.state.campaign.complete:
                return [_("The campaign is won. Well hunted.")]
            return [_("Type `next` to set up chapter {number}.").format(number=chapter.number + 1)]
        if chapter.status == "lost":
            return [_("Type `next` to start the campaign again from chapter 1.")]
        if chapter.status == "untold":
            return [_("The campaign's source describes nothing further; play stops here.")]
        return []

    # --- companion commands ------------------------------------------------------------------------

    def _meta(self, word: str) -> Callable[[list[str]], Reply] | None:
        table: dict[str, Callable[[list[str]], Reply]] = {
            "status": lambda args: Reply(render.status_lines(self.interpreter)),
            "goals": lambda args: Reply(self._goals()),
            "setup": lambda args: Reply(self._setup()),
            "why": lambda args: Reply(render.why_lines(self.last)),
            "undo": self._undo,
            "save": self._save_point,
            "back": self._back,
            "points": lambda args: Reply(self._points()),
            "next": self._next,
            "help": lambda args: Reply(render.help_text().splitlines()),
            "quit": lambda args: Reply([_("Leaving the hunt.")], quit=True),
            "exit": lambda args: Reply([_("Leaving the hunt.")], quit=True),
        }
        return table.get(word)

    def _setup(self) -> list[str]:
        state = self.state
        try:
            return render.setup_checklist(
                self.book, state.chapter.number, state.campaign.hunters, state.campaign.insight
            )
        except CampaignNotFound as error:
            return [str(error)]

    def _goals(self) -> list[str]:
        goals = self.interpreter.open_goals()
        if not goals:
            return [_("No goals are open.")]
        return [_("card {number}: {goal}").format(number=number, goal=goal) for number, goal in goals]

    def _undo(self, args: list[str]) -> Reply:
        if args:
            raise InputError("`undo` takes no arguments; it takes back the last report")
        if not self.history:
            return Reply([_("Nothing to undo.")])
        self.interpreter.state = self.history.pop()
        self.last = []
        return Reply([_("Undone: back to before the last report.")], changed=True)

    def _save_point(self, args: list[str]) -> Reply:
        name = _one_name(args, "save NAME (a save point to return to, e.g. `save before-boss`)")
        self.points[name] = self.state.copy_deep()
        return Reply([_("Save point {name} made.").format(name=repr(name))], changed=True)

    def _back(self, args: list[str]) -> Reply:
        name = _one_name(args, "back NAME (a save point made with `save NAME`)")
        point = self.points.get(name)
        if point is None:
            known = ", ".join(sorted(self.points)) or _("none yet")
            return Reply(
                [_("No save point {name} (save points: {known}).").format(name=repr(name), known=known)]
            )
        self.history.append(self.state.copy_deep())
        self.interpreter.state = point.copy_deep()
        self.last = []
        back = _("Back at save point {name}.").format(name=repr(name))
        return Reply([back, *render.status_lines(self.interpreter)], changed=True)

    def _points(self) -> list[str]:
        if not self.points:
            return [_("No save points yet (`save NAME` makes one).")]
        return [
            _("{name}: chapter {number}, round {round}, Hunt Track {space}").format(
                name=name, number=p.chapter.number, round=p.chapter.round, space=p.chapter.hunt_track
            )
            for name, p in sorted(self.points.items())
        ]

    def _next(self, args: list[str]) -> Reply:
        if args:
            raise InputError("`next` takes no arguments")
        before = self.state.copy_deep()
        try:
            outcomes = self.interpreter.next_chapter()
        except (EventRejected, CampaignNotFound) as error:
            self.interpreter.state = before
            return Reply([_("Not now: {reason}.").format(reason=error)])
        self.history.append(before)
        self.last = outcomes
        lines = self._setup() + render.outcome_lines(outcomes)
        return Reply(lines, changed=True)


def _one_name(args: list[str], usage: str) -> str:
    if len(args) != 1:
        raise InputError(f"usage: {usage}")
    return args[0]


def parse_command(word: str, args: list[str], book: CampaignBook) -> BaseModel:
    """The event a prompt command reports; raises :class:`InputError` with a usage line."""
    try:
        if word == "move" and 1 <= len(args) <= 2:
            return EndMove(end_move=MovePlace(tile=args[0], space=args[1] if len(args) > 1 else None))
        if word == "tile" and len(args) == 1:
            return TileRevealedEvent(tile_revealed=args[0])
        if word in ("slay", "slain", "kill") and 1 <= len(args) <= 2:
            if len(args) > 1 and not _is_whole_number(args[1]):
                raise ValueError(f"COUNT must be a whole number, not {args[1]!r}")
            count = int(args[1]) if len(args) > 1 else 1
            return Slain(slain=SlainTarget(target=args[0], count=count))
        if word == "interact" and len(args) == 1:
            return InteractEvent(interact=args[0])
        if word in ("token", "escort") and 2 <= len(args) <= 3:
            place = MovePlace(tile=args[1], space=args[2] if len(args) > 2 else None)
            return TokenMoved(token_moved=TokenMovedParams(token=args[0], to=place))
        if word == "dream" and not args:
            return Dream(dream=True)
        if word == "end" and (not args or args == ["round"]):
            return EndRound(end_round=True)
        if word == "choose" and args:
            text = " ".join(args)
            return ChooseEvent(choose=int(text) if text.isdigit() else text)
    except ValueError as error:
        raise InputError(f"Cannot use that: {_first_problem(error)}.") from None
    usage = {
        "move": "move TILE [SPACE]",
        "tile": "tile TILE",
        "slay": "slay NAME [COUNT]",
        "interact": "interact TOKEN",
        "token": "token TOKEN TILE [SPACE]",
        "dream": "dream",
        "end": "end",
        "choose": "choose N|LABEL",
    }
    if word in usage:
        raise InputError(f"usage: {usage[word]}")
    from toolkit.core.validation import did_you_mean

    hint = did_you_mean(word, [*EVENT_WORDS, *META_WORDS])
    suffix = f" ({hint})" if hint else ""
    raise InputError(
        _("Unknown command {word}{suffix}. Type `help` for the commands.").format(
            word=repr(word), suffix=suffix
        )
    )


def _is_whole_number(text: str) -> bool:
    return text.isascii() and text.removeprefix("-").isdigit()


def _first_problem(error: ValueError) -> str:
    errors = getattr(error, "errors", None)
    if callable(errors):
        found = errors()
        if found:
            # Pydantic names union members in the location (`choose.constrained-int`); field names
            # have no hyphen, so those parts are left out.
            parts = [str(part) for part in found[0].get("loc", ()) if "-" not in str(part)]
            location = ".".join(parts)
            return f"{found[0].get('msg', error)} ({location})" if location else str(found[0].get("msg"))
    return str(error)
