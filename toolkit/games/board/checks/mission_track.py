"""The Hunt Track as a budget (BB0529): an advance that reaches the track's last space from its first,
or a counter that rises once a round and needs more rounds than the track has.

Both are measured in the most favourable case for the hunters (the card in play from the first
round, the counter at its highest starting value, no trip to the Dream), so what is reported can
never be met; a tight but possible budget is BB0515's warning.
"""

from __future__ import annotations

from collections.abc import Iterator

from toolkit.core.diagnostics import Diagnostic
from toolkit.core.document import PathKey
from toolkit.core.index import ContentIndex, Pack
from toolkit.games.board import codes_mission as mc
from toolkit.games.board.checks.mission_common import at, pack_decks, related
from toolkit.games.board.mission.common import HUNT_TRACK_SPACES
from toolkit.games.board.mission.conditions import CounterParams
from toolkit.games.board.mission.deck import CampaignDeck, Entry
from toolkit.games.board.mission.documents import MissionCard, Rule
from toolkit.games.board.mission.effects import (
    AddCounterParams,
    AdvanceHuntTrack,
    CompleteHunt,
    Effect,
    SetCounterParams,
)
from toolkit.games.board.mission.triggers import RoundEnd, RoundStart
from toolkit.games.board.mission.walk import outcomes, walk_models
from toolkit.games.board.scaling import HUNTER_COUNTS

_PER_ROUND = (RoundStart, RoundEnd)


def check_hunt_track_budget(index: ContentIndex, pack: Pack) -> Iterator[Diagnostic]:
    """Advances and once-a-round counters that need more Hunt Track than there is."""
    for deck in pack_decks(index, pack).values():
        for number in deck.chapter_numbers():
            cards = deck.cards_of(number)
            for card in cards:
                yield from _advances(card)
            yield from _slow_counters(deck, number)


def _advances(card: Entry[MissionCard]) -> Iterator[Diagnostic]:
    lists: list[tuple[list[Effect], PathKey]] = [(card.model.on_reveal, ("on_reveal",))]
    lists += [(goal.then, ("goals", g, "then")) for g, goal in enumerate(card.model.goals)]
    seen: set[tuple[str | int, ...]] = set()
    for effects, path in lists:
        for outcome in outcomes(effects, path):
            if any(isinstance(effect, CompleteHunt) for effect, _ in outcome.effects):
                continue  # the hunt is won in the same breath; the track no longer matters
            total = 0
            for effect, here in outcome.effects:
                if not isinstance(effect, AdvanceHuntTrack):
                    continue
                earlier = total
                total += effect.advance_hunt_track
                if 1 + total >= HUNT_TRACK_SPACES and here not in seen:
                    seen.add(here)
                    yield mc.HUNT_TRACK_OVERRUN.at(
                        at(card.document, (*here, "advance_hunt_track")),
                        f"card {card.model.number} moves the Hunt Track {total} spaces here: even from "
                        f"the first space that is space {1 + total}, so the final round starts at once "
                        "and the hunters can hardly play the chapter",
                        hint=f"advance by at most {HUNT_TRACK_SPACES - 2 - earlier} here",
                    )


def _slow_counters(deck: CampaignDeck, number: int) -> Iterator[Diagnostic]:
    per_round: dict[str, list[AddCounterParams]] = {}
    other_changes: set[str] = set()
    starts: dict[str, list[SetCounterParams]] = {}
    for card in deck.cards_of(number):
        for model, path in walk_models(card.model):
            if isinstance(model, SetCounterParams):
                starts.setdefault(model.counter, []).append(model)
                if path[0] == "rules":
                    other_changes.add(model.counter)  # a rule may reset or raise it at any time
            elif isinstance(model, AddCounterParams):
                rule = card.model.rules[path[1]] if path[0] == "rules" and isinstance(path[1], int) else None
                # Inside a once-a-round rule, a branch or `only_if` can only make it rise slower.
                if isinstance(rule, Rule) and isinstance(rule.when, _PER_ROUND):
                    per_round.setdefault(model.counter, []).append(model)
                else:
                    other_changes.add(model.counter)
    for card in deck.cards_of(number):
        for g, goal in enumerate(card.model.goals):
            for model, path in walk_models(goal.goal, ("goals", g, "goal")):
                if not isinstance(model, CounterParams) or model.counter in other_changes:
                    continue
                rises = per_round.get(model.counter)
                if rises:
                    yield from _counter_budget(card, path, model, rises, starts.get(model.counter, []))


def _counter_budget(
    card: Entry[MissionCard],
    path: tuple[str | int, ...],
    goal: CounterParams,
    rises: list[AddCounterParams],
    starts: list[SetCounterParams],
) -> Iterator[Diagnostic]:
    for hunters in HUNTER_COUNTS:
        step = sum(max(0, r.amount.evaluate(hunters=hunters)) for r in rises)
        start = max((s.value.evaluate(hunters=hunters) for s in starts), default=0)
        need = goal.at_least.evaluate(hunters=hunters)
        if step <= 0 or need <= start:
            continue
        rounds = -(-(need - start) // step)
        if rounds <= HUNT_TRACK_SPACES:
            continue
        players = f"{hunters} hunter{'s' if hunters != 1 else ''}"
        yield mc.HUNT_TRACK_OVERRUN.at(
            at(card.document, (*path, "at_least")),
            f"with {players} this goal waits for {goal.counter!r} to reach {need}, but it rises by "
            f"{step} once a round from {start}: {rounds} rounds, more than the {HUNT_TRACK_SPACES} the "
            "Hunt Track allows",
            hint=f"wait for at most {start + step * HUNT_TRACK_SPACES // 2} or raise the counter faster",
            related=(related(card.document, ("goals",), f"card {card.model.number}'s goals"),),
        )
        return
