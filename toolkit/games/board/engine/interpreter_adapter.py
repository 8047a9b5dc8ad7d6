"""The mission interpreter of issue 4 behind the engine's :class:`MissionPort`.

The interpreter speaks the table's language (events in, outcomes in words out); the engine needs
the effect models to carry them out. The adapter subclasses :class:`MissionInterpreter` and
listens at its effect, reward and clean-up steps, so the card flow is decided in one place only.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel

from toolkit.games.board.engine.missions import (
    CardEnded,
    HuntCompleted,
    MissionOutcome,
    MissionPort,
    PendingChoice,
    WorldEffect,
)
from toolkit.games.board.engine.rules import Rules
from toolkit.games.board.interpreter.book import CampaignBook, book_from_index
from toolkit.games.board.interpreter.machine import (
    EventRejected,
    MissionInterpreter,
    new_state,
    parse_event,
)
from toolkit.games.board.interpreter.matching import holds
from toolkit.games.board.interpreter.outcomes import Why
from toolkit.games.board.mission import effects as fx

TABLE_EFFECTS = (
    fx.PlaceToken,
    fx.RemoveToken,
    fx.MoveToken,
    fx.Spawn,
    fx.SpawnBoss,
    fx.ChangeHp,
    fx.ChangeAttack,
    fx.MakeInvulnerable,
    fx.FogGates,
    fx.RemoveFogGates,
    fx.AdvanceHuntTrack,
    fx.NarrativeEffect,
)
"""Mission effects that touch the table, which the engine carries out."""

FOLLOWING = frozenset({"round_start", "reset", "hunt_track"})
"""Events the interpreter is not told: round starts, resets and track moves follow inside it from
the end of a round and the Dream."""


class _ListeningInterpreter(MissionInterpreter):
    """The interpreter, with what it does to the table written down for the engine."""

    def __init__(self, book: CampaignBook, hunters: int, chapter: int) -> None:
        super().__init__(book, new_state(book, hunters, chapter))
        self.heard: list[MissionOutcome] = []
        self.explain = False  # the engine reads what it heard, never the outcomes' words

    def _simple_effect(self, effect: BaseModel, owner: int, why: Why, happening: Any) -> None:
        super()._simple_effect(effect, owner, why, happening)
        if isinstance(effect, TABLE_EFFECTS):
            self.heard.append(WorldEffect(owner, effect))

    def _reward(self, effect: BaseModel, why: Why) -> None:
        super()._reward(effect, why)
        self.heard.append(WorldEffect(0, effect))

    def _drop_owned(self, number_: int, successor: int | None, keeps: Any) -> list[str]:
        self.heard.append(CardEnded(number_, keeps, successor))
        return super()._drop_owned(number_, successor, keeps)


class InterpreterPort:
    """A :class:`MissionPort` backed by the mission interpreter."""

    def __init__(self, rules: Rules, hunters: int) -> None:
        book = rules.cache.get("book")
        if not isinstance(book, CampaignBook):
            assert rules.index is not None, "the rules were not loaded from a content index"
            book = book_from_index(rules.index, rules.pack_id, rules.campaign.id)
            rules.cache["book"] = book
        self.machine = _ListeningInterpreter(book, hunters, rules.chapter.number)
        self.rejected: list[str] = []
        self.mentioned = _mentioned(rules)
        events = rules.cache.get("events")
        if not isinstance(events, dict):
            events = rules.cache["events"] = {}
        self.events: dict[tuple[Any, ...], BaseModel] = events
        """Events already parsed, by what they say (`("end_move", tile, space)`; event models are
        frozen, so games share them; parsing each report again was a tenth of the interpreter's
        time, writing it out to look it up another)."""

    def _run(
        self, key: tuple[Any, ...] | None, written: dict[str, Any] | None = None
    ) -> list[MissionOutcome]:
        """Apply the event ``key`` stands for (``written`` when first met; None: begin the
        chapter); what the table must do."""
        machine = self.machine
        heard: list[MissionOutcome] = []
        machine.heard = heard
        try:
            if key is None:
                machine.begin_chapter()
            elif machine.state.chapter.status == "playing":
                parsed = self.events.get(key)
                if parsed is None:
                    parsed = self.events[key] = parse_event(written)
                machine.apply(parsed)
        except EventRejected as error:
            self.rejected.append(error.message)
        if machine.state.chapter.status == "won":
            heard = [*heard, HuntCompleted()]
        return heard

    def notify(self, kind: str, data: dict[str, Any]) -> list[MissionOutcome]:
        if kind in FOLLOWING:
            return []
        chapter = self.machine.state.chapter
        if kind == "start_of_hunt":
            return self._run(None)
        # Events about things no card of the campaign mentions cannot matter; skipping them saves
        # most of the interpreter's time in simulations.
        if kind == "end_move":
            tile, space = data["tile"], data["space"]
            if tile not in self.mentioned:
                return []
            return self._run(("end_move", tile, space), {"end_move": {"tile": tile, "space": space}})
        if kind == "tile_revealed":
            # Always told: goals may count revealed tiles of any kind.
            tile = data["tile"]
            return self._run(("tile_revealed", tile), {"tile_revealed": tile})
        if kind == "enemy_slain":
            target = data.get("tag") if data.get("tag") in chapter.enemies else None
            target = target or data.get("boss") or data.get("enemy")
            if target not in self.mentioned and not chapter.enemies:
                return []
            return self._run(("slain", target), {"slain": target})
        if kind == "interact":
            heard: list[MissionOutcome] = []
            for token in data.get("tokens", []):
                if token in chapter.tokens:
                    heard += self._run(("interact", token), {"interact": token})
            return heard
        if kind == "token_moved":
            token, tile, space = data["token"], data["tile"], data["space"]
            return self._run(
                ("token_moved", token, tile, space),
                {"token_moved": {"token": token, "to": {"tile": tile, "space": space}}},
            )
        if kind == "round_end":
            return self._run(("end_round",), {"end_round": True})
        if kind == "dream":
            return self._run(("dream",), {"dream": True})
        return []

    def pending_choice(self) -> PendingChoice | None:
        pending = self.machine.state.chapter.pending
        if pending is None:
            return None
        return PendingChoice(pending.prompt, list(pending.options))

    def choose(self, option: int) -> list[MissionOutcome]:
        return self._run(("choose", option + 1), {"choose": option + 1})

    def revealed(self) -> list[int]:
        return list(self.machine.state.chapter.revealed)

    def goals_met(self) -> list[str]:
        return [f"card {n}" for n in self.machine.state.chapter.completed]

    def not_simulated(self) -> list[str]:
        return list(self.rejected)

    def holds(self, condition: Any) -> bool:
        # A `slay` count is kept by the cards in play (enemies slain while each is in play), so it
        # is judged against them: with no card it never held, and a `make_invulnerable` ending on
        # slaying (The Pale Bell's card 18) never ended.
        state, book = self.machine.state, self.machine.book
        cards = [None, *self.machine.state.chapter.in_play]
        return any(holds(condition, state, book, card, None) for card in cards)

    def hunt_track(self) -> int:
        return self.machine.state.chapter.hunt_track

    def snapshot(self) -> dict[str, Any]:
        data: dict[str, Any] = self.machine.state.model_dump(mode="json")
        return data


def _mentioned(rules: Rules) -> frozenset[str]:
    """Every id or name written anywhere in the campaign's chapter and mission cards."""
    cached = rules.cache.get("mentioned")
    if isinstance(cached, frozenset):
        return cached
    found: set[str] = set()

    def walk(value: object) -> None:
        if isinstance(value, str):
            found.add(value.split(":")[-1])
        elif isinstance(value, dict):
            for item in value.values():
                walk(item)
        elif isinstance(value, list):
            for item in value:
                walk(item)

    walk(rules.chapter.model_dump(mode="json"))
    for card in rules.mission_cards.values():
        walk(card.model_dump(mode="json", by_alias=True))
    mentioned = frozenset(found)
    rules.cache["mentioned"] = mentioned
    return mentioned


def make_port(rules: Rules, hunters: int) -> MissionPort:
    """The interpreter-backed port for a chapter."""
    return InterpreterPort(rules, hunters)
