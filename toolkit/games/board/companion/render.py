"""Text the companion prints: the setup checklist, outcomes, and the status of the hunt."""

from __future__ import annotations

from collections.abc import Sequence

from toolkit.core.model import text_in
from toolkit.games.board.interpreter.book import CampaignBook
from toolkit.games.board.interpreter.machine import MissionInterpreter
from toolkit.games.board.interpreter.outcomes import Outcome
from toolkit.games.board.interpreter.wording import number
from toolkit.games.board.mission.deck import local_id

_PREFIX = {
    "reveal": "▶ ",
    "insight": "★ ",
    "reward": "  + ",
    "hunt-complete": "✔ ",
    "hunt-lost": "✘ ",
    "final-round": "! ",
    "choice": "? ",
}


def setup_checklist(
    book: CampaignBook, chapter_number: int, hunters: int, insight: Sequence[int]
) -> list[str]:
    """What to put on the table before the chapter's first round."""
    entry = book.chapter(chapter_number)
    chapter = entry.model
    setup = chapter.setup
    random_tiles = number(setup.random_tiles, hunters)
    named = ", ".join(book.tiles.get(local_id(t), local_id(t)) for t in setup.tiles) or "none"
    who = f"{hunters} hunter{'s' if hunters != 1 else ''}"
    lines = [f"=== Chapter {chapter.number}: {text_in(chapter.title)} ({who}) ==="]
    if chapter.story is not None:
        lines.append(text_in(chapter.story))
    lines.append("Setup checklist:")
    start = book.tiles.get(local_id(setup.starting_tile), local_id(setup.starting_tile))
    lines.append(f"  [ ] Starting tile: {start}; every hunter starts on it.")
    lines.append(
        f"  [ ] Tile deck: {named}, plus {random_tiles} random unused tile{'s' if random_tiles != 1 else ''}"
        f" (random tiles: {setup.random_tiles}); shuffle them."
    )
    slots = "  ".join(f"{i}. {book.name_of(enemy)}" for i, enemy in enumerate(setup.enemies, 1))
    lines.append(f"  [ ] Enemy slots: {slots}")
    if setup.mission_enemies:
        extra = ", ".join(book.name_of(enemy) for enemy in setup.mission_enemies)
        lines.append(
            f"  [ ] Set aside for the missions: {extra} (enemy card and miniatures; they activate after "
            "the slot enemies)."
        )
    for card in setup.special_rules:
        found = book.card(card)
        title = text_in(found.model.title) if found else "?"
        lines.append(f"  [ ] Special rules in play: card {card}, {title}.")
    track = book.track
    resets = ", ".join(map(str, track.reset_spaces))
    lines.append(
        f"  [ ] Hunt Track token on space 1 (resets at {resets}; the final round starts at {track.length})."
    )
    if insight:
        held = ", ".join(map(str, insight))
        lines.append(
            f"  [ ] Insight cards kept from earlier chapters: {held} ({len(insight)} collected insight)."
        )
    return lines


def outcome_lines(outcomes: Sequence[Outcome]) -> list[str]:
    lines: list[str] = []
    for outcome in outcomes:
        lines.append(f"{_PREFIX.get(outcome.kind, '  ')}{outcome.text}")
        lines.extend(f"    {line}" for line in outcome.detail)
    return lines


def why_lines(outcomes: Sequence[Outcome]) -> list[str]:
    lines = [why_line(outcome) for outcome in outcomes if outcome.why]
    return lines or ["Nothing to explain: the last report changed nothing."]


def why_line(outcome: Outcome) -> str:
    """`Reveal card 3 …` and, on the next line, the instruction that did it and where it is written."""
    because = outcome.why.describe() if outcome.why is not None else "the report itself"
    return f"{outcome.text}\n    because: {because}"


def status_lines(interpreter: MissionInterpreter) -> list[str]:
    book = interpreter.book
    state = interpreter.state
    chapter = state.chapter
    campaign = state.campaign
    track = book.track
    held = ", ".join(map(str, campaign.insight)) or "none"
    lines = [
        f"Chapter {chapter.number} ({chapter.status}), round {chapter.round}, "
        f"Hunt Track {chapter.hunt_track}/{track.length}"
        + (" — FINAL ROUND" if chapter.final_round else "")
        + ".",
        f"Collected insight: {len(campaign.insight)} (cards: {held}).",
    ]
    for card in chapter.in_play:
        entry = book.card(card.number)
        if entry is None:
            continue
        lines.append(f"In play: card {card.number}, {text_in(entry.model.title)} ({entry.model.type}).")
    for card_number, goal in interpreter.open_goals():
        lines.append(f"  goal of card {card_number}: {goal}")
    if chapter.tokens:
        tokens = "; ".join(
            f"{name} ({token.type}×{token.count}{' on ' + token.tile if token.tile else ''})"
            for name, token in chapter.tokens.items()
        )
        lines.append(f"Tokens: {tokens}.")
    if chapter.enemies:
        groups = "; ".join(
            f"{tag}: {book.name_of(group.enemy)} {group.alive}/{group.count}"
            for tag, group in chapter.enemies.items()
        )
        lines.append(f"Mission enemies: {groups}.")
    if chapter.fog_gates:
        lines.append(f"Fog gates: {', '.join(chapter.fog_gates)}.")
    if chapter.counters:
        lines.append("Counters: " + ", ".join(f"{k} {v}" for k, v in chapter.counters.items()) + ".")
    for modifier in chapter.modifiers:
        lines.append(f"In force: {modifier.text}")
    if chapter.pending is not None:
        options = "  ".join(f"{i}. {label}" for i, label in enumerate(chapter.pending.options, 1))
        lines.append(f"Waiting for a choice: {chapter.pending.prompt}  {options}")
    if campaign.rewards:
        lines.append(f"Rewards this campaign: {len(campaign.rewards)}.")
        lines.extend(f"  chapter {r.chapter}: {r.text}" for r in campaign.rewards)
    if campaign.defeats:
        lines.append(f"Defeats so far: {campaign.defeats}.")
    return lines


HELP = """Report what happened at the table:
  move TILE [SPACE]      a hunter ended a move on TILE (its named space unless SPACE is given)
  tile TILE              a tile was revealed (TILE or `random`)
  slay NAME [COUNT]      an enemy, a boss or a tagged group was slain
  interact TOKEN         a hunter interacted with a named token
  token TOKEN TILE       a named token now stands on TILE (escorts, fleeing survivors)
  dream                  a hunter went to the Hunter's Dream (the Hunt Track advances)
  end                    the round ended (the next starts; the Hunt Track advances)
  choose N|LABEL         answer the pending choice (a bare number works too)
Companion:
  status   goals   setup   why   undo   save NAME   back NAME   points   next   help   quit"""
