"""Campaign-wide checks: duplicate numbers, unknown cards, card types, missing chapters, narrative rules."""

from __future__ import annotations

from collections.abc import Iterator

from toolkit.core import codes
from toolkit.core.diagnostics import Diagnostic
from toolkit.core.document import LoadedDocument, PathKey
from toolkit.core.index import ContentIndex, Pack
from toolkit.core.model import Document
from toolkit.games.board import codes_mission as mc
from toolkit.games.board.checks.mission_common import at, numbers_hint, pack_decks, related
from toolkit.games.board.mission.conditions import HoldsInsight, NarrativeCondition
from toolkit.games.board.mission.deck import CampaignDeck, Entry
from toolkit.games.board.mission.documents import Chapter, MissionCard, NarrativeRule
from toolkit.games.board.mission.effects import (
    CompleteHunt,
    CompleteMission,
    DiscardCard,
    EndSpecialRules,
    LockCard,
    NarrativeEffect,
    Reveal,
    SpecialRules,
)
from toolkit.games.board.mission.triggers import NarrativeTrigger
from toolkit.games.board.mission.walk import walk_models


def check_campaign_decks(index: ContentIndex, pack: Pack) -> Iterator[Diagnostic]:
    """Numbers, card references, card types and chapters of every campaign in the pack."""
    for deck in pack_decks(index, pack).values():
        yield from duplicate_numbers(deck)
        yield from missing_chapters(deck)
        yield from card_references(deck)
        yield from insight_never_earned(deck)


def check_narrative_rules(index: ContentIndex, pack: Pack) -> Iterator[Diagnostic]:
    """Every rule, trigger, condition or effect written as prose is not simulated (BB0210)."""
    del index
    for document in pack.documents:
        if not isinstance(document.model, Chapter | MissionCard):
            continue
        for model, path in walk_models(document.model):
            if isinstance(model, NarrativeRule | NarrativeTrigger | NarrativeCondition | NarrativeEffect):
                yield codes.NOT_SIMULATED.at(
                    at(document, (*path, "narrative"), key=True),
                    "this rule is narrative text; the interpreter and simulator ignore it",
                    hint="express it with the mission language's verbs if one fits",
                )


def duplicate_numbers(deck: CampaignDeck) -> Iterator[Diagnostic]:
    groups: list[tuple[str, list[Entry[Document]]]] = [
        ("chapter", list(deck.chapters)),  # type: ignore[arg-type]
        ("mission card", list(deck.cards)),  # type: ignore[arg-type]
        ("insight card", list(deck.insights)),  # type: ignore[arg-type]
    ]
    for what, entries in groups:
        first: dict[int, Entry[Document]] = {}
        for entry in entries:
            number = int(getattr(entry.model, "number", 0))
            earlier = first.setdefault(number, entry)
            if earlier is entry:
                continue
            yield mc.DUPLICATE_CARD.at(
                at(entry.document, ("number",)),
                f"campaign {deck.campaign_id!r} already has {what} {number}",
                hint=f"give this {what} a number of its own",
                related=(related(earlier.document, ("number",), f"{what} {number} is first defined here"),),
            )


def missing_chapters(deck: CampaignDeck) -> Iterator[Diagnostic]:
    present = set(deck.chapter_numbers())
    # A campaign encoded only as far as its source goes (`untold`) may lack later chapters.
    if deck.campaign is not None and present and not deck.is_partial():
        missing = [n for n in (1, 2, 3) if n not in present]
        if missing:
            yield mc.MISSING_CHAPTER.at(
                at(deck.campaign.document, ("id",)),
                f"campaign {deck.campaign_id!r} has no chapter {' or '.join(map(str, missing))}",
                hint="a campaign is played in three chapters; add a `kind: chapter` document for each",
            )
    for entry in deck.cards:
        if entry.model.chapter not in present:
            yield mc.MISSING_CHAPTER.at(
                at(entry.document, ("chapter",)),
                f"card {entry.model.number} belongs to chapter {entry.model.chapter}, "
                f"which campaign {deck.campaign_id!r} does not have",
                hint=numbers_hint(present, "chapters"),
            )


def card_references(deck: CampaignDeck) -> Iterator[Diagnostic]:
    """Every card number used must exist, and be of a type that fits the use."""
    for chapter in deck.chapters:
        for i, trigger in enumerate(chapter.model.triggers):
            yield from _mission_ref(
                deck, chapter.document, ("triggers", i, "reveal"), trigger.reveal, "reveal"
            )
        for i, number in enumerate(chapter.model.setup.special_rules):
            where: PathKey = ("setup", "special_rules", i)
            yield from _mission_ref(deck, chapter.document, where, number, "special_rules")
    for card in deck.cards:
        for model, path in walk_models(card.model):
            yield from _model_refs(deck, card, model, path)


