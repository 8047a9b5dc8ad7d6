"""Tab completion at the companion's prompt: what may come next, given the words already typed.

`move ch<Tab>` offers tiles, `slay <Tab>` the enemies of this chapter, `interact <Tab>` the tokens on
the map; the first word completes to a command.
"""

from __future__ import annotations

import shlex

from toolkit.games.board.companion.session import EVENT_WORDS, META_WORDS, Session
from toolkit.games.board.interpreter.book import CampaignNotFound
from toolkit.games.board.mission.deck import local_id


def candidates(session: Session, before: str) -> list[str]:
    """Every word that fits where the cursor is, ``before`` being the line up to the word typed."""
    try:
        words = shlex.split(before)
    except ValueError:  # an open quote: nothing sensible to offer
        return []
    if not words:
        return sorted({*EVENT_WORDS, *META_WORDS})
    command, position = words[0].lower(), len(words)
    chapter = session.state.chapter
    tiles = sorted(session.book.tiles)
    tokens = sorted(chapter.tokens)
    options = [str(n) for n in range(1, len(chapter.pending.options) + 1)] if chapter.pending else []
    by_position: dict[str, dict[int, list[str]]] = {
        "move": {1: tiles},
        "tile": {1: [*tiles, "random"]},
        "slay": {1: _enemies(session)},
        "interact": {1: tokens},
        "token": {1: tokens, 2: tiles},
        "escort": {1: tokens, 2: tiles},
        "choose": {1: options},
        "back": {1: sorted(session.points)},
    }
    return by_position.get(command, {}).get(position, [])


def complete(session: Session, before: str, text: str) -> list[str]:
    """The candidates that begin with ``text``, the word being typed."""
    return [word for word in candidates(session, before) if word.startswith(text)]


def _enemies(session: Session) -> list[str]:
    """The spawned groups by tag, the chapter's slot enemies and those set aside for its missions."""
    chapter = session.state.chapter
    names = set(chapter.enemies)
    names |= {group.enemy for group in chapter.enemies.values()}
    try:
        setup = session.book.chapter(chapter.number).model.setup
    except CampaignNotFound:
        return sorted(names)
    names |= {local_id(enemy) for enemy in [*setup.enemies, *setup.mission_enemies]}
    return sorted(names)
