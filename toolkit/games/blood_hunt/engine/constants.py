"""Constants of the Blood Hunt state: players, phases and the empty slot, shared by the engine
and the code that reads its states (render, bots, invariants) without importing the state."""

from __future__ import annotations

CHANCE = -1
"""``current_player()`` at a chance node."""
TERMINAL = -4
"""``current_player()`` once the game is over."""

NO_CARD = -1

# Phases: where the state waits when no chance draw is pending.
START_TURN = "start-turn"
CHOOSE = "choose"
EFFECT = "effect"
PLACE = "place"
PICK = "pick"
SETUP = "setup"
OVER = "over"

# Resumption after a district is resolved.
RESUME_PLACE = "place"
RESUME_END_TURN = "end-turn"
