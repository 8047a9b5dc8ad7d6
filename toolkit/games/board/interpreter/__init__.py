"""The mission interpreter of the board game: one module for the companion and the rules engine.

    book = book_from_index(index, pack_id, "the-pale-bell")
    interpreter = MissionInterpreter(book, new_state(book, hunters=2))
    interpreter.begin_chapter()                      # setup special rules, start-of-hunt triggers
    outcomes = interpreter.apply({"end_move": "graveyard"})
    outcomes[0].why.describe()   # 'chapter 1 trigger “a hunter ends a move on graveyard” (….yaml:18)'
    text = interpreter.state.to_json()               # MissionState.from_json(text) == state
    interpreter.next_chapter()                       # after a win (or chapter 1 again after a loss)

Events are single-key mappings or the models of :mod:`.events`; outcomes are :class:`Outcome` values,
each with a :class:`Why`. The interpreter owns its state: change it through the interpreter, or
replace it whole (``interpreter.state = saved``); a caller that changes it in place (a test table)
calls ``interpreter.forget_passes()`` so the next happening looks at every goal.
:func:`explore_chapter` plays every order of events and every choice of a chapter, within a
bound, and reports its end states and soft locks.
"""

from toolkit.games.board.interpreter.book import CampaignBook, CampaignNotFound, book_from_index
from toolkit.games.board.interpreter.exploration import ChapterExploration, explore_chapter
from toolkit.games.board.interpreter.machine import (
    CascadeOverflow,
    EventRejected,
    MissionInterpreter,
    new_state,
    parse_event,
)
from toolkit.games.board.interpreter.outcomes import Outcome, Why
from toolkit.games.board.interpreter.state import MissionState

__all__ = [
    "CampaignBook",
    "CampaignNotFound",
    "CascadeOverflow",
    "ChapterExploration",
    "EventRejected",
    "MissionInterpreter",
    "MissionState",
    "Outcome",
    "Why",
    "book_from_index",
    "explore_chapter",
    "new_state",
    "parse_event",
]
