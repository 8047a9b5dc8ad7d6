"""A chapter's setup against its cards: enemy types the cards spawn (BB0525), special-rules cards of
another chapter (BB0530), and cards put in play at the start that are revealed again (BB0528)."""

from __future__ import annotations

from collections.abc import Iterator

from toolkit.core.diagnostics import Diagnostic
from toolkit.core.index import ContentIndex, Pack
from toolkit.games.board import codes_mission as mc
from toolkit.games.board.checks.mission_common import at, pack_decks, related
from toolkit.games.board.mission.deck import CampaignDeck, Entry, local_id
from toolkit.games.board.mission.documents import Chapter
from toolkit.games.board.mission.effects import SpawnParams
from toolkit.games.board.mission.graph import START, RevealEdge, build_chapter_graph, node_number
from toolkit.games.board.mission.triggers import StartOfHunt, UntoldTrigger
from toolkit.games.board.mission.walk import walk_models


def check_chapter_setups(index: ContentIndex, pack: Pack) -> Iterator[Diagnostic]:
    """Each chapter's setup must fit what its cards do."""
    for deck in pack_decks(index, pack).values():
        for number in deck.chapter_numbers():
            chapter = deck.chapter(number)
            if chapter is None:
                continue
            yield from _new_enemy_types(index, pack, deck, chapter)
            yield from _foreign_special_rules(deck, chapter)
            yield from _revealed_again(deck, chapter)


def _new_enemy_types(
    index: ContentIndex, pack: Pack, deck: CampaignDeck, chapter: Entry[Chapter]
) -> Iterator[Diagnostic]:
    """The rulebook lets a mission spawn "a new Enemy Type" (it activates after the slot enemies),
    so an unlisted type is not an error; but the table must set out its card and miniatures, and a
    type left over from an earlier setup is the likelier cause, so the author is told either way."""
    setup = chapter.model.setup
    known = {local_id(e) for e in (*setup.enemies, *setup.mission_enemies)}
    slots = ", ".join(local_id(e) for e in setup.enemies)
    for card in deck.cards_of(chapter.model.number):
        for model, path in walk_models(card.model):
            if not isinstance(model, SpawnParams) or local_id(model.enemy) in known:
                continue
            if index.resolve(["enemy"], model.enemy, pack.id) is None:
                continue  # an NPC enemy is brought by its card; an unknown id is BB0305's
            name = local_id(model.enemy)
            yield mc.ENEMY_TYPE_NOT_IN_SETUP.at(
                at(card.document, (*path, "enemy")),
                f"card {card.model.number} spawns {name}, which is not one of chapter "
                f"{chapter.model.number}'s enemies ({slots})",
                hint=f"if {name} was replaced in the setup, spawn its replacement here; if the mission "
                f"brings a new type, add it to the chapter's `setup.mission_enemies` so the table sets "
                "out its enemy card and miniatures (it activates after the slot enemies)",
                related=(related(chapter.document, ("setup", "enemies"), "the chapter's enemies"),),
            )


def _foreign_special_rules(deck: CampaignDeck, chapter: Entry[Chapter]) -> Iterator[Diagnostic]:
    for i, number in enumerate(chapter.model.setup.special_rules):
        card = deck.card(number)
        if card is None or card.model.chapter == chapter.model.number:
            continue  # an unknown card is BB0501's
        yield mc.FOREIGN_SPECIAL_RULES.at(
            at(chapter.document, ("setup", "special_rules", i)),
            f"chapter {chapter.model.number}'s setup puts card {number} in play, but that card belongs "
            f"to chapter {card.model.chapter}",
            hint=f"name a special-rules card of chapter {chapter.model.number}, or move card {number} "
            "to this chapter",
            related=(related(card.document, ("chapter",), f"card {number}'s chapter"),),
        )


def _revealed_again(deck: CampaignDeck, chapter: Entry[Chapter]) -> Iterator[Diagnostic]:
    """A card in play from the start (a start-of-hunt trigger or the setup) cannot be revealed
    again: the second reveal does nothing, so whatever it was meant to start never starts."""
    built = build_chapter_graph(deck, chapter.model.number)
    at_start: dict[str, RevealEdge] = {}
    later: list[RevealEdge] = []
    for edge in built.edges():
        if not edge.target.startswith("card:"):
            continue
        if _untold(chapter.model, edge):
            continue  # a trigger the source does not state is a placeholder, never played
        first_at_start = edge.source == START and edge.target not in at_start
        if first_at_start and _starts_in_play(chapter.model, edge):
            at_start[edge.target] = edge
            continue
        later.append(edge)
    for target, first in at_start.items():
        again = [e for e in later if e.target == target]
        if not again:
            continue
        number = node_number(target)
        by_card = [e for e in again if e.source != START]
        if first.kind == "trigger" and by_card:
            # A later step put in play at the start: the trigger is the mistake, not the goal.
            step = by_card[0]
            yield mc.REVEALED_AGAIN.at(
                at(first.document, first.path),
                f"card {number} is a later step: card {node_number(step.source)} reveals it, so "
                "revealing it at the start of the hunt as well puts it in play twice",
                hint="reveal the first card of the mission at the start of the hunt instead",
                related=(related(step.document, step.path, f"card {number} is revealed here too"),),
            )
            continue
        how = "the setup" if first.kind == "setup" else "a start-of-hunt trigger"
        for edge in again:
            by = f"card {node_number(edge.source)}" if edge.source != START else "this trigger"
            yield mc.REVEALED_AGAIN.at(
                at(edge.document, edge.path),
                f"card {number} is already in play from the start ({how}); {by} reveals it again, "
                "which does nothing",
                hint="reveal the card once: remove this reveal, or reveal the card meant to follow",
                related=(related(first.document, first.path, f"card {number} is put in play here"),),
            )


def _trigger_of(chapter: Chapter, edge: RevealEdge) -> object:
    index = edge.path[1] if edge.kind == "trigger" and len(edge.path) > 1 else None
    return chapter.triggers[index].when if isinstance(index, int) else None


def _untold(chapter: Chapter, edge: RevealEdge) -> bool:
    return isinstance(_trigger_of(chapter, edge), UntoldTrigger)


def _starts_in_play(chapter: Chapter, edge: RevealEdge) -> bool:
    return edge.kind == "setup" or isinstance(_trigger_of(chapter, edge), StartOfHunt)
