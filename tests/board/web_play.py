"""What the web companion's tests share: the golden campaign as taps, and a watch on every page for
the words of cards the table has not been shown yet."""

from __future__ import annotations

import shlex
from collections.abc import Iterator
from html import escape
from pathlib import Path
from typing import Any

from toolkit.core.model import text_in
from toolkit.games.board.interpreter.book import CampaignBook
from toolkit.games.board.web.hub import GameHub

GOLDEN = Path(__file__).resolve().parents[1] / "golden" / "pale-bell"
NOT_TAPS = {"status", "why", "points", "quit", "goals", "setup", "help", "fly"}
"""Script lines that are terminal commands (the page shows those at all times) or typing mistakes."""


def campaign_script(chapters: tuple[int, ...] = (1, 2, 3)) -> list[str]:
    """The golden terminal session's reports, chapter by chapter, in order."""
    lines: list[str] = []
    for number in chapters:
        for line in (GOLDEN / f"chapter-{number}.txt").read_text(encoding="utf-8").splitlines():
            words = shlex.split(line, comments=True)
            if words and words[0] not in NOT_TAPS:
                lines.append(line)
    return lines


def _strings(value: Any) -> Iterator[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for item in value.values():
            yield from _strings(item)
    elif isinstance(value, list | tuple):
        for item in value:
            yield from _strings(item)


def secret_texts(campaign: CampaignBook) -> dict[str, list[str]]:
    """The words of every card and chapter, by key (`card 7`, `insight 25`, `chapter 2`).

    Sentences only (a space and 20 characters or more): ids and short labels are shared between cards
    and are not a card's text.
    """
    found: dict[str, list[str]] = {}
    for entry in campaign.deck.cards:
        found[f"card {entry.model.number}"] = _sentences(entry.model.model_dump())
    for insight in campaign.deck.insights:
        found[f"insight {insight.model.number}"] = _sentences(insight.model.model_dump())
    for chapter in campaign.deck.chapters:
        found[f"chapter {chapter.model.number}"] = (
            [text_in(chapter.model.story)] if chapter.model.story else []
        )
    return found


def _sentences(data: Any) -> list[str]:
    return sorted({text for text in _strings(data) if " " in text and len(text) >= 20})


def seen_keys(hub: GameHub) -> set[str]:
    """What the table has been shown so far: revealed cards, insight taken, chapters begun."""
    assert hub.session is not None
    state = hub.session.state
    keys = {f"card {n}" for n in state.chapter.revealed}
    keys |= {f"insight {n}" for n in state.campaign.insight}
    keys.add(f"chapter {state.chapter.number}")
    return keys


class SpoilerWatch:
    """Checks every response body against the words of whatever the table has not been shown."""

    def __init__(self, hub: GameHub, campaign: CampaignBook) -> None:
        self.hub = hub
        self.secrets = secret_texts(campaign)
        self.shown: set[str] = set()
        self.bodies = 0

    def check(self, body: str, after: str) -> None:
        if self.hub.session is not None:
            self.shown |= seen_keys(self.hub)
        for key, texts in self.secrets.items():
            if key in self.shown:
                continue
            for text in texts:
                assert text not in body and escape(text) not in body, (
                    f"{key}'s text sent after {after!r}: {text!r}"
                )
        self.bodies += 1


def as_tapped(hub: GameHub, line: str) -> str:
    """A typed line as the button a player taps: a choice by its number, a spawned enemy by its group
    (offered under its name, `Vicar Amelia (the-vicar)`)."""
    words = shlex.split(line)
    assert hub.session is not None
    chapter = hub.session.state.chapter
    if words[0] == "choose" and not words[1].isdigit():
        assert chapter.pending is not None
        return f"choose {chapter.pending.options.index(' '.join(words[1:])) + 1}"
    if words[0] == "slay":
        groups = [tag for tag, group in chapter.enemies.items() if group.enemy == words[1] and group.alive]
        if len(groups) == 1:
            return shlex.join(["slay", groups[0], *words[2:]])
    return line