def _model_refs(
    deck: CampaignDeck, card: Entry[MissionCard], model: object, path: PathKey
) -> Iterator[Diagnostic]:
    document = card.document
    if isinstance(model, Reveal):
        yield from _mission_ref(deck, document, (*path, "reveal"), model.reveal, "reveal")
    elif isinstance(model, SpecialRules):
        yield from _mission_ref(
            deck, document, (*path, "special_rules"), model.special_rules, "special_rules"
        )
    elif isinstance(model, EndSpecialRules):
        number = model.end_special_rules
        yield from _mission_ref(deck, document, (*path, "end_special_rules"), number, "special_rules")
    elif isinstance(model, LockCard):
        yield from _mission_ref(deck, document, (*path, "lock_card"), model.lock_card, "any")
    elif isinstance(model, DiscardCard):
        yield from _mission_ref(deck, document, (*path, "discard_card"), model.discard_card, "any")
    elif isinstance(model, CompleteMission):
        insight = model.complete_mission.insight
        if card.model.type == "hunt":
            yield mc.WRONG_CARD_TYPE.at(
                at(document, (*path, "complete_mission"), key=True),
                f"card {card.model.number} is a hunt card; the hunt mission ends with `complete_hunt`",
                hint="use `complete_hunt: true`, or make this card an insight card",
            )
        if insight is not None:
            yield from _insight_ref(deck, document, (*path, "complete_mission", "insight"), insight)
    elif isinstance(model, HoldsInsight):
        yield from _insight_ref(deck, document, (*path, "holds_insight"), model.holds_insight)
    elif isinstance(model, CompleteHunt) and card.model.type != "hunt":
        yield mc.WRONG_CARD_TYPE.at(
            at(document, (*path, "complete_hunt"), key=True),
            f"card {card.model.number} is a {card.model.type} card; only hunt cards complete the hunt",
            hint="make this card a hunt card, or complete its mission with `complete_mission`",
        )


def _mission_ref(
    deck: CampaignDeck, document: LoadedDocument, path: PathKey, number: int, use: str
) -> Iterator[Diagnostic]:
    target = deck.card(number)
    if target is None:
        yield mc.UNKNOWN_CARD.at(
            at(document, path),
            f"campaign {deck.campaign_id!r} has no mission card {number}",
            hint=numbers_hint((e.model.number for e in deck.cards), "mission cards"),
        )
        return
    kind = target.model.type
    if use == "special_rules" and kind != "special-rules":
        yield mc.WRONG_CARD_TYPE.at(
            at(document, path),
            f"card {number} is a {kind} card, not a special-rules card",
            hint="reveal it with `reveal` instead",
            related=(related(target.document, ("type",), f"card {number}'s type"),),
        )
    elif use == "reveal" and kind == "special-rules":
        yield mc.WRONG_CARD_TYPE.at(
            at(document, path),
            f"card {number} is a special-rules card; it is put in play, not revealed",
            hint=f"use `special_rules: {number}` (or list it in the chapter's `setup.special_rules`)",
            related=(related(target.document, ("type",), f"card {number}'s type"),),
        )


def _insight_ref(
    deck: CampaignDeck, document: LoadedDocument, path: PathKey, number: int
) -> Iterator[Diagnostic]:
    if deck.insight(number) is None:
        yield mc.UNKNOWN_CARD.at(
            at(document, path),
            f"campaign {deck.campaign_id!r} has no insight card {number}",
            hint=numbers_hint((e.model.number for e in deck.insights), "insight cards"),
        )


def insight_never_earned(deck: CampaignDeck) -> Iterator[Diagnostic]:
    """An insight card no mission earns. When another insight card is earned by two cards, the
    likelier mistake is one of those two awards (a number copied from the card before), so the
    report goes there: on the later card when the unearned number is higher, else the earlier."""
    awards: dict[int, list[tuple[Entry[MissionCard], PathKey]]] = {}
    for card in deck.cards:
        for model, path in walk_models(card.model):
            if isinstance(model, CompleteMission) and model.complete_mission.insight is not None:
                awards.setdefault(model.complete_mission.insight, []).append((card, path))
    reveals = _reveals(deck)
    twice = {n: sites for n, sites in awards.items() if _separate_missions(sites, reveals)}
    for insight in deck.insights:
        number = insight.model.number
        if number in awards:
            continue
        copied = min(twice, key=lambda m: (abs(m - number), m), default=None)
        if copied is None:
            yield mc.INSIGHT_NEVER_EARNED.at(
                at(insight.document, ("number",)),
                f"no mission of campaign {deck.campaign_id!r} earns insight card {number}",
                hint=f"end an insight mission with `complete_mission: {{insight: {number}}}`",
            )
            continue
        sites = sorted(twice.pop(copied), key=lambda site: site[0].model.number)
        card, path = sites[-1] if number > copied else sites[0]
        other = next(c for c, _ in (reversed(sites) if number < copied else sites) if c is not card)
        yield mc.INSIGHT_NEVER_EARNED.at(
            at(card.document, (*path, "complete_mission", "insight")),
            f"card {card.model.number} earns insight card {copied}, as card {other.model.number} does, "
            f"and no mission earns insight card {number}",
            hint=f"did you mean `insight: {number}`?",
            related=(
                related(insight.document, ("number",), f"insight card {number}, never earned"),
                related(other.document, ("number",), f"card {other.model.number} earns {copied} too"),
            ),
        )


def _reveals(deck: CampaignDeck) -> dict[int, set[int]]:
    """The cards each card reveals (from its effects, goals and rules)."""
    found: dict[int, set[int]] = {}
    for card in deck.cards:
        found[card.model.number] = {m.reveal for m, _ in walk_models(card.model) if isinstance(m, Reveal)}
    return found


def _separate_missions(sites: list[tuple[Entry[MissionCard], PathKey]], reveals: dict[int, set[int]]) -> bool:
    """Do two of these awards come from different missions? Cards of one mission (one reveals the
    other) may well award the same insight card: the two ends of one choice, say."""
    numbers = sorted({card.model.number for card, _ in sites})
    return any(
        not (_reaches(a, b, reveals) or _reaches(b, a, reveals))
        for i, a in enumerate(numbers)
        for b in numbers[i + 1 :]
    )


def _reaches(start: int, goal: int, reveals: dict[int, set[int]]) -> bool:
    seen, stack = {start}, [start]
    while stack:
        for nxt in reveals.get(stack.pop(), ()):
            if nxt == goal:
                return True
            if nxt not in seen:
                seen.add(nxt)
                stack.append(nxt)
    return False
